import HeadUnit
import JSONCodec
import SDLModel
import SDLProtocol

/// An app's connection over SDL's own protocol, with no I/O of its own: bytes in, bytes out.
/// It carries one session or several (each StartService with session ID 0 opens another, as
/// SDL's protocol and Core allow: ATF runs several apps on one connection so), and each
/// session is an app of its own on the engine: an `SDLSession`, a peer of its own, mapping
/// each RPC request (function ID, correlation ID, JSON, bulk data) to an `EngineCall` and the
/// engine's answers and notifications to RPC messages.
///
/// Function IDs come from MOBILE_API.xml: one the simulator does not serve is answered
/// UNSUPPORTED_REQUEST under its own ID; one not in the API at all, GenericResponse with
/// INVALID_DATA (as Core does). After a successful RegisterAppInterface the app is told its
/// permissions (OnPermissionsChange), as Core's policy manager tells it.
public final class SDLAppSession {
    public let host: EngineHost
    private let configuration: ProtocolConnection.Configuration
    private var reader: FrameReader
    /// The sessions, first the one the connection opened with; a session that ends stays,
    /// and takes the next start.
    private var sessions: [SDLSession] = []
    private var readerFailure: String?
    /// Lines for the simulator's log: what the app got wrong, and how the session went.
    public var log: (String) -> Void = { _ in }
    /// `--trace`: every RPC message either way, and what the log is told, as from `name`.
    public var trace: WireTrace?
    /// The app's address, as the trace names it (a later session's name adds its ID).
    public var name = ""

    /// Bytes to write to the app, every session's, in order. The host empties it.
    public var output: [UInt8] = []

    public init(host: EngineHost, configuration: ProtocolConnection.Configuration = .init()) {
        self.host = host
        self.configuration = configuration
        reader = FrameReader(maximumDataSize: configuration.mtu)
        sessions = [SDLSession(connection: self, sessionID: configuration.sessionID)]
    }

    /// The engine's peer of the connection's first session.
    public var peer: PeerID { sessions[0].peer }

    /// Set when the byte stream cannot go on: the host writes what is left and closes.
    public var closeReason: String? { readerFailure ?? sessions.lazy.compactMap(\.protocolState.closeReason).first }

    /// Whether an RPC service is started on this connection.
    public var isRPCServiceStarted: Bool { sessions.contains { $0.protocolState.isRPCServiceStarted } }

    /// Reads the next bytes from the app, handing each session the frames that name it.
    public func receive(_ bytes: some Collection<UInt8>) {
        guard closeReason == nil else { return }
        var frames: [Frame] = []
        do {
            try reader.feed(bytes) { frames.append($0) }
        } catch {
            readerFailure = "\(error)"
        }
        for frame in frames where closeReason == nil {
            session(for: frame).receive(frame)
        }
        if let reason = closeReason { sessions[0].note("closing the connection: \(reason)") }
    }

    /// The session a frame goes to: the one its session ID names; a StartService of the RPC
    /// service naming none opens the first session not started, else a new one (a new
    /// session ID); any other frame naming no session goes to the first, which says what is
    /// wrong with it.
    private func session(for frame: Frame) -> SDLSession {
        let header = frame.header
        if let named = sessions.first(where: { $0.sessionID == header.sessionID }) { return named }
        let isStart = header.frameType == .control && header.frameInfo == ControlFrameInfo.startService.rawValue
            && header.serviceType == ServiceType.rpc
        guard isStart else { return sessions[0] }
        if let idle = sessions.first(where: { !$0.protocolState.isRPCServiceStarted }) { return idle }
        let used = Set(sessions.map(\.sessionID))
        guard let free = (UInt8(1)...UInt8.max).first(where: { !used.contains($0) }) else { return sessions[0] }
        let session = SDLSession(connection: self, sessionID: free)
        sessions.append(session)
        return session
    }

    /// The connection ended (closed by the app, or closed here): each session's app, if one
    /// registered, is gone as a disconnect ends it.
    public func endOfInput() {
        let unfinished = reader.pendingByteCount + sessions.reduce(0) { $0 + $1.protocolState.unfinishedByteCount }
        if unfinished > 0 {
            sessions[0].note("the connection ended in the middle of a message (\(unfinished) bytes of it received); dropped")
        }
        for session in sessions { host.detach(session.peer) }
    }

    /// The simulator is stopping: each session's app is told it is unregistered (IGNITION_OFF)
    /// and its RPC service ends, before the connection closes.
    public func shutdown() {
        for session in sessions { session.shutdown() }
    }

    /// What a session wrote, after anything it wrote before: one stream for the connection.
    fileprivate func take(_ written: inout [UInt8]) {
        guard !written.isEmpty else { return }
        output += written
        written.removeAll(keepingCapacity: true)
    }
}

/// One session of an SDL connection: one app, a peer of its own on the engine.
final class SDLSession: EnginePeer {
    unowned let connection: SDLAppSession
    let sessionID: UInt8
    let peer: PeerID
    private(set) var protocolState: ProtocolConnection
    private var host: EngineHost { connection.host }

