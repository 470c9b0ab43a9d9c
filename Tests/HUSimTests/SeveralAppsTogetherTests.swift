import Foundation
import JSONCodec
import SDLProtocol
import Testing
import TestSupport

/// A whole car on one `hu-sim --listen`: an app on stdin, two apps over SDL and a simulated
/// media app, the driver switching between them. The switch ends the interaction on screen
/// as the generic HMI ends it, and every app moves as SDL Core moves it.
@Suite(.ownThreads) struct SeveralAppsTogether {
    private static let onHMIStatus = 32768

    /// The `hmiLevel` of the next OnHMIStatus `app` receives.
    private func nextLevel(_ app: SDLTestClient) throws -> JSON? {
        try app.nextRPC { $0.functionID == Self.onHMIStatus }.json["hmiLevel"]
    }

    @Test func theStdinAppTwoSDLAppsAndASimulatedMediaAppShareTheHeadUnit() throws {
        let hu = try ListeningSimulator()
        let phone = try hu.call(
            "RegisterAppInterface",
            [
                "appName": "Phone", "appID": "phone-1", "isMediaApplication": false, "languageDesired": "EN-US", "hmiDisplayLanguageDesired": "EN-US",
                "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
            ])
        #expect(phone["resultCode"] == "SUCCESS")
        let maps = try SDLTestClient(port: hu.port)
        #expect(try maps.register(appName: "Maps", appID: "maps-1")["resultCode"] == "SUCCESS")
        #expect(try nextLevel(maps) == "NONE")
        let news = try SDLTestClient(port: hu.port)
        #expect(try news.register(appName: "News", appID: "news-1")["resultCode"] == "SUCCESS")
        #expect(try hu.call("Sim.AddApp", ["appName": "Radio", "appID": "radio-1", "isMediaApplication": true])["resultCode"] == "SUCCESS")
        let registered = try hu.state["apps"]?.arrayValue ?? []
        #expect(registered.map { [$0["appID"], $0["door"], $0["hmiLevel"]] } == [
            ["phone-1", "stdio", "FULL"], ["maps-1", "sdl", "NONE"], ["news-1", "sdl", "NONE"], ["radio-1", "simulated", "NONE"],
        ])

        // The app on stdin shows a keyboard; the driver picks the radio.
        try hu.process.send(
            #"{"jsonrpc":"2.0","id":"keyboard","method":"PerformInteraction","params":{"initialText":"Call","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[],"interactionLayout":"KEYBOARD"}}"#)
        try hu.waitForState("the keyboard on screen") { $0["interaction"]?["layout"] == "KEYBOARD" }
        #expect(try hu.call("User.ActivateApp", ["appID": "radio-1"])["resultCode"] == "SUCCESS")
        // What the switch caused was written before its answer, which the call waited for.
        let written = hu.process.all(.stdout).compactMap { try? JSON.parse($0) }
        #expect(written.first { $0["id"] == "keyboard" }?["result"]?["resultCode"] == "ABORTED")
        #expect(written.contains { $0["params"]?["event"] == "ENTRY_CANCELLED" })
        var apps = try hu.state["apps"]?.arrayValue ?? []
        #expect(apps.map { $0["hmiLevel"] } == ["BACKGROUND", "NONE", "NONE", "FULL"])
        #expect(apps[3]["audioStreamingState"] == "AUDIBLE")

        // The driver picks the maps: the radio, an audio app, stays heard in LIMITED.
        #expect(try hu.call("User.ActivateApp", ["appID": "maps-1"])["resultCode"] == "SUCCESS")
        #expect(try nextLevel(maps) == "FULL")
        apps = try hu.state["apps"]?.arrayValue ?? []
        #expect(apps.map { $0["hmiLevel"] } == ["BACKGROUND", "FULL", "NONE", "LIMITED"])
        #expect(apps[3]["audioStreamingState"] == "AUDIBLE")

        // The news app, which never moved, was told nothing after its NONE: the answer to a
        // request it sends now comes before any other OnHMIStatus would.
        #expect(try nextLevel(news) == "NONE")
        news.request(34, correlationID: 9)
        let next = try news.nextRPC { $0.functionID == Self.onHMIStatus || ($0.functionID == 34 && $0.kind == .response) }
        #expect(next.message.functionID == 34)
        // Its connection ending takes only it.
        news.close()
        try hu.waitForState("the news app gone") { $0["apps"]?.arrayValue?.count == 3 }
        apps = try hu.state["apps"]?.arrayValue ?? []
        #expect(apps.map { [$0["appID"], $0["hmiLevel"]] } == [["phone-1", "BACKGROUND"], ["maps-1", "FULL"], ["radio-1", "LIMITED"]])
        maps.close()
    }
}
