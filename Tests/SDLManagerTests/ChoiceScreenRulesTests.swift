import SDLManager
import SDLModel
import Testing

/// What a head unit shows of a cell: fields it has no room for are left out, and cells
/// that would look alike are told apart by " (2)", " (3)", … on the text sent.
@Suite struct ChoiceScreenRulesTests {
    let fullWindow = WindowCapability(
        textFields: [TextField(.menuName), TextField(.secondaryText), TextField(.tertiaryText)],
        imageFields: [ImageField(.choiceImage), ImageField(.choiceSecondaryImage)],
        imageTypeSupported: [.dynamic, .staticImage], keyboardCapabilities: nil)
    /// The text-only profile's window: menu names and secondary text, no images.
    let textOnlyWindow = WindowCapability(
        textFields: [TextField(.menuName), TextField(.secondaryText)], imageFields: nil, imageTypeSupported: [],
        keyboardCapabilities: nil)

    func cell(_ text: String, _ secondary: String? = nil, tertiary: String? = nil, art: Int? = nil) throws -> ChoiceCell {
        try ChoiceCell(text: text, secondaryText: secondary, tertiaryText: tertiary, artwork: art.map { SDLArtwork(data: picture($0)) })
    }

    // MARK: Field stripping

    @Test func fieldsTheWindowCannotShowAreLeftOut() throws {
        let rules = ChoiceScreenRules(window: textOnlyWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let pizza = try ChoiceCell(
            text: "Pizza", secondaryText: "Large", tertiaryText: "€12", artwork: SDLArtwork(data: picture(1)),
            secondaryArtwork: SDLArtwork(staticIcon: "0x11"))
        let choice = rules.choice(for: pizza, id: 7, text: "Pizza")
        #expect(choice == Choice(choiceID: 7, menuName: "Pizza", secondaryText: "Large"))
    }

    @Test func everyFieldIsSentWhenTheWindowShowsThemAll() throws {
        let rules = ChoiceScreenRules(window: fullWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let art = SDLArtwork(data: picture(1))
        let pizza = try ChoiceCell(
            text: "Pizza", secondaryText: "Large", tertiaryText: "€12", voiceCommands: ["Pizza"], artwork: art,
            secondaryArtwork: SDLArtwork(staticIcon: "0x11"))
        #expect(rules.choice(for: pizza, id: 3, text: "Pizza") == pizza.choice(id: 3))
    }

    @Test func unknownCapabilitiesSendEveryField() throws {
        let rules = ChoiceScreenRules(window: nil, headUnitVersion: nil)
        let pizza = try cell("Pizza", "Large", tertiary: "€12", art: 1)
        #expect(rules.choice(for: pizza, id: 1, text: "Pizza") == pizza.choice(id: 1))
    }

    // MARK: Voice commands

    @Test func cellsWithoutVoiceCommandsGetTheirIDWhereVoiceIsRequired() throws {
        let rules = ChoiceScreenRules(window: nil, headUnitVersion: SdlMsgVersion(4, 5), voiceCommandsRequired: true)
        #expect(rules.choice(for: try cell("Pizza"), id: 42, text: "Pizza").vrCommands == ["42"])
        let spoken = try ChoiceCell(text: "Pasta", voiceCommands: ["Noodles"])
        #expect(rules.choice(for: spoken, id: 43, text: "Pasta").vrCommands == ["Noodles"])
    }

    @Test func voiceCommandsStayAbsentWhereVoiceIsOptional() throws {
        let rules = ChoiceScreenRules(window: nil, headUnitVersion: SdlMsgVersion(8, 0))
        #expect(rules.choice(for: try cell("Pizza"), id: 42, text: "Pizza").vrCommands == nil)
    }

    // MARK: Unique text, SDL 7.1 and later: judged on what the screen shows

    @Test func cellsDifferingInAShownFieldKeepTheirText() throws {
        let rules = ChoiceScreenRules(window: fullWindow, headUnitVersion: SdlMsgVersion(7, 1))
        let texts = rules.uniqueTexts(for: [try cell("Pizza", "Large"), try cell("Pizza", "Small")], besides: [])
        #expect(texts == ["Pizza", "Pizza"])
    }

    @Test func cellsDifferingOnlyInAHiddenFieldAreNumbered() throws {
        let rules = ChoiceScreenRules(window: textOnlyWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let cells = [try cell("Pizza", "Large", tertiary: "€12"), try cell("Pizza", "Large", tertiary: "€9"), try cell("Pizza", "Large", art: 3)]
        #expect(rules.uniqueTexts(for: cells, besides: []) == ["Pizza", "Pizza (2)", "Pizza (3)"])
    }

    @Test func cellsDifferingOnlyInVoiceCommandsAreNumbered() throws {
        let rules = ChoiceScreenRules(window: fullWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let cells = [try ChoiceCell(text: "Pizza", voiceCommands: ["One"]), try ChoiceCell(text: "Pizza", voiceCommands: ["Two"])]
        #expect(rules.uniqueTexts(for: cells, besides: []) == ["Pizza", "Pizza (2)"])
    }

    @Test func loadedCellsKeepTheirTextAndNewCellsAvoidIt() throws {
        let rules = ChoiceScreenRules(window: textOnlyWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let loaded = [(cell: try cell("Pizza", tertiary: "a"), text: "Pizza"), (cell: try cell("Pizza", tertiary: "b"), text: "Pizza (2)")]
        let texts = rules.uniqueTexts(for: [try cell("Pizza", tertiary: "c"), try cell("Pasta")], besides: loaded)
        #expect(texts == ["Pizza (3)", "Pasta"])
    }

    @Test func aNumberFreedByADeletedCellIsUsedAgain() throws {
        let rules = ChoiceScreenRules(window: textOnlyWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let loaded = [(cell: try cell("Pizza", tertiary: "b"), text: "Pizza (2)")]
        #expect(rules.uniqueTexts(for: [try cell("Pizza", tertiary: "c")], besides: loaded) == ["Pizza"])
    }

    @Test func aCellWhoseOwnTextLooksNumberedIsNotConfusedWithACopy() throws {
        let rules = ChoiceScreenRules(window: fullWindow, headUnitVersion: SdlMsgVersion(8, 0))
        let cells = [try cell("Pizza (2)"), try cell("Pizza", tertiary: "x"), try cell("Pizza")]
        #expect(rules.uniqueTexts(for: cells, besides: []) == ["Pizza (2)", "Pizza", "Pizza"])
        let lookalikes = [try cell("Pizza (2)"), try ChoiceCell(text: "Pizza", voiceCommands: ["a"]), try ChoiceCell(text: "Pizza", voiceCommands: ["b"])]
        #expect(rules.uniqueTexts(for: lookalikes, besides: []) == ["Pizza (2)", "Pizza", "Pizza (3)"])
    }

    // MARK: Unique text before SDL 7.1: judged on the text alone

    @Test func olderHeadUnitsNumberCellsWithTheSameTextWhateverElseDiffers() throws {
        let rules = ChoiceScreenRules(window: fullWindow, headUnitVersion: SdlMsgVersion(6, 0))
        let cells = [try cell("Pizza", "Large"), try cell("Pizza", "Small"), try cell("Pasta"), try cell("Pizza", art: 1)]
        #expect(rules.uniqueTexts(for: cells, besides: []) == ["Pizza", "Pizza (2)", "Pasta", "Pizza (3)"])
    }

    @Test func theNumberKeepsTheTextWithinFiveHundredCharacters() throws {
        let rules = ChoiceScreenRules(window: nil, headUnitVersion: SdlMsgVersion(5, 0))
        let long = String(repeating: "é", count: 500)
        let texts = rules.uniqueTexts(for: [try cell(long, "a"), try cell(long, "b")], besides: [])
        #expect(texts[0] == long)
        #expect(texts[1] == String(repeating: "é", count: 496) + " (2)")
        #expect(texts[1].unicodeScalars.count == 500)
    }
}
