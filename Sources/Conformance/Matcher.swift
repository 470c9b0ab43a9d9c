import JSONCodec

/// Matches received messages against a fixture's patterns and keeps the values captured
/// on the way (docs/conformance.md, "Matching").
///
/// Exact JSON equality (member order ignored, `7` and `7.0` different), except:
/// `"$any"` matches any value; `"$capture:NAME"` matches any value and stores it;
/// `"$ref:NAME"` stands for the stored value; an object with `"$partial": true` allows
/// extra members.
public struct Matcher: Sendable {
    public private(set) var captures: [String: JSON] = [:]

    public init() {}

    static let any = "$any"
    static let capturePrefix = "$capture:"
    static let referencePrefix = "$ref:"
    static let partialKey = "$partial"

    /// Compares `received` with `pattern`; stores captures only when everything matches.
    /// `everyObjectPartial` makes every object of the pattern partial (for expectState).
    public mutating func match(_ pattern: JSON, _ received: JSON, everyObjectPartial: Bool = false) -> [Difference] {
        var attempt = captures
        var differences: [Difference] = []
        Self.compare(pattern, received, path: "", partial: everyObjectPartial, captures: &attempt, into: &differences)
        if differences.isEmpty { captures = attempt }
        return differences
    }

    /// `json` with every `"$ref:NAME"` string replaced by its captured value.
    public func substitute(_ json: JSON) throws(Difference) -> JSON {
        try substitute(json, path: "")
    }

    private func substitute(_ json: JSON, path: String) throws(Difference) -> JSON {
        switch json {
        case .string(let text) where text.hasPrefix(Self.referencePrefix):
            let name = String(text.dropFirst(Self.referencePrefix.count))
            guard let value = captures[name] else { throw Difference(path: path, kind: .unknownReference(name)) }
            return value
        case .array(let items):
            var result: [JSON] = []
            for (index, item) in items.enumerated() { result.append(try substitute(item, path: KeyPath.item(path, index))) }
            return .array(result)
        case .object(let object):
            var result = JSONObject(minimumCapacity: object.count)
            for member in object { result.appendNew(member.key, try substitute(member.value, path: KeyPath.member(path, member.key))) }
            return .object(result)
        default:
            return json
        }
    }

    private static func compare(
        _ pattern: JSON, _ received: JSON, path: String, partial: Bool,
        captures: inout [String: JSON], into differences: inout [Difference]
    ) {
        switch pattern {
        case .string(Self.any):
            return
        case .string(let text) where text.hasPrefix(capturePrefix):
            captures[String(text.dropFirst(capturePrefix.count))] = received
        case .string(let text) where text.hasPrefix(referencePrefix):
            let name = String(text.dropFirst(referencePrefix.count))
            guard let value = captures[name] else {
                differences.append(Difference(path: path, kind: .unknownReference(name)))
                return
            }
            if value != received { differences.append(Difference(path: path, kind: .differs(expected: value, received: received))) }
        case .object(let expected):
            guard let actual = received.objectValue else {
                differences.append(Difference(path: path, kind: .differs(expected: pattern, received: received)))
                return
            }
            let allowsExtra = partial || expected[partialKey] == .bool(true)
            for member in expected where member.key != partialKey {
                let memberPath = KeyPath.member(path, member.key)
                guard let value = actual[member.key] else {
                    differences.append(Difference(path: memberPath, kind: .missing(expected: member.value)))
                    continue
                }
                compare(member.value, value, path: memberPath, partial: partial, captures: &captures, into: &differences)
            }
            if !allowsExtra {
                for member in actual where expected[member.key] == nil {
                    differences.append(Difference(path: KeyPath.member(path, member.key), kind: .unexpected(received: member.value)))
                }
            }
        case .array(let expected):
            guard let actual = received.arrayValue else {
                differences.append(Difference(path: path, kind: .differs(expected: pattern, received: received)))
                return
            }
            if expected.count != actual.count {
                differences.append(Difference(path: path, kind: .count(expected: expected.count, received: actual.count)))
            }
            for (index, (item, value)) in zip(expected, actual).enumerated() {
                compare(item, value, path: KeyPath.item(path, index), partial: partial, captures: &captures, into: &differences)
            }
        default:
            if pattern != received { differences.append(Difference(path: path, kind: .differs(expected: pattern, received: received))) }
        }
    }
}
