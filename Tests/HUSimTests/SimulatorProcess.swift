import ChildProcess
import Foundation
import JSONCodec
import TestSupport
import Testing

/// The built `hu-sim`, run as the project's users run it: a subprocess on pipes.
enum SimulatorProcess {
    /// `hu-sim` beside the test binary (both are built into the same folder).
    static let executable = BuiltExecutables.url("hu-sim")

    struct Outcome {
        let stdout: Data
        let stderr: String
        let status: Int32

        var lines: [String] {
            String(decoding: stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().map(String.init)
        }

        var messages: [JSON] { lines.map { (try? JSON.parse($0)) ?? .string("not JSON: \($0)") } }
    }

    /// Runs `hu-sim` with `arguments`, writes `input` to its stdin, closes it, and waits;
    /// a simulator still running after `timeLimit` is killed (its status says so).
    static func run(_ arguments: [String] = ["--clock", "virtual"], input: Data, timeLimit: Double = 120) throws -> Outcome {
        signal(SIGPIPE, SIG_IGN)  // a simulator that exits early must not kill the test process
        let child = try ChildProcess(executable: executable.path, arguments: arguments)
        let killer = DispatchWorkItem { child.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: killer)
        defer { killer.cancel() }
        let stdin = FileHandle(fileDescriptor: child.input!, closeOnDealloc: true)
        let writer = Thread {
            // The throwing write: a simulator that exits before reading everything (EPIPE)
            // must fail its test, not trap the whole test process (`write(_:)` uses try!).
            try? stdin.write(contentsOf: input)
            try? stdin.close()
        }
        writer.start()
        let errorData = LockedData()
        let stderr = FileHandle(fileDescriptor: child.errors!, closeOnDealloc: true)
        let errorReader = Thread { errorData.set(stderr.readDataToEndOfFile()) }
        errorReader.start()
        let output = FileHandle(fileDescriptor: child.output!, closeOnDealloc: true).readDataToEndOfFile()
        let status = child.waitForExit()
        errorData.waitUntilSet("the simulator's stderr")
        return Outcome(stdout: output, stderr: String(decoding: errorData.value, as: UTF8.self), status: status.code)
    }

    static func run(_ arguments: [String] = ["--clock", "virtual"], lines: [String]) throws -> Outcome {
        try run(arguments, input: Data(lines.map { $0 + "\n" }.joined().utf8))
    }
}

final class LockedData: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }

    /// Waits until it is set (the reader saw the end of its stream), for at most `seconds`;
    /// false, with an issue naming `what`, if it never was.
    @discardableResult
    func waitUntilSet(_ what: String, seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !isSet {
            guard Date() < deadline else {
                Issue.record("\(what) did not end within \(seconds) s", sourceLocation: sourceLocation)
                return false
            }
            usleep(1000)
        }
        return true
    }
}
