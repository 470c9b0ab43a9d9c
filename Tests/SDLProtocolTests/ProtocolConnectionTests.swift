import Testing

@testable import SDLProtocol

/// The app's side of a connection, as the tests play it.
private struct App {
    var connection = ProtocolConnection(configuration: .init(mtu: 64, maximumMessageSize: 4096, sessionID: 3, hashID: 77))
    var events: [ProtocolConnection.Event] = []
    var refusal: String?

    mutating func send(_ bytes: [UInt8]) {
        let refusal = self.refusal
        events += connection.receive(bytes, refusal: { refusal })
    }

    mutating func send(_ frame: Frame) { send(frame.bytes) }

    /// The frames the head unit wrote since last asked.
    mutating func replies() -> [Frame] {
        var reader = FrameReader(maximumDataSize: 1 << 20)
        var frames: [Frame] = []
        try! reader.feed(connection.output) { frames.append($0) }
        connection.output.removeAll()
        return frames
    }

    static func startService(version: UInt8 = 5, service: UInt8 = ServiceType.rpc, bson: BSONDocument? = ["protocolVersion": "5.4.0"]) -> Frame {
        Frame.control(.startService, version: version, serviceType: service, sessionID: 0, messageID: 0, bson: bson)
    }

    mutating func start() {
        send(Self.startService())
        _ = replies()
        events.removeAll()
    }
}

/// The text of the first problem reported.
private func problem(in events: [ProtocolConnection.Event]) -> String? {
    for case .problem(let text) in events { return text }
    return nil
}

extension BSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

@Suite struct ProtocolHandshake {
    @Test func startServiceIsAnsweredWithTheVersionTheMTUAndTheHashID() throws {
        var app = App()
        app.send(App.startService(bson: ["protocolVersion": "5.2.0"]))
        let ack = try #require(app.replies().first)
        #expect(ack.header.frameInfo == ControlFrameInfo.startServiceACK.rawValue)
        #expect(ack.header.sessionID == 3)
        #expect(ack.header.version == 5)
        let bson = try BSONDocument(bytes: ack.payload)
        #expect(bson["protocolVersion"] == "5.2.0")
        #expect(bson["mtu"] == .int64(64))
        #expect(bson["hashId"] == .int32(77))
        #expect(app.events == [.serviceStarted(protocolVersion: "5.2.0")])
    }

    @Test func aNewerMinorVersionIsAnsweredWithOurs() throws {
        var app = App()
        app.send(App.startService(bson: ["protocolVersion": "5.9.1"]))
        #expect(try BSONDocument(bytes: app.replies()[0].payload)["protocolVersion"] == "5.4.0")
    }

    @Test(arguments: [UInt8(1), 2, 3, 4, 6])
    func otherProtocolVersionsAreNAKed(_ version: UInt8) {
        var app = App()
        app.send(App.startService(version: version, bson: version >= 5 ? ["protocolVersion": "5.0.0"] : nil))
        let nak = app.replies().first
        #expect(nak?.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(nak?.header.version == version)
        #expect(app.events.count == 1)
        #expect(problem(in: app.events)?.contains("version 5 only") == true)
        #expect(!app.connection.isRPCServiceStarted)
    }

    @Test func aNAKSaysWhyInItsBSON() throws {
        var app = App()
        app.send(App.startService(service: ServiceType.video, bson: [:]))
        let nak = try #require(app.replies().first)
        #expect(nak.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(try BSONDocument(bytes: nak.payload)["reason"]?.stringValue?.contains("RPC service") == true)
    }

    @Test func garbageBSONIsNAKed() {
        var app = App()
        var frame = App.startService()
        frame.payload = [0x10, 0, 0, 0, 0xFF, 0xFF]
        frame.header.dataSize = 6
        app.send(frame)
        #expect(app.replies().first?.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(!app.connection.isRPCServiceStarted)
    }

    @Test func aRefusedStartIsNAKedWithTheRefusal() throws {
        var app = App()
        app.refusal = "another app is connected"
        app.send(App.startService())
        let nak = try #require(app.replies().first)
        #expect(try BSONDocument(bytes: nak.payload)["reason"] == "another app is connected")
    }

    @Test func aSecondStartIsNAKedAndTheFirstStands() {
        var app = App()
        app.start()
        app.send(App.startService())
        #expect(app.replies().first?.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(app.connection.isRPCServiceStarted)
    }

