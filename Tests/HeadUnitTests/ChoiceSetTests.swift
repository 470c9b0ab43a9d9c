import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// CreateInteractionChoiceSet: Core's checks in SDL-RULES §2 order, then the set is stored.
@Suite struct CreatingChoiceSets {
    private func storedSets(_ hu: EngineHarness) -> [JSON] { hu.state["choiceSets"]?.arrayValue ?? [] }

    @Test func aSetWithVoiceCommandsIsStoredWithAGrammar() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: cities)
        #expect(result.code == "SUCCESS")
        #expect(result.succeeded == true)
        #expect(storedSets(hu) == [["interactionChoiceSetID": 1, "choiceIDs": [1, 2, 3], "hasVrCommands": true, "available": true]])
    }

    @Test func aSetWithoutVoiceCommandsIsStoredAtOnce() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.createSet(id: 7, choices: [choice(1, "Tea"), choice(2, "Coffee")]).code == "SUCCESS")
        #expect(storedSets(hu).first?["hasVrCommands"] == false)
        #expect(storedSets(hu).first?["available"] == true)
    }

    @Test func theMisspelledMethodNameIsAcceptedToo() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.send("CreateChoiceInteractionSet", ["interactionChoiceSetID": 1, "choiceSet": .array(cities)])
        #expect(result.code == "SUCCESS")
        #expect(storedSets(hu).count == 1)
    }

    @Test func creatingSendsNoNotification() {
        let hu = EngineHarness()
        hu.register()
        hu.createSet(id: 1, choices: cities)
        #expect(hu.notifications.isEmpty)
    }

    // Step 1: images.

    @Test func anImageValueFailingTheStringCheckIsInvalidData() {
        let hu = EngineHarness()
        hu.register()
        let bad = choice(2, "B", extra: ["image": ["value": "a\tb", "imageType": "STATIC"]])
        let result = hu.createSet(id: 1, choices: [choice(1, "A"), bad])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.contains("choiceSet[1].image") == true)
        #expect(storedSets(hu).isEmpty)
    }

    @Test func aSpacesOnlySecondaryImageIsInvalidData() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A", extra: ["secondaryImage": ["value": "  ", "imageType": "DYNAMIC"]])])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.contains("choiceSet[0].secondaryImage") == true)
    }

    @Test func aStaticImageIsNotLookedUp() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A", extra: ["image": ["value": "0x11", "imageType": "STATIC"]])])
        #expect(result.code == "SUCCESS")
    }

    @Test func aDynamicImageNeverUploadedGivesWarningsAndKeepsTheSet() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A", vr: ["A"], extra: ["image": ["value": "missing.png", "imageType": "DYNAMIC"]])])
        #expect(result.code == "WARNINGS")
        #expect(result.succeeded == true)
        #expect(result.info == "Requested image(s) not found.")
        #expect(storedSets(hu).count == 1)
    }

    @Test func aDynamicImageNeverUploadedGivesWarningsWithoutVoiceCommandsToo() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A", extra: ["secondaryImage": ["value": "missing.png", "imageType": "DYNAMIC"]])])
        #expect(result.code == "WARNINGS")
        #expect(result.succeeded == true)
        #expect(result.info == "Requested image(s) not found.")
        #expect(storedSets(hu).count == 1)
    }

    @Test func anInvalidImageIsFoundBeforeAReusedSetID() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 1, choices: [choice(9, "A", extra: ["image": ["value": " ", "imageType": "STATIC"]])])
        #expect(result.code == "INVALID_DATA")
    }

    @Test func theImageScanStopsAtTheFirstMissingFile() {
        // Choice 1's bad image is past the first missing file: step 2 refuses the reused ID first.
        let hu = EngineHarness.withCities()
        let missing = choice(8, "A", extra: ["image": ["value": "missing.png", "imageType": "DYNAMIC"]])
        let bad = choice(9, "B", extra: ["image": ["value": " ", "imageType": "STATIC"]])
        #expect(hu.createSet(id: 1, choices: [missing, bad]).code == "INVALID_ID")
        let result = hu.createSet(id: 2, choices: [missing, bad])
        #expect(result.code == "INVALID_DATA", "step 3's string check still finds it")
        #expect(result.info?.hasPrefix("choiceSet[1].image.value") == true)
    }

    // Step 2: the set's ID.

    @Test func aReusedSetIDIsInvalidID() {
        let hu = EngineHarness.withCities()
        let result = hu.createSet(id: 1, choices: [choice(9, "Rome")])
        #expect(result.code == "INVALID_ID")
        #expect(result.succeeded == false)
        #expect(storedSets(hu).first?["choiceIDs"] == [1, 2, 3], "the first set is unchanged")
    }

    @Test func aReusedSetIDIsFoundBeforeTheChoicesAreChecked() {
        let hu = EngineHarness.withCities()
        #expect(hu.createSet(id: 1, choices: [choice(9, "Ro\tme"), choice(9, "Rome")]).code == "INVALID_ID")
    }

    @Test func aDeletedSetsIDCanBeUsedAgain() {
        let hu = EngineHarness.withCities()
        hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1])
        #expect(hu.createSet(id: 1, choices: [choice(9, "Rome")]).code == "SUCCESS")
    }

    // Step 3: each choice in turn.

    @Test func aChoiceIDRepeatedInTheSetIsInvalidID() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A"), choice(2, "B"), choice(1, "C")])
        #expect(result.code == "INVALID_ID")
        #expect(result.info?.contains("choiceSet[2].choiceID") == true)
        #expect(storedSets(hu).isEmpty)
    }

    @Test func aRepeatedChoiceIDIsFoundBeforeThatChoicesTextIsChecked() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.createSet(id: 1, choices: [choice(1, "A"), choice(1, "B\tC")]).code == "INVALID_ID")
    }

    @Test func anEarlierChoicesBadTextIsFoundBeforeALaterRepeatedID() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.createSet(id: 1, choices: [choice(1, "A\tB"), choice(1, "C")]).code == "INVALID_DATA")
    }

    @Test func aVoiceCommandOfALaterChoiceIsDuplicateNameIgnoringCase() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "Berlin", vr: ["Berlin"]), choice(2, "Berlin Mitte", vr: ["BERLIN"])])
        #expect(result.code == "DUPLICATE_NAME")
        #expect(result.succeeded == false)
        #expect(storedSets(hu).isEmpty)
    }

    @Test func theSameVoiceCommandTwiceInsideOneChoiceIsAllowed() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.createSet(id: 1, choices: [choice(1, "Berlin", vr: ["Berlin", "berlin"])]).code == "SUCCESS")
    }

    @Test func aDuplicateVoiceCommandIsFoundWhenTheEarlierChoiceIsChecked() {
        // Choice 0 clashes with choice 2; choice 1's bad text would only be found after.
        let hu = EngineHarness()
        hu.register()
        let choices = [choice(1, "A", vr: ["x"]), choice(2, "B\tB", vr: ["y"]), choice(3, "C", vr: ["X"])]
        #expect(hu.createSet(id: 1, choices: choices).code == "DUPLICATE_NAME")
    }

    @Test func aDuplicateVoiceCommandBetweenLaterChoicesComesAfterAnEarlierBadText() {
        let hu = EngineHarness()
        hu.register()
        let choices = [choice(1, "A", vr: ["w"]), choice(2, "B\tB", vr: ["y"]), choice(3, "C", vr: ["Y"])]
        #expect(hu.createSet(id: 1, choices: choices).code == "INVALID_DATA")
    }

    @Test func duplicateMenuNamesAreAllowed() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.createSet(id: 1, choices: [choice(1, "Same"), choice(2, "Same")]).code == "SUCCESS")
    }

    @Test func choiceIDsAndVoiceCommandsMayRepeatAcrossSets() {
        let hu = EngineHarness.withCities()
        #expect(hu.createSet(id: 2, choices: [choice(1, "Berlin again", vr: ["Berlin"])]).code == "SUCCESS")
    }

    // Step 4: voice commands on all choices or none.

    @Test func voiceCommandsOnSomeChoicesOnlyAreInvalidData() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A", vr: ["A"]), choice(2, "B")])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info == "choiceSet: Some choices don't contain VR commands. Either all or none must have voice commands.")
        #expect(storedSets(hu).isEmpty)
    }

    @Test func aDuplicateNameIsFoundBeforeMissingVoiceCommands() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.createSet(id: 1, choices: [choice(1, "A", vr: ["A"]), choice(2, "B", vr: ["a"]), choice(3, "C")])
        #expect(result.code == "DUPLICATE_NAME")
    }

    // Version rules.

    @Test func anAppBelowFiveMustGiveVoiceCommands() {
        let hu = EngineHarness()
        hu.register(version: (4, 5))
        let result = hu.createSet(id: 1, choices: [choice(1, "Tea")])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].vrCommands") == true)
    }

    @Test func anAppBelowFiveWithVoiceCommandsCreatesTheSet() {
        let hu = EngineHarness()
        hu.register(version: (4, 5))
        #expect(hu.createSet(id: 1, choices: cities).code == "SUCCESS")
    }

    @Test func anAppOfFiveMayLeaveVoiceCommandsOut() {
        let hu = EngineHarness()
        hu.register(version: (5, 0))
        #expect(hu.createSet(id: 1, choices: [choice(1, "Tea")]).code == "SUCCESS")
    }

    @Test func theLegacyHeadUnitNeedsVoiceCommandsFromEveryApp() {
        let hu = EngineHarness(profile: .legacy)
        hu.register()
        #expect(hu.createSet(id: 1, choices: [choice(1, "Tea")]).code == "INVALID_DATA")
        #expect(hu.createSet(id: 1, choices: cities).code == "SUCCESS")
    }

    @Test func aHeadUnitWithoutVoiceKeepsASetWithVoiceCommandsAsUnsupportedResource() {
        let hu = EngineHarness(profile: .textOnly)
        hu.register()
        let result = hu.createSet(id: 1, choices: cities)
        #expect(result.code == "UNSUPPORTED_RESOURCE")
        #expect(result.succeeded == true)
        #expect(storedSets(hu).count == 1)
    }
}

