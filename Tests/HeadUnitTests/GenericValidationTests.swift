import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// SDL-RULES §0: the schema, default string lengths, Core's CheckSyntax, unknown
/// parameters, defaults, registration and HMI level, for every RPC alike.
@Suite struct GenericValidation {
    @Test func aWrongTypeIsInvalidDataNamingThePath() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "A"), choice(11, "B"), choice(12, "C"), ["choiceID": "13", "menuName": "D"]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.succeeded == false)
        #expect(result.info?.hasPrefix("choiceSet[3].choiceID") == true)
    }

    @Test func aNumberOutOfRangeIsInvalidDataNamingThePath() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "A"), choice(65536, "B")])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[1].choiceID") == true)
        #expect(hu.state["choiceSets"]?.arrayValue?.count == 1)
    }

    @Test func aMissingMandatoryParameterIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("CreateInteractionChoiceSet", ["choiceSet": [choice(10, "A")]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("interactionChoiceSetID") == true)
    }

    @Test func aMissingMandatoryParameterInsideAStructIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [["choiceID": 10]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].menuName") == true)
    }

    @Test func aLongValueQuotedInInfoIsCutSoThatInfoStaysWithinTheSpecsLimit() {
        let hu = EngineHarness.withCities()
        let result = hu.send(
            "PerformInteraction",
            ["initialText": "Pick", "interactionMode": .string(String(repeating: "A", count: 3000)), "interactionChoiceSetIDList": [1]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("interactionMode: \"AAAA") == true)
        #expect(result.info?.contains("… (3000 characters)") == true)
        #expect((result.info?.count ?? 0) <= 1000)
    }

    @Test func anUnknownEnumValueIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("PerformInteraction", performParams(sets: [1], mode: "SOMETIMES"))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("interactionMode") == true)
    }

    @Test func aStringOverItsMaximumLengthIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, String(repeating: "x", count: 501))])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].menuName") == true)
    }

    @Test func aStringOfExactlyTheMaximumLengthIsAccepted() {
        let hu = EngineHarness.withCities()
        #expect(hu.createSet(id: 2, choices: [choice(10, String(repeating: "x", count: 500))]).code == "SUCCESS")
    }

    @Test func anArrayOverItsMaximumSizeIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: (0..<101).map { choice($0, "Choice \($0)") })
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet") == true)
    }

    @Test func anEmptyArrayBelowItsMinimumSizeIsInvalidData() {
        let hu = EngineHarness.withCities()
        #expect(hu.createSet(id: 2, choices: []).code == "INVALID_DATA")
    }

    @Test func anEmptyStringIsInvalidDataByTheDefaultMinimumLength() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "")])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].menuName") == true)
    }

    @Test func anEmptyVoiceCommandIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "A", vr: [""])])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].vrCommands[0]") == true)
    }

    @Test func anEmptyInitialTextIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("PerformInteraction", performParams(sets: [1], initialText: ""))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("initialText") == true)
    }

    @Test func anEmptyImageValueAndAnEmptyTTSChunkPassTheSchema() {
        // Image.value and TTSChunk.text state minlength 0; Core's checks decide afterwards.
        let hu = EngineHarness.withCities()
        let prompt: JSON = [["text": "", "type": "TEXT"]]
        let pick = hu.start("PerformInteraction", performParams(sets: [1], extra: ["initialPrompt": prompt]))
        #expect(hu.result(of: pick) == nil, "an empty prompt text is allowed")
        let result = hu.createSet(id: 2, choices: [choice(10, "A", extra: ["image": ["value": "", "imageType": "STATIC"]])])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.contains("choiceSet[0].image") == true, "the empty value fails VerifyString, not the schema")
    }

    @Test func paramsThatAreNotAnObjectAreAnInvalidParamsError() {
        let hu = EngineHarness.withCities()
        let reply = hu.line(#"{"jsonrpc":"2.0","id":5,"method":"DeleteInteractionChoiceSet","params":[1]}"#).first
        #expect(reply?["error"]?["code"] == -32602)
    }

    @Test func unknownParametersAreDroppedAndTheRequestGoesOn() {
        let hu = EngineHarness.withCities()
        let result = hu.send("CreateInteractionChoiceSet", [
            "interactionChoiceSetID": 2, "choiceSet": [choice(10, "A", extra: ["colour": "red"])], "priority": "high",
        ])
        #expect(result.code == "SUCCESS")
    }

    @Test func performInteractionWithoutTimeoutWaitsTheDefaultTenSeconds() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(hu.interaction["msLeft"] == 10000)
        hu.advance(ms: 9999)
        #expect(hu.result(of: pick) == nil)
        hu.advance(ms: 1)
        #expect(hu.result(of: pick)?.code == "TIMED_OUT")
    }

    @Test func aTimeoutBelowFiveSecondsIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("PerformInteraction", performParams(sets: [1], timeout: 4999))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("timeout") == true)
    }

    @Test func anUnknownMethodIsAMethodNotFoundError() {
        let hu = EngineHarness()
        let reply = hu.line(#"{"jsonrpc":"2.0","id":3,"method":"Show","params":{}}"#).first
        #expect(reply?["error"]?["code"] == -32601)
    }

    @Test func theSchemaIsCheckedBeforeRegistration() {
        let hu = EngineHarness()
        #expect(hu.createSet(id: 1, choices: []).code == "INVALID_DATA")
    }

    @Test func createChoiceSetInNoneIsDisallowed() {
        let hu = EngineHarness(autoActivate: false)
        hu.register()
        let result = hu.createSet(id: 1, choices: cities)
        #expect(result.code == "DISALLOWED")
        #expect(result.succeeded == false)
        #expect(hu.state["choiceSets"] == [])
    }

    @Test(arguments: ["DeleteInteractionChoiceSet", "PerformInteraction", "CancelInteraction"])
    func choiceRPCsInNoneAreDisallowed(method: String) {
        let hu = EngineHarness(autoActivate: false)
        hu.register()
        #expect(hu.send(method, validParams[method]).code == "DISALLOWED")
    }

    @Test(arguments: ["SetGlobalProperties", "ResetGlobalProperties", "GetSystemCapability", "UnregisterAppInterface"])
    func globalRPCsAreAllowedInNone(method: String) {
        let hu = EngineHarness(autoActivate: false)
        hu.register()
        #expect(hu.send(method, validParams[method]).code == "SUCCESS")
    }

    @Test func performInteractionInBackgroundIsDisallowed() {
        let hu = EngineHarness.withCities()
        hu.send("User.Deactivate")
        let result = hu.send("PerformInteraction", performParams(sets: [1]))
        #expect(result.code == "DISALLOWED")
        #expect(hu.interaction == .null)
    }

    @Test func choiceSetsCanBeManagedInBackground() {
        let hu = EngineHarness.withCities()
        hu.send("User.Deactivate")
        #expect(hu.createSet(id: 2, choices: [choice(10, "A")]).code == "SUCCESS")
        #expect(hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 2]).code == "SUCCESS")
        #expect(hu.send("CancelInteraction", ["functionID": 10]).code == "IGNORED")
    }

    @Test func theLevelIsCheckedBeforeTheRPCsOwnChecks() {
        let hu = EngineHarness.withCities()
        hu.send("User.Deactivate")
        // Set 99 does not exist (INVALID_ID), but the level refuses first.
        #expect(hu.send("PerformInteraction", performParams(sets: [99])).code == "DISALLOWED")
    }

    @Test func registrationIsCheckedBeforeTheLevelAndTheRPCsOwnChecks() {
        let hu = EngineHarness()
        #expect(hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 99]).code == "APPLICATION_NOT_REGISTERED")
    }
}

