import JSONCodec
import SDLModel

/// How the engine's clock moves.
public enum EngineClock: String, Sendable, CaseIterable {
    /// Only `Sim.AdvanceTime` moves time (tests, fixtures): every run is the same.
    case virtual
    /// The host moves time with the wall clock through `advanceClock(to:)`.
    case real
}

public struct EngineConfiguration: Sendable {
    public var profile: Profile
    public var clock: EngineClock
    /// Bring a newly registered app to FULL (else it stays in NONE).
    public var autoActivate: Bool
    /// Upload space per app, in bytes.
    public var quotaBytes: Int

    public init(profile: Profile = .full, clock: EngineClock = .virtual, autoActivate: Bool = true, quotaBytes: Int = 100 << 20) {
        self.profile = profile
        self.clock = clock
        self.autoActivate = autoActivate
        self.quotaBytes = quotaBytes
    }
}

/// The head unit: SDL Core's checks, the HMI's behaviour and the simulated driver, as a
/// deterministic state machine. Calls and clock ticks go in; answers and notifications
/// come out through `drainOutput`. It reads no clock and does no I/O of its own: files go
/// through the `FileStore` it is given.
///
/// Each RPC's checks and behaviour live in their own file under `RPCs/`, in SDL's order.
public final class HeadUnitEngine {
    public let configuration: EngineConfiguration
    var profile: Profile { configuration.profile }
    /// The SDL version the head unit implements.
    let profileVersion: SpecVersion

    /// Milliseconds on the engine's clock.
    public private(set) var now: Int64 = 0
    var timers = TimerQueue()
    var faults = FaultTable()
    private var outbox: [EngineOutput] = []
    private let routes: [String: Route]
    /// The policy Core tells an app of: every SDL RPC served, with the HMI levels it is allowed in.
    public let permissions: OnPermissionsChange

    // The app and what the HMI shows of it.
    var app: RegisteredApp?
    /// The peer the app registered from: its notifications go there, and its disconnect ends it.
    var appPeer: PeerID?
    var choiceSets = ChoiceSetTable()
    var interaction: ActiveInteraction?
    var keyboard = KeyboardState()
    var files: AppFiles
    /// Apps whose icon the HMI accepted: Core keeps a copy of it and reports `iconResumed`
    /// when the app registers again (SDL-RULES §10).
    var appsWithIcons: Set<String> = []
    /// What the HMI keeps of the app's SetGlobalProperties (keyboard properties apart, in `keyboard`).
    var globalProperties = SetGlobalProperties()
    /// GetSystemCapability's answer for DISPLAYS: the profile's, the same every time, so
    /// built and serialized once.
    lazy var displaysAnswer = SDLResult(SDLResponse(.success, parameters: GetSystemCapability.Response(profile.displays))).serializedOnce()

    public init(configuration: EngineConfiguration = EngineConfiguration(), store: any FileStore = MemoryFileStore()) {
        self.configuration = configuration
        self.files = AppFiles(store: store, quotaBytes: configuration.quotaBytes)
        profileVersion = SpecVersion(configuration.profile.sdlVersion)
        outbox.reserveCapacity(8)
        (routes, permissions) = Self.makeRoutes()
    }

    // MARK: Input

    /// Handles one request or notification from a peer.
    public func handle(_ call: EngineCall) {
        guard let route = routes[call.method] else {
            if let token = call.replyTo { outbox.append(.answer(token, .unknownMethod(call.method))) }
            return
        }
        route.handle(self, call)
    }

    /// Moves the clock to `time`, firing every timer due by then, in order.
    public func advanceClock(to time: Int64) {
        while let (deadline, action) = timers.popDue(at: time) {
            now = max(now, deadline)
            action(self)
        }
        now = max(now, time)
    }

    /// When the next timer is due, on the engine's clock.
    public var nextDeadline: Int64? { timers.nextDeadline }

    /// `peer` is gone (end of input, a closed connection, or the simulator is stopping):
    /// if the app registered from it, the app's session ends as a disconnect ends it.
    public func disconnect(_ peer: PeerID) {
        guard appPeer == peer else { return }
        endAppSession()
    }

    /// The registered app's uploaded file called `name` (its artwork, say), looked up by
    /// that name among the app's files only; nil when it has none.
    public func uploadedFile(named name: String) -> (bytes: [UInt8], fileType: FileType)? {
        files.contents(of: name)
    }

    /// Whether an app is registered, and from which peer.
    public var registeredAppPeer: PeerID? { app == nil ? nil : appPeer }

