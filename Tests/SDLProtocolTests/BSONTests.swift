import Testing

@testable import SDLProtocol

func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// The BSON spec's test corpus (mongodb/specifications, bson-corpus): each valid document
/// reads as the value given and writes back to the same bytes; each decode error is refused.
@Suite struct BSONCorpus {
    static let valid: [(String, String, BSONDocument)] = [
        ("int32 min", "0C0000001069000000008000", ["i": .int32(.min)]),
        ("int32 max", "0C000000106900FFFFFF7F00", ["i": .int32(.max)]),
        ("int32 -1", "0C000000106900FFFFFFFF00", ["i": .int32(-1)]),
        ("int32 0", "0C0000001069000000000000", ["i": .int32(0)]),
        ("int32 1", "0C0000001069000100000000", ["i": .int32(1)]),
        ("int64 min", "10000000126100000000000000008000", ["a": .int64(.min)]),
        ("int64 max", "10000000126100FFFFFFFFFFFFFF7F00", ["a": .int64(.max)]),
        ("int64 -1", "10000000126100FFFFFFFFFFFFFFFF00", ["a": .int64(-1)]),
        ("int64 1", "10000000126100010000000000000000", ["a": .int64(1)]),
        ("double +1.0", "10000000016400000000000000F03F00", ["d": .double(1.0)]),
        ("double -1.0001220703125", "10000000016400000000008000F0BF00", ["d": .double(-1.0001220703125)]),
        ("double -0.0", "10000000016400000000000000008000", ["d": .double(-0.0)]),
        ("double Inf", "10000000016400000000000000F07F00", ["d": .double(.infinity)]),
        ("empty string", "0D000000026100010000000000", ["a": .string("")]),
        ("one-character string", "0E00000002610002000000620000", ["a": .string("b")]),
        ("multi-character string", "190000000261000D0000006162616261626162616261620000", ["a": .string("abababababab")]),
        ("true", "090000000862000100", ["b": .bool(true)]),
        ("false", "090000000862000000", ["b": .bool(false)]),
        ("null", "080000000A610000", ["a": .null]),
        ("empty subdocument", "0D000000037800050000000000", ["x": .document([:])]),
        ("empty-key subdocument", "150000000378000D00000002000200000062000000", ["x": .document(["": .string("b")])]),
        ("one-key subdocument", "160000000378000E0000000261000200000062000000", ["x": .document(["a": .string("b")])]),
        ("empty array", "0D000000046100050000000000", ["a": .array([])]),
        ("one-element array", "140000000461000C0000001030000A0000000000", ["a": .array([.int32(10)])]),
        ("key starting with $", "0F00000010246B6579002A00000000", ["$key": .int32(42)]),
    ]

    @Test(arguments: valid.map { ($0.0, $0.1) })
    func aValidDocumentReadsAndWritesBackTheSameBytes(_ name: String, _ subject: String) throws {
        let expected = Self.valid.first { $0.0 == name }!.2
        let document = try BSONDocument(bytes: hex(subject))
        #expect(document == expected)
        #expect(document.bytes == hex(subject))
    }

    @Test func anArrayIndexNamedWronglyStillReads() throws {
        // Degenerate in the corpus: the element's name is "" or "ab" instead of "0".
        for subject in ["130000000461000B00000010000A0000000000", "150000000461000D000000106162000A0000000000"] {
            #expect(try BSONDocument(bytes: hex(subject)) == ["a": .array([.int32(10)])])
        }
    }

    static let decodeErrors: [(String, String)] = [
        ("size too small to hold the size", "0100000000"),
        ("size only the size", "0400000000"),
        ("shorter than its size (no terminator)", "05000000"),
        ("terminator 0x01", "0500000001"),
        ("terminator 0xff", "05000000FF"),
        ("terminator 0x70", "0500000070"),
        ("size zero", "00000000000000000000"),
        ("stated size beyond the bytes, truncated", "1200000002666F6F0004000000626172"),
        ("garbage after the document", "1200000002666F6F00040000006261720000DEADBEEF"),
        ("stated size beyond the bytes", "1300000002666F6F00040000006261720000"),
        ("stated size below the bytes", "1100000002666F6F00040000006261720000"),
        ("element type 0 too early", "07000000000000"),
        ("element type 0x80", "07000000800000"),
        ("truncated mid-name", "1200000002666F"),
        ("array eats the outer terminator", "140000000461000D0000001030000A0000000000"),
        ("array leaks its terminator", "140000000461000B0000001030000A0000000000"),
        ("array with a bad string length", "1A00000004666F6F00100000000230000500000062617A000000"),
        ("subdocument eats the outer terminator", "1800000003666F6F000F0000001062617200FFFFFF7F0000"),
        ("subdocument leaks its terminator", "1500000003666F6F000A0000000862617200010000"),
        ("subdocument with a bad string length", "1C00000003666F6F001200000002626172000500000062617A000000"),
        ("string length 0", "0C0000000261000000000000"),
        ("string length -1", "0C000000026100FFFFFFFF00"),
        ("string length eats the terminator", "10000000026100050000006200620000"),
        ("string longer than the document", "120000000200FFFFFF00666F6F6261720000"),
        ("string not ended by zero", "1000000002610004000000616263FF00"),
        ("empty string with an extra zero", "0E00000002610001000000000000"),
        ("string not UTF-8", "0E00000002610002000000E90000"),
        ("double truncated", "0B0000000164000000F03F00"),
        ("boolean 2", "090000000862000200"),
    ]

    @Test(arguments: decodeErrors)
    func aBrokenDocumentIsRefused(_ name: String, _ subject: String) {
        #expect(throws: BSONError.self) { try BSONDocument(bytes: hex(subject)) }
    }

    @Test func elementTypesSDLDoesNotUseAreNamedInTheError() {
        // The corpus's "all types" document starts with an ObjectId (0x07).
        let error = #expect(throws: BSONError.self) { try BSONDocument(bytes: hex("1400000007610057E193D7A9CC81B4027498B500")) }
        #expect(error?.reason.contains("0x7") == true)
    }

    @Test func nestingIsBounded() {
        var bytes = hex("0500000000")
        for _ in 0..<200 {
            let size = UInt32(bytes.count + 4 + 1 + 2 + 1)
            bytes = [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0, 0x03, 0x61, 0] + bytes + [0]
        }
        #expect(throws: BSONError.self) { try BSONDocument(bytes: bytes) }
    }
}
