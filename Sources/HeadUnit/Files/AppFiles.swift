import JSONCodec
import SDLModel

/// The registered app's files as Core knows them: names, types, sizes, persistence, and
/// the quota they use. The bytes are in the `FileStore`.
final class AppFiles {
    struct Entry: Equatable {
        var fileType: FileType
        var size: Int
        var persistent: Bool
    }

    let store: any FileStore
    let quotaBytes: Int
    private(set) var entries: [String: Entry] = [:]
    /// The sum of the entries' sizes: what the app's folder holds.
    private(set) var usedBytes = 0
    private(set) var isOpen = false
    /// Why the app's folder could not be opened, if it could not.
    private var openFailure: FileStoreError?

    init(store: any FileStore, quotaBytes: Int) {
        self.store = store
        self.quotaBytes = quotaBytes
    }

    func hasFile(named name: String) -> Bool { entries[name] != nil }

    /// What the app may still upload: min(quota − used, free disk), never below 0 (SDL-RULES §9).
    var spaceAvailable: Int { max(0, min(quotaBytes - usedBytes, store.freeDeviceBytes)) }

    /// The space an upload of `name` may fill: an overwrite frees the file it replaces.
    func spaceAvailable(replacing name: String?) -> Int {
        let freed = name.flatMap { entries[$0]?.size } ?? 0
        return max(0, min(quotaBytes - usedBytes + freed, store.freeDeviceBytes))
    }

    /// The size of a file on the head unit: an app file as recorded, a system file as stored.
    func size(of name: String, system: Bool) -> Int? {
        system ? store.size(of: name, area: .system) : entries[name]?.size
    }

    /// The app registered: files left in its folder are loaded as persistent (SDL-RULES §9).
    func open(appID: String) {
        entries = [:]
        usedBytes = 0
        isOpen = true
        do {
            for file in try store.openFolder(for: appID) {
                entries[file.name] = Entry(fileType: Self.guessType(file.name), size: file.size, persistent: true)
                usedBytes += file.size
            }
            openFailure = nil
        } catch {
            openFailure = error
        }
    }

    /// The app's session ended: every file not marked persistent is deleted.
    func close() {
        guard isOpen else { return }
        for (name, entry) in entries where !entry.persistent {
            try? store.remove(name)
        }
        store.closeFolder()
        entries = [:]
        usedBytes = 0
        isOpen = false
    }

    /// Writes an upload (whole, or appended) and records the file with the request's type and
    /// persistence, as Core's AddFile/UpdateFile do. Returns whether the name is new.
    func save(_ bytes: [UInt8], as name: String, type: FileType, persistent: Bool, mode: WriteMode) throws(FileStoreError) -> Bool {
        try requireFolder()
        try store.write(bytes, to: name, mode: mode, area: .app)
        let old = entries[name]
        let size = (mode == .append ? old?.size ?? 0 : 0) + bytes.count
        usedBytes += size - (old?.size ?? 0)
        entries[name] = Entry(fileType: type, size: size, persistent: persistent)
        return old == nil
    }

    /// Writes a system file: kept aside, neither listed nor counted against the quota.
    func saveSystemFile(_ bytes: [UInt8], as name: String, mode: WriteMode) throws(FileStoreError) {
        try store.write(bytes, to: name, mode: mode, area: .system)
    }

    func delete(_ name: String) throws(FileStoreError) {
        try requireFolder()
        try store.remove(name)
        usedBytes -= entries.removeValue(forKey: name)?.size ?? 0
    }

    /// An app file's bytes and type, when the app has a file by that name.
    func contents(of name: String) -> (bytes: [UInt8], fileType: FileType)? {
        guard let entry = entries[name], let bytes = try? store.contents(of: name, area: .app) else { return nil }
        return (bytes, entry.fileType)
    }

    /// The names in the app's folder, read from the store.
    func listNames() throws(FileStoreError) -> [String] {
        try requireFolder()
        return try store.listNames()
    }

    private func requireFolder() throws(FileStoreError) {
        if let openFailure { throw FileStoreError("the app's storage folder could not be opened: \(openFailure)") }
    }

    /// Files in the order `Sim.GetState` lists them (by name).
    var stateJSON: JSON {
        .array(
            entries.keys.sorted().map { name in
                let entry = entries[name]!
                return [
                    "syncFileName": .string(name), "fileType": .string(entry.fileType.rawValue),
                    "size": .integer(Int64(entry.size)), "persistentFile": .bool(entry.persistent),
                ]
            })
    }

    static func guessType(_ name: String) -> FileType {
        let lower = name.lowercased()
        if lower.hasSuffix(".png") { return .graphicPNG }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .graphicJPEG }
        if lower.hasSuffix(".bmp") { return .graphicBMP }
        if lower.hasSuffix(".wav") { return .audioWave }
        if lower.hasSuffix(".mp3") { return .audioMP3 }
        if lower.hasSuffix(".aac") { return .audioAAC }
        if lower.hasSuffix(".json") { return .json }
        return .binary
    }
}