    /// Hands over the messages produced since the last call, oldest first.
    public func drainOutput(_ body: (EngineOutput) -> Void) {
        guard !outbox.isEmpty else { return }
        for message in outbox { body(message) }
        outbox.removeAll(keepingCapacity: true)
    }

    // MARK: Output

    func answer<P: SDLStruct>(_ token: ReplyToken?, _ response: SDLResponse<P>) {
        guard let token else { return }
        outbox.append(.answer(token, .result(SDLResult(response))))
    }

    func answer(_ address: ReplyToken?, _ code: ResultCode, success: Bool? = nil, info: String? = nil) {
        answer(address, SDLResponse<NoParameters>(code, success: success, info: info))
    }

    func answer(_ address: ReplyToken?, _ hmi: HMIAnswer, success: Bool? = nil) {
        answer(address, hmi.code, success: success ?? hmi.code.isSuccessFromHMI, info: hmi.info)
    }

    func answer(_ token: ReplyToken?, _ result: SDLResult) {
        guard let token else { return }
        outbox.append(.answer(token, .result(result)))
    }

    /// A `drop` fault: the request will never be answered.
    func dropAnswer(_ token: ReplyToken?) {
        guard let token else { return }
        outbox.append(.answer(token, .dropped))
    }

    /// Sends `notification` to the app's peer (the last one to register, once the app is gone).
    func notify<N: SDLNotification>(_ notification: N) {
        guard let appPeer else { return }
        outbox.append(.notification(appPeer, SDLNotificationMessage(notification)))
    }

    // MARK: Waiting for the HMI

    /// Core has passed its own checks and now waits for the HMI's answer to `method`.
    ///
    /// The simulated HMI answers at once with what `hmi` says, unless a fault injected for
    /// `method` replaces that answer, holds it back (`delayMs`: a delay longer than Core's
    /// `wait` ends with Core's GENERIC_ERROR instead), or drops it (nothing ever happens).
    /// `complete` applies Core's rules to the answer, when it comes.
    func awaitHMI(
        _ method: String, reply: ReplyToken?, component: String = "UI", wait: Int = HeadUnitEngine.coreWaitMs,
        hmi: @escaping (HeadUnitEngine) -> HMIAnswer,
        complete: @escaping (HeadUnitEngine, HMIAnswer) -> Void
    ) {
        guard let fault = faults.take(for: method) else {
            complete(self, hmi(self))
            return
        }
        if fault.drop { return dropAnswer(reply) }
        let injected = fault.resultCode.map { HMIAnswer(code: $0, info: fault.info) }
        guard let delay = fault.delayMs, delay > 0 else {
            complete(self, injected ?? hmi(self))
            return
        }
        timers.schedule(at: now + Int64(min(delay, wait)), answering: reply, holding: method) { engine in
            let answer = delay > wait ? HMIAnswer.noResponse(from: component) : injected ?? hmi(engine)
            complete(engine, answer)
        }
    }

    /// Core answers `method` alone (no HMI): an injected fault is the answer and nothing
    /// changes; a delay-only fault holds the normal answer back. Returns false when the
    /// request is taken by a fault and must not run.
    func passCoreOnlyFault(_ method: String, _ reply: ReplyToken?, run: @escaping (HeadUnitEngine, ReplyToken?) -> Void) -> Bool {
        guard let fault = faults.take(for: method) else { return true }
        if fault.drop {
            dropAnswer(reply)
            return false
        }
        let delay = Int64(fault.delayMs ?? 0)
        let action: (HeadUnitEngine) -> Void = { engine in
            if let code = fault.resultCode {
                engine.answer(reply, HMIAnswer(code: code, info: fault.info))
            } else {
                run(engine, reply)
            }
        }
        if delay > 0 { timers.schedule(at: now + delay, answering: reply, holding: method, action) } else { action(self) }
        return false
    }

    /// Core's wait for an HMI answer: DefaultTimeout + DefaultTimeoutCompensation.
    static let coreWaitMs = 11000
}

/// The registered app, as Core and the HMI know it.
struct RegisteredApp {
    let request: RegisterAppInterface
    var hmiLevel = HMILevel.none
    var audioStreamingState = AudioStreamingState.notAudible
    var systemContext = SystemContext.main
    /// PutFile/ListFiles/DeleteFile calls counted against the HMI-NONE limits (SDL-RULES §9–10).
    var putFilesInNone = 0
    var listFilesInNone = 0
    var deleteFilesInNone = 0
    /// The SDL version the app and the head unit share: the app's requests are read for it.
    let version: SpecVersion
}
