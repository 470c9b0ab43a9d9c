import HeadUnit
import JSONCodec
import SDLManager
import SimulatorClient
import SimulatorHost

/// The head unit a test runs against: hu-sim's profile, upload quota and whether it
/// activates an app that registers. The same settings start the simulator in the test
/// process (`InProcessSimulator`) or as a process of its own (`arguments`).
struct SimulatorSettings: Sendable {
    /// A built-in profile: "full", "text-only" or "legacy" (SDL 4.5).
    var profile = "full"
    /// Upload space per app, in bytes.
    var quotaBytes = 100 << 20
    /// Brings an app that registers to FULL (hu-sim without `--no-auto-activate`).
    var activatesApps = true

    static let legacy = SimulatorSettings(profile: "legacy")
    static let textOnly = SimulatorSettings(profile: "text-only")
    static let withoutActivation = SimulatorSettings(activatesApps: false)

    static func quota(_ bytes: Int) -> Self { SimulatorSettings(quotaBytes: bytes) }

    /// hu-sim's command-line arguments for these settings (besides `--clock virtual`).
    var arguments: [String] {
        ["--profile", profile] + (quotaBytes == SimulatorSettings().quotaBytes ? [] : ["--quota", "\(quotaBytes)"])
            + (activatesApps ? [] : ["--no-auto-activate"])
    }
}

/// hu-sim's engine and session in the test process, behind the connection the manager
/// already uses (as sourcekit-lsp's tests run its server behind the same connection
/// protocol): what the app writes goes into a `SimulatorSession` as hu-sim's stdin would,
/// what the session writes comes back as hu-sim's stdout would, on the virtual clock. The
/// simulated driver is a peer of its own and calls the engine directly: its requests never
/// share the app's connection, and each is answered before its call returns; it acts once
/// what the app's connection has written has reached the session, as on hu-sim's one stdin.
///
/// The one place the tests know the engine's API: `HeadUnitEngine`, `EngineHost`,
/// `SimulatorSession`.
actor InProcessSimulator {
    /// What the session writes for the app, one chunk per input that caused it.
    nonisolated let output: AsyncStream<[UInt8]>
    private let continuation: AsyncStream<[UInt8]>.Continuation
    private let app: SimulatorSession
    private let driver: DriverPeer
    private var isKilled = false

    /// Why a write reached no simulator: it was killed (`kill()`), as a broken pipe says.
    struct Killed: Error, CustomStringConvertible {
        var description: String { "the simulator is gone" }
    }

    init(_ settings: SimulatorSettings = SimulatorSettings()) {
        // The settings' profile names are hu-sim's built-in ones.
        let profile = Profile.builtIn(named: settings.profile)!
        let engine = HeadUnitEngine(
            configuration: EngineConfiguration(
                profile: profile, clock: .virtual, autoActivate: settings.activatesApps, quotaBytes: settings.quotaBytes))
        let host = EngineHost(engine: engine)
        let (output, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let app = SimulatorSession(host: host)
        // A long batch's answers go out as they are written, as hu-sim's stdout does.
        app.drain = { bytes in
            continuation.yield(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        self.app = app
        self.driver = DriverPeer(host: host)
        self.output = output
        self.continuation = continuation
    }

    /// Where the app's connection writes: the session's input.
    nonisolated var input: some ByteSink { AppInput(simulator: self) }

    /// The simulated driver, acting once everything `connection` has written so far is here.
    nonisolated func driver(behind connection: SDLConnection) -> SimulatorDriver {
        SimulatorDriver(channel: DriverChannel(simulator: self, connection: connection))
    }

    /// Ends as a killed hu-sim does: its output ends, writing to it fails, the driver's calls too.
    func kill() {
        isKilled = true
        continuation.finish()
    }

    /// A request of the simulated driver (or the simulator's controls), answered at once.
    fileprivate func perform(_ method: String, params: JSONObject) throws -> JSON {
        guard !isKilled else { throw Killed() }
        let answer = driver.call(method, params: params)
        // What the driver's action caused for the app (an interaction's answer, notifications).
        flush()
        switch answer {
        case .result(let result)?: return .object(result.json)
        case .unknownMethod?: throw SDLConnectionError.protocolError(method: method, .methodNotFound(method))
        case .dropped?, nil: throw SDLConnectionError.disconnected(method: method, reason: "the simulator did not answer at once")
        }
    }

    fileprivate func receive(_ bytes: [UInt8]) throws {
        guard !isKilled else { throw Killed() }
        app.receive(bytes)
        flush()
    }

    fileprivate func endOfInput() {
        guard !isKilled else { return }
        app.endOfInput()
        flush()
        continuation.finish()
    }

    private func flush() {
        guard !app.output.isEmpty else { return }
        continuation.yield(app.output)
        app.output.removeAll(keepingCapacity: true)
    }

    private struct AppInput: ByteSink {
        let simulator: InProcessSimulator
        func write(_ bytes: [UInt8]) async throws { try await simulator.receive(bytes) }
        func finish() async { await simulator.endOfInput() }
    }
}

private struct DriverChannel: SimulatorChannel {
    let simulator: InProcessSimulator
    let connection: SDLConnection

    func perform(_ method: String, params: JSONObject) async throws -> JSON {
        await connection.flushed()
        return try await simulator.perform(method, params: params)
    }
}

/// The simulated driver's door into the engine: its calls, answered during the call.
private final class DriverPeer: EnginePeer {
    private let host: EngineHost
    private let id: PeerID
    private var number: UInt64 = 0
    private var answer: EngineAnswer?

    init(host: EngineHost) {
        self.host = host
        id = host.newPeerID()
        host.attach(self, as: id)
    }

    func call(_ method: String, params: JSONObject) -> EngineAnswer? {
        number += 1
        answer = nil
        host.call(EngineCall(method: method, params: params, peer: id, replyNumber: number), from: self)
        return answer
    }

    func deliver(_ answer: EngineAnswer, to number: UInt64) {
        if number == self.number { self.answer = answer }
    }

    /// The driver registers no app: nothing is addressed to it.
    func deliver(_ notification: SDLNotificationMessage) {}
}
