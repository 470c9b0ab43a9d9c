import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// What the built-in profiles report and enforce (PROTOCOL.md §6).
@Suite struct Profiles {
    @Test func theTextOnlyHeadUnitReportsNoGraphicsAndNoVoice() {
        let hu = EngineHarness(profile: .textOnly)
        let result = hu.register()
        #expect(result["displayCapabilities"]?["graphicSupported"] == false)
        #expect(result["displayCapabilities"]?["imageFields"] == nil)
        #expect(result["vrCapabilities"] == nil)
        let widths = result["displayCapabilities"]?["textFields"]?.arrayValue?.compactMap { $0["width"] }
        #expect(widths?.allSatisfy { $0 == 40 } == true)
    }

    @Test func theTextOnlyKeyboardIsQwertyWithoutCustomKeysOrMask() {
        let hu = EngineHarness(profile: .textOnly)
        hu.register()
        let window = hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"])["systemCapability"]?["displayCapabilities"]?
            .arrayValue?.first?["windowCapabilities"]?.arrayValue?.first
        #expect(window?["keyboardCapabilities"] == [
            "maskInputCharactersSupported": false, "supportedKeyboards": [["keyboardLayout": "QWERTY", "numConfigurableKeys": 0]],
        ])
    }

    @Test func theLegacyHeadUnitReportsNoKeyboardCapabilities() {
        let hu = EngineHarness(profile: .legacy)
        hu.register()
        let window = hu.send("GetSystemCapability", ["systemCapabilityType": "DISPLAYS"])["systemCapability"]?["displayCapabilities"]?
            .arrayValue?.first?["windowCapabilities"]?.arrayValue?.first
        #expect(window != nil)
        #expect(window?["keyboardCapabilities"] == nil)
    }

    @Test func theLegacyHeadUnitKeepsAutoCompleteTextAndOffersItOnTheKeyboard() {
        let hu = EngineHarness(profile: .legacy)
        hu.register()
        hu.setKeyboard(["autoCompleteText": "Oslo"])
        #expect(hu.state["keyboardProperties"]?["autoCompleteText"] == "Oslo")
        hu.createSet(id: 1, choices: cities)
        hu.perform(sets: [1], layout: "KEYBOARD")
        #expect(hu.interaction["autoCompleteList"] == ["Oslo"])
    }

    @Test func theProfileNameIsInTheState() {
        #expect(EngineHarness(profile: .legacy).state["profile"] == "legacy")
        #expect(EngineHarness().state["profile"] == "full")
    }

    @Test func theTextOnlyHeadUnitRunsBothAsAMenuWithoutVoice() {
        let hu = EngineHarness(profile: .textOnly)
        hu.register()
        hu.createSet(id: 1, choices: cities)
        let pick = hu.perform(sets: [1], mode: "BOTH")
        #expect(hu.systemContexts == ["HMI_OBSCURED"])
        #expect(hu.send("User.Speak", ["utterance": "Paris"]).code == "IGNORED")
        hu.send("User.SelectChoice", ["choiceID": 3])
        #expect(hu.result(of: pick)?["triggerSource"] == "MENU")
    }
}
