/// A message of a data service: the payload of one single frame, or of a first frame's
/// consecutive frames put together.
public struct Message: Sendable, Equatable {
    public var serviceType: UInt8
    public var sessionID: UInt8
    public var messageID: UInt32
    public var encrypted: Bool
    public var payload: [UInt8]

    public init(serviceType: UInt8, sessionID: UInt8, messageID: UInt32, encrypted: Bool = false, payload: [UInt8]) {
        self.serviceType = serviceType
        self.sessionID = sessionID
        self.messageID = messageID
        self.encrypted = encrypted
        self.payload = payload
    }
}

/// Why frames do not make a message; the sender broke the protocol.
public struct AssemblyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

/// Puts messages split over a first frame and consecutive frames back together, checking
/// what the first frame announced (total size, frame count) and each frame's sequence number
/// (1, 2, … 255, 1, … and 0 on the last). A message larger than `maximumMessageSize` is
/// refused at its first frame, before any of it is held, as is a peer with more than
/// `maximumMessagesInFlight` messages begun and not finished.
public struct MessageAssembler: Sendable {
    public let maximumMessageSize: Int
    public let maximumMessagesInFlight: Int

    private struct Key: Hashable {
        let serviceType: UInt8
        let sessionID: UInt8
        let messageID: UInt32
    }

    private struct Partial {
        let totalSize: Int
        let frameCount: Int
        var framesReceived = 0
        var payload: [UInt8] = []
    }

    private var partials: [Key: Partial] = [:]

    public init(maximumMessageSize: Int, maximumMessagesInFlight: Int = 16) {
        self.maximumMessageSize = maximumMessageSize
        self.maximumMessagesInFlight = maximumMessagesInFlight
    }

    /// Messages begun and not finished.
    public var messagesInFlight: Int { partials.count }

    /// Bytes held for messages not finished.
    public var heldByteCount: Int { partials.values.reduce(0) { $0 + $1.payload.count } }

    /// Takes a data frame (single, first or consecutive); returns the message it completes.
    public mutating func take(_ frame: Frame) throws(AssemblyError) -> Message? {
        let header = frame.header
        let key = Key(serviceType: header.serviceType, sessionID: header.sessionID, messageID: header.messageID)
        func message(_ payload: [UInt8]) -> Message {
            Message(
                serviceType: header.serviceType, sessionID: header.sessionID, messageID: header.messageID,
                encrypted: header.encrypted, payload: payload)
        }
        switch header.frameType {
        case .control:
            throw AssemblyError(reason: "a control frame is not part of a message")
        case .single:
            guard frame.payload.count <= maximumMessageSize else {
                throw AssemblyError(reason: "a message of \(frame.payload.count) bytes; the limit is \(maximumMessageSize)")
            }
            return message(frame.payload)
        case .first:
            guard frame.payload.count == 8 else {
                throw AssemblyError(reason: "a first frame carries \(frame.payload.count) bytes, not 8 (total size and frame count)")
            }
            let bytes = frame.payload[...]
            let totalSize = Int(bytes.readBigEndian(UInt32.self, at: 0))
            let frameCount = Int(bytes.readBigEndian(UInt32.self, at: 4))
            guard totalSize <= maximumMessageSize else {
                throw AssemblyError(reason: "a first frame announces \(totalSize) bytes; the limit is \(maximumMessageSize)")
            }
            guard frameCount >= 1, frameCount <= max(totalSize, 1) else {
                throw AssemblyError(reason: "a first frame announces \(frameCount) frames for \(totalSize) bytes")
            }
            guard partials[key] == nil else {
                throw AssemblyError(reason: "a second first frame for message \(header.messageID) before the first one ended")
            }
            guard partials.count < maximumMessagesInFlight else {
                throw AssemblyError(reason: "more than \(maximumMessagesInFlight) messages begun and not finished")
            }
            partials[key] = Partial(totalSize: totalSize, frameCount: frameCount)
            return nil
        case .consecutive:
            guard var partial = partials.removeValue(forKey: key) else {
                throw AssemblyError(reason: "a consecutive frame of message \(header.messageID), which no first frame began")
            }
            let isLast = header.frameInfo == 0
            let expected = isLast ? 0 : UInt8(partial.framesReceived % 255 + 1)
            guard header.frameInfo == expected else {
                throw AssemblyError(
                    reason: "frame \(partial.framesReceived + 1) of message \(header.messageID) has sequence number \(header.frameInfo), not \(expected)")
            }
            guard partial.payload.count + frame.payload.count <= partial.totalSize else {
                throw AssemblyError(reason: "message \(header.messageID) runs past the \(partial.totalSize) bytes its first frame announced")
            }
            partial.payload.append(contentsOf: frame.payload)
            partial.framesReceived += 1
            if isLast {
                guard partial.payload.count == partial.totalSize, partial.framesReceived == partial.frameCount else {
                    throw AssemblyError(
                        reason:
                            "message \(header.messageID) ended after \(partial.framesReceived) frames and \(partial.payload.count) bytes; its first frame announced \(partial.frameCount) and \(partial.totalSize)"
                    )
                }
                return message(partial.payload)
            }
            guard partial.framesReceived < partial.frameCount else {
                throw AssemblyError(reason: "message \(header.messageID) has more frames than the \(partial.frameCount) announced")
            }
            partials[key] = partial
            return nil
        }
    }
}

