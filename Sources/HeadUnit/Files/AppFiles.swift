import JSONCodec
import SDLModel

/// One registered app's files as Core knows them: names (as bytes: `ExactName`), types,
/// sizes, persistence, and the quota they use. The bytes are in the `FileStore`.
final class AppFiles {
    struct Entry: Equatable {
        var fileType: FileType
        /// The bytes of the file, or of the staged upload that will replace it, so far.
        var size: Int
        var persistent: Bool
        /// While a staged upload (`WriteMode.stages`) is arriving: the size it declared.
        var declaredSize: Int? = nil
        /// While a staged upload is arriving: the previous file it will replace, still on disk.
        var replacedBytes = 0

        /// What the name takes on disk: the quota counts this.
        var diskBytes: Int { size + replacedBytes }
        /// The size of the last complete file under the name (what a new upload would replace).
        var completeBytes: Int { declaredSize == nil ? size : replacedBytes }
    }

    let store: any FileStore
    let quotaBytes: Int
    private(set) var entries: [ExactName: Entry] = [:]
    /// What the app's folder holds on disk, files being replaced included.
    private(set) var usedBytes = 0
    /// The app's folder in the store, while open.
    private var folder: AppFolder?
    /// Why the app's folder could not be opened, if it could not.
    private var openFailure: FileStoreError?

    init(store: any FileStore, quotaBytes: Int) {
        self.store = store
        self.quotaBytes = quotaBytes
    }

    func hasFile(named name: String) -> Bool { entries[ExactName(name)] != nil }

    /// What the app may still upload: min(quota − used, free disk), never below 0 (SDL-RULES §9).
    var spaceAvailable: Int { max(0, min(quotaBytes - usedBytes, store.freeDeviceBytes)) }

    /// Whether `count` bytes written to `name` this way fit: within the quota, counting what
    /// will be on disk (an overwrite frees the old file only when it replaces it at once; a
    /// staged one keeps it until its last byte), and on the disk, which needs room for the
    /// new bytes before anything is freed.
    func fits(_ count: Int, as name: String, mode: WriteMode) -> Bool {
        let old = entries[ExactName(name)]
        let growth: Int
        switch mode {
        case .append:
            growth = count
        case .replace:
            let kept = mode.stages(count) ? old?.completeBytes ?? 0 : 0
            growth = count + kept - (old?.diskBytes ?? 0)
        }
        return growth <= quotaBytes - usedBytes && count <= store.freeDeviceBytes
    }

    /// The size of a file on the head unit: an app file as recorded, a system file as stored.
    func size(of name: String, system: Bool) -> Int? {
        system ? store.size(of: name, area: .system) : entries[ExactName(name)]?.size
    }

    /// The app registered: files left in its folder are loaded as persistent (SDL-RULES §9).
    func open(appID: String) {
        entries = [:]
        usedBytes = 0
        do {
            let (folder, files) = try store.openFolder(for: appID)
            self.folder = folder
            for file in files {
                entries[ExactName(file.name)] = Entry(fileType: Self.guessType(file.name), size: file.size, persistent: true)
                usedBytes += file.size
            }
            openFailure = nil
        } catch {
            openFailure = error
        }
    }

    /// The app's session ended: every file not marked persistent is deleted.
    func close() {
        guard let folder else { return }
        for (name, entry) in entries where !entry.persistent {
            try? store.remove(name.text, from: folder)
        }
        store.closeFolder(folder)
        self.folder = nil
        entries = [:]
        usedBytes = 0
    }

    /// Writes an upload (whole, or appended) and records the file with the request's type and
    /// persistence, as Core's AddFile/UpdateFile do. Returns whether the name is new.
    func save(_ bytes: [UInt8], as name: String, type: FileType, persistent: Bool, mode: WriteMode) throws(FileStoreError) -> Bool {
        try store.write(bytes, to: name, mode: mode, area: .app(try openFolder()))
        let key = ExactName(name)
        let old = entries[key]
        var entry = Entry(fileType: type, size: bytes.count, persistent: persistent)
        if mode == .append, let old {
            entry.size += old.size
            if let declared = old.declaredSize, entry.size < declared {
                entry.declaredSize = declared
                entry.replacedBytes = old.replacedBytes
            }
        } else if case .replace(let declared) = mode, mode.stages(bytes.count) {
            entry.declaredSize = declared
            entry.replacedBytes = old?.completeBytes ?? 0
        }
        usedBytes += entry.diskBytes - (old?.diskBytes ?? 0)
        entries[key] = entry
        return old == nil
    }

    /// Writes a system file: kept aside, neither listed nor counted against the quota.
    func saveSystemFile(_ bytes: [UInt8], as name: String, mode: WriteMode) throws(FileStoreError) {
        try store.write(bytes, to: name, mode: mode, area: .system)
    }

    func delete(_ name: String) throws(FileStoreError) {
        try store.remove(name, from: try openFolder())
        usedBytes -= entries.removeValue(forKey: ExactName(name))?.diskBytes ?? 0
    }

    /// An app file's bytes and type, when the app has a file by that name.
    func contents(of name: String) -> (bytes: [UInt8], fileType: FileType)? {
        guard let entry = entries[ExactName(name)], let folder, let bytes = try? store.contents(of: name, area: .app(folder)) else { return nil }
        return (bytes, entry.fileType)
    }

    /// The names in the app's folder, read from the store.
    func listNames() throws(FileStoreError) -> [String] {
        try store.listNames(in: try openFolder())
    }

    private func openFolder() throws(FileStoreError) -> AppFolder {
        if let openFailure { throw FileStoreError("the app's storage folder could not be opened: \(openFailure)") }
        guard let folder else { throw FileStoreError("the app's storage folder is not open") }
        return folder
    }

    /// Files in the order `Sim.GetState` lists them (by name).
    var stateFiles: [SimGetState.File] {
        entries.keys.sorted().map { name in
            let entry = entries[name]!
            return SimGetState.File(syncFileName: name.text, fileType: entry.fileType, size: entry.size, persistentFile: entry.persistent)
        }
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
