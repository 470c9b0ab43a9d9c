import JSONCodec
import SDLModel

// What goes into the engine and what comes out, in SDL's terms. The host that carries them
// (JSON-RPC lines on stdio, SDL frames over TCP) maps them to its wire; the engine knows none.

/// One peer of the engine: a connection, or stdin/stdout. The host numbers them.
public struct PeerID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "peer \(rawValue)" }
}

/// Where the answer to one request goes: its peer, and a number that peer chose for it.
/// The engine only hands it back with the answer, however late.
public struct ReplyToken: Hashable, Sendable {
    public let peer: PeerID
    public let number: UInt64

    public init(peer: PeerID, number: UInt64) {
        self.peer = peer
        self.number = number
    }
}

/// A request (answered to `replyTo`) or a notification (never answered) from a peer.
public struct EngineCall: Sendable {
    /// SDL's function name (`PerformInteraction`), or the simulator's (`User.SelectChoice`).
    public var method: String
    public var params: JSONObject
    /// The binary part of an SDL message (PutFile's bytes), where the wire carries one.
    public var bulkData: [UInt8]?
    public var peer: PeerID
    public var replyTo: ReplyToken?

    public init(method: String, params: JSONObject, bulkData: [UInt8]? = nil, peer: PeerID, replyNumber: UInt64?) {
        self.method = method
        self.params = params
        self.bulkData = bulkData
        self.peer = peer
        self.replyTo = replyNumber.map { ReplyToken(peer: peer, number: $0) }
    }
}

/// An SDL response: `success`, `resultCode`, `info`, and the response's own parameters.
public struct SDLResult: Sendable, Equatable {
    public let success: Bool
    public let resultCode: ResultCode
    public let info: String?
    /// The whole response as SDL writes it: `success`, `resultCode`, `info`, then the
    /// response's own parameters (`choiceID`, `spaceAvailable`, …). Built once, as every
    /// door writes exactly this object.
    public let json: JSONObject
    /// `json`'s compact bytes, for a result built once and sent often (the profile's
    /// capabilities): a door that writes JSON copies them rather than writing `json` again.
    public let serializedJSON: [UInt8]?

    public init<P: SDLStruct>(_ response: SDLResponse<P>) {
        success = response.success
        resultCode = response.resultCode
        info = response.info
        json = response.json.objectValue ?? [:]
        serializedJSON = nil
    }

    /// This result with `serializedJSON` filled in.
    public func serializedOnce() -> SDLResult {
        SDLResult(success: success, resultCode: resultCode, info: info, json: json, serializedJSON: JSON.object(json).serialized)
    }

    /// A response with parameters of no struct of the model (the simulator's own `Sim.*`).
    public init(_ resultCode: ResultCode, info: String? = nil, parameters: JSONObject) {
        let head = SDLResponse<NoParameters>(resultCode, info: info)
        var json = head.json.objectValue ?? [:]
        for member in parameters { json.appendNew(member.key, member.value) }
        self.init(success: head.success, resultCode: resultCode, info: head.info, json: json)
    }

    private init(success: Bool, resultCode: ResultCode, info: String?, json: JSONObject, serializedJSON: [UInt8]? = nil) {
        self.success = success
        self.resultCode = resultCode
        self.info = info
        self.json = json
        self.serializedJSON = serializedJSON
    }
}

/// A notification for the app: the typed value, and what every door writes of it.
public struct SDLNotificationMessage: Sendable {
    public let notification: any SDLNotification
    public let method: String
    public let functionID: Int
    /// The notification's parameters, written once (by specialized code, where it is cheap).
    public let parameters: JSONObject

    public init<N: SDLNotification>(_ notification: N) {
        self.notification = notification
        method = N.method
        functionID = N.functionID
        parameters = notification.parameters
    }
}

/// How the engine answers a request.
public enum EngineAnswer: Sendable, Equatable {
    /// SDL's answer (every SDL outcome, success or not, is one).
    case result(SDLResult)
    /// The engine serves no method of that name: the host says so in its own terms
    /// (JSON-RPC's "Method not found", SDL's UNSUPPORTED_REQUEST).
    case unknownMethod(String)
    /// A `drop` fault took the request: it is never answered, and the host may forget it.
    case dropped
}

/// What the engine asks its host to send.
public enum EngineOutput: Sendable {
    case answer(ReplyToken, EngineAnswer)
    /// A notification for the app, to the peer it registered from.
    case notification(PeerID, SDLNotificationMessage)
}
