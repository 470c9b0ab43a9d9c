import Clocks
import Foundation
import Logging
import SDLManager
import SDLModel
import SimulatorClient

/// A connection to an in-memory head unit, on a test clock: nothing times out unless the test moves it.
@discardableResult
func withFakeConnection<Result: Sendable>(
    _ headUnit: FakeHeadUnit, clock: TestClock<Duration> = TestClock(), timeout: Duration = .seconds(10),
    _ body: (SDLConnection) async throws -> Result
) async throws -> Result {
    try await SDLConnection.withConnection(
        reading: headUnit.output, writingTo: headUnit.sink,
        configuration: SDLConnection.Configuration(defaultTimeout: timeout, clock: clock, logger: quietLogger), body)
}

/// A started manager (not necessarily ready) on an in-memory head unit; stopped afterwards.
func withFakeManager(
    _ headUnit: FakeHeadUnit = FakeHeadUnit(), clock: TestClock<Duration> = TestClock(),
    files: SDLFileManager.Configuration = .init(), waitUntilReady: Bool = true,
    _ body: (SDLManager) async throws -> Void
) async throws {
    try await withFakeConnection(headUnit, clock: clock) { connection in
        let manager = SDLManager(connection: connection, configuration: .test(files: files))
        try await manager.start()
        if waitUntilReady { try await manager.waitUntilReady() }
        try await body(manager)
        await manager.stop()
    }
}

/// A connection to hu-sim's engine running in the test process (`InProcessSimulator`), on
/// its virtual clock, and the simulated driver; the connection's timeouts run on a test
/// clock, so only the test's own moves expire them.
@discardableResult
func withSimulator<Result: Sendable>(
    _ settings: SimulatorSettings = SimulatorSettings(), clock: TestClock<Duration> = TestClock(), timeout: Duration = .seconds(10),
    _ body: (SDLConnection, SimulatorDriver) async throws -> Result
) async throws -> Result {
    try await withInProcessSimulator(settings, clock: clock, timeout: timeout) { connection, simulator in
        try await body(connection, simulator.driver(behind: connection))
    }
}

/// The same, handing the test the simulator itself (to kill it).
@discardableResult
func withInProcessSimulator<Result: Sendable>(
    _ settings: SimulatorSettings = SimulatorSettings(), clock: TestClock<Duration> = TestClock(), timeout: Duration = .seconds(10),
    _ body: (SDLConnection, InProcessSimulator) async throws -> Result
) async throws -> Result {
    let simulator = InProcessSimulator(settings)
    return try await SDLConnection.withConnection(
        reading: simulator.output, writingTo: simulator.input,
        configuration: SDLConnection.Configuration(defaultTimeout: timeout, clock: clock, logger: quietLogger)
    ) { connection in
        try await body(connection, simulator)
    }
}

/// A manager registered with the in-process simulator and ready, and the simulated driver; stopped afterwards.
func withReadyManager(
    _ settings: SimulatorSettings = SimulatorSettings(), clock: TestClock<Duration> = TestClock(),
    files: SDLFileManager.Configuration = .init(), _ body: (SDLManager, SimulatorDriver) async throws -> Void
) async throws {
    try await withReadyManager(settings, clock: clock, files: files) { manager, user, _ in try await body(manager, user) }
}

/// The same, handing the test the simulator too (what the app sent it, `requests(_:)`).
func withReadyManager(
    _ settings: SimulatorSettings = SimulatorSettings(), clock: TestClock<Duration> = TestClock(),
    files: SDLFileManager.Configuration = .init(), _ body: (SDLManager, SimulatorDriver, InProcessSimulator) async throws -> Void
) async throws {
    try await withInProcessSimulator(settings, clock: clock) { connection, simulator in
        let manager = try await readyManager(on: connection, files: files)
        try await body(manager, simulator.driver(behind: connection), simulator)
        await manager.stop()
    }
}

/// A manager on `connection`, started and ready.
func readyManager(on connection: SDLConnection, files: SDLFileManager.Configuration = .init()) async throws -> SDLManager {
    let manager = SDLManager(connection: connection, configuration: .test(files: files))
    try await manager.start()
    try await manager.waitUntilReady()
    return manager
}

// MARK: The real process, over pipes

/// A connection to the real `hu-sim` (built beside the tests) on its virtual clock, over
/// its stdin and stdout: for the tests that prove the process and the pipes (their names
/// are in docs/manager.md). With `pidFile`, the shell writes its PID there and then
/// becomes hu-sim, so a test can kill exactly the simulator it started.
@discardableResult
func withSimulatorProcess<Result: Sendable>(
    _ settings: SimulatorSettings = SimulatorSettings(), clock: TestClock<Duration> = TestClock(), timeout: Duration = .seconds(10),
    pidFile: URL? = nil, _ body: (SDLConnection, SimulatorDriver) async throws -> Result
) async throws -> Result {
    let simulator = SimulatorCommand(builtSimulator).appending(SimulatorCommand.virtualClock + settings.arguments)
    return try await SimulatorProcess.withConnection(
        command: pidFile.map { "echo $$ > '\($0.path)'; exec " + simulator } ?? simulator, arguments: [],
        configuration: SDLConnection.Configuration(defaultTimeout: timeout, clock: clock, logger: quietLogger),
        logger: quietLogger
    ) { connection in
        try await body(connection, SimulatorDriver(connection))
    }
}

/// The `hu-sim` built beside the tests, whatever `HU_SIM` says; a command that fails with
/// `SimulatorDidNotStart` when it was not built.
let builtSimulator = SimulatorCommand.besideExecutable?.shellCommand ?? "hu-sim-was-not-built"

extension SDLManager.Configuration {
    static func test(files: SDLFileManager.Configuration = .init()) -> Self {
        Self(appName: "Test App", appID: "test-1", files: files, logger: quietLogger)
    }
}

/// Small distinct pictures.
func picture(_ seed: Int, size: Int = 64) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed &* 131) }
}

/// Logs only what is worth a test's output.
let quietLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return logger
}()
