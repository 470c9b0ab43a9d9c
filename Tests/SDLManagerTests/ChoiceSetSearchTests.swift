import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// Searchable choice sets on `hu-sim`: a tap selects a cell, a submit gives the typed text
/// and never also a selection.
@Suite(.timeLimit(.minutes(1))) struct ChoiceSetSearchTests {
    @Test func aTapAfterSearchingSelectsTheCell() async throws {
        try await withReadyManager { manager, user in
            let cities = try cells("Berlin", "Bern", "Paris")
            let search = await manager.choiceSets.startSearch(try ChoiceSet(title: "Pick a city", cells: cities))
            let screen = try await interactionOnScreen(user)
            #expect(screen.layout == .listWithSearch)
            try await user.type("ber")
            #expect(try await user.state().interaction?.visibleChoices.map(\.menuName) == ["Berlin", "Bern"])
            try await user.tap("Bern")
            let selection = try #require(await search.result.selection)
            #expect(selection.cell == cities[1])
            #expect(selection.row == 1)
        }
    }

    @Test func aSubmitGivesTheTextAndNoSelection() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Bern"), layout: .tiles)
            let search = await manager.choiceSets.startSearch(set)
            let events = Task { await allEvents(search.events) }
            let screen = try await interactionOnScreen(user)
            #expect(screen.layout == .iconWithSearch)
            try await user.type("Ber")
            try await user.submit()
            let result = await search.result
            #expect(result.submittedText == "Ber")
            #expect(result.selection == nil)
            #expect(await events.value.last == OnKeyboardInput(.entrySubmitted, data: "Ber"))
        }
    }

    @Test func anEmptySubmitGivesEmptyTextAndNoSelection() async throws {
        try await withReadyManager { manager, user in
            let search = await manager.choiceSets.startSearch(try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Bern")))
            _ = try await interactionOnScreen(user)
            // The head unit answers triggerSource KEYBOARD without manualTextEntry (SDL-RULES §14).
            try await user.submit()
            let result = await search.result
            #expect(result.submittedText == "")
            #expect(result.selection == nil)
        }
    }

    @Test func theSearchKeyboardsConfigurationIsRestoredAfterwards() async throws {
        try await withReadyManager { manager, user in
            let before = try await user.state().keyboardProperties
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Bern"))
            let search = await manager.choiceSets.startSearch(set, keyboard: KeyboardConfiguration(keypressMode: .singleKeypress))
            let events = Task { await allEvents(search.events) }
            try await interactionOnScreen(user)
            try await user.type("Be")
            try await user.close()
            guard case .cancelled(by: .user) = await search.result else {
                Issue.record("expected a cancel by the user, got \(await search.result)")
                return
            }
            #expect(await events.value.compactMap(\.data) == ["B", "e"])
            #expect(try await user.state().keyboardProperties == before)
        }
    }

    @Test func theAppCancelsASearchOnScreen() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Bern"))
            let waiting = Task { await manager.choiceSets.presentSearchable(set) }
            try await interactionOnScreen(user)
            waiting.cancel()
            guard case .cancelled(by: .app) = await waiting.value else {
                Issue.record("expected a cancel by the app, got \(await waiting.value)")
                return
            }
        }
    }
}
