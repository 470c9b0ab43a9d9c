import JSONCodec

/// One place where a received message differs from the expected one.
public struct Difference: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case differs(expected: JSON, received: JSON)
        case missing(expected: JSON)
        case unexpected(received: JSON)
        case count(expected: Int, received: Int)
        /// `$ref:NAME` with nothing captured as NAME.
        case unknownReference(String)
    }

    /// A key path such as `result.choiceSet[3].choiceID`; empty for the whole message.
    public let path: String
    public let kind: Kind

    public var description: String {
        let place = path.isEmpty ? "the message" : path
        switch kind {
        case .differs(let expected, let received):
            return "\(place): expected \(Self.brief(expected)), received \(Self.brief(received))"
        case .missing(let expected):
            return "\(place): missing (expected \(Self.brief(expected)))"
        case .unexpected(let received):
            return "\(place): not expected (received \(Self.brief(received)))"
        case .count(let expected, let received):
            return "\(place): expected \(expected) item\(expected == 1 ? "" : "s"), received \(received)"
        case .unknownReference(let name):
            return "\(place): nothing was captured as \"\(name)\" before this step"
        }
    }

    /// Compact JSON, cut short so that one difference stays one readable line.
    static func brief(_ value: JSON, limit: Int = 160) -> String {
        abbreviated(value.serializedString, limit: limit)
    }
}

/// `text` cut to `limit` characters with a note of how much was left out.
func abbreviated(_ text: String, limit: Int) -> String {
    guard text.count > limit else { return text }
    return "\(text.prefix(limit))… (\(text.count) characters)"
}

/// Builds key paths: `.key` for plain keys, `["odd key"]` otherwise, `[3]` for items.
enum KeyPath {
    static func member(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        if plain { return path.isEmpty ? key : "\(path).\(key)" }
        return "\(path)[\(JSON.string(key).serializedString)]"
    }

    static func item(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}
