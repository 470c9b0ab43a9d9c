import CJansson
import JSONCodec
import JSONRPC

/// The differential parse check: for one line, jansson's own verdict on its bytes and the
/// simulator's (its JSON-RPC router, the code hu-sim runs on every line) must agree on
/// valid vs invalid JSON.
///
/// jansson refuses two things RFC 8259 allows and the simulator accepts on purpose
/// (docs/behaviour.md, "JSON decisions"): numbers beyond its range and `\u0000` in object keys. For a
/// text refused only for one of those, jansson judges a copy with every number token
/// replaced by `null` and every `\u0000` escape by `\u0001` — the same text for the
/// grammar, made here independently of the simulator's own pre-processing
/// (LiteralRescue), so that a fault in that pre-processing shows up as a disagreement.
enum ParseVerdicts {
    enum Verdict: Equatable, CustomStringConvertible {
        case valid, invalid
        /// The simulator refused the line unread, for its size (over its bound on values).
        case notJudged

        var description: String {
            switch self {
            case .valid: "valid"
            case .invalid: "invalid"
            case .notJudged: "not judged"
            }
        }
    }

    /// A line where the two disagree: what each said.
    struct Disagreement {
        let jansson: Verdict
        let simulator: Verdict
        var problem: String { "parse verdicts differ: jansson says \(jansson), the simulator says \(simulator)" }
    }

    /// Compares the verdicts on one line, as the simulator's framer hands it over.
    static func compare(_ line: [UInt8]) -> Disagreement? {
        var text = line[...]
        if text.last == 0x0D { text = text.dropLast() }  // the framer's "\r\n"
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }  // a blank line is skipped
        let bytes = Array(text)
        let simulator = simulatorVerdict(bytes)
        guard simulator != .notJudged else { return nil }
        let jansson = janssonVerdict(bytes)
        return jansson == simulator ? nil : Disagreement(jansson: jansson, simulator: simulator)
    }

    static func simulatorVerdict(_ bytes: [UInt8]) -> Verdict {
        var router = ReplyRouter()
        var output: [UInt8] = []
        _ = bytes.withUnsafeBytes { router.receive(line: $0, output: &output) }
        let reply = String(decoding: output.prefix(200), as: UTF8.self)
        if reply.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700"#) { return .invalid }
        if reply.contains("more than \(ReplyRouter.maximumValuesPerMessage) values") { return .notJudged }
        return .valid
    }

    static func janssonVerdict(_ bytes: [UInt8]) -> Verdict {
        switch load(bytes) {
        case nil: return .valid
        case json_error_numeric_overflow?, json_error_null_byte_in_key?:
            return load(neutralized(bytes)) == nil ? .valid : .invalid
        default: return .invalid
        }
    }

    /// jansson's `json_loadb`, with the simulator's flags; nil when it accepts, else its error code.
    private static func load(_ bytes: [UInt8]) -> json_error_code? {
        var error = json_error_t()
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                withUnsafePointer(to: CChar(0)) { empty in
                    json_loadb(text.baseAddress ?? empty, text.count, Int(JSON_DECODE_ANY | JSON_ALLOW_NUL), &error)
                }
            }
        }
        guard let root else { return json_error_code(&error) }
        json_decref(root)
        return nil
    }

    /// The text with every number token jansson's lexer would read as a number replaced by
    /// `null`, and every `\u0000` escape by `\u0001`; everything else as it is.
    static func neutralized(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = copyString(bytes, from: index, into: &out)
            } else if byte == UInt8(ascii: "-") || isDigit(byte) {
                let end = numberEnd(bytes, from: index)
                if let end {
                    out.append(contentsOf: Array("null".utf8))
                    index = end
                } else {
                    // Not a number to jansson either: it stops there, whatever follows.
                    out.append(contentsOf: bytes[index...])
                    index = bytes.count
                }
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// Copies the string starting at `start` (a quote) up to and with its closing quote.
    private static func copyString(_ bytes: [UInt8], from start: Int, into out: inout [UInt8]) -> Int {
        out.append(bytes[start])
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "u"), index + 6 <= bytes.count, bytes[(index + 2)..<(index + 6)].elementsEqual("0000".utf8) {
                    out.append(contentsOf: Array(#"\u0001"#.utf8))
                    index += 6
                } else {
                    out.append(contentsOf: bytes[index...(index + 1)])
                    index += 2
                }
                continue
            }
            out.append(byte)
            index += 1
            if byte == UInt8(ascii: "\"") { return index }
        }
        return index
    }

    /// Where the number token jansson's lexer reads from `start` ends; nil when it reads an
    /// invalid token there (`-x`, `01`, `1.`, `1e`).
    private static func numberEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func digits() { while let byte = peek(), isDigit(byte) { index += 1 } }
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { return nil }
        index += 1
        if first == UInt8(ascii: "0") {
            if let next = peek(), isDigit(next) { return nil }
        } else {
            digits()
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let next = peek(), isDigit(next) else { return nil }
            digits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let next = peek(), isDigit(next) else { return nil }
            digits()
        }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