    init(connection: SDLAppSession, sessionID: UInt8) {
        self.connection = connection
        self.sessionID = sessionID
        protocolState = ProtocolConnection(configuration: connection.sessionConfiguration(sessionID))
        peer = connection.host.newPeerID()
        connection.host.attach(self, as: peer, door: .sdl)
    }

    /// As the log and the trace name it: the connection's address, with the session's ID
    /// after the first.
    private var name: String { sessionID == connection.firstSessionID ? connection.name : "\(connection.name) session \(sessionID)" }

    func receive(_ frame: Frame) {
        let events = protocolState.receive(frames: [frame])
        connection.take(&protocolState.output)
        for event in events {
            switch event {
            case .serviceStarted(let version): note("RPC service started (protocol \(version), MTU \(protocolState.configuration.mtu))")
            case .rpc(let message): handle(message)
            case .serviceEnded:
                note("the app ended its RPC service")
                host.disconnect(peer)
            case .problem(let text): note(text)
            }
        }
    }

    /// The app registered from this session, as the trace names it.
    private var tracedAppID: String? { host.engine.appID(registeredFrom: peer) }

    /// A line for the log, and the trace.
    func note(_ text: String) {
        connection.log(text)
        connection.trace?.event(text, app: name, appID: tracedAppID)
    }

    func shutdown() {
        guard protocolState.isRPCServiceStarted else { return }
        if host.engine.hasApp(registeredFrom: peer) {
            send(SDLNotificationMessage(OnAppInterfaceUnregistered(.ignitionOff)))
        }
        protocolState.endService()
        connection.take(&protocolState.output)
    }

    // MARK: From the app

    private func handle(_ message: RPCMessage) {
        connection.trace?.message(.in, message, app: name, appID: tracedAppID)
        guard message.kind == .request else {
            return note("the app sent a \(message.kind) (function ID \(message.functionID)); only requests are served, so it is ignored")
        }
        let functionID = Int(message.functionID)
        guard let method = FunctionID.name(of: functionID), functionID != FunctionID.genericResponse else {
            return respond(
                to: message, functionID: FunctionID.genericResponse,
                SDLResult(.invalidData, info: "Function ID \(functionID) is not in the mobile API (MOBILE_API.xml 8.0).", parameters: [:]))
        }
        let params: JSONObject
        do {
            let json = message.json.isEmpty ? JSON.object([:]) : try JSON.parse(message.json)
            guard let object = json.objectValue else {
                return respond(to: message, SDLResult(.invalidData, info: "The JSON part must be an object of parameters.", parameters: [:]))
            }
            params = object
        } catch {
            return respond(to: message, SDLResult(.invalidData, info: "The JSON part is not valid JSON: \(error.message)", parameters: [:]))
        }
        host.call(
            EngineCall(
                method: method, params: params, bulkData: message.bulkData.isEmpty ? nil : message.bulkData, peer: peer,
                replyNumber: UInt64(message.functionID) << 32 | UInt64(message.correlationID)),
            from: self)
    }

    private func respond(to request: RPCMessage, functionID: Int? = nil, _ result: SDLResult) {
        send(
            RPCMessage(
                kind: .response, functionID: UInt32(functionID ?? Int(request.functionID)), correlationID: request.correlationID,
                json: JSON.object(result.json).serialized))
    }

    private func send(_ message: RPCMessage) {
        connection.trace?.message(.out, message, app: name, appID: tracedAppID)
        protocolState.send(message)
        connection.take(&protocolState.output)
    }

    // MARK: EnginePeer

    func deliver(_ answer: EngineAnswer, to number: UInt64) {
        let functionID = UInt32(truncatingIfNeeded: number >> 32)
        let correlationID = UInt32(truncatingIfNeeded: number)
        let request = RPCMessage(kind: .request, functionID: functionID, correlationID: correlationID, json: [])
        switch answer {
        case .result(let result):
            respond(to: request, result)
            if Int(functionID) == RegisterAppInterface.functionID, result.success {
                send(SDLNotificationMessage(host.engine.permissions))
            }
        case .unknownMethod(let name):
            respond(to: request, SDLResult(.unsupportedRequest, info: "hu-sim does not serve \(name).", parameters: [:]))
        case .dropped:
            break
        }
    }

    func deliver(_ notification: SDLNotificationMessage) {
        send(notification)
    }

    private func send(_ notification: SDLNotificationMessage) {
        send(
            RPCMessage(
                kind: .notification, functionID: UInt32(notification.functionID), correlationID: 0,
                json: JSON.object(notification.parameters).serialized))
    }
}

extension SDLAppSession {
    /// The session ID the connection's first session takes.
    fileprivate var firstSessionID: UInt8 { configuration.sessionID }

    /// A session's own protocol state: the connection's settings, its own session ID.
    fileprivate func sessionConfiguration(_ sessionID: UInt8) -> ProtocolConnection.Configuration {
        var own = configuration
        own.sessionID = sessionID
        return own
    }
}
