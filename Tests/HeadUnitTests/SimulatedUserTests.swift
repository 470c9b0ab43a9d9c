import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// The simulated driver (`User.*`, PROTOCOL.md §5): what it can do, and IGNORED when the
/// screen offers nothing to act on.
@Suite struct SimulatedUser {
    @Test(arguments: [
        ("User.SelectChoice", ["choiceID": 1] as JSON), ("User.Speak", ["utterance": "Berlin"]), ("User.Close", nil),
        ("User.KeyboardEvent", ["event": "KEYPRESS", "data": "a"]), ("User.SelectAutocomplete", ["index": 0]),
    ] as [(String, JSON?)])
    func actingWithNothingOnScreenIsIgnored(method: String, params: JSON?) {
        let hu = EngineHarness.withCities()
        let result = hu.send(method, params)
        #expect(result.code == "IGNORED")
        #expect(result.succeeded == false)
        #expect(result.info?.isEmpty == false, "says why")
        #expect(hu.notifications.isEmpty)
    }

    @Test func selectingAChoiceNotInTheInteractionIsIgnored() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(hu.send("User.SelectChoice", ["choiceID": 99]).code == "IGNORED")
        #expect(hu.send("User.SelectChoice", ["menuName": "Rome"]).code == "IGNORED")
        #expect(hu.result(of: pick) == nil)
    }

    @Test(arguments: [
        ("User.SelectChoice", [:] as JSON, "choiceID, menuName: "), ("User.KeyboardEvent", ["event": "KEYPRESS"], "data: "),
        ("User.SelectAutocomplete", [:], "index, text: "), ("Sim.InjectFault", ["method": "PutFile"], "resultCode, delayMs, drop: "),
    ] as [(String, JSON, String)])
    func aControlWithoutWhatItNeedsIsInvalidDataNamingTheParameters(method: String, params: JSON, path: String) {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        let result = hu.send(method, params)
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix(path) == true, "\(result.info ?? "no info")")
    }

    @Test func speakingDuringAManualOnlyInteractionIsIgnored() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        let result = hu.send("User.Speak", ["utterance": "Berlin"])
        #expect(result.code == "IGNORED")
        #expect(result.info == "No voice session is open")
    }

    @Test func typingWithoutAKeyboardOnScreenIsIgnored() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: "ICON_ONLY")
        #expect(hu.type("a").code == "IGNORED")
    }

    @Test func deactivatingSendsTheAppToBackground() {
        let hu = EngineHarness.withCities()
        #expect(hu.send("User.Deactivate").code == "SUCCESS")
        #expect(hu.notifications("OnHMIStatus").first?["params"]?["hmiLevel"] == "BACKGROUND")
        #expect(hu.state["hmiLevel"] == "BACKGROUND")
    }

    @Test func activatingBringsTheAppToFull() {
        let hu = EngineHarness(autoActivate: false)
        hu.register()
        #expect(hu.send("User.Activate").code == "SUCCESS")
        #expect(hu.notifications("OnHMIStatus").first?["params"]?["hmiLevel"] == "FULL")
    }

    @Test func activatingAnAppAlreadyInFullSendsNoStatus() {
        let hu = EngineHarness.withCities()
        #expect(hu.send("User.Activate").code == "SUCCESS")
        #expect(hu.notifications.isEmpty)
    }

    @Test func deactivatingClosesTheInteractionOnScreen() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        hu.send("User.Deactivate")
        #expect(hu.result(of: pick)?.code == "ABORTED")
        #expect(hu.interaction == .null)
        #expect(hu.state["systemContext"] == "MAIN")
    }

    @Test func activatingOrDeactivatingWithoutAnAppIsIgnored() {
        let hu = EngineHarness()
        #expect(hu.send("User.Activate").code == "IGNORED")
        #expect(hu.send("User.Deactivate").code == "IGNORED")
    }

    @Test func userActionsNeedNoRegistration() {
        // They are the driver's, not the app's: refused as IGNORED, never APPLICATION_NOT_REGISTERED.
        let hu = EngineHarness()
        #expect(hu.send("User.Close").code == "IGNORED")
    }
}
