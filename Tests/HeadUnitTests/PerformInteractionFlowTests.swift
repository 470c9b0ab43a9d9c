import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// PerformInteraction once shown: modes, layouts, search, timeouts and the result table
/// (SDL-RULES §4, §14).
@Suite struct InteractionModesAndLayouts {
    @Test func manualOnlyShowsTheMenuWithoutAVoiceSession() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], mode: "MANUAL_ONLY")
        #expect(hu.interaction["voiceSessionOpen"] == false)
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.count == 3)
        #expect(hu.send("User.Speak", ["utterance": "Paris"]).code == "IGNORED")
    }

    @Test func voiceOnlyOpensAVoiceSessionWithoutAMenu() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], mode: "VR_ONLY", layout: "LIST_ONLY")
        #expect(hu.interaction["voiceSessionOpen"] == true)
        #expect(hu.interaction["visibleChoices"] == [])
        #expect(hu.interaction["layout"] == .null)
        #expect(hu.send("User.SelectChoice", ["choiceID": 1]).code == "IGNORED")
    }

    @Test func bothShowsTheMenuBesideTheVoiceSession() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], mode: "BOTH")
        #expect(hu.interaction["voiceSessionOpen"] == true)
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.count == 3)
    }

    @Test func withoutALayoutTheMenuIsAList() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        #expect(hu.interaction["layout"] == "LIST_ONLY")
    }

    @Test(arguments: ["ICON_ONLY", "LIST_ONLY"])
    func menuLayoutsShowEveryChoiceAndNoKeyboard(layout: String) {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: layout)
        #expect(hu.interaction["layout"] == .string(layout))
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.count == 3)
        #expect(hu.interaction["keyboardText"] == nil)
        #expect(hu.type("B").code == "IGNORED")
    }

    @Test(arguments: ["ICON_WITH_SEARCH", "LIST_WITH_SEARCH"])
    func searchLayoutsShowTheChoicesAndAKeyboard(layout: String) {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: layout)
        #expect(hu.interaction["layout"] == .string(layout))
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.count == 3)
        #expect(hu.interaction["keyboardText"] == "")
        #expect(hu.type("P").code == "SUCCESS")
    }

    @Test func theKeyboardLayoutShowsAKeyboardAndNoChoices() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: "KEYBOARD")
        #expect(hu.interaction["visibleChoices"] == [])
        #expect(hu.interaction["keyboardText"] == "")
        #expect(hu.send("User.SelectChoice", ["choiceID": 1]).code == "IGNORED")
    }

    @Test func typingInASearchLayoutFiltersTheVisibleChoicesIgnoringCase() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        hu.type("bER")
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.compactMap { $0["menuName"] } == ["Berlin", "Bern"])
        hu.type("l")
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.compactMap { $0["menuName"] } == ["Berlin"])
    }

    @Test func searchIgnoresTheCaseOfNonASCIILettersToo() {
        let hu = EngineHarness(profile: .full)
        hu.register()
        _ = hu.createSet(id: 1, choices: [choice(1, "Zürich"), choice(2, "ÖSTERSUND"), choice(3, "Zug")])
        hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        hu.type("ÜR")
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.compactMap { $0["menuName"] } == ["Zürich"])
        hu.type("BS")
        hu.type("BS")
        hu.type("ös")
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.compactMap { $0["menuName"] } == ["ÖSTERSUND"])
    }

    @Test func aLongerSearchThanEveryNameShowsNone() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        hu.type("Berlin-Mitte")
        #expect(hu.interaction["visibleChoices"] == [])
    }

    @Test func backspaceWidensTheSearchAgain() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], layout: "ICON_WITH_SEARCH")
        hu.type("Berl")
        hu.type("BS")
        #expect(hu.interaction["keyboardText"] == "Ber")
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.count == 2)
    }

    @Test func aChoiceHiddenBySearchCannotBeSelected() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        hu.type("Par")
        let result = hu.send("User.SelectChoice", ["choiceID": 1])
        #expect(result.code == "IGNORED")
        #expect(result.info?.contains("3 Paris") == true, "the refusal lists what is visible")
        #expect(hu.result(of: pick) == nil)
    }

    @Test func aFilteredChoiceIsSelectedFromTheMenu() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        hu.type("Par")
        hu.send("User.SelectChoice", ["menuName": "Paris"])
        #expect(hu.result(of: pick)?["choiceID"] == 3)
        #expect(hu.result(of: pick)?["triggerSource"] == "MENU")
    }

    @Test func submittingInASearchLayoutAnswersTheTypedText() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], layout: "LIST_WITH_SEARCH")
        hu.type("Rome")
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.result(of: pick) == ["success": true, "resultCode": "SUCCESS", "manualTextEntry": "Rome", "triggerSource": "KEYBOARD"])
    }

    @Test func aKeyboardWithNoSetsAnswersTheTypedText() {
        let hu = EngineHarness()
        hu.register()
        let entry = hu.perform(sets: [], layout: "KEYBOARD")
        hu.type("42 Main St")
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.result(of: entry)?["manualTextEntry"] == "42 Main St")
        #expect(hu.result(of: entry)?["triggerSource"] == "KEYBOARD")
        #expect(hu.result(of: entry)?["choiceID"] == nil)
    }

    @Test func theVisibleChoicesCarryTheirTexts() {
        let hu = EngineHarness()
        hu.register()
        hu.createSet(id: 1, choices: [choice(1, "Berlin", extra: ["secondaryText": "Germany", "tertiaryText": "3.6M"])])
        hu.perform(sets: [1])
        #expect(hu.interaction["visibleChoices"] == [["choiceID": 1, "menuName": "Berlin", "secondaryText": "Germany", "tertiaryText": "3.6M"]])
    }

    @Test func theChoicesOfSeveralSetsAreShownInListOrder() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(9, "Athens", vr: ["Athens"])])
        hu.perform(sets: [2, 1])
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.compactMap { $0["choiceID"] } == [9, 1, 2, 3])
    }
}

