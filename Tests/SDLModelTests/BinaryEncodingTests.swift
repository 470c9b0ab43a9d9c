import SDLModel
import Testing

@Suite struct BinaryEncoding {
    @Test func crc32OfTheStandardCheckStringIsItsKnownValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func base64EncodesWithPaddingAsRFC4648Says() {
        #expect(Base64.encode(Array("".utf8)) == "")
        #expect(Base64.encode(Array("f".utf8)) == "Zg==")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode(Array("foo".utf8)) == "Zm9v")
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
    }

    @Test func everyByteValueRoundTripsAtEveryLength() {
        let bytes = (0..<600).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        for length in 0...bytes.count where length % 37 == 0 || length < 8 {
            let slice = Array(bytes.prefix(length))
            #expect(Base64.decode(Base64.encode(slice)) == slice)
        }
    }

    @Test(arguments: ["Zg", "Zg=", "Zh==", "Z===", "Zm9v!A==", "Zm=v", "Zm9=", "====", "Zm9vYm!yZm9v", "Zm9vZg=A", "Zm9v\u{80}9v"])
    func nonCanonicalBase64IsRefused(_ text: String) {
        #expect(Base64.decode(text) == nil)
    }
}
