import Foundation
import JSONCodec
import SDLProtocol

/// A raw TCP client speaking SDL frames by hand, to play apps that get the protocol wrong.
/// Every read waits at most `seconds`.
final class SDLTestClient {
    private let connection: RawConnection
    private var reader = FrameReader(maximumDataSize: 1 << 24)
    private var assembler = MessageAssembler(maximumMessageSize: 1 << 24)
    private var frames: [Frame] = []
    private var nextMessageID: UInt32 = 1
    var closedByPeer: Bool { connection.closedByPeer }

    init(port: UInt16) throws {
        connection = try RawConnection(port: port)
    }

    func close() { connection.close() }

    /// Writes as much of `bytes` as the socket takes within `seconds`; returns how much.
    @discardableResult
    func send(_ bytes: [UInt8], seconds: Double = 5) -> Int { connection.send(bytes, seconds: seconds) }

    func send(_ frame: Frame) { send(frame.bytes) }

    /// StartService for the RPC service; returns the answer (ACK or NAK).
    func startService(version: UInt8 = 5, service: UInt8 = ServiceType.rpc, bson: BSONDocument? = ["protocolVersion": .string("5.4.0")]) throws -> Frame {
        send(Frame.control(.startService, version: version, serviceType: service, sessionID: 0, bson: bson))
        return try nextFrame { $0.header.frameType == .control }
    }

    /// An RPC request, split at `mtu`.
    func request(_ functionID: Int, correlationID: UInt32, _ params: JSON = [:], mtu: Int = 1000) {
        send(RPCMessage(kind: .request, functionID: UInt32(functionID), correlationID: correlationID, json: params.serialized), mtu: mtu)
    }

    /// An RPC message as it stands, split at `mtu`, on `service`: the RPC service, or the bulk
    /// data service (0x0F), where app libraries send the messages that carry bulk data.
    func send(_ message: RPCMessage, service: UInt8 = ServiceType.rpc, mtu: Int = 1000) {
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: service, sessionID: 1, messageID: nextMessageID, payload: message.payload), mtu: mtu, into: &bytes)
        nextMessageID += 1
        send(bytes)
    }

    /// Waits for the next frame that `matches` (frames before it are dropped).
    func nextFrame(seconds: Double = 10, _ matches: (Frame) -> Bool = { _ in true }) throws -> Frame {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let index = frames.firstIndex(where: matches) {
                defer { frames.removeFirst(index + 1) }
                return frames[index]
            }
            guard !closedByPeer else { throw LiveProcessError("the simulator closed the connection before the frame waited for") }
            guard Date() < deadline else { throw LiveProcessError("no such frame within \(seconds) s") }
            pump(milliseconds: 50)
        }
    }

    /// Waits for the RPC message that `matches`, put together from its frames; with the
    /// service it came on.
    func nextRPC(seconds: Double = 10, _ matches: (RPCMessage) -> Bool) throws -> (message: RPCMessage, json: JSON, service: UInt8) {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let frame = try nextFrame(seconds: max(0.01, deadline.timeIntervalSinceNow)) { $0.header.frameType != .control }
            guard let message = try assembler.take(frame) else { continue }
            let rpc = try RPCMessage(payload: message.payload)
            if matches(rpc) { return (rpc, (try? JSON.parse(rpc.json)) ?? .null, message.serviceType) }
        }
    }

    /// Waits until the simulator closes the connection; false if it stays open `seconds`.
    func waitForClose(seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !closedByPeer && Date() < deadline { pump(milliseconds: 50) }
        return closedByPeer
    }

    private func pump(milliseconds: Int32) {
        let bytes = connection.receive(milliseconds: milliseconds)
        if !bytes.isEmpty { try? reader.feed(bytes) { frames.append($0) } }
    }

    static let registration: JSON = [
        "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0], "appName": "Raw", "appID": "raw-1", "isMediaApplication": false,
        "languageDesired": "EN-US", "hmiDisplayLanguageDesired": "EN-US",
    ]

    /// Starts the RPC service and registers (as "Raw", raw-1, unless named); returns the registration's answer.
    @discardableResult
    func register(appName: String? = nil, appID: String? = nil) throws -> JSON {
        _ = try startService()
        var registration = Self.registration.objectValue ?? [:]
        if let appName { registration["appName"] = .string(appName) }
        if let appID { registration["appID"] = .string(appID) }
        request(1, correlationID: 65529, .object(registration))
        return try nextRPC { $0.functionID == 1 && $0.kind == .response }.json
    }
}

extension BSONDocument {
    init(frame: Frame) throws { try self.init(bytes: frame.payload) }
}
