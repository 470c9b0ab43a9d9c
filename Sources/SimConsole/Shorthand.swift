import JSONCodec
import SDLModel

/// The parameters of a shorthand request: `name=value` pairs, or one JSON object.
///
///     PerformInteraction initialText="Pick a city" interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1,2]
///     SetGlobalProperties keyboardProperties.keyboardLayout=QWERTY
///     CreateInteractionChoiceSet {"interactionChoiceSetID":1,"choiceSet":[...]}
///
/// Values are JSON, plus bare words as strings (`MANUAL_ONLY`, `[Berlin, Bern]`) and
/// 'single-quoted' text taken as it is. Names are checked against the method's schema, and a
/// bare number given to a string parameter stays text (`appID=007`).
struct Shorthand {
    private let bytes: [UInt8]
    private var position = 0

    /// A parsed value and, when it was typed as a bare word, that word.
    private struct Value {
        var json: JSON
        var bareWord: String?
    }

    private init(_ text: Substring) { bytes = Array(text.utf8) }

    /// `text` (everything after the method name) as `method`'s parameters. A leading value
    /// without a name goes to `positional` when one is given (`register "My App"`).
    static func parameters(_ text: Substring, method: String, positional: String? = nil) throws(ConsoleError) -> JSONObject {
        var parser = Shorthand(text)
        let schema = MethodCatalog.parameters(of: method)
        parser.skipSpaces()
        if parser.peek == UInt8(ascii: "{") {
            let value = try parser.value(topLevel: true)
            parser.skipSpaces()
            guard parser.atEnd else { throw parser.error("unexpected text after the parameters object") }
            guard case .object(let object) = value.json else { throw ConsoleError("the parameters must be an object") }
            return object
        }
        var parameters = JSONObject()
        if let positional, !parser.atEnd, !parser.nextWordIsAssignment {
            let value = try parser.value(topLevel: true)
            try assign([positional], value, into: &parameters, schema: schema, owner: method)
            parser.skipSpaces()
        }
        while !parser.atEnd {
            let name = parser.word(endingAt: [UInt8(ascii: "=")])
            guard parser.peek == UInt8(ascii: "=") else {
                throw ConsoleError(
                    "expected name=value, got \"\(name)\"" + (parameters.isEmpty ? "" : " (quote a value with spaces: name=\"two words\")"))
            }
            guard !name.isEmpty else { throw parser.error("a parameter name is missing before =") }
            parser.position += 1
            let value = try parser.value(topLevel: true)
            guard parser.atEnd || parser.peekIsSpace else { throw parser.error("expected a space after the value of \(name)") }
            let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !path.contains(where: \.isEmpty) else { throw ConsoleError("\"\(name)\" is not a parameter name") }
            try assign(path, value, into: &parameters, schema: schema, owner: method)
            parser.skipSpaces()
        }
        return parameters
    }

    /// Sets `object[path]`, creating nested objects for dotted names, checking each name
    /// against the schema (`nil` when it is unknown, as inside a free-form value).
    private static func assign(
        _ path: [String], _ value: Value, into object: inout JSONObject, schema: [ParameterDescription]?, owner: String
    ) throws(ConsoleError) {
        let name = path[0]
        var type: ParameterType?
        if let schema {
            guard let parameter = schema.first(where: { $0.name == name }) else {
                throw unknownParameter(name, of: owner, among: schema.map(\.name))
            }
            type = parameter.type
        }
        if path.count == 1 {
            if case .string? = type, let word = value.bareWord, value.json.stringValue == nil {
                object[name] = .string(word)
            } else {
                object[name] = value.json
            }
            return
        }
        var nestedSchema: [ParameterDescription]?
        if let type {
            guard case .structure(let structName) = type else {
                throw ConsoleError("\(owner).\(name) is \(type.summary), which has no parameters to set with a dot")
            }
            nestedSchema = MethodCatalog.structParameters(named: structName)
        }
        var nested = JSONObject()
        switch object[name] {
        case nil: break
        case .object(let existing)?: nested = existing
        default: throw ConsoleError("\(name) is already set to a value that is not an object")
        }
        try assign(Array(path.dropFirst()), value, into: &nested, schema: nestedSchema, owner: "\(owner).\(name)")
        object[name] = .object(nested)
    }

