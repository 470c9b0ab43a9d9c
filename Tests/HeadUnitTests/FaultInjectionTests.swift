import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// Sim.InjectFault (PROTOCOL.md §5): the HMI's answer replaced, delayed or dropped, with
/// Core's rules for that answer, state included.
@Suite struct FaultInjection {
    static let successTypeCodes = ["WARNINGS", "RETRY", "SAVED", "TRUNCATED_DATA", "WRONG_LANGUAGE"]
    static let errorCodes = ["REJECTED", "DUPLICATE_NAME", "GENERIC_ERROR", "ABORTED", "OUT_OF_MEMORY", "INVALID_DATA"]

    private func sets(_ hu: EngineHarness) -> [Int64] {
        hu.state["choiceSets"]?.arrayValue?.compactMap { $0["interactionChoiceSetID"]?.integerValue } ?? []
    }

    @Test func anInjectedCodeAndInfoAreReturnedUnchanged() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "REJECTED", "info": "HMI is busy"])
        let result = hu.setKeyboard(["keyboardLayout": "AZERTY"])
        #expect(result == ["success": false, "resultCode": "REJECTED", "info": "HMI is busy"])
        #expect(hu.state["keyboardProperties"]?["keyboardLayout"] == "QWERTY", "an error answer stores nothing")
    }

    @Test func aFaultIsUsedOnce() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "REJECTED"])
        hu.setKeyboard(["keyboardLayout": "AZERTY"])
        #expect(hu.setKeyboard(["keyboardLayout": "AZERTY"]).code == "SUCCESS")
    }

    @Test func aCountAppliesTheFaultToThatManyCalls() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "REJECTED", "count": 2])
        #expect(hu.setKeyboard([:]).code == "REJECTED")
        #expect(hu.setKeyboard([:]).code == "REJECTED")
        #expect(hu.setKeyboard([:]).code == "SUCCESS")
    }

    @Test func faultsForOneMethodQueueInOrder() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "REJECTED"])
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "WARNINGS"])
        #expect(hu.setKeyboard([:]).code == "REJECTED")
        #expect(hu.setKeyboard([:]).code == "WARNINGS")
    }

    @Test func aSuccessTypeCodeForSetGlobalPropertiesStoresTheProperties() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "WARNINGS", "info": "partly"])
        let result = hu.setKeyboard(["keyboardLayout": "AZERTY"])
        #expect(result == ["success": true, "resultCode": "WARNINGS", "info": "partly"])
        #expect(hu.state["keyboardProperties"]?["keyboardLayout"] == "AZERTY")
    }

    @Test(arguments: successTypeCodes + ["UNSUPPORTED_RESOURCE"])
    func aSuccessTypeCodeKeepsANewVoiceSet(code: String) {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": .string(code)])
        let result = hu.createSet(id: 2, choices: [choice(9, "Rome", vr: ["Rome"])])
        #expect(result.code == code)
        #expect(result.succeeded == true)
        #expect(sets(hu) == [1, 2])
    }

    @Test(arguments: errorCodes)
    func anErrorCodeRemovesANewVoiceSet(code: String) {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": .string(code), "info": "VR said no"])
        let result = hu.createSet(id: 2, choices: [choice(9, "Rome", vr: ["Rome"])])
        #expect(result == ["success": false, "resultCode": .string(code), "info": "VR said no"])
        #expect(sets(hu) == [1])
        #expect(hu.createSet(id: 2, choices: [choice(9, "Rome", vr: ["Rome"])]).code == "SUCCESS", "the ID is free again")
    }

    @Test func aSetWithoutVoiceIsAnsweredWithTheInjectedCodeAndNotStored() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": "REJECTED", "info": "full"])
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea")]) == ["success": false, "resultCode": "REJECTED", "info": "full"])
        #expect(sets(hu) == [1])
    }

    @Test func aSuccessInjectedForASetWithoutVoiceChangesNothing() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": "WARNINGS"])
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea")]).code == "WARNINGS")
        #expect(sets(hu) == [1], "Core answered alone: the injected answer replaces the whole request")
    }

    @Test(arguments: successTypeCodes)
    func aSuccessTypeCodeDeletesAVoiceSet(code: String) {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "resultCode": .string(code)])
        let result = hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        #expect(result.code == code)
        #expect(result.succeeded == true)
        #expect(sets(hu).isEmpty)
    }

    @Test(arguments: errorCodes)
    func anErrorCodeKeepsAVoiceSet(code: String) {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "resultCode": .string(code)])
        let result = hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        #expect(result.code == code)
        #expect(result.succeeded == false)
        #expect(sets(hu) == [1])
        hu.perform(sets: [1])
        #expect(hu.interaction != .null, "the set is still usable")
    }

    @Test func deletingASetWithoutVoiceUnderAFaultChangesNothing() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(9, "Tea")])
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "resultCode": "REJECTED"])
        #expect(hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 2]).code == "REJECTED")
        #expect(sets(hu) == [1, 2])
    }

    @Test func aFaultOnPerformInteractionAnswersWithoutShowingAnything() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "resultCode": "TIMED_OUT", "info": "no one there"])
        let result = hu.send("PerformInteraction", performParams(sets: [1]))
        #expect(result == ["success": false, "resultCode": "TIMED_OUT", "info": "no one there"])
        #expect(hu.interaction == .null)
    }

    @Test func anInjectedCancelSuccessWithNothingOnScreenIsSuccess() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CancelInteraction", "resultCode": "SUCCESS"])
        #expect(hu.send("CancelInteraction", ["functionID": 10]).code == "SUCCESS")
    }

    @Test func anInjectedCancelErrorLeavesTheInteractionOnScreen() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        hu.injectFault(["method": "CancelInteraction", "resultCode": "REJECTED"])
        #expect(hu.send("CancelInteraction", ["functionID": 10]).code == "REJECTED")
        #expect(hu.result(of: pick) == nil)
    }

    @Test func aFaultOnResetGlobalPropertiesKeepsTheKeyboard() {
        let hu = EngineHarness.withCities()
        hu.setKeyboard(["keyboardLayout": "AZERTY"])
        hu.injectFault(["method": "ResetGlobalProperties", "resultCode": "GENERIC_ERROR"])
        #expect(hu.send("ResetGlobalProperties", ["properties": ["KEYBOARDPROPERTIES"]]).code == "GENERIC_ERROR")
        #expect(hu.state["keyboardProperties"]?["keyboardLayout"] == "AZERTY")
    }

    @Test func aFaultOnRegistrationLeavesTheAppUnregistered() {
        let hu = EngineHarness()
        hu.injectFault(["method": "RegisterAppInterface", "resultCode": "REJECTED", "info": "too many apps"])
        #expect(hu.register() == ["success": false, "resultCode": "REJECTED", "info": "too many apps"])
        #expect(hu.notifications.isEmpty)
        #expect(hu.state["registered"] == false)
        #expect(hu.register().code == "SUCCESS")
    }

    @Test func aFaultOnUnregistrationLeavesTheAppRegistered() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "UnregisterAppInterface", "resultCode": "REJECTED"])
        #expect(hu.send("UnregisterAppInterface").code == "REJECTED")
        #expect(hu.state["registered"] == true)
    }

    @Test(arguments: [
        "RegisterAppInterface", "UnregisterAppInterface", "GetSystemCapability", "CreateInteractionChoiceSet",
        "DeleteInteractionChoiceSet", "PerformInteraction", "CancelInteraction", "SetGlobalProperties", "ResetGlobalProperties",
    ])
    func everyRPCCanBeFaulted(method: String) {
        let hu = EngineHarness()
        if method != "RegisterAppInterface" {
            hu.register()
            hu.createSet(id: 1, choices: cities)
        }
        hu.injectFault(["method": .string(method), "resultCode": "TOO_MANY_PENDING_REQUESTS", "info": "injected"])
        let params = method == "RegisterAppInterface" ? registration() : validParams[method]
        let result = hu.send(method, params)
        #expect(result == ["success": false, "resultCode": "TOO_MANY_PENDING_REQUESTS", "info": "injected"])
    }

    // Core's own checks come first.

    @Test func aRequestRefusedByTheSchemaDoesNotUseTheFault() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": "REJECTED"])
        #expect(hu.createSet(id: 2, choices: []).code == "INVALID_DATA")
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea")]).code == "REJECTED")
    }

    @Test func aRequestRefusedByCoresChecksDoesNotUseTheFault() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": "REJECTED"])
        #expect(hu.createSet(id: 1, choices: [choice(9, "Tea")]).code == "INVALID_ID")
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea"), choice(9, "Tea")]).code == "INVALID_ID")
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea")]).code == "REJECTED")
    }

    @Test func aRefusedPerformInteractionDoesNotUseTheFault() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "resultCode": "ABORTED"])
        #expect(hu.send("PerformInteraction", performParams(sets: [5])).code == "INVALID_ID")
        #expect(hu.send("PerformInteraction", performParams(sets: [1], mode: "VR_ONLY", layout: "KEYBOARD")).code == "INVALID_DATA")
        #expect(hu.send("PerformInteraction", performParams(sets: [1])).code == "ABORTED")
    }

    @Test func aRequestRefusedByRegistrationOrLevelDoesNotUseTheFault() {
        let hu = EngineHarness(autoActivate: false)
        hu.injectFault(["method": "CreateInteractionChoiceSet", "resultCode": "REJECTED"])
        #expect(hu.createSet(id: 1, choices: cities).code == "APPLICATION_NOT_REGISTERED")
        hu.register()
        #expect(hu.createSet(id: 1, choices: cities).code == "DISALLOWED")
        hu.send("User.Activate")
        #expect(hu.createSet(id: 1, choices: cities).code == "REJECTED")
    }

    @Test func aRefusedCancelDoesNotUseTheFault() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CancelInteraction", "resultCode": "REJECTED"])
        #expect(hu.send("CancelInteraction", ["functionID": 11]).code == "INVALID_ID")
        #expect(hu.send("CancelInteraction", ["functionID": 10]).code == "REJECTED")
    }

    @Test func aRefusedSetGlobalPropertiesDoesNotUseTheFault() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "WARNINGS"])
        #expect(hu.send("SetGlobalProperties", [:]).code == "INVALID_DATA")
        #expect(hu.send("SetGlobalProperties", ["vrHelpTitle": "Say a city"]).code == "REJECTED")
        #expect(hu.setKeyboard(["customKeys": ["1", "2", "3", "4"]]).code == "INVALID_DATA")
        #expect(hu.setKeyboard([:]).code == "WARNINGS")
    }

    // Delays.

    @Test func aDelayedVoiceSetIsNotAvailableUntilTheHMIAnswers() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 2000])
        let create = hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(9, "Rome", vr: ["Rome"])]])
        #expect(hu.result(of: create) == nil)
        #expect(hu.state["choiceSets"]?.arrayValue?.last?["available"] == false)
        #expect(hu.send("PerformInteraction", performParams(sets: [2])).info == "One of choice sets is not available yet")
        hu.advance(ms: 1999)
        #expect(hu.result(of: create) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: create)?.code == "SUCCESS")
        hu.perform(sets: [2])
        #expect(hu.interaction != .null)
    }

    @Test func aDelayedDeletionKeepsTheSetUnusableUntilTheHMIAnswers() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "delayMs": 1000])
        let delete = hu.start("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        #expect(hu.send("PerformInteraction", performParams(sets: [1])).code == "REJECTED")
        hu.advance(ms: 1000)
        #expect(hu.result(of: delete)?.code == "SUCCESS")
        #expect(sets(hu).isEmpty)
    }

    @Test func aDelayWithACodeAnswersThatCodeLate() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 4000, "resultCode": "WARNINGS", "info": "slow"])
        let request = hu.start("SetGlobalProperties", ["menuTitle": "Cities"])
        hu.advance(ms: 3999)
        #expect(hu.result(of: request) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: request) == ["success": true, "resultCode": "WARNINGS", "info": "slow"])
    }

    @Test func aDelayLongerThanCoresWaitEndsInGenericError() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 20000])
        let request = hu.start("SetGlobalProperties", ["keyboardProperties": ["keyboardLayout": "AZERTY"]])
        hu.advance(ms: 10999)
        #expect(hu.result(of: request) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: request) == ["success": false, "resultCode": "GENERIC_ERROR", "info": "UI component does not respond"])
        #expect(hu.state["keyboardProperties"]?["keyboardLayout"] == "QWERTY")
        hu.advance(ms: 20000)
        #expect(hu.replies(to: request).count == 1)
    }

    @Test func aDelayOfExactlyCoresWaitIsStillAnswered() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 11000])
        let request = hu.start("SetGlobalProperties", ["menuTitle": "Cities"])
        hu.advance(ms: 11000)
        #expect(hu.result(of: request)?.code == "SUCCESS")
    }

    @Test func aVoiceSetWhoseRegistrationNeverArrivesInTimeIsRemoved() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 15000])
        let create = hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(9, "Rome", vr: ["Rome"])]])
        hu.advance(ms: 11000)
        #expect(hu.result(of: create) == ["success": false, "resultCode": "GENERIC_ERROR", "info": "VR component does not respond"])
        #expect(sets(hu) == [1])
    }

    @Test func aDeletionNeverAnsweredInTimeKeepsTheSet() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "delayMs": 15000])
        let delete = hu.start("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        hu.advance(ms: 11000)
        #expect(hu.result(of: delete)?.code == "GENERIC_ERROR")
        #expect(sets(hu) == [1])
    }

    @Test func aDelayedPerformInteractionAnswerComesLaterThanTheChoice() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 3000])
        let pick = hu.perform(sets: [1])
        hu.send("User.SelectChoice", ["choiceID": 2])
        #expect(hu.result(of: pick) == nil)
        hu.advance(ms: 3000)
        #expect(hu.result(of: pick)?["choiceID"] == 2)
    }

    @Test func aPerformInteractionAnswerDelayedPastCoresWaitIsGenericError() {
        // Core waits 11 s plus twice the timeout for a menu interaction: 31 s by default.
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 40000, "resultCode": "ABORTED"])
        let pick = hu.perform(sets: [1])
        hu.advance(ms: 30999)
        #expect(hu.result(of: pick) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: pick) == ["success": false, "resultCode": "GENERIC_ERROR", "info": "UI component does not respond"])
        hu.advance(ms: 20000)
        #expect(hu.replies(to: pick).count == 1)
    }

    @Test func aVoiceOnlyAnswerDelayedPastCoresWaitIsGenericError() {
        // Core waits 11 s plus the timeout once for a voice-only interaction.
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 30000, "resultCode": "TIMED_OUT"])
        let pick = hu.perform(sets: [1], mode: "VR_ONLY", timeout: 5000)
        hu.advance(ms: 16000)
        #expect(hu.result(of: pick) == ["success": false, "resultCode": "GENERIC_ERROR", "info": "VR component does not respond"])
    }

    @Test func aDelayedAnswerWithinCoresWaitKeepsItsCode() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 31000, "resultCode": "ABORTED", "info": "late"])
        let pick = hu.perform(sets: [1])
        hu.advance(ms: 31000)
        #expect(hu.result(of: pick) == ["success": false, "resultCode": "ABORTED", "info": "late"])
    }

    @Test func aChoiceWhoseAnswerIsHeldPastCoresWaitIsGenericError() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 30000])
        let pick = hu.perform(sets: [1])
        hu.advance(ms: 2000)
        hu.send("User.SelectChoice", ["choiceID": 1])
        hu.advance(ms: 28999)
        #expect(hu.result(of: pick) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: pick)?.code == "GENERIC_ERROR")
        hu.advance(ms: 10000)
        #expect(hu.replies(to: pick).count == 1)
    }

    @Test func keypressesRestartCoresWaitForAHeldAnswer() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 30000])
        let entry = hu.perform(sets: [], layout: "KEYBOARD")
        hu.advance(ms: 9000)
        hu.type("a")
        hu.keyboardEvent("ENTRY_SUBMITTED")
        hu.advance(ms: 30000)
        #expect(hu.result(of: entry)?["manualTextEntry"] == "a", "9 s + 30 s is within 9 s + 31 s")
    }

    @Test func aDelayHoldsBackTheRefusalOfASecondInteraction() {
        // The refusal is the HMI's answer (SDL-RULES §14), so the delay holds it back too.
        let hu = EngineHarness.withCities()
        let first = hu.perform(sets: [1])
        hu.injectFault(["method": "PerformInteraction", "delayMs": 1500])
        let second = hu.perform(sets: [1])
        #expect(hu.result(of: second) == nil)
        hu.advance(ms: 1500)
        #expect(hu.result(of: second)?.code == "REJECTED")
        #expect(hu.result(of: first) == nil)
    }

    @Test func aDelayOnACoreOnlyRequestHoldsItsAnswer() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "GetSystemCapability", "delayMs": 500])
        let request = hu.start("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"])
        #expect(hu.result(of: request) == nil)
        hu.advance(ms: 500)
        #expect(hu.result(of: request)?.code == "SUCCESS")
    }

    /// A held-back answer re-runs the request's work, never its fault (issue 18): two calls
    /// under `count: 2` are each answered after their own delay, and no third fault is used.
    @Test(arguments: ["GetSystemCapability", "UnregisterAppInterface", "RegisterAppInterface"])
    func twoDelayedCallsEachTakeExactlyOneDelay(method: String) {
        let hu = EngineHarness(autoActivate: false)
        let params: JSON = method == "RegisterAppInterface" ? registration() : method == "GetSystemCapability" ? ["systemCapabilityType": "DISPLAYS"] : [:]
        // Between the calls, the app is put back as the call needs it.
        let prepare = {
            switch method {
            case "RegisterAppInterface": if hu.state["registered"] == true { hu.send("UnregisterAppInterface") }
            default: if hu.state["registered"] == false { hu.register() }
            }
        }
        prepare()
        hu.injectFault(["method": .string(method), "delayMs": 1000, "count": 2])
        let first = hu.start(method, params)
        #expect(hu.result(of: first) == nil)
        hu.advance(ms: 1000)
        #expect(hu.result(of: first)?.code == "SUCCESS", "the first call is answered after its own delay")
        prepare()
        let second = hu.start(method, params)
        #expect(hu.result(of: second) == nil, "the second call takes the second delay")
        hu.advance(ms: 999)
        #expect(hu.result(of: second) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: second)?.code == "SUCCESS")
        #expect(hu.replies(to: first).count == 1 && hu.replies(to: second).count == 1)
        prepare()
        #expect(hu.send(method, params).code == "SUCCESS", "no third fault was taken by a re-run")
    }

    @Test func manyDelayedAnswersComeInDueOrderAndTiesInTheOrderTheyWereAsked() {
        let hu = EngineHarness.withCities()
        // Delays 300, 100, 200, 300, 100, … ms: a shuffled mix with many equal deadlines.
        let delays = (0..<300).map { 100 * (($0 * 7) % 3 + 1) }
        var requests: [(delay: Int, request: EngineHarness.Pending)] = []
        for delay in delays {
            hu.injectFault(["method": "GetSystemCapability", "delayMs": .integer(Int64(delay))])
            requests.append((delay, hu.start("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"])))
        }
        hu.advance(ms: 1000)
        let answered = hu.lastOutput.compactMap { $0["id"]?.integerValue }.dropLast()  // the advance's own answer last
        let expected = requests.enumerated().sorted { ($0.element.delay, $0.offset) < ($1.element.delay, $1.offset) }
            .map { $0.element.request.id }
        #expect(Array(answered) == expected)
    }

    @Test func otherRequestsAreAnsweredWhileOneIsDelayed() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 5000])
        let slow = hu.start("SetGlobalProperties", ["menuTitle": "Slow"])
        #expect(hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"]).code == "SUCCESS")
        #expect(hu.result(of: slow) == nil)
    }

    // Drops.

    @Test func aDroppedRequestIsNeverAnswered() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "drop": true])
        let request = hu.start("SetGlobalProperties", ["menuTitle": "Lost"])
        hu.advance(ms: 120_000)
        #expect(hu.replies(to: request).isEmpty)
        #expect(hu.send("SetGlobalProperties", ["menuTitle": "Found"]).code == "SUCCESS")
    }

    @Test func aDroppedRequestIsNotAnsweredEvenAtTheEnd() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "drop": true])
        let request = hu.start("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        hu.endOfInput()
        #expect(hu.replies(to: request).isEmpty)
    }

    @Test func aDroppedPerformInteractionShowsNothing() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "drop": true])
        let pick = hu.perform(sets: [1])
        hu.advance(ms: 60000)
        #expect(hu.replies(to: pick).isEmpty)
        #expect(hu.interaction == .null)
    }

    // The request itself.

    @Test func aFaultForAnUnknownMethodIsInvalidData() {
        let hu = EngineHarness()
        #expect(hu.injectFault(["method": "Show", "resultCode": "REJECTED"]).code == "INVALID_DATA")
    }

    @Test func aFaultWithNothingToDoIsInvalidData() {
        let hu = EngineHarness()
        #expect(hu.injectFault(["method": "SetGlobalProperties"]).code == "INVALID_DATA")
    }

    @Test func aFaultWithAnUnknownResultCodeIsInvalidData() {
        let hu = EngineHarness()
        let result = hu.injectFault(["method": "SetGlobalProperties", "resultCode": "OOPS"])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("resultCode") == true)
    }

    @Test func theMisspelledCreateMethodNameCanBeFaulted() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateChoiceInteractionSet", "resultCode": "REJECTED"])
        #expect(hu.createSet(id: 2, choices: [choice(9, "Tea")]).code == "REJECTED")
    }
}
