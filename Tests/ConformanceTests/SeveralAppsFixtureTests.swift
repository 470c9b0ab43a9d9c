import Foundation
import Testing
import TestSupport

/// Fixtures with the header's `apps`: each another app on an SDL connection of its own, over
/// either transport of the fixture's own app.
@Suite(.ownThreads) struct FixturesWithSeveralApps {
    private func run(_ lines: [String], transport: String) throws -> ConformRunner.Outcome {
        let fixtures = try TemporaryFixtures(["f.jsonl": [#"{"fixture":"f","rules":"test","apps":["maps"]}"#] + lines])
        let simulator = ConformRunner.binaries.appendingPathComponent("hu-sim").path
        return try ConformRunner.run(["--transport", transport, "--sim", simulator, "--jobs", "1", "--timeout", "20", fixtures.folder.path])
    }

    private static let registerBoth = [
        #"{"send":{"jsonrpc":"2.0","id":1,"method":"RegisterAppInterface","params":{"appName":"Demo","appID":"demo-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}}}"#,
        #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"$partial":true,"success":true,"resultCode":"SUCCESS"}}}"#,
        #"{"expect":{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"NONE"}}}"#,
        #"{"expectAnyOrder":[{"jsonrpc":"2.0","method":"OnSystemCapabilityUpdated","params":"$any"},{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"FULL"}}]}"#,
        #"{"send":{"jsonrpc":"2.0","id":2,"method":"RegisterAppInterface","params":{"appName":"Maps","appID":"maps-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}},"app":"maps"}"#,
        #"{"expect":{"jsonrpc":"2.0","id":2,"result":{"$partial":true,"success":true,"resultCode":"SUCCESS"}},"app":"maps"}"#,
        #"{"expectAnyOrder":[{"jsonrpc":"2.0","method":"OnSystemCapabilityUpdated","params":"$any"},{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"NONE"}}],"app":"maps"}"#,
    ]

    @Test(arguments: ["stdio", "sdl"])
    func anotherAppRegistersAndTakesTheScreenBesideTheFixturesOwn(transport: String) throws {
        let outcome = try run(Self.registerBoth + [
            #"{"send":{"jsonrpc":"2.0","id":3,"method":"User.ActivateApp","params":{"appID":"maps-1"}}}"#,
            #"{"expectAnyOrder":[{"jsonrpc":"2.0","id":3,"result":{"success":true,"resultCode":"SUCCESS"}},{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"BACKGROUND"}}]}"#,
            #"{"expect":{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"FULL"}},"app":"maps"}"#,
            #"{"expectState":{"app":{"appID":"demo-1"},"apps":[{"appID":"demo-1"},{"appID":"maps-1","door":"sdl"}]}}"#,
        ], transport: transport)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.lines.last == "1 passed, 0 failed")
    }

    @Test func aMessageLeftOnAnotherAppsConnectionFailsTheBarrierNamingTheApp() throws {
        let outcome = try run(Self.registerBoth + [
            #"{"send":{"jsonrpc":"2.0","id":3,"method":"User.ActivateApp","params":{"appID":"maps-1"}}}"#,
            #"{"expectAnyOrder":[{"jsonrpc":"2.0","id":3,"result":{"success":true,"resultCode":"SUCCESS"}},{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"$partial":true,"hmiLevel":"BACKGROUND"}}]}"#,
        ], transport: "stdio")
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("expected nothing more on the SDL connection of the app maps"), "\(outcome.output)")
    }

    @Test func aDisconnectedAppIsGoneBeforeTheNextStep() throws {
        let outcome = try run(Self.registerBoth + [
            #"{"disconnect":"maps"}"#,
            #"{"expectState":{"apps":[{"appID":"demo-1"}]}}"#,
        ], transport: "stdio")
        #expect(outcome.status == 0, "\(outcome.output)")
    }
}
