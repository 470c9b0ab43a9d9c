import Glibc
import HeadUnit

/// Whether a `--storage` folder can hold uploads, tried at start the way storing one works:
/// a file is created, written and synced, renamed, and removed. A folder that refuses any
/// step (read-only, sysfs, no space) is refused at once rather than failing every PutFile.
enum StorageProbe {
    /// Nil when the folder works; else what failed, e.g. "cannot create a file in it: Permission denied".
    static func problem(in folder: String) -> String? {
        let name = "\(folder)/\(SyncFileName.reservedPrefix)probe-\(getpid())"
        let renamed = name + "-renamed"
        let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot create a file in it: \(reason())" }
        let probe: [UInt8] = Array("hu-sim storage probe\n".utf8)
        let written = probe.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        var writeFailure: String?
        if written != probe.count {
            writeFailure = "cannot write a file in it: \(written < 0 ? reason() : "only \(written) of \(probe.count) bytes written")"
        } else if fsync(descriptor) != 0 {
            writeFailure = "cannot sync a file in it: \(reason())"
        }
        close(descriptor)
        if let writeFailure {
            unlink(name)
            return writeFailure
        }
        guard rename(name, renamed) == 0 else {
            let failure = "cannot rename a file in it: \(reason())"
            unlink(name)
            return failure
        }
        guard unlink(renamed) == 0 else { return "cannot remove a file in it: \(reason())" }
        return nil
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
