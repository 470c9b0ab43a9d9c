/// One app's connection as the head unit's side of SDL protocol version 5 sees it, with no
/// I/O: bytes in, events and bytes out.
///
/// It answers the control frames itself — StartService for the RPC service (ACK with the
/// negotiated `protocolVersion`, `mtu` and `hashId`, or a NAK that says why), Heartbeat,
/// EndService, RegisterSecondaryTransport (NAK: there is none) — and hands complete RPC
/// messages up, from the RPC service and from the bulk data service started with it. What a
/// peer gets wrong is a NAK or a problem reported for the log where the stream can go on, and
/// `closeReason` where it cannot (a frame over the limit, frames that do not make a message).
public struct ProtocolConnection: Sendable {
    public struct Configuration: Sendable {
        /// The most payload bytes in one frame, either way; told to the app in the ACK.
        public var mtu: Int
        /// The most bytes of one message put together from frames.
        public var maximumMessageSize: Int
        /// The session ID given to the app's RPC service.
        public var sessionID: UInt8
        public var hashID: Int32

        public init(mtu: Int = 131_072, maximumMessageSize: Int = 16 << 20, sessionID: UInt8 = 1, hashID: Int32 = 0x5D1) {
            self.mtu = mtu
            self.maximumMessageSize = maximumMessageSize
            self.sessionID = sessionID
            self.hashID = hashID
        }
    }

    public enum Event: Sendable, Equatable {
        /// The app started its RPC service: RPCs can flow.
        case serviceStarted(protocolVersion: String)
        /// A complete RPC message from the app.
        case rpc(RPCMessage)
        /// The app ended its RPC service (EndService): its session is over.
        case serviceEnded
        /// Something the app sent was refused or dropped; the connection goes on.
        case problem(String)
    }

    /// The newest protocol version spoken here; its major version is the only one accepted.
    public static let protocolVersion = ProtocolVersion(5, 4, 0)

    public let configuration: Configuration
    /// Bytes to send to the app, in order. The host empties it.
    public var output: [UInt8] = []
    /// Set once the byte stream is beyond repair: the host logs it and closes the connection.
    public private(set) var closeReason: String?
    public private(set) var negotiatedVersion: ProtocolVersion?

