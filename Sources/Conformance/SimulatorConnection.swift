import ChildProcess
import Glibc
import JSONRPC

/// A simulator started through `/bin/sh -c` (`ChildProcess`), talked to over pipes.
///
/// Why talking to a simulator stopped.
public enum SimulatorFailure: Error, Sendable {
    /// The deadline passed.
    case timedOut
    /// Its output ended or its input closed: the simulator is gone.
    case ended
}

/// All I/O is non-blocking and bounded by one deadline: writing drains the simulator's
/// output meanwhile (so neither side can block on a full pipe), and every wait gives up
/// at the deadline. The simulator runs in its own process group, so a shell wrapper and
/// everything it started can be killed together.
final class SimulatorConnection {
    typealias Failure = SimulatorFailure

    private let child: ChildProcess
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private let deadline: ContinuousClock.Instant
    /// stdout, split into lines as it arrives; a last line without its newline never counts.
    private var outputFramer = LineFramer(maximumLineBytes: 1 << 30, keepsBlankLines: true)
    private var outputLines: [[UInt8]] = []
    private var nextOutputLine = 0
    private var errorBuffer: [UInt8] = []

    /// Lines of stderr kept for reports.
    static let stderrTailLines = 20
    private static let chunkSize = 1 << 16

    init(command: String, deadline: ContinuousClock.Instant) throws(SpawnError) {
        self.deadline = deadline
        do {
            child = try ChildProcess(shell: command)
        } catch {
            throw SpawnError(message: error.description)
        }
        (input, output, errors) = (child.input!, child.output!, child.errors!)
        for descriptor in [input, output, errors] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }

    struct SpawnError: Error {
        let message: String
    }

    deinit {
        terminate()
        for descriptor in [input, output, errors] where descriptor >= 0 { close(descriptor) }
    }

    // MARK: Talking

    /// Writes all of `bytes` to the simulator's stdin, reading its output meanwhile.
    func write(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            guard input >= 0 else { throw .ended }
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                try pump(waitingToWrite: true)
            } else {
                closeInput()
                throw .ended
            }
        }
    }

    /// The next line the simulator wrote to stdout, without its newline.
    func nextLine() throws(Failure) -> [UInt8] {
        while true {
            if nextOutputLine < outputLines.count {
                nextOutputLine += 1
                return outputLines[nextOutputLine - 1]
            }
            outputLines.removeAll(keepingCapacity: true)
            nextOutputLine = 0
            guard output >= 0 else { throw .ended }
            try pump(waitingToWrite: false)
        }
    }

    func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// Waits until the process exits (reading its output to the end meanwhile), or kills
    /// it at the deadline; returns how it ended, nil when it had to be killed.
    func waitForExit() -> ExitStatus? {
        while output >= 0 || errors >= 0 {
            do { try pump(waitingToWrite: false) } catch { break }
        }
        guard let status = child.waitForExit(timeout: max(.zero, deadline - ContinuousClock.now)) else {
            terminate()
            return nil
        }
        return status
    }

    /// Kills the whole process group (if still running) and reaps the shell.
    func terminate() {
        guard child.exitStatus == nil else { return }
        child.signal(SIGKILL)
        _ = child.waitForExit()
    }

    /// The exit status once the process is gone, waiting briefly for it.
    func exitStatusAfterEnd() -> ExitStatus? {
        child.waitForExit(timeout: max(.zero, min(deadline - ContinuousClock.now, .milliseconds(500))))
    }

    /// Waits until the simulator has written a stderr line containing `text`; returns that line.
    func waitForStderrLine(containing text: String) throws(Failure) -> String {
        while true {
            let lines = String(decoding: errorBuffer, as: UTF8.self).split(separator: "\n")
            if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
            guard errors >= 0 else { throw .ended }
            try pump(waitingToWrite: false)
        }
    }

    /// The last lines the simulator wrote to stderr.
    var stderrTail: [String] {
        var lines = String(decoding: errorBuffer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return Array(lines.suffix(Self.stderrTailLines))
    }

    // MARK: Polling

    /// Waits for output, stderr or (when writing) room in stdin, and reads what came.
    private func pump(waitingToWrite: Bool) throws(Failure) {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timedOut }
        let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
        var fds = [
            pollfd(fd: output, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
            pollfd(fd: waitingToWrite ? input : -1, events: Int16(POLLOUT), revents: 0),
        ]
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        if ready < 0 && errno != EINTR { throw .ended }
        if ready == 0 && deadline <= ContinuousClock.now { throw .timedOut }
        if fds[0].revents != 0 {
            drain(&output) { bytes in
                outputFramer.feed(bytes) { line in
                    switch line {
                    case .text(let text): outputLines.append(Array(text))
                    case .tooLong: outputLines.append(Array("(a line over a gibibyte)".utf8))
                    case .endOfTooLongLine: break
                    }
                }
            }
        }
        if fds[1].revents != 0 { drain(&errors) { errorBuffer += $0 } }
        if errorBuffer.count > 1 << 16 { errorBuffer.removeFirst(errorBuffer.count - (1 << 15)) }
        if waitingToWrite && fds[2].revents & Int16(POLLERR | POLLHUP) != 0 {
            closeInput()
            throw .ended
        }
    }

    /// Reads what is available; closes the descriptor at end of file.
    private func drain(_ descriptor: inout Int32, _ take: (UnsafeRawBufferPointer) -> Void) {
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while descriptor >= 0 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                chunk.withUnsafeBytes { take(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return
            } else {
                close(descriptor)
                descriptor = -1
            }
        }
    }
}
