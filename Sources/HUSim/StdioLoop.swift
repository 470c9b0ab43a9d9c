import CLinuxExtras
import Glibc
import SystemPackage
import HeadUnit
import Logging
import SimulatorHost

/// The simulator's only I/O: reads stdin in large blocks, feeds the session, and writes
/// its output to stdout, flushing whenever it is about to wait (for input or a timer) —
/// so a waiting peer sees each reply at once and a streaming peer pays no syscall per reply.
struct StdioLoop {
    let session: SimulatorSession
    let clock: EngineClock
    let logger: Logger
    /// What reads stdin and fills stdout: the session itself, or the console in front of it
    /// (interactive, `--screen` or `--record`), with a line editor at a terminal. Chosen
    /// once; the loop does not branch on it.
    let front: any StdioFront
    /// `--listen`: SDL apps over TCP, served from the same `poll(2)`.
    let apps: AppServer?
    /// `--web`: the pages, whose server wakes this `poll(2)` when they act.
    let web: WebBridge?
    /// `--keep-listening`: the end of stdin or stdout ends only the stdio side.
    var keepsListening = false
    /// When the loop has handled something and nothing more is waiting to be read, it
    /// goes idle: first `releaseWhenIdle` (the store closes its open upload, before the
    /// answers go out, so that a peer reading an answer finds the storage let go), then the
    /// answers, then `choresWhenIdle` (the store's sweep of TMPDIR: so never before the
    /// first input is answered). Neither holds up a stream of requests, an upload's chunks.
    var releaseWhenIdle: () -> Void = {}
    var choresWhenIdle: () -> Void = {}

    /// Reads of SDL's lines (a few hundred bytes each) fill 256 KiB; once a read ends in a
    /// line longer than 64 KiB (file data: a 64 KiB PutFile chunk is 87 KiB of base64), reads
    /// take 1 MiB, so that fewer lines straddle two reads and are pieced together in the
    /// framer (a 20 MiB upload: 0.78-0.80x the baseline with 256 KiB reads, 0.83-0.84x with
    /// 1 MiB). Only then: the bigger block is 0.6-0.8 MiB more resident memory (docs/performance.md).
    private static let readSize = 1 << 18
    private static let longLineReadSize = 1 << 20
    private static let longLine = 64 << 10
    /// The real clock counts from the simulator's start.
    private let start = StdioLoop.monotonicMilliseconds()

    init(
        session: SimulatorSession, clock: EngineClock, logger: Logger, front: any StdioFront, apps: AppServer? = nil, web: WebBridge? = nil,
        keepsListening: Bool = false, releaseWhenIdle: @escaping () -> Void = {},
        choresWhenIdle: @escaping () -> Void = {}
    ) {
        self.session = session
        self.clock = clock
        self.logger = logger
        self.front = front
        self.apps = apps
        self.web = web
        self.keepsListening = keepsListening
        self.releaseWhenIdle = releaseWhenIdle
        self.choresWhenIdle = choresWhenIdle
    }

