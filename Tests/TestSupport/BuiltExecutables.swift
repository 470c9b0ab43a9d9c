import CTestSupport
import Foundation

/// The package's executables (hu-sim, hu-conform, ...), built into the same folder as
/// the test binary.
public enum BuiltExecutables {
    public static let folder: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("hu-sim").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    public static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}

/// A pipe for a child's stdin, stdout or stderr whose ends are close-on-exec from the
/// start (`pipe2`). Tests run in parallel in one process: a child another test starts at
/// the same moment must not inherit these ends — it would hold a stdin open after the
/// test closed it, or a stdout the test reads to its end. The child still gets its end:
/// the copy placed on fd 0/1/2 does not keep the flag. Close the child's ends after
/// `Process.run()`.
public struct ChildPipe: Sendable {
    public let reading: FileHandle
    public let writing: FileHandle

    public init() throws {
        var ends: [Int32] = [-1, -1]
        guard cloexec_pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}

extension Process {
    /// Runs the process with its stdout and stderr into one close-on-exec pipe, and
    /// returns everything it wrote once it has exited. A process still running after
    /// `timeLimit` is killed with its process group (Foundation starts each process in a
    /// group of its own; its status then says so): a test never waits for ever.
    public func runCollectingOutput(timeLimit: Duration = .seconds(180)) throws -> Data {
        let output = try ChildPipe()
        standardOutput = output.writing
        standardError = output.writing
        try run()
        try? output.writing.close()
        let pid = processIdentifier
        let killer = DispatchWorkItem { kill(-pid, SIGKILL) }
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        let data = output.reading.readDataToEndOfFile()
        waitUntilExit()
        killer.cancel()
        return data
    }
}

/// Whether the programs under test run under a sanitizer (`tools/sanitize` sets HU_SANITIZER).
/// Their memory is then the sanitizer's (shadow memory, ASan's quarantine of freed blocks):
/// a bound on a program's peak memory is checked only without one.
public enum Sanitizer {
    public static let isActive = ProcessInfo.processInfo.environment["HU_SANITIZER"] != nil
}
