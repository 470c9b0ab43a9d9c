/// Where uploaded files' bytes live: one folder per app, and one folder of system files
/// (SDL's SystemFilesPath) shared by every app. The engine keeps the bookkeeping (types,
/// persistence, quota) and checks names first (`SyncFileName`); a store keeps only bytes.
/// Several apps' folders are open at once, each named by the `AppFolder` its opening gave.
/// The simulator's store is a folder on disk (`hu-sim --storage`); tests use `MemoryFileStore`.
public protocol FileStore: AnyObject {
    /// Opens (creating if needed) the folder of `appID` for one app's session: the folder
    /// to name in later calls, and the regular files already in it.
    func openFolder(for appID: String) throws(FileStoreError) -> (folder: AppFolder, files: [StoredFileInfo])
    /// The app's session ended: lets go of its folder (removing it when empty).
    func closeFolder(_ folder: AppFolder)
    /// Replaces `name` with `bytes`, or appends `bytes` to it; the file is whole before or after, never torn.
    func write(_ bytes: [UInt8], to name: String, mode: WriteMode, area: FileArea) throws(FileStoreError)
    /// Removes a file of an open app folder.
    func remove(_ name: String, from folder: AppFolder) throws(FileStoreError)
    /// The names of the regular files in an open app folder, read from the store itself, sorted.
    func listNames(in folder: AppFolder) throws(FileStoreError) -> [String]
    /// The size of a regular file, nil when there is none by that name.
    func size(of name: String, area: FileArea) -> Int?
    /// A whole file's bytes, as last published (an upload still arriving in chunks is not).
    func contents(of name: String, area: FileArea) throws(FileStoreError) -> [UInt8]
    /// Free space on the device under the store, in bytes.
    var freeDeviceBytes: Int { get }
}

public enum WriteMode: Sendable, Hashable {
    /// A new file (PutFile at offset 0). `declaredSize` is the whole file's size when the
    /// upload says so (PutFile `length`): a file that comes in chunks is staged, out of
    /// sight, until that many bytes have arrived, so a half-finished upload never replaces
    /// a whole file; the previous file stays meanwhile. `size(of:area:)` counts the bytes
    /// arrived.
    case replace(declaredSize: Int?)
    /// The next chunk of a file.
    case append

    /// Whether writing `count` bytes this way starts a staged upload, leaving the previous
    /// file in place (and on disk) until the declared size has arrived.
    public func stages(_ count: Int) -> Bool {
        if case .replace(let declaredSize?) = self { return declaredSize > count }
        return false
    }
}

/// An app's folder while it is open, as the store that opened it numbers it.
public struct AppFolder: Sendable, Hashable {
    public let number: Int

    public init(_ number: Int) { self.number = number }
}

/// Which folder a file is in.
public enum FileArea: Sendable, Hashable {
    /// An open app's own folder: listed, counted against its quota.
    case app(AppFolder)
    /// Files uploaded with `systemFile: true`: not listed, no quota.
    case system
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

/// A store in memory, for tests and for engines that need no disk. It keeps names as
/// bytes and stages uploads as the disk store does.
public final class MemoryFileStore: FileStore {
    private var folders: [ExactName: [ExactName: [UInt8]]] = [:]
    private var systemFiles: [ExactName: [UInt8]] = [:]
    /// Uploads that declared their size and have not all arrived: (area, name) → (bytes, declared size).
    private var staged: [StagedKey: (bytes: [UInt8], declaredSize: Int)] = [:]
    /// The apps' folders open now, each the folder of one app ID.
    private var openFolders: [AppFolder: ExactName] = [:]
    private var foldersOpened = 0
    public var freeDeviceBytes: Int
    /// When set, every write fails with it, as a full or broken disk would.
    public var writeFailure: FileStoreError?

    private struct StagedKey: Hashable {
        let area: FileArea
        let name: ExactName
    }

    public init(freeDeviceBytes: Int = 1 << 40) {
        self.freeDeviceBytes = freeDeviceBytes
    }

    public func openFolder(for appID: String) throws(FileStoreError) -> (folder: AppFolder, files: [StoredFileInfo]) {
        let name = ExactName(appID)
        guard !openFolders.values.contains(name) else { throw FileStoreError("the folder of app \(appID) is open already") }
        foldersOpened += 1
        let folder = AppFolder(foldersOpened)
        openFolders[folder] = name
        let files = (folders[name] ?? [:]).sorted { $0.key < $1.key }.map { StoredFileInfo(name: $0.key.text, size: $0.value.count) }
        return (folder, files)
    }

    public func closeFolder(_ folder: AppFolder) {
        staged = staged.filter { $0.key.area != .app(folder) }
        guard let name = openFolders.removeValue(forKey: folder) else { return }
        if folders[name]?.isEmpty == true { folders[name] = nil }
    }

    public func write(_ bytes: [UInt8], to name: String, mode: WriteMode, area: FileArea) throws(FileStoreError) {
        if let writeFailure { throw writeFailure }
        if let problem = SyncFileName.problem(with: name) { throw FileStoreError(problem) }
        let key = StagedKey(area: area, name: ExactName(name))
        if mode == .append, var upload = staged[key] {
            upload.bytes += bytes
            if upload.bytes.count >= upload.declaredSize {
                staged[key] = nil
                try withFolder(area) { $0[key.name] = upload.bytes }
            } else {
                staged[key] = upload
            }
            return
        }
        staged[key] = nil
        if case .replace(let declaredSize?) = mode, mode.stages(bytes.count) {
            staged[key] = (bytes, declaredSize)
            return
        }
        try withFolder(area) { folder in
            if mode == .append { folder[key.name, default: []].append(contentsOf: bytes) } else { folder[key.name] = bytes }
        }
    }

    public func remove(_ name: String, from folder: AppFolder) throws(FileStoreError) {
        let app = try folderName(folder)
        let wasStaged = staged.removeValue(forKey: StagedKey(area: .app(folder), name: ExactName(name))) != nil
        guard folders[app]?.removeValue(forKey: ExactName(name)) != nil || wasStaged else {
            throw FileStoreError("\(name) does not exist")
        }
    }

    public func listNames(in folder: AppFolder) throws(FileStoreError) -> [String] {
        (folders[try folderName(folder)] ?? [:]).keys.sorted().map(\.text)
    }

    public func contents(of name: String, area: FileArea) throws(FileStoreError) -> [UInt8] {
        guard let bytes = try withFolder(area, { $0[ExactName(name)] }) else { throw FileStoreError("\(name) does not exist") }
        return bytes
    }

    /// The bytes of the file `name` in the folder of `appID`, open or not (for a test to read
    /// what an app left); nil when there is none.
    public func contents(ofFile name: String, inFolderOf appID: String) -> [UInt8]? {
        folders[ExactName(appID)]?[ExactName(name)]
    }

    public func size(of name: String, area: FileArea) -> Int? {
        if let upload = staged[StagedKey(area: area, name: ExactName(name))] { return upload.bytes.count }
        return (try? withFolder(area) { $0[ExactName(name)]?.count }) ?? nil
    }

    private func withFolder<T>(_ area: FileArea, _ body: (inout [ExactName: [UInt8]]) -> T) throws(FileStoreError) -> T {
        switch area {
        case .system: return body(&systemFiles)
        case .app(let folder): return body(&folders[try folderName(folder), default: [:]])
        }
    }

    private func folderName(_ folder: AppFolder) throws(FileStoreError) -> ExactName {
        guard let name = openFolders[folder] else { throw FileStoreError("that app folder is not open") }
        return name
    }
}
