import JSONCodec

/// An SDL struct: one `mapParameters` function lists its parameters (name, type, limits,
/// mandatory or not) once, and serves reading, writing and describing alike.
///
///     mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
///         try map("choiceID", &choiceID, 0...65535)
///         try map("menuName", &menuName, 1...500)
///         try map("image", &image)            // an Optional is an optional parameter
///     }
public protocol SDLStruct: ParameterValue where Limits == NoLimits {
    /// A blank value to read parameters into.
    init()
    mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation)
}

/// Walks the parameters of an SDL struct: to read them from JSON, write them, or describe them.
public protocol ParameterMap {
    /// A mandatory parameter (or one that SDL fills with its default when absent).
    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default: V?
    ) throws(SchemaViolation)
    /// An optional parameter.
    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V?, _ limits: V.Limits
    ) throws(SchemaViolation)
}

extension ParameterMap {
    public mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits
    ) throws(SchemaViolation) {
        try self(name, &value, limits, default: nil)
    }

    public mutating func callAsFunction<V: ParameterValue>(_ name: String, _ value: inout V) throws(SchemaViolation)
    where V.Limits == NoLimits {
        try self(name, &value, NoLimits(), default: nil)
    }

    public mutating func callAsFunction<V: ParameterValue>(_ name: String, _ value: inout V?) throws(SchemaViolation)
    where V.Limits == NoLimits {
        try self(name, &value, NoLimits())
    }

    /// An array parameter: its size bounds and each element's limits.
    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E], count: ClosedRange<Int>, _ element: E.Limits
    ) throws(SchemaViolation) {
        try self(name, &value, ArrayLimits(count: count, element: element), default: nil)
    }

    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E]?, count: ClosedRange<Int>, _ element: E.Limits
    ) throws(SchemaViolation) {
        try self(name, &value, ArrayLimits(count: count, element: element))
    }

    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E], count: ClosedRange<Int>
    ) throws(SchemaViolation) where E.Limits == NoLimits {
        try self(name, &value, ArrayLimits(count: count, element: NoLimits()), default: nil)
    }

    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E]?, count: ClosedRange<Int>
    ) throws(SchemaViolation) where E.Limits == NoLimits {
        try self(name, &value, ArrayLimits(count: count, element: NoLimits()))
    }
}

extension SDLStruct {
    /// Reads the struct from a JSON object with SDL's schema rules: mandatory parameters,
    /// types, limits; unknown parameters are dropped; defaults filled in.
    public init(parameters: JSONObject) throws(SchemaViolation) {
        self.init()
        var reader = ParameterReader(object: parameters)
        try mapParameters(&reader)
    }

    public static func decode(_ json: JSON, limits: NoLimits) throws(SchemaViolation) -> Self {
        guard case .object(let object) = json else { throw SchemaViolation("expected an object, got \(json.kindName)") }
        return try Self(parameters: object)
    }

    /// The parameters as a JSON object, absent optionals left out.
    public var parameters: JSONObject {
        var copy = self
        var writer = ParameterWriter()
        try? copy.mapParameters(&writer)
        return writer.object
    }

    public func encode() -> JSON { .object(parameters) }
    public static var placeholder: Self { Self() }
    public static func describe(_ limits: NoLimits) -> String { String(describing: Self.self) }

    /// Every parameter with its type and limits, for `help`.
    public static var parameterDescriptions: [ParameterDescription] {
        var blank = Self()
        var describer = ParameterDescriber()
        try? blank.mapParameters(&describer)
        return describer.descriptions
    }
}

public struct ParameterDescription: Sendable, Equatable {
    public let name: String
    public let type: String
    public let isMandatory: Bool
    public let defaultValue: String?
    /// The parameters of a struct-typed parameter (or of its elements), for nested help.
    public let structName: String?
}

struct ParameterReader: ParameterMap {
    let object: JSONObject

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V?
    ) throws(SchemaViolation) {
        guard let json = object[name] else {
            guard let defaultValue else { throw SchemaViolation("mandatory parameter is missing", at: name) }
            value = defaultValue
            return
        }
        do {
            value = try V.decode(json, limits: limits)
        } catch {
            throw error.inside(name)
        }
    }

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V?, _ limits: V.Limits
    ) throws(SchemaViolation) {
        guard let json = object[name] else {
            value = nil
            return
        }
        do {
            value = try V.decode(json, limits: limits)
        } catch {
            throw error.inside(name)
        }
    }
}

struct ParameterWriter: ParameterMap {
    var object = JSONObject(minimumCapacity: 8)

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V?
    ) {
        object.appendNew(name, value.encode())
    }

    mutating func callAsFunction<V: ParameterValue>(_ name: String, _ value: inout V?, _ limits: V.Limits) {
        if let value { object.appendNew(name, value.encode()) }
    }
}

struct ParameterDescriber: ParameterMap {
    var descriptions: [ParameterDescription] = []

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V?
    ) {
        descriptions.append(
            ParameterDescription(
                name: name, type: V.describe(limits), isMandatory: defaultValue == nil,
                defaultValue: defaultValue.map { $0.encode().serializedString }, structName: structName(of: V.self)))
    }

    mutating func callAsFunction<V: ParameterValue>(_ name: String, _ value: inout V?, _ limits: V.Limits) {
        descriptions.append(
            ParameterDescription(
                name: name, type: V.describe(limits), isMandatory: false, defaultValue: nil,
                structName: structName(of: V.self)))
    }

    private func structName<V>(of type: V.Type) -> String? {
        if let structType = type as? any SDLStruct.Type { return String(describing: structType) }
        if let arrayType = type as? any ArrayOfStructs.Type { return arrayType.elementStructName }
        return nil
    }
}

/// Lets `help` find the struct inside an array-of-structs parameter.
protocol ArrayOfStructs { static var elementStructName: String { get } }
extension Array: ArrayOfStructs where Element: SDLStruct {
    static var elementStructName: String { String(describing: Element.self) }
}
