import JSONCodec

/// An SDL struct: one `mapParameters` function lists its parameters (name, type, limits,
/// mandatory or not, the version that introduced it) once, and serves reading, writing and
/// describing alike.
///
///     mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
///         try map("choiceID", &choiceID, 0...65535)
///         try map("menuName", &menuName, 1...500)
///         try map("image", &image)            // an Optional is an optional parameter
///         try map("secondaryImage", &secondaryImage, since: .v3_0)
///     }
public protocol SDLStruct: ParameterValue where Limits == NoLimits {
    /// A blank value to read parameters into.
    init()
    mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation)
    /// The struct's name in MOBILE_API.xml (the Swift name unless they differ).
    static var sdlName: String { get }
}

/// Walks the parameters of an SDL struct: to read them from JSON, write them, or describe them.
public protocol ParameterMap {
    /// A mandatory parameter (or one that SDL fills with its default when absent).
    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default: V?, _ traits: ParameterTraits
    ) throws(SchemaViolation)
    /// An optional parameter.
    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V?, _ limits: V.Limits, _ traits: ParameterTraits
    ) throws(SchemaViolation)
}

extension ParameterMap {
    public mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V? = nil, since: SpecVersion? = nil,
        mandatoryBefore: SpecVersion? = nil
    ) throws(SchemaViolation) {
        try self(name, &value, limits, default: defaultValue, ParameterTraits(since: since, mandatoryBefore: mandatoryBefore))
    }

    public mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, default defaultValue: V? = nil, since: SpecVersion? = nil
    ) throws(SchemaViolation) where V.Limits == NoLimits {
        try self(name, &value, NoLimits(), default: defaultValue, ParameterTraits(since: since))
    }

    public mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V?, _ limits: V.Limits, since: SpecVersion? = nil,
        mandatoryBefore: SpecVersion? = nil, nullWhenAbsent: Bool = false
    ) throws(SchemaViolation) {
        try self(name, &value, limits, ParameterTraits(since: since, mandatoryBefore: mandatoryBefore, nullWhenAbsent: nullWhenAbsent))
    }

    public mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V?, since: SpecVersion? = nil, mandatoryBefore: SpecVersion? = nil,
        nullWhenAbsent: Bool = false
    ) throws(SchemaViolation) where V.Limits == NoLimits {
        try self(name, &value, NoLimits(), ParameterTraits(since: since, mandatoryBefore: mandatoryBefore, nullWhenAbsent: nullWhenAbsent))
    }

    /// An array parameter: its size bounds and each element's limits.
    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E], count: ClosedRange<Int>, _ element: E.Limits, since: SpecVersion? = nil
    ) throws(SchemaViolation) {
        try self(name, &value, ArrayLimits(count: count, element: element), default: nil, ParameterTraits(since: since))
    }

    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E]?, count: ClosedRange<Int>, _ element: E.Limits, since: SpecVersion? = nil,
        mandatoryBefore: SpecVersion? = nil
    ) throws(SchemaViolation) {
        try self(
            name, &value, ArrayLimits(count: count, element: element),
            ParameterTraits(since: since, mandatoryBefore: mandatoryBefore))
    }

    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E], count: ClosedRange<Int>, since: SpecVersion? = nil
    ) throws(SchemaViolation) where E.Limits == NoLimits {
        try self(name, &value, ArrayLimits(count: count, element: NoLimits()), default: nil, ParameterTraits(since: since))
    }

    public mutating func callAsFunction<E: ParameterValue>(
        _ name: String, _ value: inout [E]?, count: ClosedRange<Int>, since: SpecVersion? = nil
    ) throws(SchemaViolation) where E.Limits == NoLimits {
        try self(name, &value, ArrayLimits(count: count, element: NoLimits()), ParameterTraits(since: since))
    }
}

// The bounds MOBILE_API.xml implies where it states none.
extension ClosedRange where Bound == Int {
    /// An Integer without `minvalue`/`maxvalue`: 32 bits, as SDL's libraries type it.
    public static var int32: ClosedRange<Int> { Int(Int32.min)...Int(Int32.max) }
    /// A String without `maxlength`: at least one character (SDL-RULES §0), no maximum.
    public static var anyLength: ClosedRange<Int> { 1...Int.max }
    /// An array without `minsize`/`maxsize`.
    public static var anyCount: ClosedRange<Int> { 0...Int.max }
}

extension ClosedRange where Bound == Double {
    /// A Float without `minvalue`/`maxvalue`.
    public static var anyFloat: ClosedRange<Double> { -Double.infinity...Double.infinity }
}

extension SDLStruct {
    public static var sdlName: String { String(describing: Self.self) }

