import HeadUnit
import JSONCodec
import SDLModel
import SimulatorHost
import Testing

/// One engine with two peers, as `hu-sim --listen` runs it: answers go back to the peer that
/// asked, notifications to the peer the app registered from, and a peer's end ends only its app.
@Suite struct EngineHostRouting {
    private func line(_ id: Int, _ method: String, _ params: JSON = [:]) -> [UInt8] {
        Array((JSON.object(["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method), "params": params]).serializedString + "\n").utf8)
    }

    /// The messages `session` wrote since last asked, parsed.
    private func take(_ session: SimulatorSession) -> [JSON] {
        defer { session.output.removeAll() }
        return String(decoding: session.output, as: UTF8.self).split(separator: "\n").compactMap { try? JSON.parse(String($0)) }
    }

    @Test func answersGoToThePeerThatAskedAndNotificationsToTheAppsPeer() {
        let host = EngineHost(engine: HeadUnitEngine())
        let app = SimulatorSession(host: host)
        let driver = SimulatorSession(host: host)
        app.receive(line(1, "RegisterAppInterface", registration()))
        #expect(take(app).compactMap { $0["method"]?.stringValue } == ["OnHMIStatus", "OnSystemCapabilityUpdated", "OnHMIStatus"])
        #expect(take(driver).isEmpty)

        driver.receive(line(1, "User.Deactivate"))
        let driverSaw = take(driver)
        #expect(driverSaw.count == 1)
        #expect(driverSaw.first?["result"]?["resultCode"] == "SUCCESS")
        let appSaw = take(app)
        #expect(appSaw.map { $0["params"]?["hmiLevel"] } == ["BACKGROUND"])
    }

    @Test func anotherPeerEndingLeavesTheAppRegisteredAndTheAppsPeerEndingEndsIt() {
        let host = EngineHost(engine: HeadUnitEngine())
        let app = SimulatorSession(host: host)
        let driver = SimulatorSession(host: host)
        app.receive(line(1, "RegisterAppInterface", registration()))
        driver.endOfInput()
        #expect(host.engine.registeredAppPeer == app.peer)
        #expect(!host.isAttached(driver.peer))
        app.endOfInput()
        #expect(host.engine.registeredAppPeer == nil)
    }

    @Test func theEngineAnswersInSDLTermsAndSaysWhichRequestsItDrops() {
        let engine = HeadUnitEngine()
        let peer = PeerID(7)
        var answers: [EngineAnswer] = []
        func call(_ method: String, _ params: JSONObject = [:], number: UInt64) {
            engine.handle(EngineCall(method: method, params: params, peer: peer, replyNumber: number))
            engine.drainOutput { if case .answer(let token, let answer) = $0, token.number == number { answers.append(answer) } }
        }
        call("Vendor.Unknown", number: 1)
        #expect(answers.last == .unknownMethod("Vendor.Unknown"))
        call("Sim.InjectFault", ["method": "ListFiles", "drop": true], number: 2)
        call("RegisterAppInterface", registration().objectValue!, number: 3)
        call("ListFiles", number: 4)
        #expect(answers.last == .dropped)
        call("ListFiles", number: 5)
        guard case .result(let result) = answers.last else {
            Issue.record("no result: \(answers)")
            return
        }
        #expect(result.resultCode == .success && result.success)
    }
}