/// DeleteInteractionChoiceSet (SDL-RULES §3, §14).
@Suite struct DeletingChoiceSets {
    private func delete(_ hu: EngineHarness, _ id: Int64) -> JSON {
        hu.send("DeleteInteractionChoiceSet", ["interactionChoiceSetID": .integer(id)])
    }

    @Test func deletingASetRemovesIt() {
        let hu = EngineHarness.withCities()
        let result = delete(hu, 1)
        #expect(result.code == "SUCCESS")
        #expect(result.succeeded == true)
        #expect(hu.state["choiceSets"] == [])
    }

    @Test func deletingASetWithoutVoiceCommandsRemovesIt() {
        let hu = EngineHarness()
        hu.register()
        hu.createSet(id: 4, choices: [choice(1, "Tea")])
        #expect(delete(hu, 4).code == "SUCCESS")
        #expect(hu.state["choiceSets"] == [])
    }

    @Test func deletingAnUnknownSetIsInvalidID() {
        let hu = EngineHarness.withCities()
        let result = delete(hu, 2)
        #expect(result.code == "INVALID_ID")
        #expect(result.succeeded == false)
    }

    @Test func deletingTwiceIsInvalidIDTheSecondTime() {
        let hu = EngineHarness.withCities()
        _ = delete(hu, 1)
        #expect(delete(hu, 1).code == "INVALID_ID")
    }