    /// Runs until stdin ends, stdout closes, or SIGTERM/SIGINT; returns the exit status.
    /// With `--keep-listening`, the end of stdin or stdout ends only the stdio side: the apps
    /// and pages are served until SIGTERM/SIGINT.
    func run() -> Int32 {
        let signals = SignalPipe.install([SIGTERM, SIGINT] + front.otherSignals)
        let output = Stdout(logger: logger)
        front.start(writingTo: output)
        var block = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
        defer { block.deallocate() }
        Self.widenInputPipe()
        var stdioOpen = true
        var handledSinceIdle = false

        while true {
            let appsActed = apps?.takeActivity() ?? false
            if web?.takeActivity() ?? false || appsActed { front.somethingChanged() }
            let goesIdle = handledSinceIdle && nothingWaiting(stdioOpen: stdioOpen, signals: signals)
            if goesIdle { releaseWhenIdle() }
            if stdioOpen { front.flush(to: output) }
            if goesIdle {
                handledSinceIdle = false
                choresWhenIdle()
            }
            web?.publish()
            if front.wantsToQuit { break }
            if stdioOpen && output.isClosed {
                front.endOfInput()
                stdioOpen = false
            }
            guard stdioOpen || ((apps != nil || web != nil) && keepsListening) else { break }
            var fds = pollSet(stdioOpen: stdioOpen, signals: signals)
            let ready = poll(&fds, nfds_t(fds.count), pollTimeout())
            if ready < 0 {
                if errno == EINTR { continue }
                logger.error("poll failed: \(String(cString: strerror(errno)))")
                break
            }
            if ready > 0 { handledSinceIdle = true }
            if fds[1].revents != 0, let ending = signals.received().first(where: { !front.handle(signal: $0) }) {
                logger.notice("received \(ending == SIGINT ? "SIGINT" : "SIGTERM"); finishing")
                break
            }
            if clock == .real { session.advanceClock(to: Self.monotonicMilliseconds() - start) }
            if fds[2].revents != 0 {
                web?.handleEvents()
                apps?.flush()
            }
            apps?.handle(fds[3...])
            guard fds[0].revents != 0 else { continue }
            let count = read(STDIN_FILENO, block.baseAddress, block.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                logger.error("reading stdin failed: \(String(cString: strerror(errno)))")
                break
            }
            if count == 0 {
                front.endOfInput()
                front.flush(to: output)
                stdioOpen = false
                if keepsListening { logger.info("stdin ended: the apps and pages are still served (--keep-listening)") }
                continue
            }
            front.receive(UnsafeRawBufferPointer(rebasing: block[0..<count]))
            if count == block.count, block.count < Self.longLineReadSize, Self.endsInLongLine(block) {
                block.deallocate()
                block = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.longLineReadSize, alignment: 16)
            }
            apps?.flush()
        }
        // End of input, a signal, `quit` or a closed stdout: every app and page is gone.
        web?.shutdown()
        apps?.shutdown()
        if stdioOpen {
            front.endOfInput()
            front.flush(to: output)
        }
        return 0
    }

    /// Whether the block's last line is unfinished and already longer than `longLine`.
    private static func endsInLongLine(_ block: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = block.baseAddress else { return false }
        return memchr(base + block.count - longLine, 0x0A, longLine) == nil
    }

    /// A pipe holds 64 KiB by default, less than one line of a 64 KiB PutFile chunk: each
    /// such line took several wakeups and reads, each after a turn of the writer. A pipe on
    /// stdin is widened to the long lines' read, 1 MiB (what an unprivileged process may ask
    /// for by default); anything else is left as it is. A 20 MiB upload through a pipe: 56 ms
    /// before, 48 ms after (docs/performance.md).
    private static func widenInputPipe() {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        _ = fcntl(STDIN_FILENO, F_SETPIPE_SZ, Int32(longLineReadSize))
    }

    private func nothingWaiting(stdioOpen: Bool, signals: SignalPipe) -> Bool {
        var waiting = pollSet(stdioOpen: stdioOpen, signals: signals)
        return poll(&waiting, nfds_t(waiting.count), 0) == 0
    }

    /// What the loop waits on: stdin, the signals, the pages, the apps (in that order).
    private func pollSet(stdioOpen: Bool, signals: SignalPipe) -> [pollfd] {
        [
            // A person's real-clock `wait` reads no input until it is over.
            pollfd(fd: stdioOpen && front.waitDeadline == nil ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
            web?.pollDescriptor ?? pollfd(fd: -1, events: 0, revents: 0),
        ] + (apps?.pollDescriptors ?? [])
    }

    private func pollTimeout() -> Int32 {
        let now = Self.monotonicMilliseconds()
        var wait: Int64?
        if clock == .real, let deadline = session.engine.nextDeadline { wait = deadline - (now - start) }
        if let waitEnd = front.waitDeadline { wait = min(wait ?? .max, waitEnd - now) }
        guard let wait else { return -1 }
        return Int32(clamping: max(0, wait))
    }

    static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}

/// What stdin feeds and stdout drains.
protocol StdioFront {
    func start(writingTo output: Stdout)
    func receive(_ chunk: UnsafeRawBufferPointer)
    /// Writes out what is ready; called whenever the loop wakes and before it waits.
    func flush(to output: Stdout)
    /// Real clock: a person's `wait` runs until then, and no input is read meanwhile.
    var waitDeadline: Int64? { get }
    var wantsToQuit: Bool { get }
    func endOfInput()
    /// An app over TCP did something: what stdio shows of the head unit may have changed.
    func somethingChanged()
    /// Signals it takes besides SIGTERM and SIGINT (a terminal's SIGWINCH).
    var otherSignals: [Int32] { get }
    /// Takes a signal, or returns false for the simulator to finish.
    func handle(signal: Int32) -> Bool
}

extension StdioFront {
    var otherSignals: [Int32] { [] }
    func handle(signal: Int32) -> Bool { false }
}

/// Plain piped use: stdin goes straight to the session, which writes to stdout itself once
/// its output passes the high-water mark; no per-line work besides.
struct PlainFront: StdioFront {
    let session: SimulatorSession

