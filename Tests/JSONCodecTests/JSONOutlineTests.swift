import Testing

@testable import JSONCodec

/// One pass that sizes a text and takes a top-level array apart without parsing it.
@Suite struct JSONOutlineTests {
    private func measure(_ text: String) -> JSONOutline.Piece {
        Array(text.utf8).withUnsafeBytes { JSONOutline.measure($0) }
    }

    private func elements(_ text: String) throws -> [String]? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { buffer throws(JSONParseError) -> [String]? in
            guard var elements = JSONOutline.elements(of: buffer) else { return nil }
            var texts: [String] = []
            while let piece = try elements.next() { texts.append(String(decoding: bytes[piece.range], as: UTF8.self)) }
            return texts
        }
    }

    @Test(arguments: [
        ("7", 1, 0), (#""a,[{""#, 1, 0), ("[]", 2, 1), ("[1,2,3]", 4, 1), (#"{"a":1,"b":[2,{}]}"#, 6, 3),
        (#"{"k":"x\"]},"}"#, 2, 1), (#"["\\",1]"#, 3, 1), ("  ", 0, 0),
    ])
    func valuesAndDepthAreCountedOutsideStrings(_ text: String, _ values: Int, _ depth: Int) {
        let piece = measure(text)
        #expect(piece.values == values, "\(text)")
        #expect(piece.depth == depth, "\(text)")
    }

    @Test func theCountBoundsTheTreeJanssonWouldBuild() throws {
        // Each element and each member once: an upper bound on the nodes of the parsed value.
        #expect(measure(#"[[0],[0],[0]]"#).values == 7)
        #expect(measure(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).values == 101)
    }

    @Test func aTopLevelArrayIsTakenApartElementByElement() throws {
        #expect(try elements(#" [ 1 , "a,]" ,{"b":[2,3]},[]] "#) == [" 1 ", #" "a,]" "#, #"{"b":[2,3]}"#, "[]"])
        #expect(try elements("[]") == [])
        #expect(try elements("[ \t]") == [])
        #expect(try elements(#"{"a":[1]}"#) == nil)
        #expect(try elements("7") == nil)
    }

    @Test func piecesThatAreNotValuesAreHandedOutForTheParserToJudge() throws {
        #expect(try elements("[1,,2]") == ["1", "", "2"])
        #expect(try elements("[1,]") == ["1", ""])
        #expect(try elements("[1 2]") == ["1 2"])
    }

    @Test(arguments: [("[1,2", "']' expected near end of file"), ("[1]]", "end of file expected"), ("[1] x", "end of file expected"),
                      ("[1}", "']' expected near '}'"), (#"["a]"#, "']' expected near end of file")])
    func aBrokenArrayIsReportedWhereItBreaks(_ text: String, _ message: String) {
        let error = #expect(throws: JSONParseError.self) { try elements(text) }
        #expect(error?.message == message)
    }
}
