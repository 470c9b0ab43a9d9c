import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// SetGlobalProperties' keyboard part and ResetGlobalProperties (SDL-RULES §6–7).
@Suite struct SettingKeyboardProperties {
    private func registered(_ profile: Profile = .full) -> EngineHarness {
        let hu = EngineHarness(profile: profile)
        hu.register()
        return hu
    }

    private func stored(_ hu: EngineHarness) -> JSON { hu.state["keyboardProperties"] ?? .null }

    @Test func keyboardPropertiesAreStoredAndReported() {
        let hu = registered()
        let result = hu.setKeyboard(["language": "DE-DE", "keyboardLayout": "QWERTZ", "keypressMode": "SINGLE_KEYPRESS"])
        #expect(result.code == "SUCCESS")
        #expect(result.succeeded == true)
        #expect(stored(hu) == ["language": "DE-DE", "keyboardLayout": "QWERTZ", "keypressMode": "SINGLE_KEYPRESS"])
    }

    @Test func beforeAnySettingTheKeyboardUsesTheHMIDefaults() {
        let hu = registered()
        #expect(stored(hu) == ["language": "EN-US", "keyboardLayout": "QWERTY", "maskInputCharacters": "DISABLE_INPUT_KEY_MASK"])
    }

    @Test func noParametersAtAllIsInvalidData() {
        let hu = registered()
        let result = hu.send("SetGlobalProperties", [:])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info == "There are no parameters present in request.")
    }

    @Test func onlyUnknownParametersIsInvalidData() {
        let hu = registered()
        #expect(hu.send("SetGlobalProperties", ["wallpaper": "blue"]).code == "INVALID_DATA")
    }

    @Test func anEmptyKeyboardPropertiesObjectCountsAsAParameter() {
        let hu = registered()
        #expect(hu.setKeyboard([:]).code == "SUCCESS")
    }

    @Test func otherGlobalPropertiesAloneAreAccepted() {
        let hu = registered()
        #expect(hu.send("SetGlobalProperties", ["menuTitle": "Cities"]).code == "SUCCESS")
    }

    @Test func autoCompleteTextBecomesAOneEntryList() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteText": "Berlin"])
        #expect(stored(hu)["autoCompleteList"] == ["Berlin"])
        #expect(stored(hu)["autoCompleteText"] == nil)
    }

    @Test func autoCompleteTextIsDroppedWhenAListIsGiven() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteText": "Berlin", "autoCompleteList": ["Bern", "Bonn"]])
        #expect(stored(hu)["autoCompleteList"] == ["Bern", "Bonn"])
        #expect(stored(hu)["autoCompleteText"] == nil)
    }

    @Test func aBadAutoCompleteTextIsInvalidData() {
        let hu = registered()
        #expect(hu.setKeyboard(["autoCompleteText": "  "]).code == "INVALID_DATA")
    }

    @Test(arguments: [" ", "\t", "\n"])
    func aBadLimitedCharacterIsInvalidData(character: String) {
        let hu = registered()
        let result = hu.setKeyboard(["limitedCharacterList": ["a", .string(character)]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("keyboardProperties.limitedCharacterList[1]") == true)
    }

    @Test func aLimitedCharacterOfTwoCharactersBreaksTheSchema() {
        let hu = registered()
        let result = hu.setKeyboard(["limitedCharacterList": ["ab"]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("keyboardProperties.limitedCharacterList[0]") == true)
    }

    @Test func aBadCustomKeyIsInvalidData() {
        let hu = registered()
        let result = hu.setKeyboard(["customKeys": [" "]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("keyboardProperties.customKeys[0]") == true)
    }

    @Test func aBadMenuTitleIsInvalidData() {
        let hu = registered()
        let result = hu.send("SetGlobalProperties", ["menuTitle": "Ci\tties"])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("menuTitle") == true)
    }

    @Test func asManyCustomKeysAsTheLayoutOffersAreAccepted() {
        let hu = registered()
        #expect(hu.setKeyboard(["keyboardLayout": "QWERTY", "customKeys": ["#", "$", "%"]]).code == "SUCCESS")
        #expect(stored(hu)["customKeys"] == ["#", "$", "%"])
    }

    @Test func moreCustomKeysThanTheLayoutOffersAreInvalidData() {
        let hu = registered()
        let result = hu.setKeyboard(["keyboardLayout": "QWERTY", "customKeys": ["#", "$", "%", "&"]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info == "keyboardProperties.customKeys: customKeys exceeds the number of customizable keys in this Layout")
    }

    @Test func theNumericLayoutOffersFiveCustomKeys() {
        let hu = registered()
        #expect(hu.setKeyboard(["keyboardLayout": "NUMERIC", "customKeys": ["1", "2", "3", "4", "5"]]).code == "SUCCESS")
    }

    @Test func customKeysWithoutALayoutCountAgainstTheCachedLayout() {
        let hu = registered()
        hu.setKeyboard(["keyboardLayout": "NUMERIC"])
        #expect(hu.setKeyboard(["customKeys": ["1", "2", "3", "4", "5"]]).code == "SUCCESS")
    }

    @Test func customKeysWithoutAnyLayoutCountAgainstQwerty() {
        let hu = registered()
        #expect(hu.setKeyboard(["customKeys": ["1", "2", "3", "4"]]).code == "INVALID_DATA")
    }

    @Test func theRequestsLayoutWinsOverTheCachedOne() {
        let hu = registered()
        hu.setKeyboard(["keyboardLayout": "NUMERIC"])
        #expect(hu.setKeyboard(["keyboardLayout": "AZERTY", "customKeys": ["1", "2", "3", "4"]]).code == "INVALID_DATA")
    }

    @Test func aHeadUnitWithoutConfigurableKeysRefusesAnyCustomKey() {
        let hu = registered(.textOnly)
        #expect(hu.setKeyboard(["customKeys": ["#"]]).code == "INVALID_DATA")
    }

    @Test func vrHelpTitleWithoutVrHelpIsRejected() {
        let hu = registered()
        let result = hu.send("SetGlobalProperties", ["vrHelpTitle": "Say a city"])
        #expect(result.code == "REJECTED")
        #expect(result.succeeded == false)
    }

    @Test func vrHelpWithoutVrHelpTitleIsRejected() {
        let hu = registered()
        #expect(hu.send("SetGlobalProperties", ["vrHelp": [["text": "Berlin", "position": 1]]]).code == "REJECTED")
    }

    @Test func nonSequentialVrHelpIsRejected() {
        let hu = registered()
        let result = hu.send("SetGlobalProperties", [
            "vrHelpTitle": "Say a city", "vrHelp": [["text": "Berlin", "position": 2]],
        ])
        #expect(result.code == "REJECTED")
        #expect(result.info == "Non-sequential vrHelp item position")
    }

    @Test func vrHelpWithItsTitleIsAccepted() {
        let hu = registered()
        #expect(hu.send("SetGlobalProperties", ["vrHelpTitle": "Say a city", "vrHelp": [["text": "Berlin", "position": 1]]]).code == "SUCCESS")
    }

    @Test func aSchemaViolationComesBeforeTheMissingVrHelp() {
        let hu = registered()
        #expect(hu.send("SetGlobalProperties", ["vrHelpTitle": "Say\ta city"]).code == "INVALID_DATA")
    }

    @Test func anUnsupportedLayoutIsUnsupportedResourceAndNotStored() {
        let hu = registered(.textOnly)
        let result = hu.setKeyboard(["keyboardLayout": "AZERTY"])
        #expect(result.code == "UNSUPPORTED_RESOURCE")
        #expect(result.succeeded == false)
        #expect(stored(hu)["keyboardLayout"] == "QWERTY")
    }

    @Test func anUnsupportedMaskIsWarningsAndIgnored() {
        let hu = registered(.textOnly)
        let result = hu.setKeyboard(["maskInputCharacters": "ENABLE_INPUT_KEY_MASK", "keypressMode": "SINGLE_KEYPRESS"])
        #expect(result.code == "WARNINGS")
        #expect(result.succeeded == true)
        #expect(stored(hu)["keypressMode"] == "SINGLE_KEYPRESS")
        #expect(stored(hu)["maskInputCharacters"] == nil)
    }

    @Test func aMenuIconNeverUploadedIsWarnings() {
        let hu = registered()
        let result = hu.send("SetGlobalProperties", ["menuIcon": ["value": "menu.png", "imageType": "DYNAMIC"]])
        #expect(result.code == "WARNINGS")
        #expect(result.info == "Requested image(s) not found.")
    }

    @Test func theLegacyHeadUnitDropsAutoCompleteList() {
        let hu = registered(.legacy)
        #expect(hu.setKeyboard(["autoCompleteList": ["Berlin"]]).code == "SUCCESS")
        #expect(stored(hu)["autoCompleteList"] == nil)
    }

    // Caching (SDL-RULES §6).

    @Test func languageLayoutListAndMaskCarryOverWhenAbsent() {
        let hu = registered()
        hu.setKeyboard([
            "language": "FR-FR", "keyboardLayout": "AZERTY", "autoCompleteList": ["Paris"], "maskInputCharacters": "ENABLE_INPUT_KEY_MASK",
        ])
        hu.setKeyboard(["keypressMode": "QUEUE_KEYPRESSES"])
        #expect(stored(hu) == [
            "language": "FR-FR", "keyboardLayout": "AZERTY", "keypressMode": "QUEUE_KEYPRESSES", "autoCompleteList": ["Paris"],
            "maskInputCharacters": "ENABLE_INPUT_KEY_MASK",
        ])
    }

    @Test func keypressModeLimitedCharactersAndCustomKeysDoNotCarryOver() {
        let hu = registered()
        hu.setKeyboard(["keypressMode": "SINGLE_KEYPRESS", "limitedCharacterList": ["a"], "customKeys": ["#"]])
        hu.setKeyboard(["language": "EN-GB"])
        #expect(stored(hu) == ["language": "EN-GB"])
    }

    @Test func anExplicitEmptyListDropsTheCachedList() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteList": ["Paris"]])
        #expect(hu.setKeyboard(["autoCompleteList": []]).code == "SUCCESS")
        #expect(stored(hu)["autoCompleteList"] == nil)
    }

    @Test func aFirstEmptyListIsNotStored() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteList": [], "language": "EN-GB"])
        #expect(stored(hu) == ["language": "EN-GB"])
    }

    @Test func aNewListReplacesTheCachedOne() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteList": ["Paris"]])
        hu.setKeyboard(["autoCompleteList": ["Rome", "Riga"]])
        #expect(stored(hu)["autoCompleteList"] == ["Rome", "Riga"])
    }

    @Test func aRefusedRequestLeavesTheCacheAlone() {
        let hu = registered()
        hu.setKeyboard(["keyboardLayout": "NUMERIC"])
        hu.setKeyboard(["keyboardLayout": "QWERTY", "customKeys": ["1", "2", "3", "4"]])
        #expect(stored(hu)["keyboardLayout"] == "NUMERIC")
    }

    // During an interaction.

    @Test func propertiesSetDuringAnInteractionApplyAtOnce() {
        let hu = registered()
        hu.perform(sets: [], layout: "KEYBOARD")
        hu.type("a")
        #expect(hu.keyboardInputs == [["event": "KEYPRESS", "data": "a"]])
        hu.setKeyboard(["keypressMode": "QUEUE_KEYPRESSES", "autoCompleteList": ["alpha", "apex"]])
        #expect(hu.interaction["keyboardProperties"]?["keypressMode"] == "QUEUE_KEYPRESSES")
        #expect(hu.interaction["autoCompleteList"] == ["alpha", "apex"])
        hu.type("b")
        #expect(hu.keyboardInputs.isEmpty)
        #expect(hu.interaction["keyboardText"] == "ab")
    }

    @Test func anAutocompleteEntryCanBeTappedByIndexOrText() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteList": ["Berlin", "Bern"]])
        let entry = hu.perform(sets: [], layout: "KEYBOARD")
        hu.type("Be")
        #expect(hu.send("User.SelectAutocomplete", ["index": 1]).code == "SUCCESS")
        #expect(hu.keyboardInputs == [["event": "KEYPRESS", "data": "Bern"]])
        #expect(hu.send("User.SelectAutocomplete", ["text": "Berlin"]).code == "SUCCESS")
        hu.keyboardEvent("ENTRY_SUBMITTED")
        #expect(hu.result(of: entry)?["manualTextEntry"] == "Berlin")
    }

    @Test func anAutocompleteEntryThatIsNotShownIsIgnored() {
        let hu = registered()
        hu.setKeyboard(["autoCompleteList": ["Berlin"]])
        hu.perform(sets: [], layout: "KEYBOARD")
        #expect(hu.send("User.SelectAutocomplete", ["index": 1]).code == "IGNORED")
        #expect(hu.send("User.SelectAutocomplete", ["text": "Bern"]).code == "IGNORED")
    }
}

