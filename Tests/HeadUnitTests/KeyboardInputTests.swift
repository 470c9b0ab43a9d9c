@testable import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// OnKeyboardInput as the simulated driver types (SDL-RULES §4 keyboard flow, §8, §14).
@Suite struct KeyboardInput {
    /// A registered app with a keyboard on screen (no choice sets).
    private func keyboard(_ properties: JSON? = nil) -> (EngineHarness, EngineHarness.Pending) {
        let hu = EngineHarness()
        hu.register()
        if let properties { hu.setKeyboard(properties) }
        let entry = hu.perform(sets: [], layout: "KEYBOARD")
        return (hu, entry)
    }

    @Test func byDefaultEachKeypressResendsTheWholeEntry() {
        let (hu, _) = keyboard()
        hu.type("Hi!")
        #expect(hu.keyboardInputs == [
            ["event": "KEYPRESS", "data": "H"], ["event": "KEYPRESS", "data": "Hi"], ["event": "KEYPRESS", "data": "Hi!"],
        ])
    }

    @Test func resendCurrentEntryBehavesLikeTheDefault() {
        let (hu, _) = keyboard(["keypressMode": "RESEND_CURRENT_ENTRY"])
        hu.type("ab")
        #expect(hu.keyboardInputs.compactMap { $0["data"] } == ["a", "ab"])
    }

    @Test func singleKeypressSendsEachKey() {
        let (hu, _) = keyboard(["keypressMode": "SINGLE_KEYPRESS"])
        hu.type("ab")
        #expect(hu.keyboardInputs == [["event": "KEYPRESS", "data": "a"], ["event": "KEYPRESS", "data": "b"]])
    }

    @Test func singleKeypressSendsBackspaceAsBS() {
        let (hu, _) = keyboard(["keypressMode": "SINGLE_KEYPRESS"])
        hu.type("ab")
        hu.type("BS")
        #expect(hu.keyboardInputs == [["event": "KEYPRESS", "data": "BS"]])
        #expect(hu.interaction["keyboardText"] == "a")
    }

    @Test func queueKeypressesSendsNothingUntilSubmit() {
        let (hu, entry) = keyboard(["keypressMode": "QUEUE_KEYPRESSES"])
        hu.type("abc")
        #expect(hu.keyboardInputs.isEmpty)
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.keyboardInputs == [["event": "ENTRY_SUBMITTED", "data": "abc"]])
        #expect(hu.result(of: entry)?["manualTextEntry"] == "abc")
    }

    @Test func backspaceResendsTheShortenedEntryEvenWhenEmpty() {
        let (hu, _) = keyboard()
        hu.type("a")
        hu.type("BS")
        #expect(hu.keyboardInputs == [["event": "KEYPRESS", "data": ""]])
    }

    @Test func submittingSendsEntrySubmittedThenAnswersTheText() {
        let (hu, entry) = keyboard()
        hu.type("Oslo")
        let submit = hu.start("User.KeyboardEvent", ["event": "ENTRY_SUBMITTED"])
        #expect(hu.lastOutput.first?["params"] == ["event": "ENTRY_SUBMITTED", "data": "Oslo"])
        #expect(hu.lastOutput.dropFirst().first?["id"] == .integer(entry.id))
        #expect(hu.result(of: entry) == ["success": true, "resultCode": "SUCCESS", "manualTextEntry": "Oslo", "triggerSource": "KEYBOARD"])
        #expect(hu.result(of: submit)?.code == "SUCCESS")
    }

    @Test func submittingAnEmptyEntrySendsEmptyDataAndAnswersWithoutText() {
        let (hu, entry) = keyboard()
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.keyboardInputs == [["event": "ENTRY_SUBMITTED", "data": ""]])
        // The mobile schema's manualTextEntry needs one character: the answer has none (SDL-RULES §14).
        #expect(hu.result(of: entry) == ["success": true, "resultCode": "SUCCESS", "triggerSource": "KEYBOARD"])
    }

    @Test func cancellingSendsEntryCancelledThenAborted() {
        let (hu, entry) = keyboard()
        hu.type("Os")
        hu.keyboardEvent("ENTRY_CANCELLED")
        #expect(hu.keyboardInputs == [["event": "ENTRY_CANCELLED"]])
        #expect(hu.result(of: entry)?.code == "ABORTED")
        #expect(hu.result(of: entry)?.succeeded == false)
    }

    @Test func closingTheKeyboardSendsEntryCancelled() {
        let (hu, entry) = keyboard()
        hu.send("User.Close")
        #expect(hu.keyboardInputs == [["event": "ENTRY_CANCELLED"]])
        #expect(hu.result(of: entry)?.code == "ABORTED")
    }

    @Test func abortingSendsEntryAborted() {
        let (hu, entry) = keyboard()
        hu.keyboardEvent("ENTRY_ABORTED")
        #expect(hu.keyboardInputs == [["event": "ENTRY_ABORTED"]])
        #expect(hu.result(of: entry)?.code == "ABORTED")
    }

    @Test func aTimeoutSendsEntryAbortedThenTimedOut() {
        let (hu, entry) = keyboard()
        hu.advance(ms: 10000)
        #expect(hu.keyboardInputs == [["event": "ENTRY_ABORTED"]])
        let order = hu.lastOutput.map { $0["method"]?.stringValue ?? "reply \($0["id"]?.integerValue ?? 0)" }
        #expect(order.prefix(2) == ["OnKeyboardInput", "reply \(entry.id)"])
        #expect(hu.result(of: entry)?.code == "TIMED_OUT")
    }

    @Test func voiceEntryReplacesTheTextAndIsForwarded() {
        let (hu, entry) = keyboard()
        hu.type("x")
        hu.keyboardEvent("ENTRY_VOICE", data: "Main Street")
        #expect(hu.keyboardInputs == [["event": "ENTRY_VOICE", "data": "Main Street"]])
        #expect(hu.interaction["keyboardText"] == "Main Street")
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.result(of: entry)?["manualTextEntry"] == "Main Street")
    }

    @Test func dataIsForwardedAsTypedWithoutCoreStringChecks() {
        let (hu, _) = keyboard(["keypressMode": "SINGLE_KEYPRESS"])
        hu.type("\t")
        #expect(hu.keyboardInputs.compactMap { $0["data"] } == ["\t"])
        hu.type(" ")
        #expect(hu.keyboardInputs.compactMap { $0["data"] } == [" "])
    }

    @Test func anEntryOverFiveHundredCharactersIsNotSentAndCoreRefusesTheAnswer() {
        let (hu, entry) = keyboard(["keypressMode": "QUEUE_KEYPRESSES"])
        hu.type(String(repeating: "z", count: 501))
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.keyboardInputs.isEmpty)
        #expect(hu.result(of: entry) == ["success": false, "resultCode": "INVALID_DATA", "info": "Received invalid data on HMI response"])
    }

    @Test func dataOfExactlyFiveHundredCharactersIsSent() {
        let (hu, _) = keyboard(["keypressMode": "QUEUE_KEYPRESSES"])
        hu.type(String(repeating: "z", count: 500))
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.keyboardInputs.first?["data"]?.stringValue?.count == 500)
    }

    @Test func resendingStopsOnceTheEntryPassesFiveHundredCharacters() {
        let (hu, _) = keyboard()
        hu.type(String(repeating: "z", count: 502))
        #expect(hu.keyboardInputs.count == 500)
    }

    @Test func aKeyboardInputIsNotSentUnlessTheAppIsInFull() {
        let (hu, _) = keyboard(["keypressMode": "SINGLE_KEYPRESS"])
        hu.engine.app?.hmiLevel = .limited  // a media app pushed to LIMITED with its keyboard still up
        #expect(hu.type("a").code == "SUCCESS")
        #expect(hu.keyboardInputs.isEmpty)
        #expect(hu.interaction["keyboardText"] == "a")
    }

    @Test func keysOutsideTheLimitedCharacterListAreRefused() {
        let (hu, _) = keyboard(["limitedCharacterList": ["a", "b"], "keypressMode": "SINGLE_KEYPRESS"])
        let result = hu.type("abc")
        #expect(result.code == "SUCCESS")
        #expect(result.info?.contains("c") == true)
        #expect(hu.keyboardInputs.compactMap { $0["data"] } == ["a", "b"])
        #expect(hu.interaction["keyboardText"] == "ab")
    }

    @Test func aKeypressWithoutDataIsInvalidData() {
        let (hu, _) = keyboard()
        #expect(hu.keyboardEvent("KEYPRESS").code == "INVALID_DATA")
    }

    @Test func theOldMethodNameKeyboardEventWorksToo() {
        let (hu, _) = keyboard()
        #expect(hu.send("KeyboardEvent", ["event": "KEYPRESS", "data": "q"]).code == "SUCCESS")
        #expect(hu.interaction["keyboardText"] == "q")
    }
}

