import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// RegisterAppInterface, UnregisterAppInterface, GetSystemCapability and the HMI status
/// that follows registration (SDL-RULES §0, §1, §11; PROTOCOL.md §4).
@Suite struct Registering {
    @Test func registeringAnswersSuccessWithTheDisplayAndVoiceCapabilities() {
        let hu = EngineHarness()
        let result = hu.register()
        #expect(result.code == "SUCCESS")
        #expect(result.succeeded == true)
        #expect(result["displayCapabilities"]?["graphicSupported"] == true)
        #expect(result["displayCapabilities"]?["textFields"]?.arrayValue?.isEmpty == false)
        #expect(result["vrCapabilities"] == ["TEXT"])
        #expect(result["language"] == "EN-US")
        #expect(result["hmiDisplayLanguage"] == "EN-US")
    }

    @Test func registeringSendsHMIStatusNoneThenFull() {
        let hu = EngineHarness()
        hu.register()
        let statuses = hu.notifications("OnHMIStatus").compactMap { $0["params"] }
        #expect(statuses.map { $0["hmiLevel"] } == ["NONE", "FULL"])
        #expect(statuses.allSatisfy { $0["systemContext"] == "MAIN" && $0["audioStreamingState"] == "NOT_AUDIBLE" })
    }

    @Test func theReplyComesBeforeTheFirstHMIStatus() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.lastOutput.first?["result"]?.code == "SUCCESS")
        #expect(hu.lastOutput.dropFirst().first?["method"] == "OnHMIStatus")
    }

    @Test func withoutAutoActivateTheAppStaysInNone() {
        let hu = EngineHarness(autoActivate: false)
        hu.register()
        #expect(hu.notifications("OnHMIStatus").compactMap { $0["params"]?["hmiLevel"] } == ["NONE"])
        #expect(hu.state["hmiLevel"] == "NONE")
    }

    @Test func aMediaAppInFullIsAudible() {
        let hu = EngineHarness()
        hu.register(media: true)
        #expect(hu.notifications("OnHMIStatus").last?["params"]?["audioStreamingState"] == "AUDIBLE")
    }

    @Test func registeringSendsTheDisplayCapabilitiesWithTheKeyboard() {
        let hu = EngineHarness()
        hu.register()
        let update = hu.notifications("OnSystemCapabilityUpdated").first?["params"]?["systemCapability"]
        #expect(update?["systemCapabilityType"] == "DISPLAYS")
        let window = update?["displayCapabilities"]?.arrayValue?.first?["windowCapabilities"]?.arrayValue?.first
        #expect(window?["windowID"] == 0)
        #expect(window?["keyboardCapabilities"]?["maskInputCharactersSupported"] == true)
    }

    @Test func registeringTwiceIsApplicationRegisteredAlready() {
        let hu = EngineHarness()
        hu.register()
        let second = hu.register()
        #expect(second.code == "APPLICATION_REGISTERED_ALREADY")
        #expect(second.succeeded == false)
        #expect(hu.notifications.isEmpty)
    }

    @Test func theResponseVersionIsTheLowerOfTheAppsAndTheHeadUnits() {
        let hu = EngineHarness(profile: .legacy)
        let result = hu.register(version: (8, 0))
        #expect(result["syncMsgVersion"]?["majorVersion"] == 4)
        #expect(result["syncMsgVersion"]?["minorVersion"] == 5)
    }

    @Test func aRegistrationMissingAppNameIsInvalidData() {
        let hu = EngineHarness()
        var params = registration().objectValue!
        params["appName"] = nil
        let result = hu.send("RegisterAppInterface", .object(params))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("appName") == true)
        #expect(hu.state["registered"] == false)
    }

    @Test func aMajorVersionOutOfRangeIsInvalidData() {
        let hu = EngineHarness()
        let result = hu.send("RegisterAppInterface", registration(version: (11, 0)))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("syncMsgVersion.majorVersion") == true)
    }

    @Test func getSystemCapabilityDisplaysReportsTheMainWindow() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"])
        #expect(result.code == "SUCCESS")
        let capability = result["systemCapability"]
        #expect(capability?["systemCapabilityType"] == "DISPLAYS")
        let window = capability?["displayCapabilities"]?.arrayValue?.first?["windowCapabilities"]?.arrayValue?.first
        #expect(window?["windowID"] == 0)
        #expect(window?["imageTypeSupported"] == ["STATIC", "DYNAMIC"])
        let layouts = window?["keyboardCapabilities"]?["supportedKeyboards"]?.arrayValue?.compactMap { $0["keyboardLayout"] }
        #expect(layouts == ["QWERTY", "QWERTZ", "AZERTY", "NUMERIC"])
    }

    @Test func getSystemCapabilityMatchesTheNotificationSentOnRegistration() {
        let hu = EngineHarness()
        hu.register()
        let notified = hu.notifications("OnSystemCapabilityUpdated").first?["params"]?["systemCapability"]
        let asked = hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"])["systemCapability"]
        #expect(notified == asked)
    }

    @Test func getSystemCapabilityOfAnotherTypeIsDataNotAvailable() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.send("GetSystemCapability", ["systemCapabilityType": "NAVIGATION"])
        #expect(result.code == "DATA_NOT_AVAILABLE")
        #expect(result.succeeded == false)
    }

    @Test func getSystemCapabilityWorksInNone() {
        let hu = EngineHarness(autoActivate: false)
        hu.register()
        #expect(hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"]).code == "SUCCESS")
    }

    @Test func unregisteringEndsTheRegistration() {
        let hu = EngineHarness.withCities()
        #expect(hu.send("UnregisterAppInterface").code == "SUCCESS")
        #expect(hu.state["registered"] == false)
        #expect(hu.state["choiceSets"] == [])
        #expect(hu.send("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(1, "A")]]).code
            == "APPLICATION_NOT_REGISTERED")
    }

    @Test func theAppCanRegisterAgainAfterUnregistering() {
        let hu = EngineHarness()
        hu.register()
        hu.send("UnregisterAppInterface")
        #expect(hu.register().code == "SUCCESS")
    }

    @Test(arguments: [
        "UnregisterAppInterface", "GetSystemCapability", "CreateInteractionChoiceSet", "DeleteInteractionChoiceSet",
        "PerformInteraction", "CancelInteraction", "SetGlobalProperties", "ResetGlobalProperties",
    ])
    func everyRequestBeforeRegistrationIsApplicationNotRegistered(method: String) {
        let hu = EngineHarness()
        let result = hu.send(method, validParams[method])
        #expect(result.code == "APPLICATION_NOT_REGISTERED")
        #expect(result.succeeded == false)
    }
}

/// Parameters that pass the schema of each method.
let validParams: [String: JSON] = [
    "UnregisterAppInterface": [:],
    "GetSystemCapability": ["systemCapabilityType": "DISPLAYS"],
    "CreateInteractionChoiceSet": ["interactionChoiceSetID": 9, "choiceSet": [choice(90, "Ninety")]],
    "DeleteInteractionChoiceSet": ["interactionChoiceSetID": 1],
    "PerformInteraction": performParams(sets: [1]),
    "CancelInteraction": ["functionID": 10],
    "SetGlobalProperties": ["keyboardProperties": ["keyboardLayout": "QWERTY"]],
    "ResetGlobalProperties": ["properties": ["KEYBOARDPROPERTIES"]],
]
