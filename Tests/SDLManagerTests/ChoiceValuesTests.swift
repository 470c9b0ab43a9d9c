import SDLManager
import SDLModel
import Testing

/// Choice cells and sets as values: SDL's limits checked when built, equality by content,
/// and the `Choice` a cell becomes on the wire.
@Suite struct ChoiceValuesTests {
    // MARK: Equality

    @Test func separatelyBuiltCellsWithTheSameContentAreTheSameCell() throws {
        func build() throws -> ChoiceCell {
            try ChoiceCell(
                text: "Pizza", secondaryText: "Large", tertiaryText: "€12", voiceCommands: ["Pizza", "Large pizza"],
                artwork: SDLArtwork(data: picture(1)), secondaryArtwork: SDLArtwork(staticIcon: "0x11"))
        }
        let first = try build()
        let second = try build()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test func cellsDifferingInAnyFieldAreDifferentCells() throws {
        let base = try ChoiceCell(text: "Pizza")
        let variants = [
            try ChoiceCell(text: "Pasta"),
            try ChoiceCell(text: "Pizza", secondaryText: "Large"),
            try ChoiceCell(text: "Pizza", tertiaryText: "€12"),
            try ChoiceCell(text: "Pizza", voiceCommands: ["Pizza"]),
            try ChoiceCell(text: "Pizza", artwork: SDLArtwork(data: picture(1))),
            try ChoiceCell(text: "Pizza", artwork: SDLArtwork(data: picture(2))),
            try ChoiceCell(text: "Pizza", secondaryArtwork: SDLArtwork(data: picture(1))),
        ]
        #expect(Set(variants + [base]).count == variants.count + 1)
    }

    @Test func separatelyBuiltEqualSetsAreEqual() throws {
        func build() throws -> ChoiceSet {
            try ChoiceSet(
                title: "Food", cells: [try ChoiceCell(text: "Pizza"), try ChoiceCell(text: "Pasta")], layout: .tiles,
                timeout: .seconds(20), initialPrompt: [TTSChunk("Pick one")])
        }
        #expect(try build() == build())
        #expect(try build().hashValue == build().hashValue)
    }

    @Test func changingTheCallersArrayAfterwardsLeavesTheSetAlone() throws {
        var cells = [try ChoiceCell(text: "Pizza"), try ChoiceCell(text: "Pasta")]
        let set = try ChoiceSet(title: "Food", cells: cells)
        cells.append(try ChoiceCell(text: "Salad"))
        cells[0] = try ChoiceCell(text: "Soup")
        #expect(set.cells.map(\.text) == ["Pizza", "Pasta"])
    }

    // MARK: Texts

    @Test(arguments: [ChoiceTextField.text, .secondaryText, .tertiaryText, .title])
    func textsOfOneTo500CharactersAreAccepted(field: ChoiceTextField) throws {
        for length in [1, 500] { try build(field, String(repeating: "a", count: length)) }
    }

    @Test(arguments: [ChoiceTextField.text, .secondaryText, .tertiaryText, .title])
    func emptyTextsAndTextsOver500CharactersAreRefused(field: ChoiceTextField) {
        for length in [0, 501] {
            #expect(throws: ChoiceError.textLength(field, length: length)) {
                try build(field, String(repeating: "a", count: length))
            }
        }
    }

