import JSONCodec

/// A JSON-RPC 2.0 error object.
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSON?

    public init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// -32700: the line is not valid JSON.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(code: -32700, message: "Parse error: \(detail)")
    }

    /// -32600: not a valid request object.
    public static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(code: -32600, message: "Invalid Request: \(detail)")
    }

    /// -32601: no such method.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "Method not found: \(method)")
    }

    /// -32602: `params` present but not usable.
    public static func invalidParams(_ detail: String) -> RPCError {
        RPCError(code: -32602, message: "Invalid params: \(detail)")
    }

    /// -32603: an internal fault; the server goes on.
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: -32603, message: "Internal error: \(detail)")
    }

    public var description: String { "JSON-RPC error \(code): \(message)" }

    public var json: JSON {
        var object = JSONObject(minimumCapacity: 3)
        object.appendNew("code", .integer(Int64(code)))
        object.appendNew("message", .string(message))
        if let data { object.appendNew("data", data) }
        return .object(object)
    }

    public init?(json: JSON) {
        guard let object = json.objectValue, let code = object["code"]?.integerValue,
            let message = object["message"]?.stringValue
        else { return nil }
        self.init(code: Int(code), message: message, data: object["data"])
    }
}
