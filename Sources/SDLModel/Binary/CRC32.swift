/// CRC-32 (IEEE 802.3: reflected polynomial 0xEDB88320, initial value and final XOR
/// 0xFFFFFFFF), the checksum of `PutFile.crc`. Slicing-by-8 tables: eight bytes per step.
public enum CRC32 {
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { input in
            tables.withUnsafeBufferPointer { t in
                var crc: UInt32 = 0xFFFF_FFFF
                var index = 0
                while index + 8 <= input.count {
                    let low = crc ^ (UInt32(input[index]) | UInt32(input[index + 1]) << 8
                        | UInt32(input[index + 2]) << 16 | UInt32(input[index + 3]) << 24)
                    crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int(low >> 8 & 0xFF)]
                        ^ t[5 * 256 + Int(low >> 16 & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(input[index + 4])] ^ t[2 * 256 + Int(input[index + 5])]
                        ^ t[1 * 256 + Int(input[index + 6])] ^ t[Int(input[index + 7])]
                    index += 8
                }
                while index < input.count {
                    crc = t[Int((crc ^ UInt32(input[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
                return ~crc
            }
        }
    }

    /// Table k gives the CRC of a byte followed by k zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[byte] = crc
        }
        for k in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(k - 1) * 256 + byte]
                tables[k * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