    private static func unknownParameter(_ name: String, of owner: String, among names: [String]) -> ConsoleError {
        guard !names.isEmpty else { return ConsoleError("\(owner) takes no parameters") }
        let typed = name.lowercased()
        let containing = names.filter { $0.lowercased().contains(typed) }
        if let suggestion = containing.count == 1 ? containing[0] : Spelling.closest(to: name, among: names) {
            return ConsoleError("\(owner) has no parameter \"\(name)\"; did you mean \(suggestion)?")
        }
        return ConsoleError("\(owner) has no parameter \"\(name)\" (it has: \(names.joined(separator: ", ")))")
    }

    // MARK: Values

    private var atEnd: Bool { position >= bytes.count }
    private var peek: UInt8? { atEnd ? nil : bytes[position] }
    private var peekIsSpace: Bool { peek.map(Self.isSpace) ?? false }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private var nextWordIsAssignment: Bool {
        var index = position
        while index < bytes.count, !Self.isSpace(bytes[index]) {
            if bytes[index] == UInt8(ascii: "=") { return true }
            if [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "{")].contains(bytes[index]) { return false }
            index += 1
        }
        return false
    }

    private mutating func skipSpaces() {
        while let byte = peek, Self.isSpace(byte) { position += 1 }
    }

    private func error(_ message: String) -> ConsoleError {
        let near = String(decoding: bytes[min(position, bytes.count)...].prefix(20), as: UTF8.self)
        return ConsoleError(near.isEmpty ? "\(message), at the end of the line" : "\(message), near \"\(near)\"")
    }

    /// Bytes up to a space or one of `ends`.
    private mutating func word(endingAt ends: [UInt8]) -> String {
        let start = position
        while let byte = peek, !Self.isSpace(byte), !ends.contains(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A value; a bare word ends at a space, and inside `[...]`/`{...}` also at `,`, `]`, `}`, `:`.
    private mutating func value(topLevel: Bool) throws(ConsoleError) -> Value {
        guard let first = peek, !Self.isSpace(first) else { throw error("a value is missing") }
        switch first {
        case UInt8(ascii: "\""): return Value(json: .string(try quotedString()))
        case UInt8(ascii: "'"):
            position += 1
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "'")) else { throw error("missing closing '") }
            defer { position = end + 1 }
            return Value(json: .string(String(decoding: bytes[position..<end], as: UTF8.self)))
        case UInt8(ascii: "["): return Value(json: try array())
        case UInt8(ascii: "{"): return Value(json: try object())
        default:
            let word = self.word(endingAt: topLevel ? [] : Array(",]}:".utf8))
            guard !word.isEmpty else { throw error("a value is missing") }
            return Value(json: Self.bareValue(word), bareWord: word)
        }
    }

    private static func bareValue(_ word: String) -> JSON {
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let first = word.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
                let number = try? JSON.parse(word), number.isNumber
            {
                return number
            }
            return .string(word)
        }
    }

    /// A JSON string literal, escapes and all.
    private mutating func quotedString() throws(ConsoleError) -> String {
        let start = position
        position += 1
        while let byte = peek, byte != UInt8(ascii: "\"") {
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        guard peek == UInt8(ascii: "\"") else {
            position = start
            throw error("missing closing quote")
        }
        position += 1
        guard case .string(let text)? = try? JSON.parse(Array(bytes[start..<position])) else {
            throw ConsoleError("not a valid JSON string: \(String(decoding: bytes[start..<position], as: UTF8.self))")
        }
        return text
    }

    private mutating func array() throws(ConsoleError) -> JSON {
        position += 1
        var elements: [JSON] = []
        skipSpaces()
        if peek == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpaces()
            elements.append(try value(topLevel: false).json)
            skipSpaces()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw error("expected , or ] in the array")
            }
        }
    }

    private mutating func object() throws(ConsoleError) -> JSON {
        position += 1
        var object = JSONObject()
        skipSpaces()
        if peek == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipSpaces()
            let key = peek == UInt8(ascii: "\"") ? try quotedString() : word(endingAt: Array(":=,}".utf8))
            guard !key.isEmpty else { throw error("a member name is missing in the object") }
            skipSpaces()
            guard peek == UInt8(ascii: ":") || peek == UInt8(ascii: "=") else { throw error("expected : after \"\(key)\"") }
            position += 1
            skipSpaces()
            object[key] = try value(topLevel: false).json
            skipSpaces()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(object)
            default: throw error("expected , or } in the object")
            }
        }
    }
}