/// How an interaction ends and what the app is answered (SDL-RULES §4 result table).
@Suite struct InteractionResults {
    @Test func aTappedChoiceIsAnsweredWithItsIDFromTheMenu() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(hu.send("User.SelectChoice", ["choiceID": 2]).code == "SUCCESS")
        #expect(hu.result(of: pick) == ["success": true, "resultCode": "SUCCESS", "choiceID": 2, "triggerSource": "MENU"])
        #expect(hu.interaction == .null)
    }

    @Test func aChoiceCanBeTappedByMenuNameIgnoringCase() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        hu.send("User.SelectChoice", ["menuName": "paris"])
        #expect(hu.result(of: pick)?["choiceID"] == 3)
    }

    @Test func aSpokenChoiceIsAnsweredWithItsIDFromVoice() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "VR_ONLY")
        hu.send("User.Speak", ["utterance": "PARIS"])
        #expect(hu.result(of: pick) == ["success": true, "resultCode": "SUCCESS", "choiceID": 3, "triggerSource": "VR"])
    }

    @Test func inBothTheMenuCanBeTappedWhileTheVoiceSessionIsOpen() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "BOTH")
        hu.send("User.SelectChoice", ["choiceID": 1])
        #expect(hu.result(of: pick)?["triggerSource"] == "MENU")
    }

    @Test func inBothAChoiceCanBeSpoken() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "BOTH")
        hu.send("User.Speak", ["utterance": "bern"])
        #expect(hu.result(of: pick)?["choiceID"] == 2)
        #expect(hu.result(of: pick)?["triggerSource"] == "VR")
    }

    @Test func anUtteranceMatchingNoCommandLeavesTheInteractionOpen() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "VR_ONLY")
        let said = hu.send("User.Speak", ["utterance": "Madrid"])
        #expect(said.code == "SUCCESS")
        #expect(said.info?.contains("matches no voice command") == true)
        #expect(hu.result(of: pick) == nil)
        #expect(hu.interaction["voiceSessionOpen"] == true)
    }

    @Test func anyVoiceCommandOfAChoiceSelectsIt() {
        let hu = EngineHarness()
        hu.register()
        hu.createSet(id: 1, choices: [choice(5, "New York", vr: ["New York", "NYC"])])
        let pick = hu.perform(sets: [1], mode: "VR_ONLY")
        hu.send("User.Speak", ["utterance": "nyc"])
        #expect(hu.result(of: pick)?["choiceID"] == 5)
    }

    @Test func closingTheInteractionIsAborted() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(hu.send("User.Close").code == "SUCCESS")
        #expect(hu.result(of: pick)?.code == "ABORTED")
        #expect(hu.result(of: pick)?.succeeded == false)
        #expect(hu.result(of: pick)?["choiceID"] == nil)
    }

    @Test func nobodyActingIsTimedOut() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "BOTH")
        hu.advance(ms: 10000)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
        #expect(hu.result(of: pick)?.succeeded == false)
    }

    @Test func aChoiceWithAVrHelpImageNeverUploadedIsWarnings() {
        let hu = EngineHarness.withCities()
        let help: JSON = [["text": "Berlin", "position": 1, "image": ["value": "help.png", "imageType": "DYNAMIC"]]]
        let pick = hu.start("PerformInteraction", performParams(sets: [1], mode: "BOTH", extra: ["vrHelp": help]))
        hu.send("User.SelectChoice", ["choiceID": 1])
        let result = hu.result(of: pick)
        #expect(result?.code == "WARNINGS")
        #expect(result?.succeeded == true)
        #expect(result?.info == "Requested image(s) not found.")
        #expect(result?["choiceID"] == 1)
    }

    @Test func aSecondInteractionIsRejectedWhileTheFirstGoesOn() {
        let hu = EngineHarness.withCities()
        let first = hu.perform(sets: [1], initialText: "First")
        let second = hu.send("PerformInteraction", performParams(sets: [1], initialText: "Second"))
        #expect(second.code == "REJECTED")
        #expect(second.succeeded == false)
        #expect(hu.interaction["initialText"] == "First")
        hu.send("User.SelectChoice", ["choiceID": 3])
        #expect(hu.result(of: first)?["choiceID"] == 3)
    }

    @Test func otherRequestsAreAnsweredWhileAnInteractionWaits() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea")]).code == "SUCCESS")
        #expect(hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"]).code == "SUCCESS")
        #expect(hu.setKeyboard(["keypressMode": "SINGLE_KEYPRESS"]).code == "SUCCESS")
        #expect(hu.result(of: pick) == nil)
        hu.send("User.SelectChoice", ["choiceID": 1])
        #expect(hu.result(of: pick)?["choiceID"] == 1)
    }

    @Test func theAnswerComesBeforeTheReplyToTheUsersAction() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        let tap = hu.start("User.SelectChoice", ["choiceID": 1])
        let ids = hu.lastOutput.compactMap { $0["id"]?.integerValue }
        #expect(ids == [pick.id, tap.id])
    }

    @Test func anotherInteractionCanStartOnceTheFirstHasEnded() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        hu.send("User.Close")
        let second = hu.perform(sets: [1])
        #expect(hu.result(of: second) == nil)
        #expect(hu.interaction != .null)
    }
}

