import SDLManager
import SDLModel
import Testing

/// A keyboard configuration made fit for a head unit's keyboard capabilities.
@Suite struct KeyboardConfigurationTests {
    private let full = KeyboardCapabilities(
        maskInputCharactersSupported: true,
        supportedKeyboards: [KeyboardLayoutCapability(.qwerty, configurableKeys: 3), KeyboardLayoutCapability(.numeric, configurableKeys: 5)])
    private let plain = KeyboardCapabilities(maskInputCharactersSupported: false, supportedKeyboards: [KeyboardLayoutCapability(.qwerty, configurableKeys: 0)])

    @Test func aSupportedConfigurationIsSentAsIs() {
        let configuration = KeyboardConfiguration(
            layout: .numeric, keypressMode: .singleKeypress, language: .deDE, limitedCharacterList: ["1", "2"],
            maskInputCharacters: .userChoice, customKeys: ["#", "*"])
        let (properties, warnings) = configuration.properties(for: full)
        #expect(
            properties
                == KeyboardProperties(
                    language: .deDE, keyboardLayout: .numeric, keypressMode: .singleKeypress, limitedCharacterList: ["1", "2"],
                    maskInputCharacters: .userChoice, customKeys: ["#", "*"]))
        #expect(warnings.isEmpty)
    }

    @Test func anUnsupportedLayoutFallsBackToTheDefaultsWithAWarning() {
        let (properties, warnings) = KeyboardConfiguration(layout: .azerty).properties(for: full, fallbackLayout: .numeric)
        #expect(properties.keyboardLayout == .numeric)
        #expect(warnings == [.layoutUnsupported(.azerty, using: .numeric)])
    }

    @Test func anUnsupportedFallbackLayoutGivesTheFirstSupportedOne() {
        let (properties, _) = KeyboardConfiguration(layout: .azerty).properties(for: plain, fallbackLayout: .qwertz)
        #expect(properties.keyboardLayout == .qwerty)
    }

    @Test func customKeysAreTrimmedToTheLayoutsConfigurableKeys() {
        let configuration = KeyboardConfiguration(customKeys: ["#", "$", "%", "&", "@"])
        let (properties, warnings) = configuration.properties(for: full)
        #expect(properties.customKeys == ["#", "$", "%"])
        #expect(warnings == [.customKeysTrimmed(sent: ["#", "$", "%"], dropped: ["&", "@"])])
        let (none, _) = configuration.properties(for: plain)
        #expect(none.customKeys == nil)
    }

    @Test func keysOfMoreThanOneCharacterOrRepeatedAreLeftOut() {
        let configuration = KeyboardConfiguration(limitedCharacterList: ["a", "bc", "a", " ", "d"], customKeys: ["##", "#"])
        let (properties, _) = configuration.properties(for: full)
        #expect(properties.limitedCharacterList == ["a", "d"])
        #expect(properties.customKeys == ["#"])
    }

    @Test func theMaskIsDroppedWithoutMaskSupport() {
        let (properties, warnings) = KeyboardConfiguration(maskInputCharacters: .enable).properties(for: plain)
        #expect(properties.maskInputCharacters == nil)
        #expect(warnings == [.maskUnsupported])
    }

    @Test func withoutCapabilitiesNoLayoutCustomKeysOrMaskAreSent() {
        let configuration = KeyboardConfiguration(layout: .numeric, keypressMode: .queueKeypresses, maskInputCharacters: .enable, customKeys: ["#"])
        let (properties, warnings) = configuration.properties(for: nil)
        #expect(properties == KeyboardProperties(keypressMode: .queueKeypresses))
        #expect(warnings == [.noKeyboardCapabilities])
        #expect(KeyboardConfiguration().properties(for: nil).warnings.isEmpty)
    }
}
