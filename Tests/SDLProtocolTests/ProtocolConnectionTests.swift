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

    @Test(arguments: ["5.9.1", "6.0.0"])
    func aNewerVersionIsAnsweredWithOurs(_ asked: String) throws {
        var app = App()
        app.send(App.startService(version: 1, bson: ["protocolVersion": .string(asked)]))
        let ack = app.replies()[0]
        #expect(ack.header.version == 5)
        #expect(try BSONDocument(bytes: ack.payload)["protocolVersion"] == "5.4.0")
    }

    /// The first StartService as sdl_java_suite and sdl_ios write it: a version 1 header (8
    /// bytes, no message ID) whose BSON payload names the version the app speaks.
    @Test func aVersion1StartServiceNamingVersion5IsACKedInVersion5() throws {
        var app = App()
        let bson: [UInt8] =
            [32, 0, 0, 0, 0x02] + Array("protocolVersion".utf8) + [0, 6, 0, 0, 0] + Array("5.2.0".utf8) + [0, 0]
        app.send([0x10, 0x07, 0x01, 0x00, 0, 0, 0, UInt8(bson.count)] + bson)
        let ack = try #require(app.replies().first)
        #expect(ack.header.version == 5)
        #expect(ack.header.frameInfo == ControlFrameInfo.startServiceACK.rawValue)
        #expect(ack.header.serviceType == ServiceType.rpc)
        #expect(ack.header.sessionID == 3)
        #expect(try BSONDocument(bytes: ack.payload)["protocolVersion"] == "5.2.0")
        #expect(app.events == [.serviceStarted(protocolVersion: "5.2.0")])
        // From then on, version 5 frames.
        let bytes = app.connection.output
        app.connection.send(RPCMessage(kind: .notification, functionID: 32768, correlationID: 0, json: Array("{}".utf8)))
        #expect(app.connection.output.dropFirst(bytes.count).first == 0x51)
    }

    @Test(arguments: [UInt8(1), 2, 3, 4, 5])
    func aStartServiceInAnyHeaderVersionUpTo5NamingVersion5IsACKedInVersion5(_ version: UInt8) throws {
        var app = App()
        app.send(App.startService(version: version, bson: ["protocolVersion": "5.4.0"]))
        let ack = try #require(app.replies().first)
        #expect(ack.header.frameInfo == ControlFrameInfo.startServiceACK.rawValue)
        #expect(ack.header.version == 5)
        #expect(app.connection.isRPCServiceStarted)
    }

    @Test(arguments: [UInt8(1), 2, 3, 4])
    func anOlderVersionWithoutAPayloadIsNAKedInItsOwnVersion(_ version: UInt8) {
        var app = App()
        app.send(App.startService(version: version, bson: nil))
        let nak = app.replies().first
        #expect(nak?.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(nak?.header.version == version)
        #expect(nak?.payload.isEmpty == true)
        #expect(app.events.count == 1)
        #expect(problem(in: app.events)?.contains("version 5 only") == true)
        #expect(!app.connection.isRPCServiceStarted)
    }

    @Test func aHeaderVersionAbove5IsNAKed() {
        var app = App()
        app.send(App.startService(version: 6, bson: ["protocolVersion": "5.0.0"]))
        #expect(app.replies().first?.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(problem(in: app.events)?.contains("version 5 only") == true)
        #expect(!app.connection.isRPCServiceStarted)
    }

    /// Core rejects a payload whose protocolVersion is missing or older than 5, naming it.
    @Test(arguments: [["protocolVersion": "4.3.0"], ["protocolVersion": .int32(5)], [:]] as [BSONDocument])
    func aPayloadWithoutProtocolVersion5IsNAKedNamingIt(_ bson: BSONDocument) throws {
        var app = App()
        app.send(App.startService(bson: bson))
        let nak = try #require(app.replies().first)
        #expect(nak.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(try BSONDocument(bytes: nak.payload)["rejectedParams"] == .array(["protocolVersion"]))
        app.send(App.startService(version: 1, bson: bson))
        let inVersion1 = app.replies().first
        #expect(inVersion1?.header.version == 1)
        #expect(inVersion1?.payload.isEmpty == true)
        #expect(!app.connection.isRPCServiceStarted)
    }

    /// The bulk data service needs no start: it starts with the RPC service.
    @Test(arguments: [(ServiceType.video, "serves the RPC service (0x07) only"), (ServiceType.hybrid, "starts with the RPC service")])
    func aStartServiceForAnotherServiceIsNAKedSayingWhyInItsBSON(_ service: UInt8, _ reason: String) throws {
        var app = App()
        app.send(App.startService(service: service, bson: [:]))
        let nak = try #require(app.replies().first)
        #expect(nak.header.frameInfo == ControlFrameInfo.startServiceNAK.rawValue)
        #expect(try BSONDocument(bytes: nak.payload)["reason"]?.stringValue?.contains(reason) == true)
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

    @Test func theBulkDataServiceEndsWithTheRPCServiceOnly() throws {
        var app = App()
        app.start()
        app.send(Frame.control(.endService, serviceType: ServiceType.hybrid, sessionID: 3))
        let naks = app.replies()
        #expect(naks.map(\.header.frameInfo) == [ControlFrameInfo.endServiceNAK.rawValue])
        #expect(try BSONDocument(bytes: naks[0].payload)["reason"]?.stringValue?.contains("ends with the RPC service") == true)
        #expect(app.connection.isRPCServiceStarted)
    }

    @Test func registerSecondaryTransportIsNAKedWithTheReason() throws {
        var app = App()
        app.start()
        app.send(Frame.control(.registerSecondaryTransport, serviceType: ServiceType.control, sessionID: 3, messageID: 1))
        let nak = try #require(app.replies().first)
        #expect(nak.header.frameInfo == ControlFrameInfo.registerSecondaryTransportNAK.rawValue)
        #expect(nak.header.sessionID == 3)
        #expect(try BSONDocument(bytes: nak.payload)["reason"] == "hu-sim offers no secondary transport")
        #expect(app.connection.isRPCServiceStarted)
    }

    /// Control frames Core takes and ignores (or, the ACKs, takes as answers) leave the
    /// session as it was and get no answer.
    @Test(arguments: [
        ControlFrameInfo.heartbeatACK, .endServiceACK, .startServiceACK, .startServiceNAK, .endServiceNAK,
        .registerSecondaryTransportACK, .registerSecondaryTransportNAK, .transportEventUpdate, .serviceDataACK,
    ])
    func otherControlFramesAreTakenWithoutAnAnswer(_ info: ControlFrameInfo) {
        var app = App()
        app.start()
        app.send(Frame.control(info, serviceType: ServiceType.control, sessionID: 3, messageID: 4))
        #expect(app.replies().isEmpty)
        #expect(app.connection.isRPCServiceStarted && app.connection.closeReason == nil)
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

    private func frames(of message: RPCMessage, mtu: Int = 64, session: UInt8 = 3, service: UInt8 = ServiceType.rpc) -> [UInt8] {
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: service, sessionID: session, messageID: 5, payload: message.payload), mtu: mtu, into: &bytes)
        return bytes
    }

    /// PutFile as the app libraries send it: its bytes as bulk data, on the bulk data service.
    @Test func aMessageOnTheBulkDataServiceArrivesAsAnRPC() {
        var app = App()
        app.send(frames(of: rpc("{}"), service: ServiceType.hybrid))
        #expect(problem(in: app.events)?.contains("not started") == true)
        app.start()
        let message = rpc(#"{"syncFileName":"a.png","fileType":"GRAPHIC_PNG"}"#, bulk: 500)
        app.send(frames(of: message, service: ServiceType.hybrid))
        #expect(app.events == [.rpc(message)])
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
