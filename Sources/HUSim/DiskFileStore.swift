import Glibc
import SystemPackage
import HeadUnit

/// Uploaded files on disk: `<root>/<app folder>/<syncFileName>`, system files in
/// `<root>/.hu-system/` (PROTOCOL.md §7).
///
/// - No path is ever built from a name: every call works relative to an open folder
///   (`openat`, `renameat`, …), names never hold '/', and nothing is followed through a
///   symbolic link (`O_NOFOLLOW`, `AT_SYMLINK_NOFOLLOW`) — a planted link is refused.
/// - Every write, appends too, fills a temporary file (`.hu-tmp-…`) beside the target and
///   renames it into place: a killed simulator leaves each file whole or absent.
///   Temporaries left by a crash are removed when their folder is next opened by a
///   simulator that holds it alone (an app folder's exclusive lock; for the shared system
///   folder, an exclusive lock taken only when no other simulator holds it shared).
/// - An upload in chunks that declares its size (PutFile `length` at offset 0) fills one
///   temporary and moves into place with its last byte, so a big upload costs one copy;
///   the file on disk stays the previous one (or none) until then. Chunks
///   without a declared size copy the file each time, to stay whole at every step.
final class DiskFileStore: FileStore {
    private let root: Descriptor
    private let rootPath: String
    /// A private folder made for this run, removed at exit.
    private let isPrivate: Bool
    private var appFolder: (name: String, descriptor: Descriptor)?
    private var systemFolder: Descriptor?
    private var temporaryCount = 0
    /// Uploads that declared their size and have not all arrived, each in its temporary.
    private var staged: [StagedKey: StagedUpload] = [:]
    /// The temporary of the staged upload written last, kept open for its next chunk while
    /// they keep coming (`closeOpenUpload()`): a reopen and close a chunk were 2.2 µs of the
    /// 80 µs a 64 KiB chunk takes. One only: an app may stage many uploads at once.
    private var lastStaged: (temporary: String, file: Descriptor)?
    /// TMPDIR, until `sweepLeftovers()` has looked through it (a private folder only).
    private var unsweptTemporaryFolder: String?

    static let temporaryPrefix = SyncFileName.reservedPrefix + "tmp-"
    static let systemFolderName = SyncFileName.reservedPrefix + "system"

