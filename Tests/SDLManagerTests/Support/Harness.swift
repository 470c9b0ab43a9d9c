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

/// A connection to the real `hu-sim` (built beside the tests) on its virtual clock; the
/// connection's timeouts run on a test clock, so only the test's own moves expire them.
/// With `pidFile`, the shell writes its PID there and then becomes hu-sim, so a test can
/// kill exactly the simulator it started.
@discardableResult
func withSimulator<Result: Sendable>(
    arguments: String = "", clock: TestClock<Duration> = TestClock(), timeout: Duration = .seconds(10),
    pidFile: URL? = nil, _ body: (SDLConnection, SimulatorDriver) async throws -> Result
) async throws -> Result {
    let simulator = builtSimulator + " --clock virtual " + arguments
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

/// A manager registered with `hu-sim` and ready, and the simulated user; stopped afterwards.
func withReadyManager(
    arguments: String = "", clock: TestClock<Duration> = TestClock(), files: SDLFileManager.Configuration = .init(),
    pidFile: URL? = nil, _ body: (SDLManager, SimulatorDriver) async throws -> Void
) async throws {
    try await withSimulator(arguments: arguments, clock: clock, pidFile: pidFile) { connection, user in
        let manager = SDLManager(connection: connection, configuration: .test(files: files))
        try await manager.start()
        try await manager.waitUntilReady()
        try await body(manager, user)
        await manager.stop()
    }
}

extension SDLManager.Configuration {
    static func test(files: SDLFileManager.Configuration = .init()) -> Self {
        Self(appName: "Test App", appID: "test-1", files: files, logger: quietLogger)
    }
}

/// Small distinct pictures.
func picture(_ seed: Int, size: Int = 64) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed &* 131) }
}

/// Polls `condition` every millisecond of real time, for up to 5 s; false if it never held.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<5000 {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(1))
    }
    return try await condition()
}

/// Logs only what is worth a test's output.
let quietLogger: Logger = {
    var logger = Logger(label: "test")
    logger.logLevel = .critical
    return logger
}()
