import Foundation
import JSONRPC

/// One hu-sim process on pipes: lines go to its stdin while a thread reads its stdout
/// into a `ReplyLedger`; a watchdog kills it when the chunk's deadline passes.
final class SimulatorChild: @unchecked Sendable {  // `ledger` is the reader thread's until `finished` signals
    struct Ending {
        var ledger: ReplyLedger
        var exitStatus: Int32?
        var signal: Int32?
        var hung: Bool
        var peakRSSKiB: Int
    }

    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var ledger = ReplyLedger()
    private let finished = DispatchSemaphore(value: 0)
    private let deadline: DispatchTime
    private let hangLock = NSLock()  // guards hung, done, peakRSSKiB
    private var hung = false
    private var done = false
    private var peakRSSKiB = 0
    private(set) var broken = false

    init(command: [String], deadlineSeconds: Int) throws {
        signal(SIGPIPE, SIG_IGN)  // a crashed simulator must show as EPIPE, not kill the fuzzer
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw POSIXError(.EMFILE) }
        // Only this thread spawns, so setting close-on-exec after pipe() races with nobody.
        for end in toChild + fromChild { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var child: pid_t = 0
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawnp(&child, command[0], &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT) }
        pid = child
        input = toChild[1]
        output = fromChild[0]
        deadline = .now() + .seconds(deadlineSeconds)
        Thread { [self] in readReplies() }.start()
        Thread { [self] in watch() }.start()
    }

    /// Writes the line and its line feed; false once the simulator stopped reading.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        guard !broken else { return false }
        var line = bytes
        line.append(0x0A)
        var written = 0
        while written < line.count {
            let n = line.withUnsafeBytes { write(input, $0.baseAddress! + written, line.count - written) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { broken = true; return false }
            written += n
        }
        return true
    }

    /// Closes stdin (EOF: the simulator answers what is pending and exits) and waits.
    func finish() -> Ending {
        noteHighWaterMark()
        close(input)
        finished.wait()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let (didHang, peak) = hangLock.withLock { done = true; return (hung, peakRSSKiB) }
        let exited = status & 0x7F == 0
        return Ending(
            ledger: ledger, exitStatus: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
            hung: didHang, peakRSSKiB: peak)
    }

    private func readReplies() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Blank lines kept: the simulator must write none, so the ledger must see them.
        var framer = LineFramer(maximumLineBytes: 1 << 30, keepsBlankLines: true)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) { ledger.record($0) } }
        }
        framer.finish { ledger.record($0) }  // a last line without its line feed
        close(output)
        finished.signal()
    }

    /// Also samples VmHWM while the simulator drains its input after EOF. (Not wait4's
    /// ru_maxrss: posix_spawn's vfork-style child inherits the fuzzer's own high-water mark.)
    private func watch() {
        while DispatchTime.now() < deadline {
            if hangLock.withLock({ done }) { return }
            noteHighWaterMark()
            usleep(100_000)
        }
        hangLock.withLock {
            guard !done else { return }
            hung = true
            kill(pid, SIGKILL)
        }
    }

    /// Reads VmHWM from /proc: the most resident memory the simulator has had, in KiB.
    private func noteHighWaterMark() {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return }
        hangLock.withLock { peakRSSKiB = max(peakRSSKiB, kib) }
    }
}
