import Foundation
import Testing
import TestSupport

/// `hu-conform --transport sdl`: the same fixture over SDL's own transport — its SDL requests
/// as SDL messages on a TCP connection to `hu-sim --listen`, the driver's requests on stdin.
@Suite(.ownThreads) struct FixturesOverSDL {
    private func run(_ lines: [String]) throws -> ConformRunner.Outcome {
        let fixtures = try TemporaryFixtures(["f.jsonl": [#"{"fixture":"f","rules":"test"}"#] + lines])
        let simulator = ConformRunner.binaries.appendingPathComponent("hu-sim").path
        return try ConformRunner.run(["--transport", "sdl", "--sim", simulator, "--jobs", "1", "--timeout", "20", fixtures.folder.path])
    }

    private static let register = [
        #"{"send":{"jsonrpc":"2.0","id":"register","method":"RegisterAppInterface","params":{"appName":"Demo","appID":"demo-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","sdlMsgVersion":{"majorVersion":8,"minorVersion":0}}}}"#,
        #"{"expect":{"jsonrpc":"2.0","id":"register","result":{"$partial":true,"success":true,"resultCode":"SUCCESS"}}}"#,
        #"{"expect":{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"NONE"}}}"#,
        #"{"expectAnyOrder":[{"jsonrpc":"2.0","method":"OnSystemCapabilityUpdated","params":"$any"},{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"FULL"}}]}"#,
    ]

    @Test func aFixtureDrivingTheAppAndTheUserPassesOverSDL() throws {
        let outcome = try run(Self.register + [
            #"{"send":{"jsonrpc":"2.0","id":2,"method":"CreateInteractionChoiceSet","params":{"interactionChoiceSetID":1,"choiceSet":[{"choiceID":1,"menuName":"Berlin"}]}}}"#,
            #"{"expect":{"jsonrpc":"2.0","id":2,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
            #"{"send":{"jsonrpc":"2.0","id":3,"method":"PerformInteraction","params":{"initialText":"Pick","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[1]}}}"#,
            #"{"expect":{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"systemContext":"HMI_OBSCURED"}}}"#,
            #"{"send":{"jsonrpc":"2.0","id":4,"method":"User.SelectChoice","params":{"choiceID":1}}}"#,
            #"{"expectAnyOrder":[{"jsonrpc":"2.0","id":3,"result":{"success":true,"resultCode":"SUCCESS","choiceID":1,"triggerSource":"MENU"}},{"jsonrpc":"2.0","id":4,"result":{"success":true,"resultCode":"SUCCESS"}},{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"systemContext":"MAIN"}}]}"#,
            #"{"expectState":{"interaction":null,"registered":true}}"#,
        ])
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.lines.last == "1 passed, 0 failed")
    }

    @Test func anUnexpectedNotificationOnTheAppsConnectionFailsTheBarrier() throws {
        let outcome = try run(Self.register + [
            #"{"send":{"jsonrpc":"2.0","id":2,"method":"User.Deactivate"}}"#,
            #"{"expect":{"jsonrpc":"2.0","id":2,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
            #"{"expectNothingMore":true}"#,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("expected nothing more on the app's SDL connection"), "\(outcome.output)")
        #expect(outcome.output.contains("BACKGROUND"))
    }

    @Test func aFixtureSendingRawLinesIsSkippedWithTheReason() throws {
        let outcome = try run([#"{"sendRaw":"{"}"#, #"{"expect":{"jsonrpc":"2.0","id":null,"error":"$any"}}"#])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("over SDL: it sends raw lines"))
        #expect(outcome.lines.last == "0 passed, 0 failed, 1 skipped")
    }
}
