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
    private(set) var isOpen = false

    init(store: any FileStore, quotaBytes: Int) {
        self.store = store
        self.quotaBytes = quotaBytes
    }

    var usedBytes: Int { entries.values.reduce(0) { $0 + $1.size } }

    func hasFile(named name: String) -> Bool { entries[name] != nil }

    /// The app registered: files left in its folder are loaded as persistent (SDL-RULES §9).
    func open(appID: String) {
        entries = [:]
        isOpen = true
        guard let found = try? store.openFolder(for: appID) else { return }
        for file in found {
            entries[file.name] = Entry(fileType: Self.guessType(file.name), size: file.size, persistent: true)
        }
    }

    /// The app's session ended: every file not marked persistent is deleted.
    func close() {
        guard isOpen else { return }
        for (name, entry) in entries where !entry.persistent {
            try? store.remove(name)
        }
        entries = [:]
        isOpen = false
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
