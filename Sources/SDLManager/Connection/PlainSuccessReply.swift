import JSONCodec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reply most requests get, `{"jsonrpc":"2.0","id":N,"result":{"success":true,"resultCode":"SUCCESS"}}`
/// byte for byte as hu-sim writes it: recognised by its bytes instead of parsed (a preload of
/// 3,000 cells spent 14% of the manager's instructions parsing replies, 24 k each). Any
/// other spelling of the same reply is parsed as usual.
enum PlainSuccessReply {
    static let result = JSON.object(["success": .bool(true), "resultCode": .string("SUCCESS")])

    static func message(_ id: Int64) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": .integer(id), "result": result])
    }

    private static let prefix = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let suffix = Array(#","result":{"success":true,"resultCode":"SUCCESS"}}"#.utf8)

    /// The id of a plain success reply, or nil for any other line. The id is a JSON integer
    /// of 1 to 18 digits without a leading zero, so it always fits an `Int64`. Compared with
    /// `memcmp`, not as collections: a debug build spent more on that than on parsing.
    static func id(in line: UnsafeRawBufferPointer) -> Int64? {
        let digitCount = line.count - prefix.count - suffix.count
        guard (1...18).contains(digitCount), let start = line.baseAddress,
            prefix.withUnsafeBytes({ memcmp(start, $0.baseAddress!, $0.count) == 0 }),
            suffix.withUnsafeBytes({ memcmp(start + (line.count - $0.count), $0.baseAddress!, $0.count) == 0 })
        else { return nil }
        let digits = UnsafeRawBufferPointer(start: start + prefix.count, count: digitCount)
        guard digits[0] != UInt8(ascii: "0") || digitCount == 1 else { return nil }
        var id: Int64 = 0
        for index in 0..<digitCount {
            let digit = digits[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            id = id * 10 + Int64(digit)
        }
        return id
    }
}
