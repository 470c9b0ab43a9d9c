import HeadUnit
import JSONCodec
import SDLModel
import SDLProtocol
import SimulatorHost
import Testing

/// An app on SDL's own protocol, played frame by frame against a session with no socket,
/// beside a JSON-RPC driver on the same engine.
final class SDLAppHarness {
    let host = EngineHost(engine: HeadUnitEngine())
    let app: SDLAppSession
    let driver: SimulatorSession
    private var reader = FrameReader(maximumDataSize: 1 << 20)
    private var assembler = MessageAssembler(maximumMessageSize: 1 << 24)
    private var nextCorrelation: UInt32 = 1
    private var nextMessageID: UInt32 = 1
    private(set) var logged: [String] = []

    init(mtu: Int = 256) {
        app = SDLAppSession(host: host, configuration: .init(mtu: mtu, maximumMessageSize: 1 << 20))
        driver = SimulatorSession(host: host)
        app.log = { [unowned self] in logged.append($0) }
        app.receive(Frame.control(.startService, serviceType: ServiceType.rpc, sessionID: 0, bson: ["protocolVersion": .string("5.4.0")]).bytes)
        _ = received()
    }

    /// Sends an RPC request split at `mtu` as an app would, in `session`; returns its correlation ID.
    @discardableResult
    func request(_ functionID: Int, _ params: JSON = [:], bulk: [UInt8] = [], mtu: Int = 256, session: UInt8 = 1) -> UInt32 {
        let correlation = nextCorrelation
        nextCorrelation += 1
        let message = RPCMessage(kind: .request, functionID: UInt32(functionID), correlationID: correlation, json: params.serialized, bulkData: bulk)
        send(message.payload, mtu: mtu, session: session)
        return correlation
    }

