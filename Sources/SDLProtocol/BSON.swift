/// A BSON value (bsonspec.org 1.1), as far as SDL's control frames use BSON: numbers,
/// strings, booleans, null, binary data, and nested documents and arrays. Other element types
/// are refused when read, with their type code named.
public enum BSONValue: Sendable, Equatable {
    case double(Double)
    case string(String)
    case document(BSONDocument)
    case array([BSONValue])
    case binary(subtype: UInt8, [UInt8])
    case bool(Bool)
    case null
    case int32(Int32)
    case int64(Int64)

    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The value of an int32 or int64 (SDL writes some numbers as either).
    public var integerValue: Int64? {
        switch self {
        case .int32(let value): Int64(value)
        case .int64(let value): value
        default: nil
        }
    }

    public static func == (lhs: BSONValue, rhs: BSONValue) -> Bool {
        switch (lhs, rhs) {
        // Bit patterns: NaN equals itself, and -0.0 differs from 0.0, as the bytes do.
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): a == b
        case (.document(let a), .document(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.binary(let s, let a), .binary(let t, let b)): s == t && a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.int32(let a), .int32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        default: false
        }
    }
}

/// A BSON document: named values in their order (duplicate names are kept as read).
public struct BSONDocument: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public var elements: [(name: String, value: BSONValue)]

    public init(_ elements: [(name: String, value: BSONValue)] = []) {
        self.elements = elements
    }

    public init(dictionaryLiteral elements: (String, BSONValue)...) {
        self.elements = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value named `name`.
    public subscript(name: String) -> BSONValue? {
        get { elements.first { $0.name == name }?.value }
        set {
            if let index = elements.firstIndex(where: { $0.name == name }) {
                if let newValue { elements[index].value = newValue } else { elements.remove(at: index) }
            } else if let newValue {
                elements.append((name, newValue))
            }
        }
    }

    public static func == (lhs: BSONDocument, rhs: BSONDocument) -> Bool {
        lhs.elements.count == rhs.elements.count
            && zip(lhs.elements, rhs.elements).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}

/// Why bytes are not a BSON document; `offset` is where reading stopped.
public struct BSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public let offset: Int

    public var description: String { "not valid BSON at byte \(offset): \(reason)" }
}

// MARK: Writing

extension BSONDocument {
    /// The document's bytes: its size, its elements, and the terminating zero.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: [0, 0, 0, 0])
        for (name, value) in elements {
            out.append(value.typeCode)
            out.append(contentsOf: name.utf8)
            out.append(0)
            value.writePayload(into: &out)
        }
        out.append(0)
        let size = UInt32(out.count - start)
        for index in 0..<4 { out[start + index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
    }
}

extension BSONValue {
    var typeCode: UInt8 {
        switch self {
        case .double: 0x01
        case .string: 0x02
        case .document: 0x03
        case .array: 0x04
        case .binary: 0x05
        case .bool: 0x08
        case .null: 0x0A
        case .int32: 0x10
        case .int64: 0x12
        }
    }

    func writePayload(into out: inout [UInt8]) {
        switch self {
        case .double(let value): out.appendLittleEndian(value.bitPattern)
        case .string(let value):
            out.appendLittleEndian(UInt32(value.utf8.count + 1))
            out.append(contentsOf: value.utf8)
            out.append(0)
        case .document(let document): document.write(into: &out)
        case .array(let values):
            BSONDocument(values.enumerated().map { (String($0.offset), $0.element) }).write(into: &out)
        case .binary(let subtype, let data):
            out.appendLittleEndian(UInt32(data.count))
            out.append(subtype)
            out.append(contentsOf: data)
        case .bool(let value): out.append(value ? 1 : 0)
        case .null: break
        case .int32(let value): out.appendLittleEndian(UInt32(bitPattern: value))
        case .int64(let value): out.appendLittleEndian(UInt64(bitPattern: value))
        }
    }
}

extension [UInt8] {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        for index in 0..<(T.bitWidth / 8) { append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        for index in (0..<(T.bitWidth / 8)).reversed() { append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}

// MARK: Reading

extension BSONDocument {
    /// Reads exactly one document filling all of `bytes`.
    public init(bytes: some Collection<UInt8>) throws(BSONError) {
        var reader = BSONReader(bytes: Array(bytes))
        self = try reader.document(depth: 0)
        guard reader.offset == reader.bytes.count else {
            throw BSONError(reason: "\(reader.bytes.count - reader.offset) bytes after the document", offset: reader.offset)
        }
    }
}

private struct BSONReader {
    let bytes: [UInt8]
    var offset = 0

