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
    /// How many apps may be registered at once; one more gets TOO_MANY_APPLICATIONS.
    public var maxApps: Int

    public static let defaultMaxApps = 8

    public init(
        profile: Profile = .full, clock: EngineClock = .virtual, autoActivate: Bool = true, quotaBytes: Int = 100 << 20,
        maxApps: Int = EngineConfiguration.defaultMaxApps
    ) {
        self.profile = profile
        self.clock = clock
        self.autoActivate = autoActivate
        self.quotaBytes = quotaBytes
        self.maxApps = maxApps
    }
}

/// The head unit: SDL Core's checks, the HMI's behaviour and the simulated driver, as a
/// deterministic state machine. Calls and clock ticks go in; answers and notifications
/// come out through `drainOutput`. It reads no clock and does no I/O of its own: files go
/// through the `FileStore` it is given.
///
/// It holds several apps (`RegisteredApp`), each registered from a peer of its own (stdin,
/// a session of an SDL connection) or simulated; a call acts on the app its peer
/// registered. Each RPC's checks and behaviour live in their own file under `RPCs/`, in
/// SDL's order; the HMI levels move by `StateController`'s rules.
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

    /// The apps registered now, oldest first.
    private(set) var apps: [RegisteredApp] = []
    /// The app each peer registered: one per peer (stdin, or one session of a connection).
    private var appsByPeer: [PeerID: RegisteredApp] = [:]
    /// What each peer is, as its host said when it came (`admit`); JSON-RPC lines unless told.
    private var doors: [PeerID: AppDoor] = [:]
    private var lastHandle = 0
    /// Where the apps' files go; each app opens its own folder in it.
    let store: any FileStore
    /// Apps whose icon the HMI accepted: Core keeps a copy of it and reports `iconResumed`
    /// when the app registers again (SDL-RULES §10).
    var appsWithIcons: Set<String> = []
    /// GetSystemCapability's answer for DISPLAYS: the profile's, the same every time, so
    /// built and serialized once.
    lazy var displaysAnswer = SDLResult(SDLResponse(.success, parameters: GetSystemCapability.Response(profile.displays))).serializedOnce()

    public init(configuration: EngineConfiguration = EngineConfiguration(), store: any FileStore = MemoryFileStore()) {
        self.configuration = configuration
        self.store = store
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

    /// A new peer, and what it is: an app registered from it is reached through that door.
    public func admit(_ peer: PeerID, door: AppDoor) {
        doors[peer] = door
    }

    /// `peer` is gone (end of input, a closed connection or session, or the simulator is
    /// stopping): the app registered from it ends as a disconnect ends it; other apps go on.
    public func disconnect(_ peer: PeerID) {
        if let app = appsByPeer[peer] { endAppSession(app) }
        timers.removeAll(answering: peer)
    }

    /// The uploaded file called `name` (its artwork, say) of the app the head unit shows
    /// (`state`), looked up by that name among that app's files only; nil when it has none.
    public func uploadedFile(named name: String) -> (bytes: [UInt8], fileType: FileType)? {
        app?.files.contents(of: name)
    }

    /// The peer of the app the head unit shows (`state`), if that app has one.
    public var registeredAppPeer: PeerID? { app?.peer }

    /// Whether an app is registered from `peer`.
    public func hasApp(registeredFrom peer: PeerID) -> Bool { appsByPeer[peer] != nil }

    /// The appID of the app registered from `peer`, if one is.
    public func appID(registeredFrom peer: PeerID) -> String? { appsByPeer[peer]?.appID }

    /// The app registered from `peer`, if one is: the app its SDL requests act on.
    func app(registeredFrom peer: PeerID) -> RegisteredApp? { appsByPeer[peer] }

    /// The app registered with `appID` (compared as Core compares policy IDs, ignoring case).
    func app(withID appID: String) -> RegisteredApp? {
        apps.first { $0.appID == appID } ?? apps.first { $0.appID.lowercased() == appID.lowercased() }
    }

    /// The app the head unit shows first (`Sim.GetState`'s top level, the fronts' screen, the
    /// default of `User.Activate`): the app registered over stdin; else the app of the peer
    /// that came first (a test's own connection, opened before its others); else the app in FULL.
    var app: RegisteredApp? {
        if let stdio = apps.first(where: { $0.door == .stdio }) { return stdio }
        let driven = apps.filter { $0.peer != nil }
        if let first = driven.min(by: { $0.peer!.rawValue < $1.peer!.rawValue }) { return first }
        return apps.first { $0.hmiLevel == .full }
    }

    /// The app whose interaction is on screen, if one is (at most one app's is).
    var appOnScreen: RegisteredApp? { apps.first { $0.interaction != nil } }

    /// What the door of `peer` is, as its host said.
    func door(of peer: PeerID) -> AppDoor { doors[peer] ?? .stdio }

    // MARK: The apps' registry

    /// Adds a newly registered app; `peer` nil for a simulated one.
    func addApp(_ request: RegisterAppInterface, version: SpecVersion, from peer: PeerID?) -> RegisteredApp {
        lastHandle += 1
        let app = RegisteredApp(
            handle: AppHandle(rawValue: lastHandle), request: request, version: version, peer: peer,
            door: peer.map(door(of:)) ?? .simulated, files: AppFiles(store: store, quotaBytes: configuration.quotaBytes))
        app.files.open(appID: app.policyID)
        apps.append(app)
        if let peer { appsByPeer[peer] = app }
        return app
    }

    /// Forgets an app whose session has ended.
    func removeApp(_ app: RegisteredApp) {
        apps.removeAll { $0 === app }
        if let peer = app.peer, appsByPeer[peer] === app { appsByPeer[peer] = nil }
    }

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

    /// Sends `notification` to `app`, through the peer it registered from (a simulated app gets nothing).
    func notify<N: SDLNotification>(_ notification: N, to app: RegisteredApp) {
        guard let peer = app.peer else { return }
        outbox.append(.notification(peer, SDLNotificationMessage(notification)))
    }

    // MARK: Waiting for the HMI

    /// Core has passed its own checks of `app`'s request and now waits for the HMI's answer to `method`.
    ///
    /// The simulated HMI answers at once with what `hmi` says, unless a fault injected for
    /// `method` replaces that answer, holds it back (`delayMs`: a delay longer than Core's
    /// `wait` ends with Core's GENERIC_ERROR instead), or drops it (nothing ever happens).
    /// `complete` applies Core's rules to the answer, when it comes.
    func awaitHMI(
        _ method: String, of app: RegisteredApp, reply: ReplyToken?, component: String = "UI", wait: Int = HeadUnitEngine.coreWaitMs,
        hmi: @escaping (HeadUnitEngine) -> HMIAnswer,
        complete: @escaping (HeadUnitEngine, HMIAnswer) -> Void
    ) {
        guard let fault = faults.take(for: method, appID: app.appID) else {
            complete(self, hmi(self))
            return
        }
        if fault.drop { return dropAnswer(reply) }
        let injected = fault.resultCode.map { HMIAnswer(code: $0, info: fault.info) }
        guard let delay = fault.delayMs, delay > 0 else {
            complete(self, injected ?? hmi(self))
            return
        }
        timers.schedule(at: now + Int64(min(delay, wait)), for: app.handle, answering: reply, holding: method) { engine in
            let answer = delay > wait ? HMIAnswer.noResponse(from: component) : injected ?? hmi(engine)
            complete(engine, answer)
        }
    }

    /// Core answers `method` alone (no HMI): an injected fault is the answer and nothing
    /// changes; a delay-only fault holds the normal answer back. Returns false when the
    /// request is taken by a fault and must not run. `app` is the app asking, nil while it
    /// registers (then `appID` is the one it asks for).
    func passCoreOnlyFault(
        _ method: String, of app: RegisteredApp?, appID: String? = nil, _ reply: ReplyToken?,
        run: @escaping (HeadUnitEngine, ReplyToken?) -> Void
    ) -> Bool {
        guard let fault = faults.take(for: method, appID: app?.appID ?? appID) else { return true }
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
        if delay > 0 {
            timers.schedule(at: now + delay, for: app?.handle, answering: reply, holding: method, action)
        } else {
            action(self)
        }
        return false
    }

    /// Core's wait for an HMI answer: DefaultTimeout + DefaultTimeoutCompensation.
    static let coreWaitMs = 11000
}
