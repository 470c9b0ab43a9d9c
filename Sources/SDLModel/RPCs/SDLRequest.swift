import JSONCodec

/// An SDL request: its method name, its parameters (the struct itself) and the type of
/// the parameters its response carries beside `success`, `resultCode` and `info`.
public protocol SDLRequest: SDLStruct {
    /// The parameters of the request's answer (none by default).
    associatedtype ResponseParameters: SDLStruct = NoParameters
    /// The RPC's name on the wire.
    static var method: String { get }
    /// SDL's FunctionID (for `CancelInteraction` and the docs); 0 for the simulator's own methods.
    static var functionID: Int { get }
}

/// A notification: from the head unit, or from the app (OnAppCapabilityUpdated, and
/// OnAppServiceData from the provider of a service).
public protocol SDLNotification: SDLStruct {
    /// The RPC's name on the wire.
    static var method: String { get }
    /// SDL's FunctionID (MOBILE_API.xml).
    static var functionID: Int { get }
}

/// A struct without parameters.
public struct NoParameters: SDLStruct, Hashable {
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

/// An SDL response as the simulator sends it in a JSON-RPC `result`: `success`,
/// `resultCode`, `info` where useful, and the response's own parameters beside them.
public struct SDLResponse<Parameters: SDLStruct>: Sendable, Equatable {
    /// Whether the request succeeded.
    public var success: Bool
    /// The head unit's result code.
    public var resultCode: ResultCode
    /// The head unit's explanation, if it gave one.
    public var info: String?
    /// The answer's own parameters.
    public var parameters: Parameters

    /// An answer with `resultCode`; `success` follows from it unless given.
    public init(_ resultCode: ResultCode, success: Bool? = nil, info: String? = nil, parameters: Parameters = Parameters()) {
        self.resultCode = resultCode
        self.success = success ?? (resultCode == .success || resultCode == .warnings)
        self.info = info.map(Self.withinInfoLimit)
        self.parameters = parameters
    }

    /// MOBILE_API.xml's `info` holds at most 1000 characters, and SDL's libraries refuse a
    /// response with more: a longer text is cut there, its end marked.
    public static var infoLimit: Int { 1000 }

    static func withinInfoLimit(_ info: String) -> String {
        // UTF-8 length bounds the character count from above, so short texts need no count.
        guard info.utf8.count > infoLimit, info.unicodeScalars.count > infoLimit else { return info }
        return String(String.UnicodeScalarView(info.unicodeScalars.prefix(infoLimit - 1))) + "…"
    }

    /// Reads a JSON-RPC `result` object.
    public init(result: JSON) throws(SchemaViolation) {
        guard case .object(let object) = result else { throw SchemaViolation("expected an object, got \(result.kindName)") }
        var success = false
        var resultCode = ResultCode.genericError
        var info: String?
        var reader = ParameterReader(object: object, version: .latest)
        try reader("success", &success)
        try reader("resultCode", &resultCode)
        try reader("info", &info, 0...1000)
        self.init(resultCode, success: success, info: info, parameters: try Parameters(parameters: object))
    }

    /// The answer as JSON, as it goes on the wire.
    public var json: JSON {
        var object = JSONObject(minimumCapacity: 4)
        object.appendNew("success", .bool(success))
        object.appendNew("resultCode", .string(resultCode.rawValue))
        if let info { object.appendNew("info", .string(info)) }
        for member in parameters.parameters { object.appendNew(member.key, member.value) }
        return .object(object)
    }
}