/// Splits outgoing messages into frames of at most `mtu` payload bytes: a single frame when
/// the message fits, else a first frame (total size, frame count) and consecutive frames.
public enum MessageFragmenter {
    public static func write(_ message: Message, version: UInt8 = 5, mtu: Int, into out: inout [UInt8]) {
        let payload = message.payload
        func header(_ type: FrameType, info: UInt8, size: Int) -> FrameHeader {
            FrameHeader(
                version: version, encrypted: message.encrypted, frameType: type, serviceType: message.serviceType, frameInfo: info,
                sessionID: message.sessionID, dataSize: UInt32(size), messageID: message.messageID)
        }
        guard payload.count > mtu else {
            header(.single, info: 0, size: payload.count).write(into: &out)
            out.append(contentsOf: payload)
            return
        }
        let frameCount = (payload.count + mtu - 1) / mtu
        header(.first, info: 0, size: 8).write(into: &out)
        out.appendBigEndian(UInt32(payload.count))
        out.appendBigEndian(UInt32(frameCount))
        for index in 0..<frameCount {
            let start = index * mtu
            let end = min(start + mtu, payload.count)
            let isLast = index == frameCount - 1
            header(.consecutive, info: isLast ? 0 : UInt8(index % 255 + 1), size: end - start).write(into: &out)
            out.append(contentsOf: payload[start..<end])
        }
    }
}

/// An RPC service message: the 12-byte binary header (RPC type in the top 4 bits and the
/// function ID in the low 28 bits, correlation ID, JSON size), the JSON, then bulk data.
public struct RPCMessage: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        case request = 0
        case response = 1
        case notification = 2
    }

    public var kind: Kind
    public var functionID: UInt32
    public var correlationID: UInt32
    public var json: [UInt8]
    public var bulkData: [UInt8]

    public init(kind: Kind, functionID: UInt32, correlationID: UInt32, json: [UInt8], bulkData: [UInt8] = []) {
        self.kind = kind
        self.functionID = functionID
        self.correlationID = correlationID
        self.json = json
        self.bulkData = bulkData
    }

    /// Reads a message's payload; an error names what is wrong with it.
    public init(payload: [UInt8]) throws(AssemblyError) {
        guard payload.count >= 12 else {
            throw AssemblyError(reason: "an RPC message of \(payload.count) bytes, shorter than its 12-byte binary header")
        }
        let bytes = payload[...]
        let first = bytes.readBigEndian(UInt32.self, at: 0)
        guard let kind = Kind(rawValue: UInt8(first >> 28)) else {
            throw AssemblyError(reason: "RPC type \(first >> 28) (only 0 request, 1 response, 2 notification exist)")
        }
        let jsonSize = Int(bytes.readBigEndian(UInt32.self, at: 8))
        guard jsonSize <= payload.count - 12 else {
            throw AssemblyError(reason: "the binary header announces \(jsonSize) bytes of JSON; only \(payload.count - 12) follow it")
        }
        self.init(
            kind: kind, functionID: first & 0x0FFF_FFFF, correlationID: bytes.readBigEndian(UInt32.self, at: 4),
            json: Array(payload[12..<12 + jsonSize]), bulkData: Array(payload[(12 + jsonSize)...]))
    }

    public var payload: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(12 + json.count + bulkData.count)
        out.appendBigEndian(UInt32(kind.rawValue) << 28 | (functionID & 0x0FFF_FFFF))
        out.appendBigEndian(correlationID)
        out.appendBigEndian(UInt32(json.count))
        out.append(contentsOf: json)
        out.append(contentsOf: bulkData)
        return out
    }
}
