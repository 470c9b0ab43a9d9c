import CJansson
import Testing

@testable import JSONCodec

@Suite struct JSONParsing {
    @Test func anyTopLevelValueIsAccepted() throws {
        #expect(try JSON.parse("7") == .integer(7))
        #expect(try JSON.parse("\"x\"") == .string("x"))
        #expect(try JSON.parse("null") == .null)
        #expect(try JSON.parse(" true ") == .bool(true))
        #expect(try JSON.parse("[]") == .array([]))
    }

    @Test func integersStayIntegers() throws {
        let value = try JSON.parse(#"{"id":7,"big":9223372036854775807,"small":-9223372036854775808}"#)
        #expect(value["id"] == .integer(7))
        #expect(value["big"] == .integer(.max))
        #expect(value["small"] == .integer(.min))
        #expect(value.serializedString == #"{"id":7,"big":9223372036854775807,"small":-9223372036854775808}"#)
    }

    @Test func realsStayReals() throws {
        #expect(try JSON.parse("1.5") == .double(1.5))
        #expect(try JSON.parse("1E2") == .double(100))
        #expect(try JSON.parse("-1.5e-10") == .double(-1.5e-10))
        #expect(try JSON.parse("100.0").serializedString == "100.0")
    }

    @Test func integersBeyond64BitsKeepTheirLiteralText() throws {
        let text = #"[123456789012345678901234567890,-98765432109876543210987654321]"#
        let value = try JSON.parse(text)
        #expect(value == .array([.largeNumber("123456789012345678901234567890"), .largeNumber("-98765432109876543210987654321")]))
        #expect(value.serializedString == text)
        #expect(value.arrayValue?.first?.isNumber == true)
    }

    @Test func realsBeyondDoubleKeepTheirLiteralText() throws {
        #expect(try JSON.parse("1e400") == .largeNumber("1e400"))
        #expect(try JSON.parse(#"{"id":-1.5E+999}"#).serializedString == #"{"id":-1.5E+999}"#)
    }

    @Test func nulInsideStringsIsKept() throws {
        let value = try JSON.parse(#""a\u0000b""#)
        #expect(value == .string("a\u{0}b"))
        #expect(value.serializedString == #""a\u0000b""#)
    }

    @Test func nulInsideObjectKeysIsKept() throws {
        let value = try JSON.parse(#"{"a\u0000b":1,"c":[99999999999999999999]}"#)
        #expect(value.objectValue?.keys == ["a\u{0}b", "c"])
        #expect(value.serializedString == #"{"a\u0000b":1,"c":[99999999999999999999]}"#)
    }

    @Test func aStringThatLooksLikeARescueMarkerStaysAString() throws {
        // The rescue path marks numbers with runs of U+0001; real strings made of them must survive.
        let text = #"["\u0001\u0001n0","\u0001n0",1e999]"#
        let value = try JSON.parse(text)
        #expect(value == .array([.string("\u{1}\u{1}n0"), .string("\u{1}n0"), .largeNumber("1e999")]))
    }

    @Test func surrogatePairsDecodeToOneCharacter() throws {
        #expect(try JSON.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSON.parse(#""\uD834\uDD1E""#) == .string("𝄞"))
    }

    @Test func everyEscapeDecodes() throws {
        let value = try JSON.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9""#)
        #expect(value == .string("\"\\/\u{8}\u{c}\n\r\tAé"))
    }

    @Test func objectMemberOrderIsKept() throws {
        let text = #"{"z":1,"a":2,"m":{"y":3,"b":4}}"#
        #expect(try JSON.parse(text).serializedString == text)
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        #expect(try JSON.parse(#"{"a":1,"a":2}"#) == ["a": 2])
    }

    @Test func nestingUpToTheBoundIsAccepted() throws {
        let depth = JSON.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSON.parse(text).serializedString == text)
    }

    @Test func nestingBeyondTheBoundIsRefusedWithAnError() {
        let depth = JSON.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":}", "01", "+1", ".5", "1.", "NaN", "Infinity", "'x'", "[1 2]",
        "{\"a\" 1}", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "tru", "nul", "{}x", "1 2", "\"a\tb\"",
        "[1e]", "[-]", "[1e400", "{\"a\\u0000\":", "// c\n1",
    ])
    func invalidTextsAreRefusedWithAMessage(_ text: String) {
        #expect {
            try JSON.parse(text)
        } throws: { error in
            !((error as? JSONParseError)?.message.isEmpty ?? true)
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParseError.self) { try JSON.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSON.parse([0x22, 0xED, 0xA0, 0x80, 0x22]) }
    }

