import ChildProcess
import JSONRPC
import Logging
import SDLManager
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A simulator (or any PROTOCOL.md peer) started as a subprocess for the length of a scope.
public enum SimulatorProcess {
    /// Finds the simulator (`command`, else `HU_SIM`, else the `hu-sim` beside the program,
    /// else `hu-sim` on `PATH`: `SimulatorCommand.find`), starts it through `/bin/sh -c` with
    /// `arguments` appended (by default `--clock virtual`, so `SimulatorDriver.advance` works),
    /// talks to it over its stdin/stdout while `body` runs, and forwards its stderr lines to
    /// `logger`. A simulator that ends with a failure is reported as a warning with its last
    /// stderr lines (why it could not start, mostly).
    /// Afterwards the connection is closed, stdin is closed so the simulator can exit on its
    /// own (removing its files may take a while), and after `exitGracePeriod` it is sent
    /// SIGTERM, then SIGKILL.
    ///
    /// With `traceFolder`, the simulator writes its wire trace into a file of its own there
    /// (`hu-sim --trace`).
    ///
    /// - Throws: `SimulatorNotFound` when there is no simulator to start (nothing is started
    ///   or written); `SimulatorDidNotStart` when the shell could not run the command;
    ///   otherwise what `body` throws.
    ///
    /// Writing to a simulator that has died must fail a request, not kill the app, so this
    /// sets SIGPIPE to be ignored in the whole process.
    @discardableResult
    public static func withConnection<Result: Sendable>(
        command: String? = nil,
        arguments: [String] = SimulatorCommand.virtualClock,
        traceFolder: String? = nil,
        configuration: SDLConnection.Configuration = SDLConnection.Configuration(),
        logger: Logger = Logger(label: "hu-sim"),
        exitGracePeriod: Duration = .seconds(10),
        _ body: (SDLConnection) async throws -> Result
    ) async throws -> Result {
        let command = try SimulatorCommand.find(explicit: command)
            .appending(arguments + (traceFolder.map(SimulatorCommand.traceArguments(into:)) ?? []))
        signal(SIGPIPE, SIG_IGN)
        logger.debug("starting \(command)")
        let child: ChildProcess
        do {
            child = try ChildProcess(shell: command)
        } catch {
            throw SimulatorDidNotStart(command: command, status: 127, stderr: [error.description])
        }
        let lastLines = LastLines()
        let connection = SDLConnection(configuration: configuration)
        let outcome = await withTaskGroup(of: Void.self) { group -> Swift.Result<Result, any Error> in
            let sink = StandardInputSink(writer: PipeWriter(child.input!))
            group.addTask { await connection.run(reading: ChildProcess.chunks(of: child.output!), writingTo: sink) }
            group.addTask { await forwardLines(of: ChildProcess.chunks(of: child.errors!), to: logger, keepingLastIn: lastLines) }
            do {
                let result = try await body(connection)
                await end(child, connection, grace: exitGracePeriod, reason: "the app ended the simulator session")
                return .success(result)
            } catch {
                await end(child, connection, grace: exitGracePeriod, reason: "the app stopped with an error: \(error)")
                return .failure(error)
            }
        }
        let status = child.waitForExit()
        if status != .exited(0) {
            let lines = lastLines.all
            let tail = lines.isEmpty ? "" : "; its last lines on stderr:\n  " + lines.joined(separator: "\n  ")
            let how = switch status {
            case .exited(let code): "status \(code)"
            case .killed(let signal): "signal \(signal)"
            }
            logger.warning("the simulator ended with \(how)\(tail)")
        }
        // The shell's own statuses for a command it could not find (127) or run (126): that,
        // not the broken pipe the first request met, is what went wrong.
        if case .failure = outcome, case .exited(let code) = status, code == 126 || code == 127 {
            throw SimulatorDidNotStart(command: command, status: code, stderr: lastLines.all)
        }
        return try outcome.get()
    }

    /// The latest few lines a simulator wrote on stderr.
    private final class LastLines: Sendable {
        static let kept = 5
        private let lines = Mutex<[String]>([])

        var all: [String] { lines.withLock { $0 } }

        func add(_ line: String) {
            lines.withLock { lines in
                if lines.count == Self.kept { lines.removeFirst() }
                lines.append(line)
            }
        }
    }

    /// Closing the connection flushes what was written and closes stdin (end of session); the
    /// simulator then has `grace` to exit on its own, then its group gets SIGTERM, then SIGKILL.
    private static func end(_ child: ChildProcess, _ connection: SDLConnection, grace: Duration, reason: String) async {
        await connection.close(reason: reason)
        if await child.exit(within: grace) == nil {
            child.signal(SIGTERM)
            if await child.exit(within: .seconds(1)) == nil { child.signal(SIGKILL) }
        }
    }

    private static func forwardLines(of stream: AsyncStream<[UInt8]>, to logger: Logger, keepingLastIn lastLines: LastLines) async {
        var framer = LineFramer(maximumLineBytes: 64 * 1024)
        let log = { (line: LineFramer.Line) in
            guard case .text(let bytes) = line else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            logger.info("\(text)")
            lastLines.add(text)
        }
        for await chunk in stream {
            chunk.withUnsafeBytes { framer.feed($0, log) }
        }
        framer.finish(log)
    }
}

private struct StandardInputSink: ByteSink {
    let writer: PipeWriter

    func write(_ bytes: [UInt8]) async throws {
        try await writer.write(bytes)
    }

    func finish() async {
        writer.finish()
    }
}

/// The shell could not run the simulator command (exit status 127: not found; 126: not executable).
public struct SimulatorDidNotStart: Error, Sendable, Equatable, CustomStringConvertible {
    public let command: String
    public let status: Int32
    /// What the shell said on stderr, e.g. `/bin/sh: 1: /opt/hu-sim: not found`.
    public let stderr: [String]

    public var description: String {
        let why = status == 127 ? "not found" : "not executable"
        let said = stderr.isEmpty ? "" : ": " + stderr.joined(separator: "; ")
        return "the simulator command \(command) could not be started (\(why), exit status \(status))\(said)"
    }
}