    /// Reads the struct from a JSON object with SDL's schema rules: mandatory parameters,
    /// types, limits; unknown parameters are dropped; defaults filled in; parameters newer
    /// than `version` removed first, unread (SDL Core 8.2, SDL-RULES §14).
    public init(parameters: JSONObject, version: SpecVersion = .latest) throws(SchemaViolation) {
        self.init()
        var reader = ParameterReader(object: parameters, version: version)
        try mapParameters(&reader)
    }

    public static func decode(_ json: JSON, limits: NoLimits, version: SpecVersion) throws(SchemaViolation) -> Self {
        guard case .object(let object) = json else { throw SchemaViolation("expected an object, got \(json.kindName)") }
        return try Self(parameters: object, version: version)
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
    public static func parameterType(_ limits: NoLimits) -> ParameterType { .structure(sdlName) }

    /// Every parameter with its type, limits and history, for `help` and the spec check.
    public static var parameterDescriptions: [ParameterDescription] {
        var blank = Self()
        var describer = ParameterDescriber()
        try? blank.mapParameters(&describer)
        return describer.descriptions
    }
}

public struct ParameterDescription: Sendable {
    public let name: String
    public let type: ParameterType
    public let isMandatory: Bool
    public let defaultValue: String?
    /// The version that introduced the parameter; nil: as old as its message.
    public let since: SpecVersion?
    /// For an optional parameter (or one with a default) that was mandatory before this version.
    public let mandatoryBefore: SpecVersion?

    /// The struct the parameter holds (directly or in an array), for nested help.
    public let structType: (any SDLStruct.Type)?
}

struct ParameterReader: ParameterMap {
    let object: JSONObject
    let version: SpecVersion

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V?, _ traits: ParameterTraits
    ) throws(SchemaViolation) {
        if let since = traits.since, since > version {
            if let defaultValue { value = defaultValue }
            return
        }
        guard let json = object[name] else {
            guard let defaultValue else { throw SchemaViolation("mandatory parameter is missing", at: name) }
            if let before = traits.mandatoryBefore, version < before {
                throw SchemaViolation("mandatory parameter is missing (before SDL \(before))", at: name)
            }
            value = defaultValue
            return
        }
        do {
            value = try V.decode(json, limits: limits, version: version)
        } catch {
            throw error.inside(name)
        }
    }

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V?, _ limits: V.Limits, _ traits: ParameterTraits
    ) throws(SchemaViolation) {
        if let since = traits.since, since > version {
            value = nil
            return
        }
        guard let json = object[name], !(traits.nullWhenAbsent && json == .null) else {
            if let before = traits.mandatoryBefore, version < before {
                throw SchemaViolation("mandatory parameter is missing (before SDL \(before))", at: name)
            }
            value = nil
            return
        }
        do {
            value = try V.decode(json, limits: limits, version: version)
        } catch {
            throw error.inside(name)
        }
    }
}

struct ParameterWriter: ParameterMap {
    var object = JSONObject(minimumCapacity: 8)

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V?, _ traits: ParameterTraits
    ) {
        object.appendNew(name, value.encode())
    }

    mutating func callAsFunction<V: ParameterValue>(_ name: String, _ value: inout V?, _ limits: V.Limits, _ traits: ParameterTraits) {
        if let value {
            object.appendNew(name, value.encode())
        } else if traits.nullWhenAbsent {
            object.appendNew(name, .null)
        }
    }
}

struct ParameterDescriber: ParameterMap {
    var descriptions: [ParameterDescription] = []

    mutating func callAsFunction<V: ParameterValue>(
        _ name: String, _ value: inout V, _ limits: V.Limits, default defaultValue: V?, _ traits: ParameterTraits
    ) {
        descriptions.append(
            ParameterDescription(
                name: name, type: V.parameterType(limits), isMandatory: defaultValue == nil,
                defaultValue: defaultValue.map { $0.encode().serializedString }, since: traits.since,
                mandatoryBefore: traits.mandatoryBefore,
                structType: structType(of: V.self)))
    }

    mutating func callAsFunction<V: ParameterValue>(_ name: String, _ value: inout V?, _ limits: V.Limits, _ traits: ParameterTraits) {
        descriptions.append(
            ParameterDescription(
                name: name, type: V.parameterType(limits), isMandatory: false, defaultValue: nil, since: traits.since,
                mandatoryBefore: traits.mandatoryBefore, structType: structType(of: V.self)))
    }

    private func structType<V>(of type: V.Type) -> (any SDLStruct.Type)? {
        if let structType = type as? any SDLStruct.Type { return structType }
        if let arrayType = type as? any ArrayOfStructs.Type { return arrayType.elementStruct }
        return nil
    }
}

/// Lets the describer find the struct inside an array-of-structs parameter.
protocol ArrayOfStructs { static var elementStruct: any SDLStruct.Type { get } }
extension Array: ArrayOfStructs where Element: SDLStruct {
    static var elementStruct: any SDLStruct.Type { Element.self }
}
