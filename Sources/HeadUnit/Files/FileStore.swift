/// Where uploaded files' bytes live: one folder per app. The engine keeps the
/// bookkeeping (types, persistence, quota); a store keeps only bytes. The simulator's
/// store is a folder on disk (`hu-sim --storage`); tests use `MemoryFileStore`.
public protocol FileStore: AnyObject {
    /// Opens (creating if needed) the folder of `appID` and returns the files already in it.
    func openFolder(for appID: String) throws(FileStoreError) -> [StoredFileInfo]
    /// Replaces `name` with `bytes`, or appends `bytes` to it; the file is whole before or after, never torn.
    func write(_ bytes: [UInt8], to name: String, appending: Bool) throws(FileStoreError)
    func remove(_ name: String) throws(FileStoreError)
    /// The names in the open folder, read from the store itself.
    func listNames() throws(FileStoreError) -> [String]
    func contents(of name: String) throws(FileStoreError) -> [UInt8]
    /// Free space on the device under the store, in bytes.
    var freeDeviceBytes: Int { get }
}

public struct StoredFileInfo: Sendable, Hashable {
    public let name: String
    public let size: Int

    public init(name: String, size: Int) {
        self.name = name
        self.size = size
    }
}

public struct FileStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A store in memory, for tests and for engines that need no disk.
public final class MemoryFileStore: FileStore {
    private var folders: [String: [String: [UInt8]]] = [:]
    private var openApp: String?
    public var freeDeviceBytes: Int

    public init(freeDeviceBytes: Int = 1 << 40) {
        self.freeDeviceBytes = freeDeviceBytes
    }

    public func openFolder(for appID: String) throws(FileStoreError) -> [StoredFileInfo] {
        openApp = appID
        return (folders[appID] ?? [:]).map { StoredFileInfo(name: $0.key, size: $0.value.count) }
            .sorted { $0.name < $1.name }
    }

    public func write(_ bytes: [UInt8], to name: String, appending: Bool) throws(FileStoreError) {
        let app = try currentApp()
        if appending { folders[app, default: [:]][name, default: []].append(contentsOf: bytes) } else {
            folders[app, default: [:]][name] = bytes
        }
    }

    public func remove(_ name: String) throws(FileStoreError) {
        let app = try currentApp()
        guard folders[app]?.removeValue(forKey: name) != nil else { throw FileStoreError("\(name) does not exist") }
    }

    public func listNames() throws(FileStoreError) -> [String] {
        (folders[try currentApp()] ?? [:]).keys.sorted()
    }

    public func contents(of name: String) throws(FileStoreError) -> [UInt8] {
        guard let bytes = folders[try currentApp()]?[name] else { throw FileStoreError("\(name) does not exist") }
        return bytes
    }

    private func currentApp() throws(FileStoreError) -> String {
        guard let openApp else { throw FileStoreError("no app folder is open") }
        return openApp
    }
}