    private var reader: FrameReader
    private var assembler: MessageAssembler
    private var nextMessageID: UInt32 = 1

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        reader = FrameReader(maximumDataSize: configuration.mtu)
        assembler = MessageAssembler(maximumMessageSize: configuration.maximumMessageSize)
    }

    public var isRPCServiceStarted: Bool { negotiatedVersion != nil }

    /// Bytes of frames and messages begun and not finished: what a peer vanishing now leaves.
    public var unfinishedByteCount: Int { reader.pendingByteCount + assembler.heldByteCount }

    /// Reads the next bytes from the app. `refusal` is asked before the RPC service starts:
    /// a reason given there is the StartServiceNAK's (no session is left on the connection).
    public mutating func receive(_ bytes: some Collection<UInt8>, refusal: () -> String? = { nil }) -> [Event] {
        guard closeReason == nil else { return [] }
        var frames: [Frame] = []
        do {
            try reader.feed(bytes) { frames.append($0) }
        } catch {
            closeReason = "\(error)"
        }
        return receive(frames: frames, refusal: refusal)
    }

    /// Takes frames read by the host: a connection carrying several sessions reads its bytes
    /// once and hands each session the frames that name it.
    public mutating func receive(frames: [Frame], refusal: () -> String? = { nil }) -> [Event] {
        var events: [Event] = []
        for frame in frames where closeReason == nil {
            if frame.header.frameType == .control {
                handleControl(frame, refusal: refusal, events: &events)
            } else {
                handleData(frame, events: &events)
            }
        }
        return events
    }

    /// Sends an RPC message to the app, split at the MTU.
    public mutating func send(_ message: RPCMessage) {
        guard let version = negotiatedVersion else { return }
        let id = nextMessageID
        nextMessageID &+= 1
        MessageFragmenter.write(
            Message(serviceType: ServiceType.rpc, sessionID: configuration.sessionID, messageID: id, payload: message.payload),
            version: version.major, mtu: configuration.mtu, into: &output)
    }

    /// The head unit ends the app's RPC service (it is shutting down).
    public mutating func endService() {
        guard isRPCServiceStarted else { return }
        Frame.control(
            .endService, serviceType: ServiceType.rpc, sessionID: configuration.sessionID, messageID: nextMessageID,
            bson: ["hashId": .int32(configuration.hashID)]
        ).write(into: &output)
        negotiatedVersion = nil
    }

    // MARK: Control frames

    private mutating func handleControl(_ frame: Frame, refusal: () -> String?, events: inout [Event]) {
        let header = frame.header
        switch ControlFrameInfo(rawValue: header.frameInfo) {
        case .heartbeat:
            reply(.heartbeatACK, to: header, bson: nil)
        case .heartbeatACK, .endServiceACK:
            break  // the app's answers to the head unit's Heartbeat and EndService
        case .startService:
            startService(frame, refusal: refusal, events: &events)
        case .endService:
            endService(frame, events: &events)
        case .registerSecondaryTransport:
            // The StartServiceACK offers no secondary transport, so none can be registered
            // (Core answers a NAK with the reason too).
            let reason = "hu-sim offers no secondary transport"
            reply(.registerSecondaryTransportNAK, to: header, bson: ["reason": .string(reason)])
            events.append(.problem("RegisterSecondaryTransport refused: \(reason)"))
        default:
            events.append(.problem("control frame 0x\(String(header.frameInfo, radix: 16, uppercase: true)) for service \(ServiceType.name(header.serviceType)) is not served here; ignored"))
        }
    }

    private mutating func startService(_ frame: Frame, refusal: () -> String?, events: inout [Event]) {
        let header = frame.header
        func nak(_ reason: String, rejecting rejectedParams: [String] = []) {
            // In the StartService's own version, as Core answers it. Before version 5 a NAK has
            // no BSON payload; the log line is then the only explanation.
            let bson: BSONDocument = ["reason": .string(reason), "rejectedParams": .array(rejectedParams.map(BSONValue.string))]
            reply(.startServiceNAK, to: header, bson: header.version >= 5 ? bson : nil)
            events.append(.problem("StartService refused: \(reason)"))
        }
        let only = "hu-sim speaks SDL protocol version \(Self.protocolVersion.major) only"
        guard header.version <= Self.protocolVersion.major else { return nak("\(only); this StartService is version \(header.version)") }
        switch header.serviceType {
        case ServiceType.rpc: break
        case ServiceType.hybrid: return nak("the bulk data service (0x0F) starts with the RPC service (0x07), with no StartService of its own")
        default: return nak("hu-sim serves the RPC service (0x07) only, not \(ServiceType.name(header.serviceType))")
        }
        // In a version 1 header that bit is the compression flag, which Core ignores.
        guard header.version < 2 || !header.encrypted else { return nak("hu-sim does not encrypt; start the RPC service unencrypted") }
        guard !isRPCServiceStarted else { return nak("the RPC service is already started on this connection") }
        // The app's highest version: `protocolVersion` in the payload, whatever the header's
        // version (app libraries send version 1, as the spec asks of a first StartService);
        // with no payload, the header's. Core takes any 5.x.y or newer and answers with the
        // lower of the app's and its own.
        let version: ProtocolVersion
        if frame.payload.isEmpty {
            guard header.version == Self.protocolVersion.major else {
                return nak("\(only); this StartService is version \(header.version) and names no protocolVersion \"5.x.y\" in a BSON payload")
            }
            version = Self.protocolVersion
        } else {
            let parameters: BSONDocument
            do {
                parameters = try BSONDocument(bytes: frame.payload)
            } catch {
                return nak("the StartService payload is \(error)")
            }
            let requested = parameters["protocolVersion"]
            guard let text = requested?.stringValue, let asked = ProtocolVersion(text), asked.major >= Self.protocolVersion.major else {
                return nak("\(only): protocolVersion must be a string \"5.x.y\" or newer; got \(requested.map { "\($0)" } ?? "none")", rejecting: ["protocolVersion"])
            }
            version = min(asked, Self.protocolVersion)
        }
        if let reason = refusal() { return nak(reason) }
        negotiatedVersion = version
        // The ACK and every frame after it are in the negotiated version, whatever the
        // StartService's own (Core, and the spec's version negotiation).
        var ack = header
        ack.version = version.major
        ack.sessionID = configuration.sessionID
        reply(
            .startServiceACK, to: ack,
            bson: [
                "protocolVersion": .string(version.description), "mtu": .int64(Int64(configuration.mtu)),
                "hashId": .int32(configuration.hashID),
            ])
        events.append(.serviceStarted(protocolVersion: version.description))
    }

    private mutating func endService(_ frame: Frame, events: inout [Event]) {
        let header = frame.header
        func nak(_ reason: String) {
            reply(.endServiceNAK, to: header, bson: ["reason": .string(reason), "rejectedParams": .array([])])
            events.append(.problem("EndService refused: \(reason)"))
        }
        guard header.serviceType != ServiceType.hybrid else { return nak("the bulk data service (0x0F) ends with the RPC service (0x07)") }
        guard header.serviceType == ServiceType.rpc, isRPCServiceStarted else {
            return nak("service \(ServiceType.name(header.serviceType)) is not started on this connection")
        }
        guard header.sessionID == configuration.sessionID else {
            return nak("session \(header.sessionID) is not this connection's session (\(configuration.sessionID))")
        }
        if !frame.payload.isEmpty {
            guard let parameters = try? BSONDocument(bytes: frame.payload) else { return nak("the EndService payload is not valid BSON") }
            if let hashID = parameters["hashId"]?.integerValue, hashID != Int64(configuration.hashID) {
                return nak("hashId \(hashID) is not the one this session was given (\(configuration.hashID))")
            }
        }
        reply(.endServiceACK, to: header, bson: nil)
        negotiatedVersion = nil
        events.append(.serviceEnded)
    }

    private mutating func reply(_ info: ControlFrameInfo, to header: FrameHeader, bson: BSONDocument?) {
        Frame.control(info, version: header.version, serviceType: header.serviceType, sessionID: header.sessionID, messageID: header.messageID, bson: bson)
            .write(into: &output)
    }

    // MARK: Data frames

    /// The bulk data service (0x0F) is started with the RPC service and carries the same
    /// messages (binary header, JSON, bulk data): app libraries send PutFile's bytes there,
    /// and Core reads both services alike.
    private mutating func handleData(_ frame: Frame, events: inout [Event]) {
        let header = frame.header
        let isServed = header.serviceType == ServiceType.rpc || header.serviceType == ServiceType.hybrid
        guard isServed, isRPCServiceStarted, header.sessionID == configuration.sessionID else {
            let what = "a \(header.frameType) frame for service \(ServiceType.name(header.serviceType)), session \(header.sessionID)"
            return events.append(.problem("\(what), which is not started on this connection; dropped"))
        }
        guard !header.encrypted else {
            return events.append(.problem("an encrypted frame; hu-sim does not encrypt, so it is dropped"))
        }
        let message: Message?
        do {
            message = try assembler.take(frame)
        } catch {
            closeReason = error.reason
            return
        }
        guard let message else { return }
        do {
            events.append(.rpc(try RPCMessage(payload: message.payload)))
        } catch {
            events.append(.problem("message \(message.messageID) dropped: \(error.reason)"))
        }
    }
}

/// A protocol version, `major.minor.patch`.
public struct ProtocolVersion: Sendable, Comparable, CustomStringConvertible {
    public let major: UInt8
    public let minor: Int
    public let patch: Int

    public init(_ major: UInt8, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let major = UInt8(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2]), minor >= 0, patch >= 0
        else { return nil }
        self.init(major, minor, patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: ProtocolVersion, rhs: ProtocolVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