    @Test func lengthIsCountedInUnicodeScalarsAsCoreCountsIt() throws {
        // "é" precomposed is one scalar; "e" + combining acute is one Character but two scalars.
        _ = try ChoiceCell(text: String(repeating: "\u{E9}", count: 500))
        #expect(throws: ChoiceError.textLength(.text, length: 502)) {
            try ChoiceCell(text: String(repeating: "a", count: 500) + "e\u{301}")
        }
    }

    @Test(arguments: ["a\tb", "a\nb", "a\\nb", "a\\tb", " ", "   "])
    func textsCoreRejectsAsBadSyntaxAreRefused(text: String) {
        #expect(throws: ChoiceError.unacceptableText(.text, text)) { try ChoiceCell(text: text) }
        #expect(throws: ChoiceError.unacceptableText(.voiceCommand, text)) {
            try ChoiceCell(text: "Pizza", voiceCommands: [text])
        }
    }

    @Test func textsWithSpacesOrABackslashAreAccepted() throws {
        _ = try ChoiceCell(text: " Pizza ", voiceCommands: ["C:\\pizza"])
    }

    // MARK: Voice commands

    @Test func oneTo100VoiceCommandsAreAccepted() throws {
        for count in [1, 100] { _ = try ChoiceCell(text: "Pizza", voiceCommands: commands(count)) }
    }

    @Test func noneOrOver100VoiceCommandsAreRefused() {
        for count in [0, 101] {
            #expect(throws: ChoiceError.voiceCommandCount(count)) {
                try ChoiceCell(text: "Pizza", voiceCommands: commands(count))
            }
        }
    }

    @Test func voiceCommandsOfOneTo99CharactersAreAccepted() throws {
        _ = try ChoiceCell(text: "Pizza", voiceCommands: ["a", String(repeating: "a", count: 99)])
    }

    @Test func emptyVoiceCommandsAndThoseOver99CharactersAreRefused() {
        for length in [0, 100] {
            #expect(throws: ChoiceError.textLength(.voiceCommand, length: length)) {
                try ChoiceCell(text: "Pizza", voiceCommands: ["ok", String(repeating: "a", count: length)])
            }
        }
    }

    @Test func aVoiceCommandOnTwoCellsIsRefusedWhateverItsCase() throws {
        let pizza = try ChoiceCell(text: "Pizza", voiceCommands: ["Pizza", "Food"])
        let pasta = try ChoiceCell(text: "Pasta", voiceCommands: ["Pasta", "FOOD"])
        #expect(throws: ChoiceError.sharedVoiceCommand("FOOD")) { try ChoiceSet(title: "Food", cells: [pizza, pasta]) }
    }

    @Test func aVoiceCommandRepeatedWithinOneCellIsAccepted() throws {
        let pizza = try ChoiceCell(text: "Pizza", voiceCommands: ["Pizza", "pizza"])
        _ = try ChoiceSet(title: "Food", cells: [pizza, try ChoiceCell(text: "Pasta", voiceCommands: ["Pasta"])])
    }

    @Test func voiceCommandsOnSomeCellsButNotAllAreRefused() throws {
        let cells = [
            try ChoiceCell(text: "Pizza", voiceCommands: ["Pizza"]), try ChoiceCell(text: "Pasta"),
            try ChoiceCell(text: "Salad"),
        ]
        #expect(throws: ChoiceError.voiceCommandsOnSomeCells(with: 1, without: 2)) {
            try ChoiceSet(title: "Food", cells: cells)
        }
    }

    @Test func voiceCommandsOnAllCellsOrNoneAreAccepted() throws {
        _ = try ChoiceSet(title: "Food", cells: [try ChoiceCell(text: "Pizza"), try ChoiceCell(text: "Pasta")])
        _ = try ChoiceSet(
            title: "Food",
            cells: [try ChoiceCell(text: "Pizza", voiceCommands: ["Pizza"]), try ChoiceCell(text: "Pasta", voiceCommands: ["Pasta"])])
    }

    // MARK: Sets

    @Test func setsOfOneTo100CellsAreAccepted() throws {
        for count in [1, 100] { #expect(try ChoiceSet(title: "Menu", cells: cells(count)).cells.count == count) }
    }

    @Test func emptySetsAndSetsOver100CellsAreRefused() throws {
        for count in [0, 101] {
            let cells = try cells(count)
            #expect(throws: ChoiceError.cellCount(count)) { try ChoiceSet(title: "Menu", cells: cells) }
        }
    }

    @Test func theSameCellTwiceInASetIsRefused() throws {
        let pizza = try ChoiceCell(text: "Pizza", artwork: SDLArtwork(data: picture(1)))
        let samePizza = try ChoiceCell(text: "Pizza", artwork: SDLArtwork(data: picture(1)))
        #expect(throws: ChoiceError.duplicateCell(pizza)) {
            try ChoiceSet(title: "Food", cells: [pizza, try ChoiceCell(text: "Pasta"), samePizza])
        }
    }

    @Test func cellsWithTheSameTextButDifferentContentMayShareASet() throws {
        // SDL-0180 allows equal menu names; making them look different is the manager's job.
        _ = try ChoiceSet(
            title: "Food", cells: [try ChoiceCell(text: "Pizza"), try ChoiceCell(text: "Pizza", secondaryText: "Large")])
    }

    @Test func timeoutsOf5To100SecondsAreAccepted() throws {
        for timeout in [Duration.seconds(5), .seconds(100)] {
            #expect(try ChoiceSet(title: "Menu", cells: cells(1), timeout: timeout).timeout == timeout)
        }
    }

    @Test func timeoutsOutside5To100SecondsAreRefused() throws {
        for timeout in [Duration.milliseconds(4999), .milliseconds(100_001), .zero] {
            let cells = try cells(1)
            #expect(throws: ChoiceError.timeout(timeout)) { try ChoiceSet(title: "Menu", cells: cells, timeout: timeout) }
        }
    }

    @Test func aSetWithoutLayoutOrTimeoutLeavesThemToTheManager() throws {
        let set = try ChoiceSet(title: "Menu", cells: cells(1))
        #expect(set.layout == nil && set.timeout == nil)
        #expect(ChoiceSetManager.Configuration().defaultTimeout == .seconds(10))
        #expect(ChoiceSetManager.Configuration(defaultTimeout: .seconds(500)).defaultTimeout == .seconds(100))
    }

    @Test func promptsOfNoneOrOver100ChunksAreRefused() throws {
        let cells = try cells(1)
        for count in [0, 101] {
            let chunks = Array(repeating: TTSChunk("Pick"), count: count)
            #expect(throws: ChoiceError.promptChunkCount(.initial, count)) {
                try ChoiceSet(title: "Menu", cells: cells, initialPrompt: chunks)
            }
            #expect(throws: ChoiceError.promptChunkCount(.help, count)) {
                try ChoiceSet(title: "Menu", cells: cells, helpPrompt: chunks)
            }
            #expect(throws: ChoiceError.promptChunkCount(.timeout, count)) {
                try ChoiceSet(title: "Menu", cells: cells, timeoutPrompt: chunks)
            }
        }
    }

    @Test func promptChunksMayBeEmptyOrBlankButNotOver500Characters() throws {
        let cells = try cells(1)
        let accepted = [TTSChunk(""), TTSChunk("  "), TTSChunk(String(repeating: "a", count: 500))]
        _ = try ChoiceSet(title: "Menu", cells: cells, initialPrompt: accepted)
        #expect(throws: ChoiceError.textLength(.promptText, length: 501)) {
            try ChoiceSet(title: "Menu", cells: cells, helpPrompt: [TTSChunk(String(repeating: "a", count: 501))])
        }
    }

    @Test func voiceHelpItemsAreNumberedInTheirOrder() throws {
        let cells = try cells(2)
        let set = try ChoiceSet(title: "Menu", cells: cells, vrHelp: [VoiceHelpItem("Two"), VoiceHelpItem("One")])
        #expect(set.vrHelp == [VrHelpItem(text: "Two", position: 1), VrHelpItem(text: "One", position: 2)])
        #expect(throws: ChoiceError.vrHelpCount(0)) { try ChoiceSet(title: "Menu", cells: cells, vrHelp: []) }
    }

    @Test func theLayoutIsSentAsListOrIcons() {
        #expect(ChoiceSetLayout.list.layoutMode == .listOnly)
        #expect(ChoiceSetLayout.tiles.layoutMode == .iconOnly)
    }

    @Test func everyErrorSaysWhatIsWrong() throws {
        #expect(ChoiceError.textLength(.title, length: 501).description == "title is 501 characters long; 1–500 are allowed")
        #expect(ChoiceError.cellCount(0).description == "a choice set has 0 cells; 1–100 are allowed")
        #expect(ChoiceError.sharedVoiceCommand("Food").description == "the voice command \"Food\" is on two cells")
        #expect(try ChoiceError.duplicateCell(ChoiceCell(text: "Pizza")).description == "the cell \"Pizza\" is in the set twice")
    }

    // MARK: The wire

    @Test func aCellBecomesAChoiceWithItsIDTextsAndImages() throws {
        let artwork = SDLArtwork(data: picture(3))
        let cell = try ChoiceCell(
            text: "Pizza", secondaryText: "Large", tertiaryText: "€12", voiceCommands: ["Pizza"], artwork: artwork,
            secondaryArtwork: SDLArtwork(staticIcon: "0x11"))
        let choice = cell.choice(id: 7)
        #expect(
            choice
                == Choice(
                    choiceID: 7, menuName: "Pizza", vrCommands: ["Pizza"], image: Image(artwork.name, type: .dynamic),
                    secondaryText: "Large", tertiaryText: "€12", secondaryImage: Image("0x11", type: .staticImage)))
    }

    @Test func aPlainCellBecomesAChoiceWithoutOptionalFields() throws {
        #expect(try ChoiceCell(text: "Pizza").choice(id: 1) == Choice(choiceID: 1, menuName: "Pizza"))
    }

    @Test func aCellLoadsAloneInASetNamedByItsChoiceID() throws {
        let request = try ChoiceCell(text: "Pizza", voiceCommands: ["Pizza"]).createRequest(id: 65535)
        #expect(request.interactionChoiceSetID == 65535)
        #expect(request.choiceSet.map(\.choiceID) == [65535])
        // What is sent passes SDL's schema.
        #expect(try CreateInteractionChoiceSet(parameters: request.parameters) == request)
    }

    // MARK: Helpers

    private func build(_ field: ChoiceTextField, _ text: String) throws {
        switch field {
        case .text: _ = try ChoiceCell(text: text)
        case .secondaryText: _ = try ChoiceCell(text: "Pizza", secondaryText: text)
        case .tertiaryText: _ = try ChoiceCell(text: "Pizza", tertiaryText: text)
        case .title: _ = try ChoiceSet(title: text, cells: [try ChoiceCell(text: "Pizza")])
        default: Issue.record("no builder for \(field)")
        }
    }

    private func commands(_ count: Int) -> [String] { (0..<count).map { "command \($0)" } }

    private func cells(_ count: Int) throws -> [ChoiceCell] { try (0..<count).map { try ChoiceCell(text: "Cell \($0)") } }
}