    func start(writingTo output: Stdout) {
        session.drain = { bytes in output.write(&bytes) }
    }

    func receive(_ chunk: UnsafeRawBufferPointer) { session.receive(chunk) }
    func flush(to output: Stdout) { output.write(&session.output) }
    var waitDeadline: Int64? { nil }
    var wantsToQuit: Bool { false }
    func endOfInput() { session.endOfInput() }
    func somethingChanged() {}
}

/// Writes every byte, retrying interrupted writes; stops at the first failure.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    _ = try? FileDescriptor(rawValue: descriptor).writeAll(bytes)
}

/// stdout, written with blocking `write(2)`. A reader that closed its end (EPIPE) ends
/// the session quietly with one log line, never a crash. After SIGTERM or SIGINT, a reader
/// that takes nothing for a second is given up on: the rest of the output is dropped, so
/// the signal ends the simulator whatever the reader does.
final class Stdout {
    private let logger: Logger
    private(set) var isClosed = false

    /// How long, after a signal, a write may make no progress before it is given up (the
    /// alarm ticks every second; a tick comes a little early by this clock).
    static let stallLimitMs: Int64 = 900

    init(logger: Logger) {
        self.logger = logger
        signal(SIGPIPE, SIG_IGN)
    }

    func write(_ bytes: inout [UInt8]) {
        defer { bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20) }
        guard !isClosed, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            var stalledSince: Int64? = SignalPipe.hasReceivedOne ? StdioLoop.monotonicMilliseconds() : nil
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR {
                        // A signal interrupted a write the reader is not taking: SIGTERM or
                        // SIGINT itself, or the alarm that keeps ticking after either.
                        guard SignalPipe.hasReceivedOne else { continue }
                        let now = StdioLoop.monotonicMilliseconds()
                        guard now - (stalledSince ?? now) < Self.stallLimitMs else {
                            logger.notice("stopped writing stdout: the reader took nothing for a second after the signal; \(buffer.count - offset) bytes dropped")
                            isClosed = true
                            return
                        }
                        stalledSince = stalledSince ?? now
                        continue
                    }
                    if errno == EPIPE {
                        logger.notice("stdout was closed by the reader; exiting")
                    } else {
                        logger.error("writing stdout failed: \(String(cString: strerror(errno))); exiting")
                    }
                    isClosed = true
                    return
                }
                offset += written
                if stalledSince != nil { stalledSince = StdioLoop.monotonicMilliseconds() }
            }
        }
    }
}

/// Turns signals (SIGTERM, SIGINT, ...) into bytes on a pipe, so the loop's poll wakes up for
/// them; and, from the first SIGTERM or SIGINT on, makes SIGALRM tick every second, so no
/// blocking write(2) can outlast it (one that started just after the loop last looked is
/// interrupted too).
struct SignalPipe {
    let readEnd: Int32

    // `nonisolated(unsafe)`: a signal handler is a C function and can reach no Swift
    // state but globals, and may take no lock. `writeEnd` is set once, before any handler
    // is installed, and only read afterwards. Each signal's number is the byte written.
    // `endingSignal` is an aligned Int32 the handler stores (SIGTERM or SIGINT), read by a
    // write interrupted after it: a stale 0 there only means one more try.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var endingSignal: Int32 = 0

    static func install(_ signals: [Int32]) -> SignalPipe {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        writeEnd = ends[1]
        // No SA_RESTART on any of them: each interrupts a blocked write(2).
        var tick = sigaction()
        tick.__sigaction_handler.sa_handler = { _ in alarm(1) }
        sigaction(SIGALRM, &tick, nil)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                // async-signal-safe, as all of this handler
                if received == SIGTERM || received == SIGINT {
                    SignalPipe.endingSignal = received
                    alarm(1)
                }
                var byte = UInt8(truncatingIfNeeded: received)
                _ = Glibc.write(SignalPipe.writeEnd, &byte, 1)
            }
            sigaction(number, &action, nil)
        }
        // A blocked signal mask is inherited: a parent that blocks these must not make us deaf to them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals + [SIGALRM] { sigaddset(&unblocked, number) }
        sigprocmask(SIG_UNBLOCK, &unblocked, nil)
        return SignalPipe(readEnd: ends[0])
    }

    /// The signals received since the last call, in order.
    func received() -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(readEnd, &bytes, bytes.count)
        return count > 0 ? bytes[..<count].map { Int32($0) } : []
    }

    /// True once SIGTERM or SIGINT has arrived.
    static var hasReceivedOne: Bool { endingSignal != 0 }
}
