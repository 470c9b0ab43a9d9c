import CTestSupport
import ChildProcess
import Foundation
import JSONCodec
import TestSupport
import Testing

/// A running `hu-sim` the test talks to line by line (requests out, replies in), and can
/// signal or kill: for storage tests that need a restart, a signal, or a crash mid-write,
/// and for bad-peer tests that stop reading, close a pipe, or watch its memory.
///
/// `@unchecked Sendable`: one thread may `send` (stdin only) while another reads replies
/// (stdout and `buffered` only); no state is shared between the two sides.
final class StorageSimulator: @unchecked Sendable {
    private let child: ChildProcess
    private let stdinHandle: FileHandle
    private var stdinFD: Int32 { stdinHandle.fileDescriptor }
    private let stdoutHandle: FileHandle
    private var buffered: [UInt8] = []
    private var nextID: Int64 = 1000
    /// With `capturingStandardError`: everything the simulator wrote to stderr, once it ended.
    private let standardError: LockedData?

    init(_ arguments: [String], environment: [String: String]? = nil, capturingStandardError: Bool = false) throws {
        signal(SIGPIPE, SIG_IGN)  // writing to a killed simulator must not kill the test
        child = try ChildProcess(
            executable: SimulatorProcess.executable.path, arguments: arguments,
            environment: environment.map { ProcessInfo.processInfo.environment.merging($0) { $1 } },
            errors: capturingStandardError ? .pipe : .null)
        stdinHandle = FileHandle(fileDescriptor: child.input!, closeOnDealloc: true)
        stdoutHandle = FileHandle(fileDescriptor: child.output!, closeOnDealloc: true)
        if let errors = child.errors {
            let collected = LockedData()
            let stderr = FileHandle(fileDescriptor: errors, closeOnDealloc: true)
            // Read all along: a simulator blocked on a full stderr pipe would look hung.
            Thread { collected.set(stderr.readDataToEndOfFile()) }.start()
            standardError = collected
        } else {
            standardError = nil
        }
    }

    /// Writes one line; false once the simulator no longer reads.
    @discardableResult
    func send(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        return bytes.withUnsafeBytes { sendBytes($0) }
    }

    /// Writes bytes as they are (no newline added); false once the simulator no longer reads.
    func sendBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(stdinFD, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The simulator's peak resident memory so far (VmHWM), in bytes; nil once it has exited.
    var peakMemoryBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    /// What the simulator wrote to stderr; waits for it to close its end (at exit).
    func standardErrorText() -> String {
        guard let standardError, standardError.waitUntilSet("the simulator's stderr") else { return "" }
        return String(decoding: standardError.value, as: UTF8.self)
    }

    /// Waits (bounded) until the simulator's stdout pipe is full: it can write nothing more
    /// until someone reads. False, with an issue, if it never filled.
    @discardableResult
    func waitUntilItsOutputIsFull(seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        // Its write end, opened again: fullness is judged from the side that writes.
        let writeEnd = open("/proc/\(pid)/fd/1", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard writeEnd >= 0 else {
            Issue.record("the simulator's stdout cannot be opened: \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
            return false
        }
        defer { close(writeEnd) }
        return Self.waitUntilFull(writeEnd, "the simulator's stdout pipe", seconds: seconds, sourceLocation: sourceLocation)
    }

    /// Waits (bounded) until the simulator's stdin pipe is full: it reads nothing more for
    /// now. False, with an issue, if it never filled.
    @discardableResult
    func waitUntilItsInputIsFull(seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        Self.waitUntilFull(stdinFD, "the simulator's stdin pipe", seconds: seconds, sourceLocation: sourceLocation)
    }

    private static func waitUntilFull(_ writeEnd: Int32, _ what: String, seconds: Double, sourceLocation: SourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while pipe_is_full(writeEnd) != 1 {
            guard Date() < deadline else {
                Issue.record("\(what) did not fill within \(seconds) s", sourceLocation: sourceLocation)
                return false
            }
            usleep(1000)
        }
        return true
    }

    /// Closes stdin (end of input) without reading anything more.
    func closeInput() { try? stdinHandle.close() }

    /// The next message, or nil when stdout ended.
    func nextMessage() -> JSON? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = Array(buffered[..<newline])
                buffered.removeSubrange(...newline)
                return (try? JSON.parse(line)) ?? .string("not JSON: \(String(decoding: line, as: UTF8.self))")
            }
            let chunk = stdoutHandle.availableData
            if chunk.isEmpty { return nil }
            buffered.append(contentsOf: chunk)
        }
    }

