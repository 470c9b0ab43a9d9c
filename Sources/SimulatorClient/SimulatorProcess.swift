import JSONRPC
import Logging
import SDLManager
import Subprocess
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
        var options = PlatformOptions()
        // Its own process group, so the signals reach the simulator behind the shell too.
        options.createSession = true
        options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(1))]
        logger.debug("starting \(command)")
        let lastLines = LastLines()
        let outcome = try await Subprocess.run(
            .path("/bin/sh"), arguments: ["-c", command], platformOptions: options,
            input: .inputWriter, output: .sequence, error: .sequence
        ) { execution -> Swift.Result<Result, any Error> in
            let connection = SDLConnection(configuration: configuration)
            return await withTaskGroup(of: Void.self) { group in
                let sink = StandardInputSink(writer: execution.standardInputWriter)
                group.addTask { await connection.run(reading: execution.standardOutput, writingTo: sink) }
                group.addTask { await forwardLines(of: execution.standardError, to: logger, keepingLastIn: lastLines) }
                do {
                    let result = try await body(connection)
                    await end(execution, connection, grace: exitGracePeriod, reason: "the app ended the simulator session")
                    return .success(result)
                } catch {
                    await end(execution, connection, grace: exitGracePeriod, reason: "the app stopped with an error: \(error)")
                    return .failure(error)
                }
            }
        }
        if outcome.terminationStatus != .exited(0) {
            let lines = lastLines.all
            let tail = lines.isEmpty ? "" : "; its last lines on stderr:\n  " + lines.joined(separator: "\n  ")
            logger.warning("the simulator ended with \(outcome.terminationStatus)\(tail)")
        }
        // The shell's own statuses for a command it could not find (127) or run (126): that,
        // not the broken pipe the first request met, is what went wrong.
        if case .failure = outcome.closureResult, case .exited(let status) = outcome.terminationStatus, status == 126 || status == 127 {
            throw SimulatorDidNotStart(command: command, status: status, stderr: lastLines.all)
        }
        return try outcome.closureResult.get()
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

    private static func end(
        _ execution: Execution<CustomWriteInput, SequenceOutput, SequenceOutput>, _ connection: SDLConnection,
        grace: Duration, reason: String
    ) async {
        // Closing the connection flushes what was written and closes stdin (end of session).
        await connection.close(reason: reason)
        await execution.teardown(using: [
            .send(signal: Signal(rawValue: 0), allowedDurationToNextStep: grace),  // 0: only wait for the exit
            .gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(1)),
        ])
    }

    private static func forwardLines(
        of stream: SubprocessOutputSequence, to logger: Logger, keepingLastIn lastLines: LastLines
    ) async {
        var framer = LineFramer(maximumLineBytes: 64 * 1024)
        let log = { (line: LineFramer.Line) in
            guard case .text(let bytes) = line else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            logger.info("\(text)")
            lastLines.add(text)
        }
        do {
            for try await chunk in stream {
                chunk.withUnsafeBytes { framer.feed($0, log) }
            }
        } catch {
            logger.debug("stopped reading the simulator's stderr: \(error)")
        }
        framer.finish(log)
    }
}

extension SubprocessOutputSequence.Buffer: ByteChunk {
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeBytes(body)
    }
}

private struct StandardInputSink: ByteSink {
    let writer: StandardInputWriter

    func write(_ bytes: [UInt8]) async throws {
        _ = try await writer.write(bytes)
    }

    func finish() async {
        try? await writer.finish()
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
