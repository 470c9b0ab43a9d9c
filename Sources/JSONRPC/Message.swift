import JSONCodec

/// A request or notification for a handler: what the peer asked for, and where the
/// answer goes (nil for a notification, which is never answered).
public struct Call: Sendable {
    public let method: String
    /// The named parameters; an absent `params` is an empty object.
    public let params: JSONObject
    public let replyTo: ReplyAddress?

    public init(method: String, params: JSONObject, replyTo: ReplyAddress?) {
        self.method = method
        self.params = params
        self.replyTo = replyTo
    }

    public var isNotification: Bool { replyTo == nil }
}

/// One JSON-RPC message as read from a peer.
public enum IncomingMessage: Sendable {
    /// A request (it has an `id`, possibly null) or a notification (it has none).
    case call(method: String, params: JSONObject, id: JSON?)
    /// A response to one of our requests.
    case response(id: JSON, outcome: Result<JSON, RPCError>)
    /// Not a valid message: answer `error`, addressed to `id` (null when unreadable).
    /// `id` is nil when nothing must be answered (a broken notification).
    case invalid(RPCError, id: JSON?)

    /// Classifies one element (an object) of a line, per JSON-RPC 2.0 and PROTOCOL.md §2.
    public init(_ json: JSON) {
        guard case .object(let object) = json else {
            self = .invalid(.invalidRequest("a message must be an object"), id: .null)
            return
        }
        let rawID = object["id"]
        let validID: JSON? = rawID.flatMap { id in
            switch id {
            case .string, .integer, .double, .largeNumber, .null: id
            default: nil
            }
        }
        let replyID = validID ?? .null
        guard object["jsonrpc"] == .string("2.0") else {
            self = .invalid(.invalidRequest(#""jsonrpc" must be "2.0""#), id: replyID)
            return
        }
        if let methodValue = object["method"] {
            guard case .string(let method) = methodValue else {
                self = .invalid(.invalidRequest(#""method" must be a string"#), id: replyID)
                return
            }
            if rawID != nil && validID == nil {
                self = .invalid(.invalidRequest(#""id" must be a string, a number or null"#), id: .null)
                return
            }
            switch object["params"] {
            case nil:
                self = .call(method: method, params: JSONObject(), id: validID)
            case .object(let params)?:
                self = .call(method: method, params: params, id: validID)
            case .some:
                // A broken notification is still a notification: nothing is answered.
                self = .invalid(.invalidParams(#""params" must be an object of named parameters"#), id: validID)
            }
            return
        }
        if let validID, let result = object["result"] {
            self = .response(id: validID, outcome: .success(result))
        } else if let validID, let error = object["error"].flatMap(RPCError.init(json:)) {
            self = .response(id: validID, outcome: .failure(error))
        } else {
            self = .invalid(.invalidRequest(#"neither a request ("method") nor a response ("result" or "error")"#), id: replyID)
        }
    }
}

/// Writes outgoing messages straight into a byte buffer, one compact line each.
public enum MessageWriter {
    private static let responseHead = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let resultKey = Array(#","result":"#.utf8)
    private static let errorKey = Array(#","error":"#.utf8)
    private static let notificationHead = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    private static let paramsKey = Array(#","params":"#.utf8)
    private static let methodKey = Array(#","method":"#.utf8)

    /// `{"jsonrpc":"2.0","id":…,"result":…}` or `…"error":…}` (no newline).
    public static func writeResponse(id: JSON, outcome: Result<JSON, RPCError>, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: responseHead)
        id.write(into: &buffer)
        switch outcome {
        case .success(let result):
            buffer.append(contentsOf: resultKey)
            result.write(into: &buffer)
        case .failure(let error):
            buffer.append(contentsOf: errorKey)
            error.json.write(into: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// `{"jsonrpc":"2.0","id":…,"result":…}` with the result's compact bytes as they are (no newline).
    public static func writeResponse(id: JSON, serializedResult: [UInt8], into buffer: inout [UInt8]) {
        buffer.append(contentsOf: responseHead)
        id.write(into: &buffer)
        buffer.append(contentsOf: resultKey)
        buffer.append(contentsOf: serializedResult)
        buffer.append(UInt8(ascii: "}"))
    }

    /// A notification, or a request when `id` is given (no newline).
    public static func writeCall(method: String, params: JSONObject?, id: JSON? = nil, into buffer: inout [UInt8]) {
        if let id {
            buffer.append(contentsOf: responseHead)
            id.write(into: &buffer)
            buffer.append(contentsOf: methodKey)
        } else {
            buffer.append(contentsOf: notificationHead)
        }
        JSON.string(method).write(into: &buffer)
        if let params {
            buffer.append(contentsOf: paramsKey)
            params.write(into: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }
}