    @Test func heartbeatsAreAnswered() {
        var app = App()
        app.send(Frame.control(.heartbeat, serviceType: 0, sessionID: 3))
        #expect(app.replies().map(\.header.frameInfo) == [ControlFrameInfo.heartbeatACK.rawValue])
    }

    @Test func endServiceEndsTheSessionAndIsACKed() {
        var app = App()
        app.start()
        app.send(Frame.control(.endService, serviceType: ServiceType.rpc, sessionID: 3, bson: ["hashId": .int32(77)]))
        #expect(app.replies().map(\.header.frameInfo) == [ControlFrameInfo.endServiceACK.rawValue])
        #expect(app.events == [.serviceEnded])
        #expect(!app.connection.isRPCServiceStarted)
    }

    @Test func endServiceWithAnotherHashIDOrSessionIsNAKed() {
        var app = App()
        app.start()
        app.send(Frame.control(.endService, serviceType: ServiceType.rpc, sessionID: 3, bson: ["hashId": .int32(1)]))
        app.send(Frame.control(.endService, serviceType: ServiceType.rpc, sessionID: 4))
        #expect(app.replies().map(\.header.frameInfo) == [ControlFrameInfo.endServiceNAK.rawValue, ControlFrameInfo.endServiceNAK.rawValue])
        #expect(app.connection.isRPCServiceStarted)
    }
}

@Suite struct ProtocolMessages {
    private func rpc(_ json: String, bulk: Int = 0, id: UInt32 = 9) -> RPCMessage {
        RPCMessage(kind: .request, functionID: 32, correlationID: id, json: Array(json.utf8), bulkData: [UInt8](repeating: 0xAB, count: bulk))
    }

    private func frames(of message: RPCMessage, mtu: Int = 64, session: UInt8 = 3) -> [UInt8] {
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: session, messageID: 5, payload: message.payload), mtu: mtu, into: &bytes)
        return bytes
    }

    @Test func anRPCSplitOverFramesArrivesWhole() {
        var app = App()
        app.start()
        let message = rpc(#"{"syncFileName":"a.png"}"#, bulk: 500)
        app.send(frames(of: message))
        #expect(app.events == [.rpc(message)])
    }

    @Test func framesBeforeTheServiceStartsOrForAnotherSessionAreDropped() {
        var app = App()
        app.send(frames(of: rpc("{}")))
        app.start()
        app.send(frames(of: rpc("{}"), session: 4))
        #expect(app.events.count == 1)
        #expect(problem(in: app.events)?.contains("session 4") == true)
        #expect(app.connection.closeReason == nil)
    }

    @Test func aFrameOverTheMTUClosesTheConnection() {
        var app = App()
        app.start()
        app.send(frames(of: rpc("{}", bulk: 100), mtu: 200))
        #expect(app.connection.closeReason?.contains("limit is 64") == true)
        app.send(frames(of: rpc("{}")))
        #expect(app.events.isEmpty)
    }

    @Test func aMessageOverTheLimitClosesTheConnectionAtItsFirstFrame() {
        var app = App()
        app.start()
        let bytes = frames(of: rpc("{}", bulk: 5000))
        app.send(Array(bytes.prefix(20)))
        #expect(app.connection.closeReason?.contains("limit is 4096") == true)
    }

    @Test func aBrokenBinaryHeaderIsDroppedAndTheConnectionGoesOn() {
        var app = App()
        app.start()
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: 3, messageID: 5, payload: [1, 2, 3]), mtu: 64, into: &bytes)
        app.send(bytes)
        #expect(problem(in: app.events)?.contains("binary header") == true)
        #expect(app.connection.closeReason == nil)
    }

    @Test func whatTheHeadUnitSendsIsSplitAtTheMTU() {
        var app = App()
        app.start()
        app.connection.send(RPCMessage(kind: .response, functionID: 1, correlationID: 65529, json: [UInt8](repeating: 0x20, count: 150)))
        let replies = app.replies()
        #expect(replies.map(\.header.frameType) == [.first, .consecutive, .consecutive, .consecutive])
        #expect(replies.allSatisfy { $0.payload.count <= 64 && $0.header.sessionID == 3 })
    }
}