    @Test func aSetListedInTheInteractionOnScreenIsInUse() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        let result = delete(hu, 1)
        #expect(result.code == "IN_USE")
        #expect(result.succeeded == false)
        #expect(hu.state["choiceSets"]?.arrayValue?.count == 1)
        #expect(hu.interaction != .null, "the interaction goes on")
    }

    @Test func aSetNotListedInTheInteractionOnScreenIsDeletedNormally() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: [choice(10, "Tea")])
        hu.perform(sets: [1])
        #expect(delete(hu, 2).code == "SUCCESS")
        #expect(hu.interaction["choiceSetIDs"] == [1])
    }

    @Test func aSetCanBeDeletedOnceItsInteractionHasEnded() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        hu.send("User.SelectChoice", ["choiceID": 2])
        #expect(delete(hu, 1).code == "SUCCESS")
    }

    @Test func aSetStillBeingCreatedCannotBeDeletedYet() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 1000])
        let create = hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(9, "Rome", vr: ["Rome"])]])
        #expect(delete(hu, 2).code == "REJECTED")
        hu.advance(ms: 1000)
        #expect(hu.result(of: create)?.code == "SUCCESS")
        #expect(delete(hu, 2).code == "SUCCESS")
    }

    @Test func anUnknownSetIsInvalidIDEvenDuringAnInteraction() {
        let hu = EngineHarness.withCities()
        hu.perform(sets: [1])
        #expect(delete(hu, 5).code == "INVALID_ID")
    }
}
