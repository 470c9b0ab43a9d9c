import Foundation
import JSONCodec
import SDLProtocol
import Testing
import TestSupport

/// What `hu-sim --listen` does with apps that get SDL's protocol wrong: a NAK or a closed
/// connection, a line in the log, and everyone else still served — the stdio side, and the
/// next app to connect.
@Suite(.ownThreads) struct BadAppConnections {
    private let nak = ControlFrameInfo.startServiceNAK.rawValue

    /// The simulator still serves stdio and a fresh app after whatever a test did.
    private func stillServes(_ hu: ListeningSimulator, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try hu.state["resultCode"] == "SUCCESS", sourceLocation: sourceLocation)
        try hu.waitForState("no app registered") { $0["registered"] == false }
        let fresh = try SDLTestClient(port: hu.port)
        #expect(try fresh.register()["resultCode"] == "SUCCESS", sourceLocation: sourceLocation)
        fresh.close()
        try hu.waitForState("the fresh app gone") { $0["registered"] == false }
    }

    @Test func aSecondAppRegistersBesideTheFirstAndEachEndsAlone() throws {
        let hu = try ListeningSimulator()
        let first = try SDLTestClient(port: hu.port)
        try first.register()
        let second = try SDLTestClient(port: hu.port)
        #expect(try second.register(appName: "Second", appID: "second-1")["resultCode"] == "SUCCESS")
        let both = try hu.waitForState("two apps") { $0["apps"]?.arrayValue?.count == 2 }
        #expect(both["apps"]?.arrayValue?.map { [$0["appID"], $0["door"]] } == [["raw-1", "sdl"], ["second-1", "sdl"]])
        first.request(34, correlationID: 2)
        #expect(try first.nextRPC { $0.functionID == 34 }.json["resultCode"] == "SUCCESS")
        first.close()
        try hu.waitForState("the first app gone, the second still there") { $0["apps"]?.arrayValue?.map { $0["appID"] } == ["second-1"] }
        second.close()
        try stillServes(hu)
    }

    @Test(arguments: [UInt8(1), 2, 3, 4])
    func anOlderProtocolVersionIsNAKedAndLogged(_ version: UInt8) throws {
        let hu = try ListeningSimulator()
        let client = try SDLTestClient(port: hu.port)
        let answer = try client.startService(version: version, bson: nil)
        #expect(answer.header.frameInfo == nak)
        #expect(answer.header.version == version)
        try hu.process.waitForLine(.stderr, "the refusal in the log") { $0.contains("version 5 only") }
        try stillServes(hu)
    }

    @Test func garbageBSONAndOtherServicesAreNAKedWithTheirReasons() throws {
        let hu = try ListeningSimulator()
        let client = try SDLTestClient(port: hu.port)
        var garbage = Frame.control(.startService, serviceType: ServiceType.rpc, sessionID: 0)
        garbage.payload = [0x09, 0, 0, 0, 0x02, 0x61, 0, 0xFF, 0xFF]
        garbage.header.dataSize = UInt32(garbage.payload.count)
        client.send(garbage)
        let first = try client.nextFrame()
        #expect(first.header.frameInfo == nak)
        #expect(try BSONDocument(frame: first)["reason"]?.stringValue?.contains("not valid BSON") == true)
        let video = try client.startService(service: ServiceType.video, bson: [:])
        #expect(video.header.frameInfo == nak)
        #expect(try BSONDocument(frame: video)["reason"]?.stringValue?.contains("RPC service (0x07) only") == true)
        // Still the same connection: it can start its RPC service properly now.
        #expect(try client.register()["resultCode"] == "SUCCESS")
    }

    @Test func framesForAnUnknownSessionAreDroppedWithALogLineAndTheConnectionGoesOn() throws {
        let hu = try ListeningSimulator()
        let client = try SDLTestClient(port: hu.port)
        try client.register()
        let stray = RPCMessage(kind: .request, functionID: 34, correlationID: 7, json: Array("{}".utf8))
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: 9, messageID: 50, payload: stray.payload), mtu: 1000, into: &bytes)
        MessageFragmenter.write(Message(serviceType: ServiceType.video, sessionID: 1, messageID: 51, payload: stray.payload), mtu: 1000, into: &bytes)
        client.send(bytes)
        try hu.process.waitForLine(.stderr, "the stray frames in the log") { $0.contains("session 9, which is not started") }
        try hu.process.waitForLine(.stderr, "the video frame in the log") { $0.contains("service video (0x0B), session 1, which is not started") }
        client.request(34, correlationID: 8)
        #expect(try client.nextRPC { $0.functionID == 34 }.message.correlationID == 8)
    }

    @Test func aFrameOverTheMTUClosesTheConnectionWithALogLine() throws {
        let hu = try ListeningSimulator(["--mtu", "1024"])
        let client = try SDLTestClient(port: hu.port)
        try client.register()
        var header: [UInt8] = []
        FrameHeader(frameType: .single, serviceType: ServiceType.rpc, frameInfo: 0, sessionID: 1, dataSize: 1 << 30, messageID: 9).write(into: &header)
        client.send(header)
        #expect(client.waitForClose())
        try hu.process.waitForLine(.stderr, "why it closed") { $0.contains("1073741824 bytes of data; the limit is 1024") }
        try stillServes(hu)
    }

    @Test func aMessageAnnouncedBeyondTheLimitClosesTheConnection() throws {
        let hu = try ListeningSimulator(["--max-line-bytes", "4096"])
        let client = try SDLTestClient(port: hu.port)
        try client.register()
        client.send(Frame(header: FrameHeader(frameType: .first, serviceType: ServiceType.rpc, frameInfo: 0, sessionID: 1, dataSize: 8, messageID: 9), payload: [0, 1, 0, 0, 0, 0, 0, 100]))
        #expect(client.waitForClose())
        try hu.process.waitForLine(.stderr, "why it closed") { $0.contains("announces 65536 bytes; the limit is 4096") }
        try stillServes(hu)
    }

    @Test func anAppVanishingMidMessageIsLoggedAndItsAppEnds() throws {
        let hu = try ListeningSimulator()
        let client = try SDLTestClient(port: hu.port)
        try client.register()
        let message = RPCMessage(kind: .request, functionID: 9, correlationID: 3, json: [UInt8](repeating: 0x20, count: 3000))
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: 1, messageID: 9, payload: message.payload), mtu: 1000, into: &bytes)
        client.send(Array(bytes.prefix(1500)))  // the first frame, a whole consecutive frame and part of the next
        try hu.waitForState("the app registered") { $0["registered"] == true }
        client.close()
        try hu.process.waitForLine(.stderr, "the cut message in the log") { $0.contains("in the middle of a message") }
        try stillServes(hu)
    }

    @Test func brokenFramesCloseTheConnection() throws {
        let hu = try ListeningSimulator()
        for junk: [UInt8] in [[0x05, 7, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], Array("GET / HTTP/1.1\r\n\r\n".utf8)] {
            let client = try SDLTestClient(port: hu.port)
            client.send(junk)
            #expect(client.waitForClose())
            try hu.process.waitForLine(.stderr, "why it closed") { $0.contains("closing the connection") }
        }
        try stillServes(hu)
    }

    @Test func anAppThatStopsReadingIsNotReadEitherAndTheRestGoesOn() throws {
        let hu = try ListeningSimulator()
        let client = try SDLTestClient(port: hu.port)
        try client.register()
        // Requests whose answers (the display capabilities, kilobytes each) are never read.
        let request = RPCMessage(kind: .request, functionID: 48, correlationID: 1, json: Array(#"{"systemCapabilityType":"DISPLAYS"}"#.utf8))
        var one: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: 1, messageID: 1, payload: request.payload), mtu: 1000, into: &one)
        let batch = Array(repeating: one, count: 1000).flatMap { $0 }
        var batchesSent = 0
        while batchesSent < 100, client.send(batch, seconds: 1) == batch.count { batchesSent += 1 }
        #expect(batchesSent < 100, "the simulator kept reading an app that reads nothing")
        // stdio is served meanwhile: were the loop stuck on the app, this call's bounded wait
        // for its reply would run out (the app is only closed below).
        #expect(try hu.state["registered"] == true)
        client.close()
        try hu.process.waitForLine(.stderr, "the stuck app gone") { $0.contains("disconnected") }
        try stillServes(hu)
    }
}

