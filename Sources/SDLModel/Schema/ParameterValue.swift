import JSONCodec

/// A type an SDL parameter can have: it reads itself from JSON (checking SDL's limits),
/// writes itself, and describes itself for `help` and the check against MOBILE_API.xml.
public protocol ParameterValue: Sendable, Equatable {
    /// What the schema bounds for this type: a range, a length, an array size, or nothing.
    associatedtype Limits: Sendable
    /// `version` is the SDL version the message is read for: a struct drops the parameters
    /// newer than it.
    static func decode(_ json: JSON, limits: Limits, version: SpecVersion) throws(SchemaViolation) -> Self
    func encode() -> JSON
    /// A value to start decoding into (never sent).
    static var placeholder: Self { get }
    static func parameterType(_ limits: Limits) -> ParameterType
}

/// "Has no limits": Bool, enums and structs.
public struct NoLimits: Sendable {
    public init() {}
}

extension Int: ParameterValue {
    public static func decode(_ json: JSON, limits: ClosedRange<Int>, version: SpecVersion) throws(SchemaViolation) -> Int {
        switch json {
        case .integer(let value):
            guard limits.contains(Int(value)) else {
                throw SchemaViolation("\(value) is out of range \(limits.lowerBound)...\(limits.upperBound)")
            }
            return Int(value)
        case .double, .largeNumber:
            // A fraction or an exponent (`10.0`, `1e1`) is not an Integer (SDL-RULES §14).
            throw SchemaViolation("\(SchemaViolation.excerpt(json.serializedString)) is not an integer in range \(limits.lowerBound)...\(limits.upperBound)")
        default:
            throw SchemaViolation("expected an integer, got \(json.kindName)")
        }
    }

    public func encode() -> JSON { .integer(Int64(self)) }
    public static var placeholder: Int { 0 }
    public static func parameterType(_ limits: ClosedRange<Int>) -> ParameterType { .integer(limits) }
}

extension Double: ParameterValue {
    public static func decode(_ json: JSON, limits: ClosedRange<Double>, version: SpecVersion) throws(SchemaViolation) -> Double {
        let value: Double
        switch json {
        case .integer(let integer): value = Double(integer)
        case .double(let double): value = double
        default: throw SchemaViolation("expected a number, got \(json.kindName)")
        }
        guard limits.contains(value) else {
            throw SchemaViolation("\(value) is out of range \(limits.lowerBound)...\(limits.upperBound)")
        }
        return value
    }

    public func encode() -> JSON { .double(self) }
    public static var placeholder: Double { 0 }
    public static func parameterType(_ limits: ClosedRange<Double>) -> ParameterType { .float(limits) }
}

extension Bool: ParameterValue {
    public static func decode(_ json: JSON, limits: NoLimits, version: SpecVersion) throws(SchemaViolation) -> Bool {
        guard case .bool(let value) = json else { throw SchemaViolation("expected true or false, got \(json.kindName)") }
        return value
    }

    public func encode() -> JSON { .bool(self) }
    public static var placeholder: Bool { false }
    public static func parameterType(_ limits: NoLimits) -> ParameterType { .boolean }
}

extension String: ParameterValue {
    /// `limits` is the length in characters (Unicode scalars, as SDL Core counts them).
    public static func decode(_ json: JSON, limits: ClosedRange<Int>, version: SpecVersion) throws(SchemaViolation) -> String {
        guard case .string(let value) = json else { throw SchemaViolation("expected a string, got \(json.kindName)") }
        // UTF-8 length bounds the scalar count from above, so most strings need no count.
        let bytes = value.utf8.count
        if bytes >= limits.lowerBound && bytes <= limits.upperBound && (limits.lowerBound <= 1 || value.isASCII) {
            return value
        }
        let length = value.unicodeScalars.count
        guard limits.contains(length) else {
            throw SchemaViolation(
                length < limits.lowerBound
                    ? (length == 0 ? "must not be empty" : "is \(length) characters long; the minimum is \(limits.lowerBound)")
                    : "is \(length) characters long; the maximum is \(limits.upperBound)")
        }
        return value
    }

    public func encode() -> JSON { .string(self) }
    public static var placeholder: String { "" }
    public static func parameterType(_ limits: ClosedRange<Int>) -> ParameterType { .string(limits) }

    var isASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }
}

/// An array parameter: its size bounds, and the limits of each element.
public struct ArrayLimits<Element: ParameterValue>: Sendable {
    public let count: ClosedRange<Int>
    public let element: Element.Limits

    public init(count: ClosedRange<Int>, element: Element.Limits) {
        self.count = count
        self.element = element
    }
}

extension Array: ParameterValue where Element: ParameterValue {
    public static func decode(_ json: JSON, limits: ArrayLimits<Element>, version: SpecVersion) throws(SchemaViolation) -> [Element] {
        guard case .array(let elements) = json else { throw SchemaViolation("expected an array, got \(json.kindName)") }
        guard limits.count.contains(elements.count) else {
            throw SchemaViolation(
                "has \(elements.count) elements; \(limits.count.lowerBound)...\(limits.count.upperBound) are allowed")
        }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                values.append(try Element.decode(element, limits: limits.element, version: version))
            } catch {
                throw error.inside("[\(index)]")
            }
        }
        return values
    }

    public func encode() -> JSON { .array(map { $0.encode() }) }
    public static var placeholder: [Element] { [] }
    public static func parameterType(_ limits: ArrayLimits<Element>) -> ParameterType {
        .array(limits.count, Element.parameterType(limits.element))
    }
}

/// An SDL enumeration: its raw values are SDL's names.
public protocol SDLEnum: ParameterValue, RawRepresentable, CaseIterable, Hashable
where RawValue == String, Limits == NoLimits {
    /// The enum's name in MOBILE_API.xml (the Swift name unless they differ).
    static var sdlName: String { get }
}

extension SDLEnum {
    public static func decode(_ json: JSON, limits: NoLimits, version: SpecVersion) throws(SchemaViolation) -> Self {
        guard case .string(let name) = json else { throw SchemaViolation("expected a string, got \(json.kindName)") }
        guard let value = Self(rawValue: name) else {
            let article = "AEIO".contains(sdlName.prefix(1)) ? "an" : "a"
            let values = allCases.map(\.rawValue)
            let listed = values.count <= 12 ? values.joined(separator: ", ") : values.prefix(12).joined(separator: ", ") + ", … (\(values.count) in all)"
            throw SchemaViolation("\"\(SchemaViolation.excerpt(name))\" is not \(article) \(sdlName) value (one of \(listed))")
        }
        return value
    }

    public func encode() -> JSON { .string(rawValue) }
    public static var placeholder: Self { allCases.first! }
    public static var sdlName: String { String(describing: Self.self) }
    public static func parameterType(_ limits: NoLimits) -> ParameterType {
        .enumeration(name: sdlName, values: allCases.map(\.rawValue))
    }
}

extension JSON {
    /// "a string", "an object", ... for messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double, .largeNumber: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
