import Foundation
import Logging
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing
import TestSupport

/// Starting a simulator as a subprocess for a scope, and ending it cleanly whatever it does.
@Suite(.timeLimit(.minutes(1))) struct SimulatorProcessTests {
    @Test func theSimulatorsStderrGoesToTheAppsLogger() async throws {
        let logs = CollectedLogs()
        try await SimulatorProcess.withConnection(
            command: "echo 'first line' >&2; echo 'second line' >&2; cat >/dev/null", logger: logs.logger
        ) { _ in
            let both = try await eventually { logs.messages.contains("second line") }
            #expect(both)
        }
        #expect(logs.messages.filter { $0.hasSuffix(" line") } == ["first line", "second line"])
    }

    @Test func aTraceFolderGetsTheSimulatorsWireTraceInAFileOfItsOwn() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("process-trace-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for _ in 0..<2 {
            try await SimulatorProcess.withConnection(command: builtSimulator, traceFolder: folder) { connection in
                _ = try await connection.send(SimGetState())
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".trace.jsonl") }, "\(files)")
        let trace = try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8)
        #expect(trace.contains(#""dir":"in","message":{"jsonrpc":"2.0","id":1,"method":"Sim.GetState""#))
    }

    @Test func hu_simEndsOnItsOwnWhenTheSessionEnds() async throws {
        let logs = CollectedLogs()
        var sessionEnded = ContinuousClock.now
        try await SimulatorProcess.withConnection(command: builtSimulator, logger: logs.logger, exitGracePeriod: .seconds(240)) { connection in
            _ = try await connection.send(SimGetState())
            sessionEnded = ContinuousClock.now
        }
        // Well before the grace period would have run out (a machine at load 17 took 56 s
        // from the start).
        #expect(ContinuousClock.now - sessionEnded < .seconds(180))
        #expect(!logs.messages.contains { $0.hasPrefix("the simulator ended with") })
    }

    @Test func aSimulatorThatIgnoresTheEndOfItsInputIsTerminated() async throws {
        let logs = CollectedLogs()
        let started = ContinuousClock.now
        try await SimulatorProcess.withConnection(
            command: "sleep 300", logger: logs.logger, exitGracePeriod: .milliseconds(100)
        ) { _ in }
        // Long before it would have ended on its own (a loaded machine took 11 s).
        #expect(ContinuousClock.now - started < .seconds(120))
        #expect(logs.messages.contains { $0.hasPrefix("the simulator ended with") })
    }

    @Test func aSimulatorThatDiesFailsItsPendingRequestsAtOnce() async throws {
        try await SimulatorProcess.withConnection(command: "read line; exit 3", logger: CollectedLogs().logger) { connection in
            await #expect(throws: SDLConnectionError.disconnected(method: "ListFiles", reason: "the head unit closed the connection")) {
                try await connection.send(ListFiles())
            }
        }
    }

    @Test func aCommandTheShellCannotRunIsTheErrorNotTheBrokenPipe() async throws {
        let error = await #expect(throws: SimulatorDidNotStart.self) {
            try await SimulatorProcess.withConnection(command: "/nonexistent/hu-sim", logger: CollectedLogs().logger) { connection in
                _ = try await connection.send(ListFiles())
            }
        }
        #expect(error?.status == 127)
        #expect(error?.command == "/nonexistent/hu-sim --clock virtual")
        #expect(error?.description.contains("/nonexistent/hu-sim: not found") == true, "\(String(describing: error))")
    }

    @Test func theVirtualClockIsAppendedSoAWrapperPassingItsArgumentsOnWorks() async throws {
        let wrapper = try WireLoggingWrapper()
        defer { wrapper.remove() }
        let clock = try await SimulatorProcess.withConnection(command: wrapper.path, logger: CollectedLogs().logger) { connection in
            try await SimulatorDriver(connection).advance(by: .seconds(3))
        }
        #expect(clock == 3000)
        #expect(try wrapper.arguments() == ["--clock virtual"])
        #expect(try wrapper.wire().contains(#""method":"Sim.AdvanceTime""#))
    }

    @Test func theCommandComesFromTheCallerElseHU_SIMElseBesideTheProgram() throws {
        #expect(try SimulatorCommand.find(explicit: "my-sim --flag") == SimulatorCommand("my-sim --flag"))
        #expect(try SimulatorCommand.find(explicit: "my-sim", environment: ["HU_SIM": "other-sim"]) == SimulatorCommand("my-sim"))
        #expect(try SimulatorCommand.find(environment: ["HU_SIM": "tee -a wire.log | hu-sim"]) == SimulatorCommand("tee -a wire.log | hu-sim"))
        let beside = try #require(SimulatorCommand.besideExecutable)
        #expect(beside.shellCommand.hasSuffix("/hu-sim"))
        #expect(try SimulatorCommand.find(explicit: "", environment: ["HU_SIM": "", "PATH": "/nonexistent"]) == beside)
    }

    @Test func argumentsAreAppendedQuotedForTheShell() {
        let command = SimulatorCommand("tee -a wire.log | hu-sim")
        #expect(command.appending(["--clock", "virtual", "--storage", "/tmp/my files", "it's"])
            == #"tee -a wire.log | hu-sim --clock virtual --storage '/tmp/my files' 'it'\''s'"#)
    }
}

/// A logger whose messages a test can read.
final class CollectedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    var logger: Logger {
        Logger(label: "collected") { _ in Handler(logs: self) }
    }

    private struct Handler: LogHandler {
        let logs: CollectedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            logs.lines.withLock { $0.append(event.message.description) }
        }
    }
}
