import JSONCodec

/// JSON for people: a container stays on one line when it fits, else one member a line.
enum PrettyJSON {
    static func lines(_ value: JSON, indent: String = "", label: String = "", width: Int = 80) -> [String] {
        let single = indent + label + inline(value)
        if single.count <= width { return [single] }
        switch value {
        case .array(let elements):
            let inner = elements.map { lines($0, indent: indent + "  ", width: width) }
            return [indent + label + "["] + joinedWithCommas(inner) + [indent + "]"]
        case .object(let object):
            let inner = object.map { lines($0.value, indent: indent + "  ", label: JSON.string($0.key).serializedString + ": ", width: width) }
            return [indent + label + "{"] + joinedWithCommas(inner) + [indent + "}"]
        default:
            return [single]
        }
    }

    /// One line, with a space after each `,` and `:`.
    static func inline(_ value: JSON) -> String {
        switch value {
        case .array(let elements): "[" + elements.map(inline).joined(separator: ", ") + "]"
        case .object(let object):
            "{" + object.map { JSON.string($0.key).serializedString + ": " + inline($0.value) }.joined(separator: ", ") + "}"
        default: value.serializedString
        }
    }

    /// A value as shorthand takes it: a one-word string bare (`FULL`), anything else JSON.
    static func word(_ value: JSON, compact: Bool = false) -> String {
        if case .string(let text) = value, !text.isEmpty,
            text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }),
            Double(text) == nil, !["true", "false", "null"].contains(text)
        {
            return text
        }
        return compact ? value.serializedString : inline(value)
    }

    private static func joinedWithCommas(_ groups: [[String]]) -> [String] {
        var lines: [String] = []
        for (index, group) in groups.enumerated() {
            lines += group.dropLast()
            lines.append((group.last ?? "") + (index < groups.count - 1 ? "," : ""))
        }
        return lines
    }
}