    func send(_ payload: [UInt8], mtu: Int = 256, session: UInt8 = 1) {
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: session, messageID: nextMessageID, payload: payload), mtu: mtu, into: &bytes)
        nextMessageID += 1
        app.receive(bytes)
    }

    /// The RPC messages the head unit sent since last asked, put together from their frames.
    func received() -> [(message: RPCMessage, json: JSON)] {
        receivedBySession().compactMap(\.rpc)
    }

    /// What the head unit sent since last asked, each with the session it was sent in: a
    /// control frame as it is, an RPC message put together from its frames.
    func receivedBySession() -> [(session: UInt8, control: Frame?, rpc: (message: RPCMessage, json: JSON)?)] {
        var frames: [Frame] = []
        try! reader.feed(app.output) { frames.append($0) }
        app.output.removeAll()
        return frames.compactMap { frame in
            guard frame.header.frameType != .control else { return (frame.header.sessionID, frame, nil) }
            guard let message = try! assembler.take(frame) else { return nil }
            let rpc = try! RPCMessage(payload: message.payload)
            return (frame.header.sessionID, nil, (rpc, (try? JSON.parse(rpc.json)) ?? .null))
        }
    }

    /// `Sim.GetState` over the driver's JSON-RPC side.
    var state: JSON {
        driver.receive(Array(#"{"jsonrpc":"2.0","id":"s","method":"Sim.GetState"}"#.utf8 + [0x0A]))
        defer { driver.output.removeAll() }
        return (try? JSON.parse(driver.output.split(separator: 0x0A).last.map(Array.init) ?? []))?["result"] ?? .null
    }

    static let registration: JSON = [
        "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0], "appName": "JS", "appID": "js-1", "isMediaApplication": false,
        "languageDesired": "EN-US", "hmiDisplayLanguageDesired": "EN-US",
    ]
}

@Suite struct SDLAppSessions {
    @Test func registrationIsAnsweredThenPermissionsThenNoneThenFull() {
        let hu = SDLAppHarness()
        let id = hu.request(1, SDLAppHarness.registration)
        let got = hu.received()
        #expect(got.first?.message.kind == .response)
        #expect(got.first?.message.correlationID == id)
        #expect(got.first?.json["resultCode"] == "SUCCESS")
        #expect(got.first?.json["syncMsgVersion"]?["majorVersion"] == 8)
        #expect(got.dropFirst().map(\.message.functionID) == [32776, 32768, 32787, 32768])
        #expect(got[2].json["hmiLevel"] == "NONE")
        #expect(got[4].json["hmiLevel"] == "FULL")
        let permitted = got[1].json["permissionItem"]?.arrayValue?.compactMap { $0["rpcName"]?.stringValue } ?? []
        #expect(permitted.contains("PerformInteraction") && permitted.contains("PutFile"))
        #expect(!permitted.contains { $0.hasPrefix("Sim.") || $0.hasPrefix("User.") })
    }

    @Test func aServedRPCSplitOverFramesIsAnsweredSplitOverFrames() {
        let hu = SDLAppHarness(mtu: 64)
        hu.request(1, SDLAppHarness.registration, mtu: 64)
        let got = hu.received()
        #expect(got.first?.json["displayCapabilities"] != nil)
        #expect(got.first?.message.json.count ?? 0 > 64)
    }

    @Test func anUnservedRPCIsUnsupportedRequestUnderItsOwnFunctionID() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        _ = hu.received()
        let id = hu.request(12, ["alertText1": "Hi"])  // Alert
        let answer = hu.received().first
        #expect(answer?.message.functionID == 12)
        #expect(answer?.message.correlationID == id)
        #expect(answer?.json["resultCode"] == "UNSUPPORTED_REQUEST")
        #expect(answer?.json["success"] == false)
    }

    @Test func aFunctionIDOutsideTheAPIGetsAGenericResponse() {
        let hu = SDLAppHarness()
        let id = hu.request(4242)
        let answer = hu.received().first
        #expect(answer?.message.functionID == 31)
        #expect(answer?.message.correlationID == id)
        #expect(answer?.json["resultCode"] == "INVALID_DATA")
    }

    @Test func brokenJSONIsInvalidData() {
        let hu = SDLAppHarness()
        var message = RPCMessage(kind: .request, functionID: 34, correlationID: 9, json: Array("{nope".utf8))
        hu.send(message.payload)
        #expect(hu.received().first?.json["resultCode"] == "INVALID_DATA")
        message.json = Array("[1]".utf8)
        hu.send(message.payload)
        #expect(hu.received().first?.json["resultCode"] == "INVALID_DATA")
    }

    /// As on stdin, a raw NUL byte makes the JSON part invalid wherever it stands: after a
    /// number, inside an array, after a literal, between tokens, unescaped in a string, at the
    /// start, at the end.
    @Test(arguments: ["{\"a\":1\u{0}}", "{\"a\":[2\u{0}]}", "{\"a\":true\u{0}}", "{\u{0}\"a\":1}", "{\"a\":\"x\u{0}y\"}", "\u{0}{}", "{}\u{0}"])
    func aRawNULByteInTheJSONPartIsInvalidData(_ json: String) {
        let hu = SDLAppHarness()
        hu.send(RPCMessage(kind: .request, functionID: 34, correlationID: 9, json: Array(json.utf8)).payload)
        let answer = hu.received().first
        #expect(answer?.message.correlationID == 9)
        #expect(answer?.json["resultCode"] == "INVALID_DATA")
        #expect(answer?.json["info"]?.stringValue?.hasPrefix("The JSON part is not valid JSON: a raw NUL byte") == true, "\(answer?.json ?? .null)")
    }

    @Test func putFileBytesComeAsBulkDataNotBase64() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        _ = hu.received()
        let bytes = (0..<700).map { UInt8(truncatingIfNeeded: $0) }
        hu.request(32, ["syncFileName": "art.png", "fileType": "GRAPHIC_PNG", "crc": .integer(Int64(CRC32.checksum(bytes)))], bulk: bytes)
        let answer = hu.received().first
        #expect(answer?.json["resultCode"] == "SUCCESS")
        #expect(hu.state["files"]?.arrayValue?.first?["size"] == 700)
        hu.request(32, ["syncFileName": "empty.png", "fileType": "GRAPHIC_PNG"])
        #expect(hu.received().first?.json["info"] == "bulkData: Binary data empty")
    }

    @Test func theDriverOnStdioActsForTheAppOnTheSocket() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        hu.request(9, ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 5, "menuName": "Berlin"]]])
        let perform = hu.request(10, ["initialText": "Pick", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1]])
        _ = hu.received()
        hu.driver.receive(Array(#"{"jsonrpc":"2.0","id":1,"method":"User.SelectChoice","params":{"choiceID":5}}"#.utf8 + [0x0A]))
        let answer = hu.received().first { $0.message.correlationID == perform }
        #expect(answer?.json["choiceID"] == 5)
        #expect(answer?.json["triggerSource"] == "MENU")
    }

    @Test func shuttingDownTellsTheAppItIsUnregisteredAndEndsTheService() throws {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        _ = hu.received()
        hu.app.shutdown()
        var reader = FrameReader(maximumDataSize: 1 << 20)
        var frames: [Frame] = []
        try reader.feed(hu.app.output) { frames.append($0) }
        let notification = try RPCMessage(payload: frames[0].payload)
        #expect(notification.functionID == 32769)
        #expect(try JSON.parse(notification.json)["reason"] == "IGNITION_OFF")
        #expect(frames.last?.header.frameInfo == ControlFrameInfo.endService.rawValue)
    }

    @Test func theAppsEndOfServiceOrConnectionEndsItsApp() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        #expect(hu.host.engine.registeredAppPeer == hu.app.peer)
        hu.app.receive(Frame.control(.endService, serviceType: ServiceType.rpc, sessionID: 1).bytes)
        #expect(hu.host.engine.registeredAppPeer == nil)
        #expect(hu.state["registered"] == false)
    }

    @Test func aPeerVanishingMidMessageIsLoggedAndEndsItsApp() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: 7, sessionID: 1, messageID: 99, payload: [UInt8](repeating: 1, count: 600)), mtu: 256, into: &bytes)
        hu.app.receive(bytes.prefix(300))
        hu.app.endOfInput()
        #expect(hu.logged.contains { $0.contains("in the middle of a message") })
        #expect(hu.host.engine.registeredAppPeer == nil)
    }
}

