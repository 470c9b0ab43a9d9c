import ChildProcess
import Foundation

/// A child process that keeps running while a test talks to it: lines to its stdin, and its
/// stdout and stderr read line by line on threads of their own. Every wait has a deadline
/// and fails naming what it waited for.
final class LiveProcess: @unchecked Sendable {  // `lines` guarded by `lock`
    enum Stream { case stdout, stderr }

    let name: String
    private let child: ChildProcess
    private let stdin: FileHandle
    private let lock = NSLock()
    private var lines: [Stream: [String]] = [.stdout: [], .stderr: []]
    private var consumed: [Stream: Int] = [.stdout: 0, .stderr: 0]

    init(_ name: String, executable: URL, arguments: [String], environment: [String: String]? = nil) throws {
        signal(SIGPIPE, SIG_IGN)
        self.name = name
        child = try ChildProcess(executable: executable.path, arguments: arguments, environment: environment)
        stdin = FileHandle(fileDescriptor: child.input!, closeOnDealloc: true)
        for (stream, descriptor) in [(Stream.stdout, child.output!), (.stderr, child.errors!)] {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            Thread { [self] in
                var pending = Data()
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    pending += chunk
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending = Data(pending[(newline + 1)...])
                        lock.withLock { lines[stream]!.append(line) }
                    }
                }
            }.start()
        }
    }

    /// Writes `line` and a newline to the child's stdin.
    func send(_ line: String) throws {
        try stdin.write(contentsOf: Data((line + "\n").utf8))
    }

    func closeInput() { try? stdin.close() }

    /// Every line `stream` has had so far.
    func all(_ stream: Stream) -> [String] { lock.withLock { lines[stream]! } }

    /// Waits for the next line of `stream` (after the ones already waited for) that `matches`.
    @discardableResult
    func waitForLine(
        _ stream: Stream = .stdout, _ what: String, seconds: Double = 30, matching matches: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found: String? = lock.withLock {
                let seen = lines[stream]!
                guard let index = seen[consumed[stream]!...].firstIndex(where: matches) else { return nil }
                consumed[stream] = index + 1
                return seen[index]
            }
            if let found { return found }
            if let ended = child.exitStatus, lock.withLock({ lines[stream]![consumed[stream]!...].first(where: matches) }) == nil {
                throw LiveProcessError("\(name) \(ended) before \(what); it wrote:\n\(tail)")
            }
            usleep(10_000)
        }
        throw LiveProcessError("\(name) did not show \(what) within \(seconds) s; it wrote:\n\(tail)")
    }

    /// The last lines of both streams, for a failure's message.
    var tail: String {
        lock.withLock { (lines[.stdout]!.suffix(15) + ["--- stderr:"] + lines[.stderr]!.suffix(15)).joined(separator: "\n") }
    }

    /// Waits (bounded) for the process to end by itself; its status, nil if it is still running.
    func waitForExit(seconds: Double = 10) -> Int32? {
        child.waitForExit(timeout: .seconds(seconds))?.code
    }

    /// Sends SIGTERM and waits (bounded) for the exit; returns its status, nil if it had to be killed.
    func terminate(seconds: Double = 10) -> Int32? {
        if let ended = child.exitStatus { return ended.code }
        child.signal(SIGTERM)
        guard let ended = child.waitForExit(timeout: .seconds(seconds)) else {
            child.signal(SIGKILL)
            _ = child.waitForExit()
            return nil
        }
        return ended.code
    }

    deinit {
        if child.exitStatus == nil {
            child.signal(SIGKILL)
            _ = child.waitForExit()
        }
    }
}

extension ExitStatus {
    /// As the tests compare it: the exit status, or the number of the signal that ended it.
    var code: Int32 {
        switch self {
        case .exited(let code): code
        case .killed(let signal): signal
        }
    }
}

struct LiveProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