    /// Skips output lines, unparsed and unkept (a batch's reply can be hundreds of
    /// megabytes), through the first line under 64 KiB that contains `marker`; false when
    /// stdout ended first.
    func skipLines(through marker: String) -> Bool {
        let pattern = Array(marker.utf8)
        var longLine = false  // the start of the current line was dropped: it cannot be the one
        while true {
            while let newline = buffered.firstIndex(of: 0x0A) {
                let found = !longLine && buffered[..<newline].firstRange(of: pattern) != nil
                buffered.removeSubrange(...newline)
                longLine = false
                if found { return true }
            }
            if buffered.count > 1 << 16 {
                buffered.removeAll(keepingCapacity: true)
                longLine = true
            }
            let chunk = stdoutHandle.availableData
            if chunk.isEmpty { return false }
            buffered.append(contentsOf: chunk)
        }
    }

    /// The next reply (result or error), skipping notifications; nil when stdout ended.
    func nextReply() -> JSON? {
        while let message = nextMessage() {
            if message["method"] == nil { return message }
        }
        return nil
    }

    /// Reads until the reply with `id` and returns its `result` (null at end of output).
    func result(of id: Int64) -> JSON {
        while let message = nextMessage() {
            if message["id"] == .integer(id), message["method"] == nil { return message["result"] ?? .null }
        }
        return .null
    }

    /// Sends a request and waits for its result.
    @discardableResult
    func request(_ method: String, _ params: JSONObject? = nil) -> JSON {
        nextID += 1
        send(Self.line(id: nextID, method: method, params: params))
        return result(of: nextID)
    }

    @discardableResult
    func register(appID: String = "demo-1") -> JSON { request("RegisterAppInterface", Self.registration(appID: appID)) }

    /// Closes stdin (end of input) and waits for the exit status.
    func finish() -> Int32 {
        closeInput()  // through its handle: the handle must not close the number again later
        while nextMessage() != nil {}
        return child.waitForExit().code
    }

    /// Its process ID (for a test that checks what it left behind).
    var pid: Int32 { child.pid }

    func kill(_ signal: Int32) {
        child.signal(signal)
    }

    /// Stops reading stdout: the simulator's next write finds it closed.
    func closeOutput() { try? stdoutHandle.close() }

    /// Waits for the simulator to exit; after `seconds`, kills it and returns nil.
    func waitForExit(seconds: Double = 30) -> Int32? {
        guard let ended = child.waitForExit(timeout: .seconds(seconds)) else {
            kill(SIGKILL)
            _ = child.waitForExit()
            return nil
        }
        return ended.code
    }

    static func line(id: Int64, method: String, params: JSONObject?) -> String {
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { message["params"] = .object(params) }
        return JSON.object(message).serializedString
    }

    static func registration(appID: String = "demo-1") -> JSONObject {
        [
            "appName": "Demo", "appID": .string(appID), "isMediaApplication": false, "languageDesired": "EN-US",
            "hmiDisplayLanguageDesired": "EN-US", "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
        ]
    }

    /// PutFile's parameters for `bytes`.
    static func upload(_ name: String, _ bytes: [UInt8], extra: JSONObject = [:]) -> JSONObject {
        var params: JSONObject = [
            "syncFileName": .string(name), "fileType": "BINARY", "bulkData": .string(Data(bytes).base64EncodedString()),
        ]
        for member in extra { params[member.key] = member.value }
        return params
    }
}

/// A fresh folder for one test, removed when the test is done with it.
final class ScratchFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hu-storage-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func appending(_ component: String) -> String { url.appendingPathComponent(component).path }

    /// The names in the folder once `done` holds for them, or as they are after `seconds`.
    func names(once done: (Set<String>) -> Bool, seconds: Double = 10) -> Set<String> {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let names = Set((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            if done(names) || Date() >= deadline { return names }
            usleep(10_000)
        }
    }

    /// Every path under the folder (relative, symbolic links not followed), with each file's bytes.
    func snapshot(excluding excluded: String? = nil) -> [String: Data] {
        var result: [String: Data] = [:]
        let manager = FileManager.default
        var pending = [""]
        while let relative = pending.popLast() {
            let full = relative.isEmpty ? path : appending(relative)
            for name in (try? manager.contentsOfDirectory(atPath: full)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                if child == excluded { continue }
                let attributes = try? manager.attributesOfItem(atPath: appending(child))
                switch attributes?[.type] as? FileAttributeType {
                case .typeDirectory?:
                    result[child + "/"] = Data()
                    pending.append(child)
                case .typeSymbolicLink?:
                    result[child + "@"] = Data(((try? manager.destinationOfSymbolicLink(atPath: appending(child))) ?? "").utf8)
                default:
                    result[child] = manager.contents(atPath: appending(child)) ?? Data()
                }
            }
        }
        return result
    }
}

extension JSON {
    var resultCodeText: String? { self["resultCode"]?.stringValue }
    var infoText: String? { self["info"]?.stringValue }
    var spaceAvailable: Int64? { self["spaceAvailable"]?.integerValue }
}