/// ResetGlobalProperties (SDL-RULES §7).
@Suite struct ResettingGlobalProperties {
    @Test func resettingKeyboardPropertiesRestoresTheDefaults() {
        let hu = EngineHarness()
        hu.register()
        hu.setKeyboard(["keyboardLayout": "AZERTY", "keypressMode": "SINGLE_KEYPRESS", "autoCompleteList": ["Paris"]])
        let result = hu.send("ResetGlobalProperties", ["properties": ["KEYBOARDPROPERTIES"]])
        #expect(result.code == "SUCCESS")
        #expect(hu.state["keyboardProperties"] == ["language": "EN-US", "keyboardLayout": "QWERTY", "maskInputCharacters": "DISABLE_INPUT_KEY_MASK"])
    }

    @Test func afterAResetKeypressesAreResentAgain() {
        let hu = EngineHarness()
        hu.register()
        hu.setKeyboard(["keypressMode": "QUEUE_KEYPRESSES"])
        hu.send("ResetGlobalProperties", ["properties": ["KEYBOARDPROPERTIES"]])
        hu.perform(sets: [], layout: "KEYBOARD")
        hu.type("x")
        #expect(hu.keyboardInputs == [["event": "KEYPRESS", "data": "x"]])
    }

    @Test func resettingOtherPropertiesKeepsTheKeyboard() {
        let hu = EngineHarness()
        hu.register()
        hu.setKeyboard(["keyboardLayout": "AZERTY"])
        #expect(hu.send("ResetGlobalProperties", ["properties": ["MENUNAME", "VRHELPTITLE"]]).code == "SUCCESS")
        #expect(hu.state["keyboardProperties"]?["keyboardLayout"] == "AZERTY")
    }

    @Test func anEmptyListOfPropertiesIsInvalidData() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.send("ResetGlobalProperties", ["properties": []]).code == "INVALID_DATA")
    }

    @Test func anUnknownPropertyIsInvalidData() {
        let hu = EngineHarness()
        hu.register()
        let result = hu.send("ResetGlobalProperties", ["properties": ["WALLPAPER"]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("properties[0]") == true)
    }
}
