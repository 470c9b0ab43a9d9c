import ChildProcess
import Foundation
import JSONRPC

/// One simulator on pipes, started by `/bin/sh -c` in a process group of its own
/// (`ChildProcess`, stderr to /dev/null): lines go to its stdin while a thread reads its
/// stdout into a `ReplyLedger`; a watchdog kills the group when the chunk's deadline passes.
final class SimulatorChild: @unchecked Sendable {  // `ledger` is the reader thread's until `finished` signals
    struct Ending {
        var ledger: ReplyLedger
        var exitStatus: Int32?
        var signal: Int32?
        var hung: Bool
        var peakRSSKiB: Int
    }

    private let child: ChildProcess
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

    init(commandLine: String, deadlineSeconds: Int) throws {
        signal(SIGPIPE, SIG_IGN)  // a crashed simulator must show as EPIPE, not kill the fuzzer
        child = try ChildProcess(shell: commandLine, errors: .null)
        input = child.input!
        output = child.output!
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
        let status = child.waitForExit()
        let (didHang, peak) = hangLock.withLock { done = true; return (hung, peakRSSKiB) }
        return switch status {
        case .exited(let code): Ending(ledger: ledger, exitStatus: code, signal: nil, hung: didHang, peakRSSKiB: peak)
        case .killed(let signal): Ending(ledger: ledger, exitStatus: nil, signal: signal, hung: didHang, peakRSSKiB: peak)
        }
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

    /// Also samples VmHWM while the simulator drains its input after EOF.
    private func watch() {
        while DispatchTime.now() < deadline {
            if hangLock.withLock({ done }) { return }
            noteHighWaterMark()
            usleep(100_000)
        }
        hangLock.withLock {
            guard !done else { return }
            hung = true
            child.signal(SIGKILL)
        }
    }

    private func noteHighWaterMark() {
        let kib = peakResidentKiB(ofShell: child.pid)
        hangLock.withLock { peakRSSKiB = max(peakRSSKiB, kib) }
    }
}
