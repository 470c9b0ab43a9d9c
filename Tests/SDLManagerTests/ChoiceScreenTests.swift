import JSONCodec
import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// What reaches `hu-sim`'s screen of the cells the app describes: only the fields the
/// profile's screen has, and texts that tell apart cells that would look the same.
@Suite struct ChoiceScreenTests {
    /// Presents `cells`, reads what the screen shows of each, and lets the user close it.
    func shown(_ cells: [ChoiceCell], on manager: SDLManager, _ user: SimulatorDriver) async throws -> [JSONObject] {
        let presentation = await manager.choiceSets.start(try ChoiceSet(title: "Pick", cells: cells))
        try await interactionOnScreen(user)
        let visible = try await user.state().interaction?.visibleChoices ?? []
        try await user.close()
        #expect(await presentation.result.cancelSource == .user)
        return visible.map(\.parameters)
    }

    @Test func aTextOnlyHeadUnitGetsNoFieldItCannotShowAndNoArtworkUpload() async throws {
        try await withReadyManager(.textOnly) { manager, user in
            let pizza = try ChoiceCell(
                text: "Pizza", secondaryText: "Large", tertiaryText: "€12", artwork: SDLArtwork(data: picture(1)),
                secondaryArtwork: SDLArtwork(data: picture(2)))
            let screen = try await shown([pizza], on: manager, user)
            #expect(screen.map { $0.keys.sorted() } == [["choiceID", "menuName", "secondaryText"]])
            #expect(screen.first?["secondaryText"] == "Large")
            #expect(await manager.connection.requestsSent(PutFile.self) == 0)
        }
    }

    @Test func cellsDifferingOnlyInAFieldTheScreenLacksAreNumbered() async throws {
        try await withReadyManager(.textOnly) { manager, user in
            let cells = [try ChoiceCell(text: "Pizza", tertiaryText: "€12"), try ChoiceCell(text: "Pizza", tertiaryText: "€9")]
            #expect(try await shown(cells, on: manager, user).map(\.["menuName"]) == ["Pizza", "Pizza (2)"])
        }
    }

    @Test func cellsDifferingInAFieldTheScreenShowsKeepTheirText() async throws {
        try await withReadyManager { manager, user in
            let cells = [try ChoiceCell(text: "Pizza", tertiaryText: "€12"), try ChoiceCell(text: "Pizza", tertiaryText: "€9")]
            #expect(try await shown(cells, on: manager, user).map(\.["menuName"]) == ["Pizza", "Pizza"])
        }
    }

    @Test func anOlderHeadUnitNumbersCellsWithTheSameTextWhateverElseDiffers() async throws {
        try await withReadyManager(.legacy) { manager, user in
            let cells = [try ChoiceCell(text: "Pizza", secondaryText: "Large"), try ChoiceCell(text: "Pizza", secondaryText: "Small")]
            let screen = try await shown(cells, on: manager, user)
            #expect(screen.map(\.["menuName"]) == ["Pizza", "Pizza (2)"])
            #expect(screen.map(\.["secondaryText"]) == ["Large", "Small"])
        }
    }

    @Test func aCellLoadedLaterAvoidsTheTextsOfLoadedCells() async throws {
        try await withReadyManager(.legacy) { manager, user in
            let large = try ChoiceCell(text: "Pizza", secondaryText: "Large")
            let small = try ChoiceCell(text: "Pizza", secondaryText: "Small")
            try await manager.choiceSets.preload([large])
            try await manager.choiceSets.preload([small])
            #expect(try await shown([small, large], on: manager, user).map(\.["menuName"]) == ["Pizza (2)", "Pizza"])
        }
    }

    @Test func theTextOfADeletedCellIsFreeForTheNextLookalike() async throws {
        try await withReadyManager(.legacy) { manager, user in
            let large = try ChoiceCell(text: "Pizza", secondaryText: "Large")
            let small = try ChoiceCell(text: "Pizza", secondaryText: "Small")
            let medium = try ChoiceCell(text: "Pizza", secondaryText: "Medium")
            try await manager.choiceSets.preload([large, small])
            try await manager.choiceSets.delete([large])
            try await manager.choiceSets.preload([medium])
            #expect(try await shown([medium, small], on: manager, user).map(\.["menuName"]) == ["Pizza", "Pizza (2)"])
        }
    }
}