/// The input mask (KeyboardProperties.maskInputCharacters, SDL 7.1).
@Suite struct KeyboardMask {
    private func keyboard(mask: String, profile: Profile = .full) -> EngineHarness {
        let hu = EngineHarness(profile: profile)
        hu.register()
        hu.setKeyboard(["maskInputCharacters": .string(mask)])
        hu.perform(sets: [], layout: "KEYBOARD")
        return hu
    }

    @Test func aUserChoiceMaskCanBeToggledByTheUser() {
        let hu = keyboard(mask: "USER_CHOICE_INPUT_KEY_MASK")
        #expect(hu.interaction["inputMasked"] == false)
        #expect(hu.keyboardEvent("INPUT_KEY_MASK_ENABLED").code == "SUCCESS")
        #expect(hu.keyboardInputs == [["event": "INPUT_KEY_MASK_ENABLED"]])
        #expect(hu.interaction["inputMasked"] == true)
        hu.keyboardEvent("INPUT_KEY_MASK_DISABLED")
        #expect(hu.keyboardInputs == [["event": "INPUT_KEY_MASK_DISABLED"]])
        #expect(hu.interaction["inputMasked"] == false)
    }

    @Test func anEnabledMaskHidesInputAndCannotBeToggled() {
        let hu = keyboard(mask: "ENABLE_INPUT_KEY_MASK")
        #expect(hu.interaction["inputMasked"] == true)
        #expect(hu.keyboardEvent("INPUT_KEY_MASK_DISABLED").code == "IGNORED")
        #expect(hu.keyboardInputs.isEmpty)
    }

    @Test func aDisabledMaskCannotBeToggled() {
        let hu = keyboard(mask: "DISABLE_INPUT_KEY_MASK")
        #expect(hu.keyboardEvent("INPUT_KEY_MASK_ENABLED").code == "IGNORED")
        #expect(hu.interaction["inputMasked"] == false)
    }

    @Test func aHeadUnitWithoutMaskSupportNeverMasks() {
        let hu = keyboard(mask: "ENABLE_INPUT_KEY_MASK", profile: .textOnly)
        #expect(hu.interaction["inputMasked"] == false)
        #expect(hu.keyboardEvent("INPUT_KEY_MASK_ENABLED").code == "IGNORED")
    }
}
