/// Base64 (RFC 4648 §4: standard alphabet, padded): how `PutFile.bulkData` carries a file's bytes.
public enum Base64 {
    /// The bytes `text` encodes, or nil when it is not canonical padded base64: a length
    /// that is not a multiple of 4, a character outside the alphabet, '=' anywhere but at
    /// the end, or padding bits that are not zero.
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        guard input.count > 0 else { return [] }
        let padding = input[input.count - 1] != pad ? 0 : input[input.count - 2] != pad ? 1 : 2
        let output = input.count / 4 * 3 - padding
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: output) { buffer, count in
            var written = 0
            var index = 0
            let full = input.count - (padding > 0 ? 4 : 0)
            while index < full {
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                let c = table[Int(input[index + 2])], d = table[Int(input[index + 3])]
                guard (a | b | c | d) & invalid == 0 else {
                    failed = true
                    return
                }
                let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                buffer[written] = UInt8(truncatingIfNeeded: group >> 16)
                buffer[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                buffer[written + 2] = UInt8(truncatingIfNeeded: group)
                written += 3
                index += 4
            }
            if padding > 0 {
                let a = table[Int(input[index])], b = table[Int(input[index + 1])]
                let c = padding == 2 ? 0 : table[Int(input[index + 2])]
                // The bits after the last whole byte must be zero (a canonical encoding).
                let spare = padding == 2 ? b & 0x0F : c & 0x03
                guard (a | b | c) & invalid == 0, spare == 0 else {
                    failed = true
                    return
                }
                buffer[written] = a << 2 | b >> 4
                written += 1
                if padding == 1 {
                    buffer[written] = b << 4 | c >> 2
                    written += 1
                }
            }
            count = written
        }
        return failed ? nil : bytes
    }

    /// `bytes` in base64, padded.
    public static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let input = Array(bytes)
        return String(unsafeUninitializedCapacity: (input.count + 2) / 3 * 4) { output in
            var written = 0
            var index = 0
            while index < input.count {
                let remaining = input.count - index
                let group = UInt32(input[index]) << 16 | (remaining > 1 ? UInt32(input[index + 1]) << 8 : 0)
                    | (remaining > 2 ? UInt32(input[index + 2]) : 0)
                output[written] = alphabet[Int(group >> 18 & 0x3F)]
                output[written + 1] = alphabet[Int(group >> 12 & 0x3F)]
                output[written + 2] = remaining > 1 ? alphabet[Int(group >> 6 & 0x3F)] : pad
                output[written + 3] = remaining > 2 ? alphabet[Int(group & 0x3F)] : pad
                written += 4
                index += 3
            }
            return written
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let pad = UInt8(ascii: "=")
    private static let invalid: UInt8 = 0x80

    /// Each byte's 6-bit value, or `invalid`.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()
}
