import JSONCodec

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
    /// of 1 to 18 digits without a leading zero, so it always fits an `Int64`.
    static func id(in line: UnsafeRawBufferPointer) -> Int64? {
        let digitCount = line.count - prefix.count - suffix.count
        guard (1...18).contains(digitCount), line.starts(with: prefix), line.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        let digits = line[prefix.count..<(prefix.count + digitCount)]
        guard digits.first != UInt8(ascii: "0") || digitCount == 1 else { return nil }
        var id: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            id = id * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return id
    }
}
