import CJansson

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a text is not JSON, as jansson reports it.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// jansson's message, e.g. `'[' or '{' expected near 'x'`.
    public let message: String
    /// The byte offset where parsing stopped.
    public let position: Int

    public var description: String { "\(message) (at byte \(position))" }

    public init(message: String, position: Int) {
        self.message = message
        self.position = position
    }
}

extension JSON {
    /// The deepest nesting of arrays and objects accepted: jansson's compiled-in bound.
    public static let maximumDepth = Int(JSON_PARSER_MAX_DEPTH)

    /// Parses one JSON text (any top-level value) from UTF-8 bytes with jansson's `json_loadb`.
    ///
    /// `\u0000` inside strings is accepted; a raw NUL byte is refused wherever it stands,
    /// although jansson would take one right after a number or a literal for the end of the
    /// text. Two things jansson refuses although RFC 8259 allows them — numbers beyond its range and `\u0000` inside object keys — are read
    /// through `LiteralRescue`, so every valid text is accepted; so are long texts with long
    /// plain strings, whose bytes jansson need not read one by one.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSON {
        if bytes.count >= LiteralRescue.liftingThreshold, let json = LiteralRescue.parseLiftingPlainStrings(bytes) {
            return json
        }
        var error = json_error_t()
        guard let root = load(bytes, &error) else {
            guard isRescuable(&error) else { throw JSONParseError(error) }
            return try LiteralRescue.parse(bytes)
        }
        defer { json_decref(root) }
        return JanssonTree.convert(root, markers: nil)
    }

    /// Checks that `bytes` is one JSON text `parse` accepts, without keeping a tree of it.
    public static func validate(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        var error = json_error_t()
        if let root = load(bytes, &error) {
            json_decref(root)
            return
        }
        guard isRescuable(&error) else { throw JSONParseError(error) }
        _ = try LiteralRescue.parse(bytes)
    }

    /// jansson refused something RFC 8259 allows: a number beyond its range, or `\u0000` in a key.
    private static func isRescuable(_ error: inout json_error_t) -> Bool {
        let code = json_error_code(&error)
        return code == json_error_numeric_overflow || code == json_error_null_byte_in_key
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }
        return try result.get()
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }

    /// jansson's `json_loadb`, after refusing a raw NUL byte: RFC 8259 allows one nowhere (in a
    /// string it is a control character, written `\u0000`), but jansson's lexer reads one
    /// right after a number or a literal as the end of its input, so `123\0` and `[true\0]`
    /// would pass. glibc's memchr finds it at a fraction of an instruction a byte; inlined,
    /// the check costs no call of its own (callgrind).
    @inline(__always)
    static func load(_ bytes: UnsafeRawBufferPointer, _ error: inout json_error_t) -> UnsafeMutablePointer<json_t>? {
        if let base = bytes.baseAddress, let nul = memchr(base, 0, bytes.count) {
            return refuseRawNUL(at: base.distance(to: UnsafeRawPointer(nul)), &error)
        }
        let flags = JSON_DECODE_ANY | JSON_ALLOW_NUL
        let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        // jansson reads nothing from an empty buffer but wants a valid pointer.
        return withUnsafePointer(to: CChar(0)) { empty in
            json_loadb(start ?? empty, bytes.count, Int(flags), &error)
        }
    }

    /// Sets `error` to a raw NUL byte's at `position`, as jansson reports a syntax error; out
    /// of line, so that `load`, inlined wherever a text is parsed, stays small.
    @inline(never)
    private static func refuseRawNUL(at position: Int, _ error: inout json_error_t) -> UnsafeMutablePointer<json_t>? {
        error = json_error_t()
        error.position = Int32(clamping: position)
        withUnsafeMutableBytes(of: &error.text) { text in
            let message = #"a raw NUL byte (JSON has one only as \u0000 inside a string)"#.utf8
            text.copyBytes(from: message.prefix(text.count - 2))
            // Where jansson keeps the error's code (`json_error_code`).
            text[text.count - 1] = UInt8(truncatingIfNeeded: json_error_invalid_syntax.rawValue)
        }
        return nil
    }
}

extension JSONParseError {
    init(_ error: json_error_t) {
        var error = error
        let message = withUnsafeBytes(of: &error.text) { raw in
            let bytes = raw.prefix(Int(JSON_ERROR_TEXT_LENGTH) - 1)
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(message: message, position: Int(error.position))
    }
}

/// Turns a jansson tree into `JSON` values.
enum JanssonTree {
    static func convert(_ node: UnsafeMutablePointer<json_t>, markers: LiteralRescue.Markers?) -> JSON {
        switch node.pointee.type {
        case JSON_NULL: return .null
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_INTEGER: return .integer(json_integer_value(node))
        case JSON_REAL: return .double(json_real_value(node))
        case JSON_STRING:
            let string = makeString(json_string_value(node), json_string_length(node))
            if let markers, let value = markers.value(for: string) { return value }
            return .string(string)
        case JSON_ARRAY:
            let count = json_array_size(node)
            var elements: [JSON] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(convert(json_array_get(node, index), markers: markers))
            }
            return .array(elements)
        case JSON_OBJECT:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(json_object_size(node))
            var iterator = json_object_iter(node)
            while let current = iterator {
                var key = makeString(json_object_iter_key(current), json_object_iter_key_len(current))
                if let markers, let original = markers.key(for: key) { key = original }
                let value = convert(json_object_iter_value(current), markers: markers)
                members.append(JSONObject.Member(key: key, value: value))
                iterator = json_object_iter_next(node, current)
            }
            return .object(JSONObject(uniqueMembers: members))
        default:
            return .null
        }
    }

    private static func makeString(_ start: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let start, length > 0 else { return "" }
        // jansson has validated the UTF-8, so decoding cannot repair anything.
        return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
}
