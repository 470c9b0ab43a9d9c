import HeadUnit
import JSONCodec
import JSONRPC
import SDLManager
import SimulatorClient
import SimulatorHost
import Synchronization

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
/// share the app's connection, and each is answered before its call returns. It acts on a
/// settled head unit (`settle`): once the app and the simulator have nothing more for each
/// other without the clocks moving, as a person acts on what the screen shows.
///
/// The one place the tests know the engine's API: `HeadUnitEngine`, `EngineHost`,
/// `SimulatorSession`.
actor InProcessSimulator {
    /// What the session writes for the app, one chunk per input that caused it.
    nonisolated let output = SessionOutput()
    private let app: SimulatorSession
    private let driver: DriverPeer
    private var isKilled = false
    /// Bytes the app has written, and chunks written for it: what moves while it is not settled.
    private var traffic = (received: 0, sent: 0)
    /// Everything the app wrote, read as requests only when a test asks (`requests(_:)`).
    private var written: [UInt8] = []

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
        let app = SimulatorSession(host: host)
        // A long batch's answers go out as they are written, as hu-sim's stdout does.
        app.drain = { [output] bytes in
            output.yield(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        self.app = app
        self.driver = DriverPeer(host: host)
    }

    /// Where the app's connection writes: the session's input.
    nonisolated var input: some ByteSink { AppInput(simulator: self) }

    /// The simulated driver of the app on `connection`, acting on a settled head unit.
    nonisolated func driver(behind connection: SDLConnection) -> SimulatorDriver {
        SimulatorDriver(channel: DriverChannel(simulator: self, connection: connection))
    }

    /// Returns once the app on `connection` and the simulator have nothing more for each
    /// other without the clocks moving, round after round until two rounds move nothing. A
    /// round: a hop into the domain behind the work queued there, which hands over what that
    /// work wrote (`flushed`); those bytes read here and answered; the answers read there and
    /// dispatched (the reader waits for more), which queues the work they wake before the
    /// next round's hop.
    nonisolated func settle(_ connection: SDLConnection) async {
        var last = await traffic
        var quietRounds = 0
        for _ in 0..<1000 where quietRounds < 2 {
            await connection.flushed()
            await output.readerIsWaiting()
            // An ended output closes the connection once the reader has taken the end.
            if output.hasEnded {
                let deadline = ContinuousClock.now + patience
                while await !connection.isClosed, ContinuousClock.now < deadline { await Task.yield() }
            }
            let now = await traffic
            quietRounds = now == last ? quietRounds + 1 : 0
            last = now
        }
    }

    /// Ends as a killed hu-sim does: its output ends, writing to it fails, the driver's calls too.
    func kill() {
        isKilled = true
        output.finish()
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

    /// The parameters of every request of `method` the app sent, in order.
    func requests(_ method: String) -> [JSONObject] {
        var framer = LineFramer(maximumLineBytes: written.count + 1)
        var found: [JSONObject] = []
        let keep = { (line: LineFramer.Line) in
            guard case .text(let bytes) = line, let json = try? JSON.parse(bytes) else { return }
            for message in json.arrayValue ?? [json] {
                if case .call(method, let params, _) = IncomingMessage(message) { found.append(params) }
            }
        }
        written.withUnsafeBytes { framer.feed($0, keep) }
        framer.finish(keep)
        return found
    }

    fileprivate func receive(_ bytes: [UInt8]) throws {
        guard !isKilled else { throw Killed() }
        traffic.received += bytes.count
        written += bytes
        app.receive(bytes)
        flush()
    }

    fileprivate func endOfInput() {
        guard !isKilled else { return }
        app.endOfInput()
        flush()
        output.finish()
    }

    private func flush() {
        guard !app.output.isEmpty else { return }
        traffic.sent += 1
        output.yield(app.output)
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
        await simulator.settle(connection)
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
        host.attach(self, as: id, door: nil)
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

/// The session's output as the app's connection reads it: chunks in order, and whether the
/// reader has taken them all and waits for more (then every chunk it took is dispatched).
final class SessionOutput: AsyncSequence, Sendable {
    private struct State {
        var chunks: [[UInt8]] = []
        var isFinished = false
        /// The reader has been handed the end.
        var endTaken = false
        var reader: CheckedContinuation<[UInt8]?, Never>?
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var taken = 0
    }

    private let state = Mutex(State())

    /// How many chunks the reader has taken: each, a time the app's connection entered the
    /// manager's domain with what the head unit said.
    var chunksTaken: Int { state.withLock { $0.taken } }

    /// Whether the output has ended (the session's input ended, or the simulator was killed).
    var hasEnded: Bool { state.withLock { $0.isFinished } }

    func yield(_ chunk: [UInt8]) {
        let reader = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
            guard !state.isFinished else { return nil }
            guard let reader = state.reader else {
                state.chunks.append(chunk)
                return nil
            }
            state.reader = nil
            state.taken += 1
            return reader
        }
        reader?.resume(returning: chunk)
    }

    func finish() {
        typealias Waiting = (reader: CheckedContinuation<[UInt8]?, Never>, idle: [CheckedContinuation<Void, Never>])
        let waiting = state.withLock { state -> Waiting? in
            state.isFinished = true
            guard let reader = state.reader else { return nil }
            state.endTaken = true
            defer {
                state.reader = nil
                state.idleWaiters = []
            }
            return (reader, state.idleWaiters)
        }
        guard let waiting else { return }
        waiting.reader.resume(returning: nil)
        for waiter in waiting.idle { waiter.resume() }
    }

    /// Returns once the reader waits for a chunk with none left, or has taken the end.
    func readerIsWaiting() async {
        await withCheckedContinuation { waiter in
            let now = state.withLock { state -> Bool in
                if state.endTaken || (state.reader != nil && !state.isFinished) { return true }
                state.idleWaiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    private func next() async -> [UInt8]? {
        await withCheckedContinuation { reader in
            enum Next {
                case chunk([UInt8])
                /// Nothing now: the reader waits, or at the end is handed nil; who waits for that is told.
                case wait([CheckedContinuation<Void, Never>], end: Bool)
            }
            let next = state.withLock { state -> Next in
                if !state.chunks.isEmpty {
                    state.taken += 1
                    return .chunk(state.chunks.removeFirst())
                }
                if state.isFinished {
                    state.endTaken = true
                    defer { state.idleWaiters = [] }
                    return .wait(state.idleWaiters, end: true)
                }
                state.reader = reader
                defer { state.idleWaiters = [] }
                return .wait(state.idleWaiters, end: false)
            }
            switch next {
            case .chunk(let chunk): reader.resume(returning: chunk)
            case .wait(let waiters, let end):
                if end { reader.resume(returning: nil) }
                for waiter in waiters { waiter.resume() }
            }
        }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let output: SessionOutput
        mutating func next() async -> [UInt8]? { await output.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(output: self) }
}
