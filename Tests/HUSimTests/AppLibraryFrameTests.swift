import Foundation
import JSONCodec
import SDLProtocol
import Testing
import TestSupport

/// `hu-sim --listen` met by the frames SDL's app libraries (sdl_java_suite, sdl_ios) write, as
/// they write them: the first StartService in a version 1 header (8 bytes, no message ID) with
/// the version the app speaks in its BSON payload, version 5 frames once the ACK has come, and
/// PutFile's bytes on the bulk data service (0x0F), which starts with the RPC service.
@Suite(.ownThreads) struct AppLibraryFrames {
    /// `{"protocolVersion": "5.4.0"}` in BSON, written out byte by byte.
    static let startServicePayload: [UInt8] =
        [32, 0, 0, 0, 0x02] + Array("protocolVersion".utf8) + [0, 6, 0, 0, 0] + Array("5.4.0".utf8) + [0, 0]
    /// The StartService itself: version 1, control frame; RPC service, StartService, session 0; data size.
    static let startService: [UInt8] = [0x10, 0x07, 0x01, 0x00, 0, 0, 0, UInt8(startServicePayload.count)] + startServicePayload

    @Test func aVersion1StartServiceIsACKedInVersion5AndPutFileOnTheBulkDataServiceIsAnsweredOnTheRPCService() throws {
        let hu = try ListeningSimulator(["--mtu", "1024"])
        let app = try SDLTestClient(port: hu.port)
        app.send(Self.startService)
        let ack = try app.nextFrame { $0.header.frameType == .control }
        #expect(ack.header.version == 5)
        #expect(ack.header.frameInfo == ControlFrameInfo.startServiceACK.rawValue)
        #expect(ack.header.serviceType == ServiceType.rpc)
        #expect(ack.header.sessionID == 1)
        let parameters = try BSONDocument(frame: ack)
        #expect(parameters["protocolVersion"]?.stringValue == "5.4.0")
        #expect(parameters["mtu"]?.integerValue == 1024)

        app.request(1, correlationID: 1, SDLTestClient.registration)
        #expect(try app.nextRPC { $0.functionID == 1 && $0.kind == .response }.json["resultCode"] == "SUCCESS")

        // 5,000 bytes of artwork: a first frame and consecutive frames on 0x0F.
        let artwork = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let putFile = RPCMessage(
            kind: .request, functionID: 32, correlationID: 2,
            json: (["syncFileName": "artwork.png", "fileType": "GRAPHIC_PNG", "persistentFile": false] as JSON).serialized, bulkData: artwork)
        app.send(putFile, service: ServiceType.hybrid, mtu: 1024)
        let answer = try app.nextRPC { $0.functionID == 32 && $0.kind == .response }
        #expect(answer.message.correlationID == 2)
        #expect(answer.service == ServiceType.rpc, "Core answers on 0x07 what carries no bulk data")
        #expect(answer.json["resultCode"] == "SUCCESS")
        #expect(try hu.state["files"] == [["syncFileName": "artwork.png", "fileType": "GRAPHIC_PNG", "size": 5000, "persistentFile": false]])

        // Any request may come on 0x0F: Core reads both services alike.
        app.send(RPCMessage(kind: .request, functionID: 34, correlationID: 3, json: Array("{}".utf8)), service: ServiceType.hybrid)
        #expect(try app.nextRPC { $0.functionID == 34 && $0.kind == .response }.json["filenames"] == ["artwork.png"])
    }

    /// The other control frames Core takes on a started session: Heartbeat (ACKed),
    /// RegisterSecondaryTransport (NAKed: there is none), and those it ignores.
    @Test func theControlFramesCoreTakesOnAStartedSessionLeaveItRunning() throws {
        let hu = try ListeningSimulator()
        let app = try SDLTestClient(port: hu.port)
        app.send(Self.startService)
        _ = try app.nextFrame { $0.header.frameInfo == ControlFrameInfo.startServiceACK.rawValue }
        app.send(Frame.control(.registerSecondaryTransport, serviceType: ServiceType.control, sessionID: 1, messageID: 1))
        let nak = try app.nextFrame { $0.header.frameType == .control }
        #expect(nak.header.frameInfo == ControlFrameInfo.registerSecondaryTransportNAK.rawValue)
        #expect(try BSONDocument(frame: nak)["reason"]?.stringValue == "hu-sim offers no secondary transport")
        for info in [ControlFrameInfo.transportEventUpdate, .serviceDataACK, .heartbeatACK, .endServiceACK] {
            app.send(Frame.control(info, serviceType: ServiceType.control, sessionID: 1, messageID: 2))
        }
        app.send(Frame.control(.heartbeat, serviceType: ServiceType.control, sessionID: 1, messageID: 3))
        // The heartbeat's ACK is the next control frame: nothing answered the frames before it.
        #expect(try app.nextFrame { $0.header.frameType == .control }.header.frameInfo == ControlFrameInfo.heartbeatACK.rawValue)
        app.request(1, correlationID: 1, SDLTestClient.registration)
        #expect(try app.nextRPC { $0.functionID == 1 && $0.kind == .response }.json["resultCode"] == "SUCCESS")
    }

    /// A raw NUL byte makes an RPC's JSON part invalid wherever it stands, as on stdin; the
    /// session goes on.
    @Test func aRawNULByteInAnRPCsJSONIsInvalidData() throws {
        let hu = try ListeningSimulator()
        let app = try SDLTestClient(port: hu.port)
        try app.register()
        app.send(RPCMessage(kind: .request, functionID: 34, correlationID: 5, json: Array("{\"a\":[2\u{0}]}".utf8)))
        let answer = try app.nextRPC { $0.functionID == 34 && $0.kind == .response }
        #expect(answer.message.correlationID == 5)
        #expect(answer.json["resultCode"] == "INVALID_DATA")
        #expect(answer.json["info"]?.stringValue?.contains("a raw NUL byte") == true)
        app.request(34, correlationID: 6)
        #expect(try app.nextRPC { $0.functionID == 34 && $0.kind == .response }.json["resultCode"] == "SUCCESS")
    }
}
