import Foundation
import Logging
import SDLManager
import SDLModel
import Synchronization
import Testing

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
            try await SimulatorProcess.withConnection(command: SimulatorCommand.besideExecutable(), traceFolder: folder) { connection in
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
        let started = ContinuousClock.now
        try await SimulatorProcess.withConnection(
            command: SimulatorCommand.besideExecutable(), logger: logs.logger, exitGracePeriod: .seconds(30)
        ) { connection in
            _ = try await connection.send(SimGetState())
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(!logs.messages.contains { $0.hasPrefix("the simulator ended with") })
    }

    @Test func aSimulatorThatIgnoresTheEndOfItsInputIsTerminated() async throws {
        let logs = CollectedLogs()
        let started = ContinuousClock.now
        try await SimulatorProcess.withConnection(
            command: "sleep 30", logger: logs.logger, exitGracePeriod: .milliseconds(100)
        ) { _ in }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(logs.messages.contains { $0.hasPrefix("the simulator ended with") })
    }

    @Test func aSimulatorThatDiesFailsItsPendingRequestsAtOnce() async throws {
        try await SimulatorProcess.withConnection(command: "read line; exit 3", logger: CollectedLogs().logger) { connection in
            await #expect(throws: SDLConnectionError.disconnected(method: "ListFiles", reason: "the head unit closed the connection")) {
                try await connection.send(ListFiles())
            }
        }
    }

    @Test func theCommandComesFromTheCallerElseHU_SIMElseBesideTheProgram() {
        #expect(SimulatorCommand.resolve("my-sim --flag") == "my-sim --flag")
        let beside = SimulatorCommand.besideExecutable()
        #expect(beside.hasSuffix("/hu-sim' --clock virtual"))
        #expect(FileManager.default.isExecutableFile(atPath: String(beside.dropFirst().prefix { $0 != "'" })))
        if ProcessInfo.processInfo.environment["HU_SIM"] == nil {
            #expect(SimulatorCommand.resolve() == beside)
        } else {
            #expect(SimulatorCommand.resolve() == ProcessInfo.processInfo.environment["HU_SIM"])
        }
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
