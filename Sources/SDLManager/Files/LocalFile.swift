import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The manager's one way to read and write files on the device, with POSIX calls: a file's
/// size, a piece of it at an offset (files uploaded from disk are read chunk by chunk, never
/// whole), all of it, and a whole new file written beside the old one and renamed over it.
enum LocalFile {
    /// Why a file could not be used; `reason` is the system's.
    struct Failure: Error, Sendable, Equatable {
        let path: String
        let reason: String
    }

    /// The size in bytes of the regular file at `path`.
    static func size(of path: String) throws(Failure) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(path: path, reason: lastError()) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw Failure(path: path, reason: "not a regular file") }
        return Int(status.st_size)
    }

    /// `count` bytes from `offset`; fewer only where the file ends.
    static func bytes(of path: String, at offset: Int, count: Int) throws(Failure) -> [UInt8] {
        let descriptor = try openFile(path, O_RDONLY)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw Failure(path: path, reason: lastError()) }
            if got == 0 { break }
            filled += got
        }
        bytes.removeLast(count - filled)
        return bytes
    }

    /// The whole file; nil when there is none.
    static func contents(of path: String) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw Failure(path: path, reason: lastError())
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Failure(path: path, reason: lastError()) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Writes `bytes` to a new file beside `path` and renames it over it: a crash leaves
    /// the old file or the new one, never a torn one.
    static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = try openFile(temporary, O_WRONLY | O_CREAT | O_TRUNC)
        do {
            try FileDescriptor(rawValue: descriptor).writeAll(bytes)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw Failure(path: path, reason: "\(error)")
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw Failure(path: path, reason: reason)
        }
    }

    private static func openFile(_ path: String, _ flags: Int32) throws(Failure) -> Int32 {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: lastError()) }
        return descriptor
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