/// Timeouts and the voice session beside the menu (SDL-RULES §4 and §14).
@Suite struct InteractionTimeouts {
    @Test func aCustomTimeoutIsHonoured() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], timeout: 5000)
        hu.advance(ms: 4999)
        #expect(hu.result(of: pick) == nil)
        #expect(hu.interaction["msLeft"] == 1)
        hu.advance(ms: 1)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
    }

    @Test func theLongestTimeoutIsAHundredSeconds() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], timeout: 100_000)
        hu.advance(ms: 99_999)
        #expect(hu.result(of: pick) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
        #expect(hu.send("PerformInteraction", performParams(sets: [1], timeout: 100_001)).code == "INVALID_DATA")
    }

    @Test func aKeypressRestartsTheTimeout() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], layout: "KEYBOARD")
        hu.advance(ms: 8000)
        hu.type("a")
        hu.advance(ms: 8000)
        #expect(hu.result(of: pick) == nil, "16 s after the start, 8 s after the keypress")
        #expect(hu.interaction["msLeft"] == 2000)
        hu.advance(ms: 2000)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
    }

    @Test func voiceOnlyTimesOutWhenTheVoiceSessionEnds() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "VR_ONLY", timeout: 6000)
        hu.advance(ms: 6000)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
        #expect(hu.result(of: pick)?.succeeded == false)
        #expect(hu.systemContexts == ["MAIN"])
    }

    @Test func inBothTheMenuOutlastsTheVoiceSessionWhenKeypressesRestartIt() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "BOTH", layout: "LIST_WITH_SEARCH")
        hu.advance(ms: 6000)
        hu.type("P")
        hu.advance(ms: 4000)
        #expect(hu.systemContexts == ["HMI_OBSCURED"], "the voice session ended; the menu stays")
        #expect(hu.interaction["voiceSessionOpen"] == false)
        #expect(hu.send("User.Speak", ["utterance": "Paris"]).code == "IGNORED")
        #expect(hu.result(of: pick) == nil)
        hu.advance(ms: 5999)
        #expect(hu.result(of: pick) == nil)
        hu.send("User.SelectChoice", ["choiceID": 3])
        #expect(hu.result(of: pick)?["triggerSource"] == "MENU")
    }

    @Test func inBothTheInteractionTimesOutWhenVoiceAndMenuAreBothOver() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "BOTH", layout: "LIST_WITH_SEARCH")
        hu.advance(ms: 6000)
        hu.type("P")
        hu.advance(ms: 10000)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
    }

    @Test func theTimeLeftCountsDown() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], timeout: 20000)
        hu.advance(ms: 7500)
        #expect(hu.interaction["msLeft"] == 12500)
    }
}