    // MARK: Long texts: long plain strings are taken past jansson

    /// A PutFile-like request whose `bulkData` is long enough to be taken past jansson.
    static func longRequest(bulkData: String, extra: String = "") -> String {
        #"{"jsonrpc":"2.0","id":7,"method":"PutFile","params":{"syncFileName":"a.png","bulkData":""#
            + bulkData + #"","n":[1,2.5,true,null]"# + extra + "}}"
    }

    static let base64 = String(repeating: "QUJDRA+/=", count: 100)

    @Test func longPlainStringsReadTheSameAsThroughJansson() throws {
        let value = try JSON.parse(Self.longRequest(bulkData: Self.base64))
        #expect(value.objectValue?["params"]?.objectValue?["bulkData"] == .string(Self.base64))
        #expect(value.serializedString == Self.longRequest(bulkData: Self.base64))
    }

    @Test func longStringsWithEscapesOrNonASCIIAreDecodedAsUsual() throws {
        let escaped = String(repeating: "a", count: 100) + #"\n\u00e9\/"#
        let accented = String(repeating: "é", count: 100)
        let value = try JSON.parse(Self.longRequest(bulkData: escaped, extra: #","t":""# + accented + "\""))
        let params = value.objectValue?["params"]?.objectValue
        #expect(params?["bulkData"] == .string(String(repeating: "a", count: 100) + "\né/"))
        #expect(params?["t"] == .string(accented))
    }

    @Test func longKeysAndShortStringsInLongTextsAreReadAsUsual() throws {
        let key = String(repeating: "k", count: 300)
        let text = #"{""# + key + #"":"v","s":"short","big":123456789012345678901234567890,"d":""# + Self.base64 + "\"}"
        let object = try JSON.parse(text).objectValue
        #expect(object?.keys == [key, "s", "big", "d"])
        #expect(object?["big"] == .largeNumber("123456789012345678901234567890"))
        #expect(object?["d"] == .string(Self.base64))
    }

    /// The scan for long plain strings finds quotes and escapes with memchr and checks the
    /// bytes between eight at a time: a quote, an escape, a control character or a non-ASCII
    /// byte ends the plain run at any of the eight places (DEL does not: jansson reads it as
    /// it stands), and the text then reads exactly as jansson reads it (or is refused as it is).
    @Test(arguments: [[0x01], [0x1F], [0x22], [0x5C, 0x6E], [0x7F], [0xC3, 0xA9], [0xFF]] as [[UInt8]])
    func aByteThatEndsAPlainRunIsFoundWhereverItFallsInAWord(_ special: [UInt8]) {
        for offset in 0..<16 {
            let text = Array(#"{"d":""#.utf8) + Array(repeating: UInt8(ascii: "A"), count: 3000 + offset) + special
                + Array(repeating: UInt8(ascii: "B"), count: 40) + Array(#""}"#.utf8)
            var error = json_error_t()
            let byJansson = text.withUnsafeBytes { bytes in
                JSON.load(bytes, &error).map { root in
                    defer { json_decref(root) }
                    return JanssonTree.convert(root, markers: nil)
                }
            }
            #expect((try? JSON.parse(text)) == byJansson, "\(special) at offset \(offset)")
        }
    }

    @Test func plainASCIIIsEveryByteFromSpaceToDELWhereverItFallsInAWord() {
        for byte in 0...255 {
            for offset in 0..<17 {
                var bytes = [UInt8](repeating: UInt8(ascii: "A"), count: 24)
                bytes[offset] = UInt8(byte)
                let plain = bytes.withUnsafeBytes { LiteralRescue.Scan.isPlainASCII($0.baseAddress!, count: $0.count) }
                #expect(plain == (0x20...0x7F).contains(byte), "byte \(byte) at offset \(offset)")
            }
        }
    }

    /// A long string with many escaped quotes and backslashes ends at its closing quote, not
    /// at an escaped one, and is decoded as jansson decodes it.
    @Test func aLongStringWithManyEscapedQuotesEndsAtItsClosingQuote() throws {
        let body = String(repeating: #"ab\"c\\"#, count: 500)
        let text = #"{"t":""# + body + #"","d":""# + Self.base64 + #"","u":"x\"y"}"#
        let object = try JSON.parse(text).objectValue
        #expect(object?["t"] == .string(String(repeating: #"ab"c\"#, count: 500)))
        #expect(object?["d"] == .string(Self.base64))
        #expect(object?["u"] == .string(#"x"y"#))
    }

    @Test func aLongStringThatLooksLikeAMarkerStaysAString() throws {
        let text = #"["\u0001s0","\u0001\u0001s0",""# + Self.base64 + "\"]"
        #expect(try JSON.parse(text) == .array([.string("\u{1}s0"), .string("\u{1}\u{1}s0"), .string(Self.base64)]))
    }

    @Test(arguments: [
        #"{"a":""# + String(repeating: "x", count: 300) + "\",}",
        #"{"a":""# + String(repeating: "x", count: 300),
        #"[""# + String(repeating: "x", count: 300) + #"" 1]"#,
        #"{"a":""# + String(repeating: "x", count: 300) + "\"}" + " x",
    ])
    func errorsInLongTextsPointIntoTheTextAsSent(_ text: String) throws {
        var error = json_error_t()
        let parsed = Array(text.utf8).withUnsafeBytes { bytes in JSON.load(bytes, &error) }
        #expect(parsed == nil)
        #expect {
            try JSON.parse(text)
        } throws: { thrown in
            (thrown as? JSONParseError) == JSONParseError(error)
        }
    }
}

/// Where the parser's own pre-processing (LiteralRescue) must not accept what jansson
/// refuses (issue 18; hu-fuzz --differential checks this on every line).
@Suite struct JSONParsingAgreesWithJansson {
    @Test(arguments: ["{123456789012345678901234567890:1}", "{1e400:1}", "{-1e400 :1}", "{1e400\u{0}:1}"])
    func aNumberWhereAKeyGoesIsRefusedHoweverBig(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    }

    @Test func aKeyWithNULIsReadOnlyWhenItIsAValidString() throws {
        #expect(throws: JSONParseError.self) { try JSON.parse(#"{"a\u0000":1,"b\u0000\x":2}"#) }
        #expect(try JSON.parse(#"{"a\u0000":1,"b\u0000\n":2}"#).objectValue?.keys == ["a\u{0}", "b\u{0}\n"])
    }
}

/// A raw NUL byte is never part of a JSON text (RFC 8259): the reader refuses it wherever it
/// stands, also where jansson's lexer would take it for the end of its input (after a number
/// or a literal), on every path of the reader (jansson alone, big numbers rescued, long
/// plain strings lifted). hu-fuzz --differential holds the same rule on every line.
@Suite struct RawNULBytes {
    static let texts: [(text: String, at: Int)] = [
        ("123\u{0}", 3), ("[2\u{0}]", 2), ("[-1.5e3\u{0}]", 7), (#"{"a":1\#u{0}}"#, 6),  // after a number
        ("[true\u{0}]", 5), ("null\u{0}", 4), ("[false\u{0},1]", 6),  // after a literal
        ("[1,\u{0} 2]", 3), (#"{"a"\#u{0}:1}"#, 4),  // between tokens
        (#"["a\#u{0}b"]"#, 3), (#"{"k\#u{0}":1}"#, 3),  // inside a string, unescaped
        ("\u{0}[]", 0), ("\u{0}", 0),  // at the start
        ("[1]\u{0}", 3), (#"{"a":"b"}\#u{0}"#, 9),  // at the end
        ("[123456789012345678901234567890\u{0}]", 31), ("1e400\u{0}", 5), (#"{"k\u0000":1e400\#u{0}}"#, 16),  // numbers rescued
    ]

    @Test(arguments: texts)
    func aRawNULByteIsRefusedWhereverItStands(_ text: String, at position: Int) {
        #expect {
            try JSON.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.position == position && (error as? JSONParseError)?.message.contains("NUL") == true
        }
        #expect(throws: JSONParseError.self) { try Array(text.utf8).withUnsafeBytes { try JSON.validate($0) } }
    }

    /// Long texts take their long plain strings past jansson; the rest still meets the check.
    @Test(arguments: ["[1\u{0}]", "[true\u{0}]", "\u{0}", #"{"a":"b\#u{0}"}"#])
    func aRawNULByteIsRefusedInALongTextWithLongStrings(_ tail: String) {
        let text = #"{"text":""# + String(repeating: "p", count: LiteralRescue.liftingThreshold) + #"","tail":"# + tail + "}"
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    }

    @Test func theEscapeIsTheWayToWriteANUL() throws {
        #expect(try JSON.parse(#"["a\u0000b",{"k\u0000":1e400}]"#) == [.string("a\u{0}b"), ["k\u{0}": .largeNumber("1e400")]])
    }
}
