import JSONRPC
import SDLModel

/// The head unit answered a request with `success: false`.
public struct SDLResultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request's method (`PutFile`, say).
    public let method: String
    /// The head unit's result code.
    public let resultCode: ResultCode
    /// The head unit's explanation, if it gave one.
    public let info: String?

    /// The answer to `method` was `resultCode`, with `info`.
    public init(method: String, resultCode: ResultCode, info: String?) {
        self.method = method
        self.resultCode = resultCode
        self.info = info
    }

    public var description: String {
        "\(method) failed: \(resultCode.rawValue)" + (info.map { " (\($0))" } ?? "")
    }
}

/// A request that got no usable SDL answer.
public enum SDLConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No reply came within the request's timeout; only this request failed.
    case timedOut(method: String, after: Duration)
    /// The connection ended (the peer closed it, crashed, or the app closed it) before the reply came.
    case disconnected(method: String, reason: String)
    /// The peer answered with a JSON-RPC error object instead of an SDL result.
    case protocolError(method: String, RPCError)
    /// The reply's `result` does not follow the SDL response schema.
    case malformedResponse(method: String, detail: String)

    public var description: String {
        switch self {
        case .timedOut(let method, let after): "\(method) got no reply within \(after)"
        case .disconnected(let method, let reason): "\(method) failed: \(reason)"
        case .protocolError(let method, let error): "\(method) was refused: \(error)"
        case .malformedResponse(let method, let detail): "\(method) got a malformed reply: \(detail)"
        }
    }
}