/// OnHMIStatus's system context while an interaction is on screen (SDL-RULES §4, §11).
@Suite struct InteractionSystemContext {
    @Test func manualOnlyObscuresTheScreenThenReturnsToMain() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        #expect(hu.systemContexts == ["HMI_OBSCURED"])
        #expect(hu.state["systemContext"] == "HMI_OBSCURED")
        hu.send("User.SelectChoice", ["choiceID": 1])
        #expect(hu.systemContexts == ["MAIN"])
    }

    @Test func voiceOnlyIsAVoiceSessionThenMain() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], mode: "VR_ONLY")
        #expect(hu.systemContexts == ["VRSESSION"])
        hu.send("User.Speak", ["utterance": "Berlin"])
        #expect(hu.systemContexts == ["MAIN"])
    }

    @Test func bothStartsAsAVoiceSession() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1], mode: "BOTH")
        #expect(hu.systemContexts == ["VRSESSION"])
        hu.send("User.Close")
        #expect(hu.systemContexts == ["MAIN"])
    }

    @Test func theKeyboardObscuresTheScreen() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [], layout: "KEYBOARD")
        #expect(hu.systemContexts == ["HMI_OBSCURED"])
        hu.advance(ms: 10000)
        #expect(hu.systemContexts == ["MAIN"])
    }

    @Test func theStatusKeepsLevelAndAudio() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        let status = hu.notifications("OnHMIStatus").first?["params"]
        #expect(status?["hmiLevel"] == "FULL")
        #expect(status?["audioStreamingState"] == "NOT_AUDIBLE")
    }

    @Test func theInteractionsAnswerComesBeforeTheReturnToMain() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        let tap = hu.start("User.SelectChoice", ["choiceID": 1])
        #expect(hu.lastOutput.map { $0["id"]?.integerValue ?? -1 } == [pick.id, -1, tap.id])
    }

    @Test func aRefusedInteractionLeavesTheContextAlone() {
        let hu = EngineHarness.withCities()
        hu.send("PerformInteraction", performParams(sets: [9]))
        #expect(hu.notifications.isEmpty)
    }
}
