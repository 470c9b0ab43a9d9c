/// A JSON value (RFC 8259).
///
/// Numbers keep their kind: an integer that fits 64 bits is `.integer`, so an `id` of `7` is
/// written back as `7`, never `7.0`. A number that fits neither `Int64` nor a finite `Double`
/// (`123456789012345678901234567890`, `1e400`) is `.largeNumber`, holding its literal text,
/// and is written back exactly as it came.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    /// A number beyond `Int64` (integers) or beyond `Double`'s range, as its literal text.
    case largeNumber(String)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

extension JSON {
    public var isNull: Bool { if case .null = self { true } else { false } }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    public var integerValue: Int64? { if case .integer(let i) = self { i } else { nil } }

    public var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }

    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }

    /// True for every kind of number.
    public var isNumber: Bool {
        switch self {
        case .integer, .double, .largeNumber: true
        default: false
        }
    }

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> JSON? { objectValue?[key] }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

/// A JSON object that keeps its members in order (output order = insertion order).
///
/// Members live in an array: the objects of a protocol message are small, and a linear
/// scan over a few keys beats hashing them. Keys are unique; setting an existing key
/// replaces its value in place. Equality ignores member order, as JSON's does.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON
    }

    public private(set) var members: [Member]

    public init() { members = [] }

    public init(minimumCapacity: Int) {
        members = []
        members.reserveCapacity(minimumCapacity)
    }

    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSON) {
        members = []
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSON)...) { self.init(elements) }

    /// Members whose keys the caller guarantees to be unique (the parser, whose input
    /// jansson has already de-duplicated).
    init(uniqueMembers: [Member]) { members = uniqueMembers }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSON? {
        get {
            for member in members where member.key == key { return member.value }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Appends a member without looking for an existing key: for builders that know
    /// the key is new, on hot paths.
    public mutating func appendNew(_ key: String, _ value: JSON) {
        members.append(Member(key: key, value: value))
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, like ==: combine the count only; equal objects hash equally.
        hasher.combine(members.count)
    }
}
