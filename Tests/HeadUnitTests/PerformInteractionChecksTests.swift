import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// PerformInteraction: Core's checks 1–8 in SDL-RULES §4 order. A refused interaction
/// is answered at once and shows nothing.
@Suite struct PerformInteractionChecks {
    private func refused(_ hu: EngineHarness, _ params: JSON, sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
        let result = hu.send("PerformInteraction", params, sourceLocation: sourceLocation)
        #expect(result.succeeded == false, sourceLocation: sourceLocation)
        #expect(hu.interaction == .null, "nothing is shown", sourceLocation: sourceLocation)
        return result
    }

    // 1. Mode and layout.

    @Test func voiceOnlyWithAKeyboardLayoutIsInvalidData() {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [1], mode: "VR_ONLY", layout: "KEYBOARD")).code == "INVALID_DATA")
    }

    @Test func voiceOnlyWithAKeyboardIsRefusedBeforeTheEmptyListRule() {
        let hu = EngineHarness.withCities()
        let result = refused(hu, performParams(sets: [], mode: "VR_ONLY", layout: "KEYBOARD"))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.contains("VR_ONLY") == true)
    }

    // 2. An empty list of sets.

    @Test func anEmptyListWithKeyboardAndManualOnlyShowsTheKeyboard() {
        let hu = EngineHarness.withCities()
        let entry = hu.perform(sets: [], layout: "KEYBOARD")
        #expect(hu.result(of: entry) == nil)
        #expect(hu.interaction["layout"] == "KEYBOARD")
        #expect(hu.interaction["keyboardText"] == "")
    }

    @Test func anEmptyListWithKeyboardAndBothIsInvalidData() {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [], mode: "BOTH", layout: "KEYBOARD")).code == "INVALID_DATA")
    }

    @Test(arguments: ["ICON_ONLY", "ICON_WITH_SEARCH", "LIST_ONLY", "LIST_WITH_SEARCH", nil] as [String?])
    func anEmptyListWithoutTheKeyboardLayoutIsInvalidData(layout: String?) {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [], layout: layout)).code == "INVALID_DATA")
    }

    // 3. The sets exist and their choice IDs are unique.

    @Test func anUnknownSetIsInvalidID() {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [1, 8])).code == "INVALID_ID")
    }

    @Test func listingTheSameSetTwiceIsInvalidID() {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [1, 1])).code == "INVALID_ID")
    }

    @Test func aChoiceIDInTwoListedSetsIsInvalidID() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(3, "Rome", vr: ["Rome"])])
        #expect(refused(hu, performParams(sets: [1, 2])).code == "INVALID_ID")
    }

    @Test func setsWithDistinctChoiceIDsCanBeListedTogether() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Rome", vr: ["Rome"])])
        hu.perform(sets: [1, 2])
        #expect(hu.interaction["visibleChoices"]?.arrayValue?.count == 4)
    }

    // 4. The sets are usable.

    @Test func aSetStillBeingCreatedIsRejected() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 500])
        hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(4, "Rome", vr: ["Rome"])]])
        let result = refused(hu, performParams(sets: [1, 2]))
        #expect(result.code == "REJECTED")
        #expect(result.info == "One of choice sets is not available yet")
    }

    @Test func anUnknownSetIsFoundBeforeASetNotYetAvailable() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 500])
        hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(4, "Rome", vr: ["Rome"])]])
        #expect(refused(hu, performParams(sets: [2, 9])).code == "INVALID_ID")
    }

    @Test func aSetBeingDeletedIsRejected() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "DeleteInteractionChoiceSet", "delayMs": 500])
        hu.start("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        let result = refused(hu, performParams(sets: [1]))
        #expect(result.code == "REJECTED")
        #expect(result.info == "One of choice sets is not available yet")
    }

    @Test func aSetNotYetAvailableIsFoundBeforeBadTexts() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 500])
        hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(4, "Rome", vr: ["Rome"])]])
        #expect(refused(hu, performParams(sets: [2], initialText: "bad\ttext")).code == "REJECTED")
    }

    // 5–6. vrHelp images and Core's string checks.

    private func vrHelp(_ items: [(String, Int64)], image: JSON? = nil) -> JSON {
        .array(items.map { text, position in
            var item: JSONObject = ["text": .string(text), "position": .integer(position)]
            if let image { item["image"] = image }
            return .object(item)
        })
    }

    @Test func aVrHelpImageFailingTheStringCheckIsInvalidData() {
        let hu = EngineHarness.withCities()
        let help = vrHelp([("Berlin", 1)], image: ["value": " ", "imageType": "STATIC"])
        let result = refused(hu, performParams(sets: [1], extra: ["vrHelp": help]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.contains("vrHelp[0].image") == true)
    }

    @Test func theVrHelpImageIsCheckedBeforeTheInitialText() {
        let hu = EngineHarness.withCities()
        let help = vrHelp([("Berlin", 1)], image: ["value": "a\tb", "imageType": "STATIC"])
        let result = refused(hu, performParams(sets: [1], initialText: "bad\ttext", extra: ["vrHelp": help]))
        #expect(result.info?.contains("vrHelp[0].image") == true)
    }

    @Test func aBadVrHelpTextIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = refused(hu, performParams(sets: [1], extra: ["vrHelp": vrHelp([(#"Ber\nlin"#, 1)])]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("vrHelp[0].text") == true)
    }

    @Test func aBadInitialPromptIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = refused(hu, performParams(sets: [1], extra: ["initialPrompt": [["text": "Say\na city", "type": "TEXT"]]]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("initialPrompt[0].text") == true)
    }

    @Test func stringChecksComeAfterTheSetChecks() {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [7], initialText: "bad\ttext")).code == "INVALID_ID")
    }

    // 7. Voice commands.

    @Test func aVoiceCommandSharedByTwoListedSetsIsDuplicateName() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Berlin Mitte", vr: ["Mitte"]), choice(5, "Berlin again", vr: ["berlin"])])
        let result = refused(hu, performParams(sets: [1, 2]))
        #expect(result.code == "DUPLICATE_NAME")
        #expect(result.info?.hasPrefix("Choice set has duplicated VR synonym") == true)
    }

    @Test func badTextsAreFoundBeforeADuplicateName() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Paris, Texas", vr: ["Paris"])])
        #expect(refused(hu, performParams(sets: [1, 2], initialText: #"Pick\none"#)).code == "INVALID_DATA")
    }

    @Test func aSharedVoiceCommandIsDuplicateNameInManualOnlyToo() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Paris, Texas", vr: ["PARIS"])])
        #expect(refused(hu, performParams(sets: [1, 2], mode: "MANUAL_ONLY")).code == "DUPLICATE_NAME")
    }

    @Test func setsWithoutVoiceCommandsNeverClash() {
        let hu = EngineHarness()
        hu.register()
        hu.createSet(id: 1, choices: [choice(1, "Tea")])
        hu.createSet(id: 2, choices: [choice(2, "Tea")])
        hu.perform(sets: [1, 2])
        #expect(hu.interaction != .null)
    }

    @Test func nonSequentialVrHelpPositionsAreRejected() {
        let hu = EngineHarness.withCities()
        let result = refused(hu, performParams(sets: [1], mode: "BOTH", extra: ["vrHelp": vrHelp([("Berlin", 1), ("Paris", 3)])]))
        #expect(result.code == "REJECTED")
        #expect(result.info == "Non-sequential vrHelp item position")
    }

    @Test func vrHelpPositionsOutOfOrderAreRejected() {
        let hu = EngineHarness.withCities()
        #expect(refused(hu, performParams(sets: [1], extra: ["vrHelp": vrHelp([("Paris", 2), ("Berlin", 1)])])).code == "REJECTED")
    }

    @Test func sequentialVrHelpIsAccepted() {
        let hu = EngineHarness.withCities()
        hu.start("PerformInteraction", performParams(sets: [1], mode: "BOTH", extra: ["vrHelp": vrHelp([("Berlin", 1), ("Paris", 2)])]))
        #expect(hu.interaction != .null)
    }

    @Test func aDuplicateNameIsFoundBeforeNonSequentialVrHelp() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Paris, Texas", vr: ["Paris"])])
        let params = performParams(sets: [1, 2], extra: ["vrHelp": vrHelp([("Berlin", 2)])])
        #expect(refused(hu, params).code == "DUPLICATE_NAME")
    }

    @Test(arguments: ["BOTH", "VR_ONLY"])
    func voiceModesNeedVoiceCommandsOnEveryChoice(mode: String) {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Tea")])
        let result = refused(hu, performParams(sets: [1, 2], mode: mode))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info == "interactionChoiceSetIDList: Some choices don't contain VR commands.")
    }

    @Test func manualOnlyNeedsNoVoiceCommands() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Tea")])
        hu.perform(sets: [1, 2], mode: "MANUAL_ONLY")
        #expect(hu.interaction["interactionMode"] == "MANUAL_ONLY")
    }

    @Test func nonSequentialVrHelpIsFoundBeforeMissingVoiceCommands() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(4, "Tea")])
        let params = performParams(sets: [1, 2], mode: "BOTH", extra: ["vrHelp": vrHelp([("Berlin", 2)])])
        #expect(refused(hu, params).code == "REJECTED")
    }

    // 8. Shown.

    @Test func anAcceptedInteractionIsShownAndNotYetAnswered() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "BOTH", cancelID: 7, initialText: "Pick a city")
        #expect(hu.result(of: pick) == nil)
        let shown = hu.interaction
        #expect(shown["functionID"] == 10)
        #expect(shown["cancelID"] == 7)
        #expect(shown["interactionMode"] == "BOTH")
        #expect(shown["initialText"] == "Pick a city")
        #expect(shown["choiceSetIDs"] == [1])
        #expect(shown["visibleChoices"]?.arrayValue?.compactMap { $0["menuName"] } == ["Berlin", "Bern", "Paris"])
    }

    @Test func voiceOnlyOnAHeadUnitWithoutVoiceIsUnsupportedResource() {
        let hu = EngineHarness(profile: .textOnly)
        hu.register()
        hu.createSet(id: 1, choices: cities)
        let result = refused(hu, performParams(sets: [1], mode: "VR_ONLY"))
        #expect(result.code == "UNSUPPORTED_RESOURCE")
    }
}
