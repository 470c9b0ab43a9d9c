/// SDL protocol frames (the SmartDeviceLink protocol specification, version 5): a header of
/// 8 bytes (version 1) or 12 bytes (versions 2 and later), big-endian, then `dataSize` bytes.
///
///     byte 0   version (4 bits) | encrypted (1 bit) | frame type (3 bits)
///     byte 1   service type         byte 2   frame info         byte 3   session ID
///     4…7      data size            8…11     message ID (version 2 and later)
public struct FrameHeader: Sendable, Equatable {
    public var version: UInt8
    public var encrypted: Bool
    public var frameType: FrameType
    public var serviceType: UInt8
    public var frameInfo: UInt8
    public var sessionID: UInt8
    public var dataSize: UInt32
    public var messageID: UInt32

    public init(
        version: UInt8 = 5, encrypted: Bool = false, frameType: FrameType, serviceType: UInt8, frameInfo: UInt8,
        sessionID: UInt8, dataSize: UInt32, messageID: UInt32
    ) {
        self.version = version
        self.encrypted = encrypted
        self.frameType = frameType
        self.serviceType = serviceType
        self.frameInfo = frameInfo
        self.sessionID = sessionID
        self.dataSize = dataSize
        self.messageID = messageID
    }

    /// Version 1 frames have no message ID.
    public static func size(forVersion version: UInt8) -> Int { version < 2 ? 8 : 12 }

    public func write(into out: inout [UInt8]) {
        out.append(version << 4 | (encrypted ? 0x08 : 0) | frameType.rawValue)
        out.append(serviceType)
        out.append(frameInfo)
        out.append(sessionID)
        out.appendBigEndian(dataSize)
        if version >= 2 { out.appendBigEndian(messageID) }
    }
}

public enum FrameType: UInt8, Sendable {
    case control = 0
    case single = 1
    case first = 2
    case consecutive = 3
}

/// Service types.
public enum ServiceType {
    public static let control: UInt8 = 0x00
    public static let rpc: UInt8 = 0x07
    public static let audio: UInt8 = 0x0A
    public static let video: UInt8 = 0x0B
    public static let hybrid: UInt8 = 0x0F

    public static func name(_ type: UInt8) -> String {
        switch type {
        case control: "control (0x00)"
        case rpc: "RPC (0x07)"
        case audio: "audio (0x0A)"
        case video: "video (0x0B)"
        case hybrid: "bulk data (0x0F)"
        default: "0x" + String(type, radix: 16, uppercase: true)
        }
    }
}

/// A control frame's frame info.
public enum ControlFrameInfo: UInt8, Sendable {
    case heartbeat = 0x00
    case startService = 0x01
    case startServiceACK = 0x02
    case startServiceNAK = 0x03
    case endService = 0x04
    case endServiceACK = 0x05
    case endServiceNAK = 0x06
    case registerSecondaryTransport = 0x07
    case registerSecondaryTransportACK = 0x08
    case registerSecondaryTransportNAK = 0x09
    case transportEventUpdate = 0xFD
    case serviceDataACK = 0xFE
    case heartbeatACK = 0xFF
}

/// One frame: its header and its payload.
public struct Frame: Sendable, Equatable {
    public var header: FrameHeader
    public var payload: [UInt8]

    public init(header: FrameHeader, payload: [UInt8]) {
        self.header = header
        self.payload = payload
    }

    /// A control frame whose payload is a BSON document (none when `bson` is nil).
    public static func control(
        _ info: ControlFrameInfo, version: UInt8 = 5, serviceType: UInt8, sessionID: UInt8, messageID: UInt32 = 0,
        bson: BSONDocument? = nil
    ) -> Frame {
        let payload = bson?.bytes ?? []
        return Frame(
            header: FrameHeader(
                version: version, frameType: .control, serviceType: serviceType, frameInfo: info.rawValue, sessionID: sessionID,
                dataSize: UInt32(payload.count), messageID: messageID),
            payload: payload)
    }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    public func write(into out: inout [UInt8]) {
        header.write(into: &out)
        out.append(contentsOf: payload)
    }
}

/// Why the byte stream cannot go on: the connection must close.
public enum FramingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame says it carries more than the limit: reading it would mean holding it.
    case dataSizeTooLarge(UInt32, limit: Int)
    case versionZero
    /// Frame types 4–7 do not exist.
    case unknownFrameType(UInt8)

    public var description: String {
        switch self {
        case .dataSizeTooLarge(let size, let limit): "a frame announces \(size) bytes of data; the limit is \(limit)"
        case .versionZero: "a frame header with protocol version 0"
        case .unknownFrameType(let type): "frame type \(type) (only 0–3 exist)"
        }
    }
}

/// Splits a byte stream into frames. Nothing is read beyond a header until its data has
/// arrived in full, and no frame larger than `maximumDataSize` is ever held: its header is
/// an error, and the stream cannot be resynchronised after it.
public struct FrameReader: Sendable {
    public let maximumDataSize: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var failed = false

    public init(maximumDataSize: Int) {
        self.maximumDataSize = maximumDataSize
    }

    /// Bytes of a frame received so far and not yet complete (for a peer that vanished mid-frame).
    public var pendingByteCount: Int { buffer.count - start }

    /// Takes the next bytes; `body` gets every frame they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>, _ body: (Frame) -> Void) throws(FramingError) {
        guard !failed else { return }
        buffer.append(contentsOf: bytes)
        defer { compact() }
        while let frame = try next() { body(frame) }
    }

    private mutating func next() throws(FramingError) -> Frame? {
        let available = buffer.count - start
        guard available >= 1 else { return nil }
        let first = buffer[start]
        let version = first >> 4
        guard version != 0 else {
            failed = true
            throw .versionZero
        }
        guard let frameType = FrameType(rawValue: first & 0x07) else {
            failed = true
            throw .unknownFrameType(first & 0x07)
        }
        let headerSize = FrameHeader.size(forVersion: version)
        guard available >= headerSize else { return nil }
        let dataSize = readBigEndian(UInt32.self, at: start + 4)
        guard Int(dataSize) <= maximumDataSize else {
            failed = true
            throw .dataSizeTooLarge(dataSize, limit: maximumDataSize)
        }
        guard available >= headerSize + Int(dataSize) else { return nil }
        let header = FrameHeader(
            version: version, encrypted: first & 0x08 != 0, frameType: frameType, serviceType: buffer[start + 1],
            frameInfo: buffer[start + 2], sessionID: buffer[start + 3], dataSize: dataSize,
            messageID: version >= 2 ? readBigEndian(UInt32.self, at: start + 8) : 0)
        let payloadStart = start + headerSize
        start = payloadStart + Int(dataSize)
        return Frame(header: header, payload: Array(buffer[payloadStart..<start]))
    }

    private func readBigEndian<T: FixedWidthInteger>(_: T.Type, at index: Int) -> T {
        var value: T = 0
        for offset in 0..<(T.bitWidth / 8) { value = value << 8 | T(buffer[index + offset]) }
        return value
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension ArraySlice<UInt8> {
    func readBigEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        var value: T = 0
        for index in 0..<(T.bitWidth / 8) { value = value << 8 | T(self[startIndex + offset + index]) }
        return value
    }
}