/// Several sessions on one SDL connection, as SDL's protocol and Core allow (ATF runs several
/// apps on one connection so): each StartService with session ID 0 opens another session,
/// each session is an app of its own.
@Suite struct SDLSessionsOnOneConnection {
    private func startAnotherSession(_ hu: SDLAppHarness) -> UInt8? {
        hu.app.receive(Frame.control(.startService, serviceType: ServiceType.rpc, sessionID: 0, bson: ["protocolVersion": .string("5.4.0")]).bytes)
        return hu.receivedBySession().first { $0.control?.header.frameInfo == ControlFrameInfo.startServiceACK.rawValue }?.session
    }

    private static func registration(_ name: String, _ appID: String) -> JSON {
        var params = SDLAppHarness.registration.objectValue!
        params["appName"] = .string(name)
        params["appID"] = .string(appID)
        return .object(params)
    }

    @Test func aSecondStartOpensASecondSessionWhoseAppIsItsOwn() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        _ = hu.received()
        #expect(startAnotherSession(hu) == 2)
        hu.request(1, Self.registration("Second", "second-1"), session: 2)
        let registered = hu.receivedBySession().compactMap { entry in entry.rpc.map { (entry.session, $0.message.functionID) } }
        #expect(registered.first.map { [$0.0, UInt8($0.1)] } == [2, 1], "the answer goes back in session 2")
        #expect(registered.allSatisfy { $0.0 == 2 })
        let apps = hu.state["apps"]?.arrayValue ?? []
        #expect(apps.map { [$0["appID"], $0["door"]] } == [["js-1", "sdl"], ["second-1", "sdl"]])
        // Each session's requests act on its own app: its files, its level.
        hu.request(32, ["syncFileName": "mine.bin", "fileType": "BINARY"], bulk: [1, 2, 3], session: 2)
        hu.request(34)
        let listed = hu.receivedBySession().compactMap { $0.rpc.map(\.json) }
        #expect(listed.last?["filenames"] == nil, "the first app lists none of the second's files")
    }

    @Test func endingOneSessionEndsItsAppAloneAndTheConnectionsEndEndsBoth() {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        #expect(startAnotherSession(hu) == 2)
        hu.request(1, Self.registration("Second", "second-1"), session: 2)
        hu.app.receive(Frame.control(.endService, serviceType: ServiceType.rpc, sessionID: 2).bytes)
        #expect(hu.state["apps"]?.arrayValue?.map { $0["appID"] } == ["js-1"])
        // The ended session takes the next start, under its own ID.
        #expect(startAnotherSession(hu) == 2)
        hu.request(1, Self.registration("Third", "third-1"), session: 2)
        #expect(hu.state["apps"]?.arrayValue?.count == 2)
        hu.app.endOfInput()
        #expect(hu.state["apps"] == [])
    }

    @Test func shuttingDownEndsEverySession() throws {
        let hu = SDLAppHarness()
        hu.request(1, SDLAppHarness.registration)
        #expect(startAnotherSession(hu) == 2)
        hu.request(1, Self.registration("Second", "second-1"), session: 2)
        _ = hu.received()
        hu.app.shutdown()
        let ended = hu.receivedBySession().compactMap { $0.control }.filter { $0.header.frameInfo == ControlFrameInfo.endService.rawValue }
        #expect(ended.map(\.header.sessionID) == [1, 2])
    }
}