/// Core's CheckSyntax (SDL-RULES §0): TAB, LF, backslash-n, backslash-t and spaces only
/// are INVALID_DATA wherever Core checks a string.
@Suite struct CheckSyntax {
    static let badTexts = ["a\tb", "a\nb", #"a\nb"#, #"a\tb"#, "   ", " "]

    @Test(arguments: badTexts)
    func aBadMenuNameIsInvalidData(text: String) {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, text)])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].menuName") == true)
    }

    @Test(arguments: badTexts)
    func aBadInitialTextIsInvalidData(text: String) {
        let hu = EngineHarness.withCities()
        let result = hu.send("PerformInteraction", performParams(sets: [1], initialText: text))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("initialText") == true)
    }

    @Test(arguments: badTexts)
    func aBadAutoCompleteEntryIsInvalidData(text: String) {
        let hu = EngineHarness.withCities()
        let result = hu.setKeyboard(["autoCompleteList": ["Berlin", .string(text)]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("keyboardProperties.autoCompleteList[1]") == true)
    }

    @Test(arguments: ["Berlin", "a b", "a\\b", "n\\", "New York\\ City", "Ünïcödé"])
    func ordinaryTextsPass(text: String) {
        let hu = EngineHarness.withCities()
        #expect(hu.createSet(id: 2, choices: [choice(10, text)]).code == "SUCCESS")
    }

    @Test func aBadSecondaryTextIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "A", extra: ["secondaryText": "x\ty"])])
        #expect(result.info?.hasPrefix("choiceSet[0].secondaryText") == true)
        #expect(result.code == "INVALID_DATA")
    }

    @Test func aBadTertiaryTextIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "A", extra: ["tertiaryText": "  "])])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].tertiaryText") == true)
    }

    @Test func aBadVoiceCommandIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 2, choices: [choice(10, "A", vr: ["ok", #"a\nb"#])])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].vrCommands[1]") == true)
    }

    @Test func aPromptTextOfOnlySpacesIsInvalidData() {
        // Core checks a prompt text that is not empty: spaces alone fail (SDL-RULES §14).
        let hu = EngineHarness.withCities()
        let result = hu.send("PerformInteraction", performParams(sets: [1], extra: ["timeoutPrompt": [["text": "  ", "type": "TEXT"]]]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("timeoutPrompt[0].text") == true)
    }

    @Test func anEmptyPromptTextIsAllowed() {
        let hu = EngineHarness.withCities()
        hu.start("PerformInteraction", performParams(sets: [1], extra: ["helpPrompt": [["text": "", "type": "SILENCE"]]]))
        #expect(hu.interaction != .null)
    }

    @Test func aPromptTextWithATabIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("PerformInteraction", performParams(sets: [1], extra: ["helpPrompt": [["text": "a\tb", "type": "TEXT"]]]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("helpPrompt[0].text") == true)
    }
}
