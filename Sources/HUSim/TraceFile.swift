import ArgumentParser
import Glibc
import SimulatorHost

extension WireTrace {
    /// `--trace PATH`: a new file (or stderr for `-`), each line written as it happens, so a
    /// simulator that is killed leaves everything up to that moment.
    convenience init(writingTo path: String, clock: @escaping () -> Int64) throws {
        let descriptor = path == "-" ? STDERR_FILENO : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ValidationError("--trace: cannot write \(path): \(String(cString: strerror(errno)))") }
        self.init(clock: clock) { writeAll($0, to: descriptor) }
    }
}