/// What the stdio side shows of an app on the socket.
@Suite(.ownThreads) struct AppOverTCPSeenFromStdio {
    @Test func theScreenDrawnWithScreenFollowsTheConnectedApp() throws {
        let hu = try ListeningSimulator(["--screen"])
        let app = try SDLTestClient(port: hu.port)
        try app.register()
        app.request(9, correlationID: 2, ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "Berlin"]]])
        app.request(10, correlationID: 3, ["initialText": "Pick a city", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1]])
        try hu.process.waitForLine(.stderr, "the app's interaction drawn") { $0.contains("Pick a city") }
        try hu.process.waitForLine(.stderr, "its choice drawn") { $0.contains("Berlin") }
        try hu.call("User.SelectChoice", ["choiceID": 1])
        #expect(try app.nextRPC { $0.correlationID == 3 }.json["choiceID"] == 1)
    }

    @Test func theEndOfStdinEndsTheSimulatorUnlessItKeepsListening() throws {
        let ending = try ListeningSimulator()
        let app = try SDLTestClient(port: ending.port)
        try app.register()
        ending.process.closeInput()
        // The app is told it is unregistered, then disconnected; hu-sim exits 0.
        #expect(try app.nextRPC { $0.functionID == 32769 }.json["reason"] == "IGNITION_OFF")
        #expect(app.waitForClose())
        #expect(ending.process.waitForExit() == 0)

        let staying = try ListeningSimulator(["--keep-listening"])
        staying.process.closeInput()
        let later = try SDLTestClient(port: staying.port)
        #expect(try later.register()["resultCode"] == "SUCCESS")
        #expect(staying.process.terminate() == 0)
    }
}
