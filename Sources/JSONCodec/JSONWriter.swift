/// Compact serialization, written straight into a byte buffer.
///
/// jansson reads; writing needs no tree at all, so the output side skips building a
/// jansson tree and appends the bytes directly to the buffer the caller writes out. The
/// format is jansson's compact one: no spaces, members in order, `/` not escaped,
/// non-ASCII as UTF-8, control characters as `\n`-style or `\u00XX` escapes.
extension JSON {
    public func write(into buffer: inout [UInt8]) {
        switch self {
        case .null: buffer.append(contentsOf: Self.nullBytes)
        case .bool(true): buffer.append(contentsOf: Self.trueBytes)
        case .bool(false): buffer.append(contentsOf: Self.falseBytes)
        case .integer(let value): Self.writeInteger(value, into: &buffer)
        case .double(let value): Self.writeDouble(value, into: &buffer)
        case .largeNumber(let literal): buffer.append(contentsOf: literal.utf8)
        case .string(let string): Self.writeString(string, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                element.write(into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            object.write(into: &buffer)
        }
    }

    /// The compact serialization as bytes.
    public var serialized: [UInt8] {
        var buffer: [UInt8] = []
        write(into: &buffer)
        return buffer
    }

    /// The compact serialization as text.
    public var serializedString: String { String(decoding: serialized, as: UTF8.self) }

    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)

    static func writeInteger(_ value: Int64, into buffer: inout [UInt8]) {
        if value >= 0, value < 10 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        // Digits are produced backwards into a fixed scratch area, then copied once.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var position = 20
            repeat {
                position -= 1
                scratch[position] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { buffer.append(UInt8(ascii: "-")) }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[position..<20]))
        }
    }

    static func writeDouble(_ value: Double, into buffer: inout [UInt8]) {
        // JSON has no infinity or NaN; like JavaScript's JSON.stringify, write null.
        guard value.isFinite else {
            buffer.append(contentsOf: nullBytes)
            return
        }
        // Swift prints the shortest text that reads back as the same Double; "100.0" and
        // "1e-05" are both valid JSON numbers.
        buffer.append(contentsOf: value.description.utf8)
    }

    static func writeString(_ string: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(for: byte, into: &buffer)
                runStart = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(for byte: UInt8, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case 0x08: buffer.append(UInt8(ascii: "b"))
        case 0x0C: buffer.append(UInt8(ascii: "f"))
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            buffer.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}

extension JSONObject {
    public func write(into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            JSON.writeString(member.key, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            member.value.write(into: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }
}

extension JSON: CustomStringConvertible {
    public var description: String { serializedString }
}

extension JSONObject: CustomStringConvertible {
    public var description: String { JSON.object(self).serializedString }
}
