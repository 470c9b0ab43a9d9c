import Testing

@testable import JSONCodec

@Suite struct JSONWriting {
    @Test func controlCharactersAreEscapedAndTheRestIsWrittenAsUTF8() {
        let value = JSON.string("q\"b\\s/\u{8}\u{c}\n\r\t\u{1}\u{1f}é😀")
        #expect(value.serializedString == #""q\"b\\s/\b\f\n\r\t\u0001\u001fé😀""#)
    }

    @Test func integersAtTheEdgesAreWrittenExactly() {
        for number: Int64 in [0, 9, 10, -1, -10, .max, .min, 1_000_000] {
            #expect(JSON.integer(number).serializedString == String(number))
        }
    }

    @Test func nonFiniteDoublesAreWrittenAsNull() {
        #expect(JSON.double(.infinity).serializedString == "null")
        #expect(JSON.double(.nan).serializedString == "null")
    }

    @Test func stringsRoundTripByteForByte() throws {
        var all = ""
        for scalar in (0..<0x800).compactMap(Unicode.Scalar.init) { all.unicodeScalars.append(scalar) }
        all += "😀𝄞\u{10FFFF}"
        let written = JSON.string(all).serialized
        #expect(try JSON.parse(written) == .string(all))
    }

    @Test func objectsCompareWithoutRegardToOrder() {
        let one: JSON = ["a": 1, "b": [true, nil]]
        let two: JSON = ["b": [true, nil], "a": 1]
        #expect(one == two)
        #expect(one.serializedString == #"{"a":1,"b":[true,null]}"#)
    }

    @Test func settingAnExistingKeyReplacesItInPlace() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 3
        object["c"] = 4
        object["b"] = nil
        #expect(JSON.object(object).serializedString == #"{"a":3,"c":4}"#)
    }
}