    /// Keeps files under `path` (created if missing), or in a new private temporary folder.
    init(path: String?) throws(FileStoreError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        if let path {
            try Self.makeFolders(path)
            rootPath = path
            isPrivate = false
        } else {
            var template = Array("\(base)/\(Self.privatePrefix)\(getpid())-XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { throw Self.failure("cannot make a temporary folder in \(base)") }
            rootPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            isPrivate = true
        }
        root = try Descriptor(open(rootPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC), "cannot open the storage folder \(rootPath)")
        // Held for life: a private folder whose lock is free belongs to no running simulator.
        flock(root.raw, LOCK_EX | LOCK_NB)
        if isPrivate {
            // Written under the lock: the proof, for a later simulator, that this folder is one of ours.
            try Self.writeMarker(Self.privateMarkerText(for: String(rootPath.split(separator: "/").last ?? "")), in: root)
            unsweptTemporaryFolder = base
        } else {
            // Temporaries of system files a killed simulator left go now, as app folders' do when opened.
            var status = stat()
            if fstatat(root.raw, Self.systemFolderName, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                systemFolder = try? Self.openSystemFolder(in: root)
            }
        }
    }

    /// Closes the staged upload's descriptor (the loop calls this when it goes idle), so
    /// that the storage is not held busy between chunks: it could not be remounted
    /// read-only, for one.
    func closeOpenUpload() { lastStaged = nil }

    /// Removes the private folders killed simulators left in TMPDIR, once. Not at start:
    /// reading a TMPDIR of thousands of names took most of a start on this project's machine
    /// (docs/performance.md), so the loop calls this when it goes idle after the first answer, and
    /// `finish()` if that never happened.
    func sweepLeftovers() {
        guard let base = unsweptTemporaryFolder else { return }
        unsweptTemporaryFolder = nil
        Self.removeOrphanedPrivateFolders(in: base)
    }

    /// Private folders are named `hu-sim-<pid>-XXXXXX` (mkdtemp's six characters) and hold
    /// this marker, written by the simulator that made the folder while it held its lock.
    private static let privatePrefix = "hu-sim-"
    private static let privateMarker = SyncFileName.reservedPrefix + "private"

    private static func privateMarkerText(for folderName: String) -> [UInt8] {
        Array("hu-sim private storage \(folderName)\n".utf8)
    }

    /// A simulator killed with SIGKILL could not remove its private folder. A folder is
    /// removed only when it proves to be such a leftover: named as ours, its process gone, its
    /// lock free (a reused pid only makes us wait), owned by us, and holding the marker its
    /// simulator wrote for exactly that name. Anything else under TMPDIR is left alone.
    private static func removeOrphanedPrivateFolders(in base: String) {
        guard let folder = try? Descriptor(open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ""),
            let names = try? entries(of: folder, prefix: privatePrefix)
        else { return }
        for name in names {
            guard let pid = pid(inPrivateFolderName: name), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH,
                let orphan = try? Descriptor(openat(folder.raw, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), ""),
                flock(orphan.raw, LOCK_EX | LOCK_NB) == 0
            else { continue }
            var status = stat()
            guard fstat(orphan.raw, &status) == 0, status.st_uid == getuid(),
                readMarker(in: orphan) == privateMarkerText(for: name)
            else { continue }
            removeContents(of: orphan)
            unlinkat(folder.raw, name, AT_REMOVEDIR)
        }
    }

    /// The pid in a private folder's name, `hu-sim-<pid>-XXXXXX`; nil for any other name.
    /// Read as bytes, not Characters: TMPDIR may hold hundreds of these at every start.
    private static func pid(inPrivateFolderName name: String) -> pid_t? {
        let rest = name.utf8.dropFirst(privatePrefix.utf8.count)
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let template = rest[rest.index(after: dash)...]
        guard template.count == 6, template.allSatisfy(isTemplateCharacter) else { return nil }
        return pid_t(Substring(rest[..<dash]))
    }

    /// A character mkdtemp puts in place of an X.
    private static func isTemplateCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func writeMarker(_ text: [UInt8], in folder: Descriptor) throws(FileStoreError) {
        let file = try Descriptor(
            openat(folder.raw, privateMarker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600),
            "cannot mark the private storage folder as this simulator's")
        try writeAll(text, to: file, what: privateMarker)
    }

    /// The marker's bytes, when it is a regular file of at most 256 bytes; nil otherwise.
    private static func readMarker(in folder: Descriptor) -> [UInt8]? {
        guard let size = regularFileSize(privateMarker, in: folder), size <= 256,
            let file = try? Descriptor(openat(folder.raw, privateMarker, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), "")
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard read(file.raw, &bytes, size) == size else { return nil }
        return bytes
    }

    // MARK: FileStore

    func openFolder(for appID: String) throws(FileStoreError) -> [StoredFileInfo] {
        closeFolder()
        let name = Self.folderName(for: appID)
        let folder = try Self.openSubfolder(name, in: root, what: "the folder of app \(appID)")
        // One simulator per app folder: another one's temporaries are not leftovers.
        guard flock(folder.raw, LOCK_EX | LOCK_NB) == 0 else {
            throw Self.failure("the folder of app \(appID) is in use by another simulator")
        }
        appFolder = (name, folder)
        Self.removeTemporaries(in: folder)
        var files: [StoredFileInfo] = []
        for entry in try Self.entries(of: folder) {
            if SyncFileName.problem(with: entry) == nil, let size = Self.regularFileSize(entry, in: folder) {
                files.append(StoredFileInfo(name: entry, size: size))
            }
        }
        return files.sorted { ExactName($0.name) < ExactName($1.name) }
    }

    func closeFolder() {
        for key in staged.keys { discardStaged(key) }
        guard let (name, _) = appFolder else { return }
        appFolder = nil  // closes the folder, releasing its lock
        unlinkat(root.raw, name, AT_REMOVEDIR)  // only when empty, as Core does
    }

    func write(_ bytes: [UInt8], to name: String, mode: WriteMode, area: FileArea) throws(FileStoreError) {
        if let problem = SyncFileName.problem(with: name) { throw FileStoreError(problem) }
        let folder = try self.folder(area)
        try Self.refuseIfNotRegular(name, in: folder)
        let key = StagedKey(area: area, name: ExactName(name))
        switch mode {
        case .append where staged[key] != nil:
            try continueStaged(key, with: bytes, in: folder)
        case .append:
            try publish(bytes, as: name, in: folder, appending: true)
        case .replace(let declaredSize):
            discardStaged(key)
            if let declaredSize, mode.stages(bytes.count) {
                try startStaged(key, with: bytes, declaredSize: declaredSize, in: folder)
            } else {
                try publish(bytes, as: name, in: folder, appending: false)
            }
        }
    }

    func remove(_ name: String) throws(FileStoreError) {
        if let problem = SyncFileName.problem(with: name) { throw FileStoreError(problem) }
        let folder = try self.folder(.app)
        let wasStaged = discardStaged(StagedKey(area: .app, name: ExactName(name)))
        guard unlinkat(folder.raw, name, 0) == 0 || (wasStaged && errno == ENOENT) else {
            throw Self.failure("cannot delete \(name)")
        }
    }

    func listNames() throws(FileStoreError) -> [String] {
        let folder = try self.folder(.app)
        return try Self.entries(of: folder).filter {
            SyncFileName.problem(with: $0) == nil && Self.regularFileSize($0, in: folder) != nil
        }.sorted { ExactName($0) < ExactName($1) }
    }

    func size(of name: String, area: FileArea) -> Int? {
        if let upload = staged[StagedKey(area: area, name: ExactName(name))] { return upload.size }
        guard SyncFileName.problem(with: name) == nil, let folder = try? folder(area) else { return nil }
        return Self.regularFileSize(name, in: folder)
    }

    func contents(of name: String, area: FileArea) throws(FileStoreError) -> [UInt8] {
        if let problem = SyncFileName.problem(with: name) { throw FileStoreError(problem) }
        let file = try Descriptor(openat(try folder(area).raw, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), "cannot open \(name)")
        var status = stat()
        guard fstat(file.raw, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileStoreError("\(name) is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(file.raw, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Self.failure("cannot read \(name)") }
            if count == 0 { break }
            offset += count
        }
        return Array(bytes[..<offset])
    }

    var freeDeviceBytes: Int {
        var info = statvfs()
        guard fstatvfs(root.raw, &info) == 0 else { return 0 }
        let (bytes, overflow) = Int(info.f_bavail).multipliedReportingOverflow(by: Int(info.f_frsize))
        return overflow ? Int.max : bytes
    }

    // MARK: Writing

    /// Writes `bytes` (after a copy of the file, when appending) to a temporary beside the
    /// file, syncs it and renames it into place.
    private func publish(_ bytes: [UInt8], as name: String, in folder: Descriptor, appending: Bool) throws(FileStoreError) {
        let temporary = nextTemporaryName()
        do throws(FileStoreError) {
            let file = try Self.create(temporary, in: folder, for: name)
            if appending {
                let source = try Descriptor(
                    openat(folder.raw, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), "cannot open \(name) to append to it")
                try Self.copy(from: source, to: file, what: name)
            }
            try Self.writeAll(bytes, to: file, what: name)
            try Self.moveIntoPlace(temporary, as: name, in: folder)
        } catch {
            unlinkat(folder.raw, temporary, 0)
            throw error
        }
    }

    /// The first chunk of an upload that declared a bigger size: it waits in a temporary.
    private func startStaged(_ key: StagedKey, with bytes: [UInt8], declaredSize: Int, in folder: Descriptor) throws(FileStoreError) {
        let temporary = nextTemporaryName()
        do throws(FileStoreError) {
            let file = try Self.create(temporary, in: folder, for: key.name.text)
            try Self.writeAll(bytes, to: file, what: key.name.text)
            lastStaged = (temporary, file)
        } catch {
            unlinkat(folder.raw, temporary, 0)
            throw error
        }
        staged[key] = StagedUpload(temporary: temporary, size: bytes.count, declaredSize: declaredSize)
    }

    /// The next chunk of a staged upload; the last one moves the whole file into place. A
    /// chunk that fails is cut off again, so the upload can go on from where it was.
    private func continueStaged(_ key: StagedKey, with bytes: [UInt8], in folder: Descriptor) throws(FileStoreError) {
        guard var upload = staged[key] else { return }
        let file: Descriptor
        if let last = lastStaged, last.temporary == upload.temporary {
            file = last.file
        } else {
            file = try Descriptor(
                openat(folder.raw, upload.temporary, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC),
                "cannot reopen the unfinished upload of \(key.name)")
            lastStaged = (upload.temporary, file)
        }
        do throws(FileStoreError) {
            try Self.writeAll(bytes, to: file, what: key.name.text)
            if upload.size + bytes.count >= upload.declaredSize {
                lastStaged = nil
                try Self.moveIntoPlace(upload.temporary, as: key.name.text, in: folder)
                staged[key] = nil
                return
            }
        } catch {
            ftruncate(file.raw, off_t(upload.size))
            // Reopened for the next chunk (O_APPEND): the first chunk's descriptor would write
            // at its offset, past the cut.
            lastStaged = nil
            throw error
        }
        upload.size += bytes.count
        staged[key] = upload
    }

    /// Forgets a staged upload and its temporary; returns whether there was one.
    @discardableResult
    private func discardStaged(_ key: StagedKey) -> Bool {
        guard let upload = staged.removeValue(forKey: key) else { return false }
        // Closed before the unlink, so that its disk space is free at once.
        if lastStaged?.temporary == upload.temporary { lastStaged = nil }
        if let folder = try? folder(key.area) { unlinkat(folder.raw, upload.temporary, 0) }
        return true
    }

    private func nextTemporaryName() -> String {
        temporaryCount += 1
        return "\(Self.temporaryPrefix)\(getpid())-\(temporaryCount)"
    }

    private static func create(_ temporary: String, in folder: Descriptor, for name: String) throws(FileStoreError) -> Descriptor {
        try Descriptor(
            openat(folder.raw, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644),
            "cannot create a temporary file for \(name)")
    }

    /// Renames a finished temporary over `name`. Its bytes are already in the kernel (every
    /// write(2) has returned), so a simulator killed at any moment leaves the old file or
    /// the new one, never a torn one. Nothing is fsynced: PROTOCOL.md §7 asks for safety
    /// against the process being killed, not against power loss, and an fsync per upload
    /// would make the disk, not the simulator, set the pace of every test.
    private static func moveIntoPlace(_ temporary: String, as name: String, in folder: Descriptor) throws(FileStoreError) {
        try refuseIfNotRegular(name, in: folder)
        guard renameat(folder.raw, temporary, folder.raw, name) == 0 else { throw failure("cannot move the new \(name) into place") }
    }

    /// A link or a folder planted where a file should be is never written through or replaced.
    private static func refuseIfNotRegular(_ name: String, in folder: Descriptor) throws(FileStoreError) {
        var status = stat()
        if fstatat(folder.raw, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw FileStoreError("\(name) on disk is not a regular file (a symbolic link or a folder); it is left alone")
        }
    }

    // MARK: Exit

    /// The simulator is exiting: a private folder goes, with everything in it.
    func finish() {
        sweepLeftovers()
        closeFolder()
        systemFolder = nil
        if isPrivate {
            Self.removeContents(of: root)
            rmdir(rootPath)
        }
    }

    // MARK: Folders

    /// The app's folder name: its ID with every byte outside [A-Za-z0-9._-] (and a leading
    /// '.') percent-encoded, so no ID can name another app's folder, "." or "..", or the
    /// store's own names. Long IDs are cut and end with '~' and a hash, which no encoded
    /// ID contains ('~' is encoded).
    static func folderName(for appID: String) -> String {
        var name = ""
        for (index, byte) in appID.utf8.enumerated() {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || (byte == UInt8(ascii: ".") && index > 0)
            if plain {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        if name.isEmpty { return "%00" }
        guard name.utf8.count > 200 else { return name }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in appID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        return String(name.prefix(180)) + "~" + String(hash, radix: 16)
    }

    private func folder(_ area: FileArea) throws(FileStoreError) -> Descriptor {
        switch area {
        case .app:
            guard let appFolder else { throw FileStoreError("no app folder is open") }
            return appFolder.descriptor
        case .system:
            if let systemFolder { return systemFolder }
            let folder = try Self.openSystemFolder(in: root)
            systemFolder = folder
            return folder
        }
    }

    /// Opens (making if needed) the system files folder, shared by every simulator on this
    /// storage, holding a shared lock on it while open. When no other simulator has it open,
    /// the temporaries left in it by a killed one are removed first.
    private static func openSystemFolder(in root: Descriptor) throws(FileStoreError) -> Descriptor {
        let folder = try openSubfolder(systemFolderName, in: root, what: "the system files folder")
        if flock(folder.raw, LOCK_EX | LOCK_NB) == 0 { removeTemporaries(in: folder) }
        while flock(folder.raw, LOCK_SH) != 0 && errno == EINTR {}
        return folder
    }

    /// Removes unfinished writes (`.hu-tmp-…`): call only while no other simulator can be writing there.
    private static func removeTemporaries(in folder: Descriptor) {
        for name in (try? entries(of: folder, prefix: temporaryPrefix)) ?? [] { unlinkat(folder.raw, name, 0) }
    }

    /// Opens (making if needed) a folder inside `parent`, refusing a symbolic link.
    private static func openSubfolder(_ name: String, in parent: Descriptor, what: String) throws(FileStoreError) -> Descriptor {
        if mkdirat(parent.raw, name, 0o755) != 0 && errno != EEXIST { throw failure("cannot make \(what)") }
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        return try Descriptor(openat(parent.raw, name, flags), "cannot open \(what) (a symbolic link is never followed)")
    }

    /// `mkdir -p`.
    private static func makeFolders(_ path: String) throws(FileStoreError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw failure("cannot make the storage folder \(path)") }
        }
    }

    /// The names in a folder (starting with `prefix`) except "." and "..", unsorted; names
    /// that are not UTF-8 are skipped.
    private static func entries(of folder: Descriptor, prefix: String = "") throws(FileStoreError) -> [String] {
        let copy = dup(folder.raw)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw failure("cannot read a storage folder")
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        // The name is read where it is: readdir's record is only as long as its name
        // (d_reclen), not sizeof(dirent), so copying the 256-byte d_name field out of
        // `entry.pointee` would read past the record (AddressSanitizer: heap-buffer-overflow).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        // Compared before a String is made, with the prefix's C string made once: TMPDIR may
        // hold thousands of names, and this runs at every start.
        let prefixLength = prefix.utf8.count
        prefix.withCString { prefix in
            while let entry = readdir(stream) {
                let text = (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self)
                guard strncmp(text, prefix, prefixLength) == 0, let name = String(validatingCString: text) else { continue }
                if name != ".", name != ".." { names.append(name) }
            }
        }
        return names
    }

    private static func regularFileSize(_ name: String, in folder: Descriptor) -> Int? {
        var status = stat()
        guard fstatat(folder.raw, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        return Int(status.st_size)
    }

    /// Deletes everything inside `folder`, never following a link out of it.
    private static func removeContents(of folder: Descriptor) {
        for name in (try? entries(of: folder)) ?? [] {
            if unlinkat(folder.raw, name, 0) == 0 { continue }
            if let inner = try? Descriptor(openat(folder.raw, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), "") {
                removeContents(of: inner)
            }
            unlinkat(folder.raw, name, AT_REMOVEDIR)
        }
    }

    // MARK: Bytes

    private static func writeAll(_ bytes: [UInt8], to file: Descriptor, what: String) throws(FileStoreError) {
        do {
            try FileDescriptor(rawValue: file.raw).writeAll(bytes)
        } catch {
            throw FileStoreError("cannot write \(what): \(error)")
        }
    }

    /// Copies a whole file: a clone where the file system shares blocks, else in the kernel
    /// (`sendfile`), else through a buffer.
    private static func copy(from source: Descriptor, to target: Descriptor, what: String) throws(FileStoreError) {
        let fileClone: UInt = 0x4004_9409  // FICLONE
        if ioctl(target.raw, fileClone, source.raw) == 0 {
            guard lseek(target.raw, 0, SEEK_END) >= 0 else { throw failure("cannot append to \(what)") }
            return
        }
        while true {
            let copied = sendfile(target.raw, source.raw, nil, 1 << 30)
            if copied == 0 { return }
            if copied > 0 { continue }
            if errno == EINTR { continue }
            guard errno == EINVAL || errno == ENOSYS else { throw failure("cannot copy \(what) to append to it") }
            break
        }
        // No kernel copy here: read and write, from wherever sendfile stopped.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(source.raw, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read \(what) to append to it") }
            if count == 0 { return }
            try writeAll(Array(chunk[0..<count]), to: target, what: what)
        }
    }

    private static func failure(_ what: String) -> FileStoreError {
        FileStoreError("\(what): \(String(cString: strerror(errno)))")
    }
}

private struct StagedKey: Hashable {
    let area: FileArea
    let name: ExactName
}

private struct StagedUpload {
    let temporary: String
    /// Bytes arrived so far.
    var size: Int
    let declaredSize: Int
}

/// An open file descriptor, closed when the last reference goes.
private final class Descriptor {
    let raw: Int32

    init(_ raw: Int32, _ failure: @autoclosure () -> String) throws(FileStoreError) {
        guard raw >= 0 else { throw FileStoreError("\(failure()): \(String(cString: strerror(errno)))") }
        self.raw = raw
    }

    deinit { close(raw) }
}
