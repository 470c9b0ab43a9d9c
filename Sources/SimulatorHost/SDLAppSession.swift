import HeadUnit
import JSONCodec
import SDLModel
import SDLProtocol

/// An app connected over SDL's own protocol, with no I/O of its own: bytes in, bytes out.
/// It maps each RPC request (function ID, correlation ID, JSON, bulk data) to an
/// `EngineCall` and the engine's answers and notifications to RPC messages, on the same
/// engine as every other peer.
///
/// Function IDs come from MOBILE_API.xml: one the simulator does not serve is answered
/// UNSUPPORTED_REQUEST under its own ID; one not in the API at all, GenericResponse with
/// INVALID_DATA (as Core does). After a successful RegisterAppInterface the app is told its
/// permissions (OnPermissionsChange), as Core's policy manager tells it.
public final class SDLAppSession: EnginePeer {
    public let host: EngineHost
    public let peer: PeerID
    private var connection: ProtocolConnection
    /// Lines for the simulator's log: what the app got wrong, and how the session went.
    public var log: (String) -> Void = { _ in }
    /// `--trace`: every RPC message either way, and what the log is told, as from `name`.
    public var trace: WireTrace?
    /// The app's address, as the trace names it.
    public var name = ""

    public init(host: EngineHost, configuration: ProtocolConnection.Configuration = .init()) {
        self.host = host
        peer = host.newPeerID()
        connection = ProtocolConnection(configuration: configuration)
        host.attach(self, as: peer, door: .sdl)
    }

    /// Bytes to write to the app, in order. The host empties it.
    public var output: [UInt8] {
        get { connection.output }
        set { connection.output = newValue }
    }

    /// Set when the byte stream cannot go on: the host writes what is left and closes.
    public var closeReason: String? { connection.closeReason }

    /// Whether the app has started its RPC service on this connection.
    public var isRPCServiceStarted: Bool { connection.isRPCServiceStarted }

    /// Reads the next bytes from the app.
    public func receive(_ bytes: some Collection<UInt8>) {
        for event in connection.receive(bytes) {
            switch event {
            case .serviceStarted(let version): note("RPC service started (protocol \(version), MTU \(connection.configuration.mtu))")
            case .rpc(let message): handle(message)
            case .serviceEnded:
                note("the app ended its RPC service")
                host.disconnect(peer)
            case .problem(let text): note(text)
            }
        }
        if let reason = connection.closeReason { note("closing the connection: \(reason)") }
    }

    /// The app registered from this session, as the trace names it.
    private var tracedAppID: String? { host.engine.appID(registeredFrom: peer) }

    /// A line for the log, and the trace.
    private func note(_ text: String) {
        log(text)
        trace?.event(text, app: name, appID: tracedAppID)
    }

    /// The connection ended (closed by the app, or closed here): the app, if it registered
    /// here, is gone as a disconnect ends it.
    public func endOfInput() {
        if connection.unfinishedByteCount > 0 {
            note("the connection ended in the middle of a message (\(connection.unfinishedByteCount) bytes of it received); dropped")
        }
        host.detach(peer)
    }

    /// The simulator is stopping: the app is told it is unregistered (IGNITION_OFF) and its
    /// RPC service ends, before the connection closes.
    public func shutdown() {
        if host.engine.hasApp(registeredFrom: peer) {
            send(SDLNotificationMessage(OnAppInterfaceUnregistered(.ignitionOff)))
        }
        connection.endService()
    }

    // MARK: From the app

    private func handle(_ message: RPCMessage) {
        trace?.message(.in, message, app: name, appID: tracedAppID)
        guard message.kind == .request else {
            return note("the app sent a \(message.kind) (function ID \(message.functionID)); only requests are served, so it is ignored")
        }
        let functionID = Int(message.functionID)
        guard let name = FunctionID.name(of: functionID), functionID != FunctionID.genericResponse else {
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
                method: name, params: params, bulkData: message.bulkData.isEmpty ? nil : message.bulkData, peer: peer,
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
        trace?.message(.out, message, app: name, appID: tracedAppID)
        connection.send(message)
    }

    // MARK: EnginePeer

    public func deliver(_ answer: EngineAnswer, to number: UInt64) {
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

    public func deliver(_ notification: SDLNotificationMessage) {
        send(notification)
    }

    private func send(_ notification: SDLNotificationMessage) {
        send(
            RPCMessage(
                kind: .notification, functionID: UInt32(notification.functionID), correlationID: 0,
                json: JSON.object(notification.parameters).serialized))
    }
}