    /// Deeper nesting is refused: a control frame needs two levels, and recursion must stay bounded.
    static let maximumDepth = 100

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String) -> BSONError { BSONError(reason: reason, offset: offset) }

    mutating func take(_ count: Int) throws(BSONError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else { throw fail("truncated: \(count) bytes needed, \(bytes.count - offset) left") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func littleEndian<T: FixedWidthInteger>(_: T.Type) throws(BSONError) -> T {
        let slice = try take(T.bitWidth / 8)
        var value: T = 0
        for (index, byte) in slice.enumerated() { value |= T(byte) << (8 * index) }
        return value
    }

    mutating func document(depth: Int) throws(BSONError) -> BSONDocument {
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) documents") }
        let start = offset
        let size = Int(try littleEndian(Int32.self))
        guard size >= 5 else { throw BSONError(reason: "a document's size is \(size); the least is 5", offset: start) }
        guard bytes.count - start >= size else {
            throw BSONError(reason: "a document's size is \(size) but only \(bytes.count - start) bytes are left", offset: start)
        }
        let end = start + size
        var elements: [(name: String, value: BSONValue)] = []
        while true {
            guard offset < end else { throw fail("the document has no terminating zero within its size") }
            let type = try take(1).first!
            if type == 0 { break }
            let name = try cString(before: end)
            let value = try self.value(of: type, before: end, depth: depth)
            elements.append((name, value))
        }
        guard offset == end else { throw BSONError(reason: "the document ends \(end - offset) bytes before its stated size", offset: offset) }
        return BSONDocument(elements)
    }

    mutating func cString(before end: Int) throws(BSONError) -> String {
        guard let zero = bytes[offset..<end].firstIndex(of: 0) else { throw fail("a name runs past its document") }
        let text = try utf8(bytes[offset..<zero])
        offset = zero + 1
        return text
    }

    func utf8(_ slice: ArraySlice<UInt8>) throws(BSONError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw fail("text that is not UTF-8") }
        return text
    }

    mutating func value(of type: UInt8, before end: Int, depth: Int) throws(BSONError) -> BSONValue {
        let start = offset
        let value: BSONValue
        switch type {
        case 0x01: value = .double(Double(bitPattern: try littleEndian(UInt64.self)))
        case 0x02:
            let length = Int(try littleEndian(Int32.self))
            guard length >= 1, end - offset >= length else {
                throw BSONError(reason: "a string's length is \(length), beyond its document or below 1", offset: start)
            }
            let body = try take(length)
            guard body.last == 0 else { throw fail("a string is not ended by a zero") }
            let text = body.dropLast()
            guard !text.contains(0) else { throw fail("a string holds a zero before its end") }
            value = .string(try utf8(text))
        case 0x03: value = .document(try document(depth: depth + 1))
        case 0x04:
            // An array is a document whose names are its indexes; the names are not checked.
            value = .array(try document(depth: depth + 1).elements.map(\.value))
        case 0x05:
            let length = Int(try littleEndian(Int32.self))
            guard length >= 0, end - offset >= length + 1 else {
                throw BSONError(reason: "binary data of \(length) bytes runs past its document", offset: start)
            }
            let subtype = try take(1).first!
            value = .binary(subtype: subtype, Array(try take(length)))
        case 0x08:
            switch try take(1).first! {
            case 0: value = .bool(false)
            case 1: value = .bool(true)
            case let other: throw fail("a boolean is \(other), neither 0 nor 1")
            }
        case 0x0A: value = .null
        case 0x10: value = .int32(try littleEndian(Int32.self))
        case 0x12: value = .int64(try littleEndian(Int64.self))
        default:
            throw BSONError(reason: "element type 0x\(String(type, radix: 16, uppercase: true)) is not one SDL uses", offset: start - 1)
        }
        guard offset <= end else { throw BSONError(reason: "a value runs past its document", offset: start) }
        return value
    }
}
