import CZlib

/// CRC-32 (IEEE 802.3: reflected polynomial 0xEDB88320, initial value and final XOR
/// 0xFFFFFFFF), the checksum of `PutFile.crc`: zlib's, which runs several times faster than
/// a table-driven loop in Swift (README, Speed).
public enum CRC32 {
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { input in
            UInt32(truncatingIfNeeded: crc32_z(0, input.baseAddress, input.count))
        }
    }
}
