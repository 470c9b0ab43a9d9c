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
        guard input.count > 0, let text = input.baseAddress else { return [] }
        let padding = text[input.count - 1] != pad ? 0 : text[input.count - 2] != pad ? 1 : 2
        var failed = false
        // The table is fetched once a call: read inside the loop, each access was a lazy
        // global's check (swift_once), 9% of a PutFile line's instructions (docs/performance.md).
        let bytes = groupTable.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3 - padding) { buffer, count in
                guard let output = buffer.baseAddress else { return }
                let full = input.count / 4 - (padding > 0 ? 1 : 0)
                var mark: UInt32 = 0
                for group in 0..<full {
                    let characters = text + group * 4
                    let bits = table[Int(characters[0])] | table[256 + Int(characters[1])]
                        | table[512 + Int(characters[2])] | table[768 + Int(characters[3])]
                    mark |= bits
                    output[group * 3] = UInt8(truncatingIfNeeded: bits >> 16)
                    output[group * 3 + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    output[group * 3 + 2] = UInt8(truncatingIfNeeded: bits)
                }
                // One check at the end: a bad character anywhere sets the mark.
                guard mark & invalidGroup == 0 else {
                    failed = true
                    return
                }
                count = full * 3
                guard padding > 0 else { return }
                let last = text + full * 4
                let a = table[Int(last[0])], b = table[256 + Int(last[1])]
                let c = padding == 2 ? 0 : table[512 + Int(last[2])]
                let bits = a | b | c
                // The bits after the last whole byte must be zero (a canonical encoding).
                guard bits & invalidGroup == 0, bits & (padding == 2 ? 0xFFFF : 0xFF) == 0 else {
                    failed = true
                    return
                }
                output[count] = UInt8(truncatingIfNeeded: bits >> 16)
                count += 1
                if padding == 1 {
                    output[count] = UInt8(truncatingIfNeeded: bits >> 8)
                    count += 1
                }
            }
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
    private static let invalidGroup: UInt32 = 1 << 31

    /// For each of a group's four places, each byte's six bits already at their place in the
    /// group's 24, or `invalidGroup` for a byte outside the alphabet (and for '=', which is
    /// only read as padding): a group is then four lookups OR-ed together.
    private static let groupTable: [UInt32] = {
        var table = [UInt32](repeating: invalidGroup, count: 4 * 256)
        for (value, character) in alphabet.enumerated() {
            for place in 0..<4 {
                table[place * 256 + Int(character)] = UInt32(value) << (18 - 6 * place)
            }
        }
        return table
    }()
}
