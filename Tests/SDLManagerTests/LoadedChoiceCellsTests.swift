import SDLModel
import Testing

@testable import SDLManager

/// The choice set manager's bookkeeping of the cells on the head unit: IDs, the texts cells
/// were sent with, and the looks those texts take, reserved by a preload and settled by its answers.
@Suite struct LoadedChoiceCellsTests {
    /// A screen that shows menu names only: cells differing in secondary text look alike there.
    let rules = ChoiceScreenRules(
        window: WindowCapability(textFields: [TextField(.menuName)], imageFields: nil, imageTypeSupported: [], keyboardCapabilities: nil),
        headUnitVersion: SdlMsgVersion(8, 0))

    /// Reserves, takes an ID and records the cell as loaded: a preload of one cell that succeeded.
    func load(_ cell: ChoiceCell, into loaded: inout LoadedChoiceCells) throws -> (id: Int, text: String) {
        let text = loaded.reserveTexts(for: [cell], rules: rules)[cell]!
        let id = try loaded.takeID()
        loaded.loaded(cell, id: id, text: text)
        return (id, text)
    }

    @Test func aLoadedCellHasItsIDAndTheTextItWasSentWith() throws {
        var loaded = LoadedChoiceCells()
        let pizza = try ChoiceCell(text: "Pizza")
        let (id, text) = try load(pizza, into: &loaded)
        #expect(id == 1 && text == "Pizza")
        #expect(loaded.id(of: pizza) == 1)
        #expect(loaded.sentText(of: pizza) == "Pizza")
        #expect(loaded.cells == [pizza])
    }

    @Test func aCellThatWouldLookLikeALoadedOneIsNumbered() throws {
        var loaded = LoadedChoiceCells()
        _ = try load(try ChoiceCell(text: "Pizza", secondaryText: "Large"), into: &loaded)
        let small = try ChoiceCell(text: "Pizza", secondaryText: "Small")
        let (_, text) = try load(small, into: &loaded)
        #expect(text == "Pizza (2)")
    }

    @Test func cellsReservedTogetherAreToldApartFromEachOther() throws {
        var loaded = LoadedChoiceCells()
        let cells = try ["Large", "Small", "Medium"].map { try ChoiceCell(text: "Pizza", secondaryText: $0) }
        let texts = loaded.reserveTexts(for: cells, rules: rules)
        #expect(cells.map { texts[$0]! } == ["Pizza", "Pizza (2)", "Pizza (3)"])
    }

    @Test func aDeletedCellFreesItsIDAndItsLook() throws {
        var loaded = LoadedChoiceCells()
        let large = try ChoiceCell(text: "Pizza", secondaryText: "Large")
        _ = try load(large, into: &loaded)
        let removed = loaded.remove(large)
        let removedAgain = loaded.remove(large)
        #expect(removed && !removedAgain)
        #expect(loaded.id(of: large) == nil && loaded.sentText(of: large) == nil)
        let small = try ChoiceCell(text: "Pizza", secondaryText: "Small")
        let (id, text) = try load(small, into: &loaded)
        #expect(id == 1 && text == "Pizza")
    }

    @Test func looksReservedForCellsThatDidNotLoadAreFreeAgain() throws {
        var loaded = LoadedChoiceCells()
        let large = try ChoiceCell(text: "Pizza", secondaryText: "Large")
        let reserved = loaded.reserveTexts(for: [large], rules: rules)
        // Its CreateInteractionChoiceSet failed: nothing is recorded as loaded.
        loaded.releaseTexts(of: [large], texts: reserved, rules: rules)
        let small = try ChoiceCell(text: "Pizza", secondaryText: "Small")
        let texts = loaded.reserveTexts(for: [small], rules: rules)
        #expect(texts[small] == "Pizza")
    }

    @Test func aRefusedIDIsHandedOutAgainButOneWithoutAnAnswerIsNot() throws {
        var loaded = LoadedChoiceCells()
        let refused = try loaded.takeID()
        let unanswered = try loaded.takeID()
        loaded.refused(id: refused)
        let reused = try loaded.takeID()
        let next = try loaded.takeID()
        #expect(reused == refused && next == unanswered + 1)
    }

    @Test func newRulesCountTheLooksOfTheLoadedCellsUnderThem() throws {
        var loaded = LoadedChoiceCells()
        _ = try load(try ChoiceCell(text: "Pizza", secondaryText: "Large"), into: &loaded)
        // A screen that shows secondary text too: the two cells no longer look alike.
        let wider = ChoiceScreenRules(
            window: WindowCapability(
                textFields: [TextField(.menuName), TextField(.secondaryText)], imageFields: nil, imageTypeSupported: [],
                keyboardCapabilities: nil),
            headUnitVersion: SdlMsgVersion(8, 0))
        let small = try ChoiceCell(text: "Pizza", secondaryText: "Small")
        let texts = loaded.reserveTexts(for: [small], rules: wider)
        #expect(texts[small] == "Pizza")
    }

    @Test func resetForgetsEveryCellAndID() throws {
        var loaded = LoadedChoiceCells()
        _ = try load(try ChoiceCell(text: "Pizza"), into: &loaded)
        loaded.reset()
        let id = try loaded.takeID()
        #expect(loaded.isEmpty && id == 1)
    }
}
