import Clocks
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// Keyboards with autocomplete on `hu-sim`: what the driver types brings the provider's
/// suggestions onto the head unit's screen, never those of an earlier input or keyboard.
@Suite(.timeLimit(.minutes(1))) struct KeyboardAutocompleteTests {
    private let clock = TestClock()

    private static func places() -> ClosureProvider {
        ClosureProvider { text in
            ["Berlin", "Bern", "Bergen", "Paris"].filter { $0.lowercased().hasPrefix(text.lowercased()) }.map { Suggestion(text: $0) }
        }
    }

    /// Waits until the head unit shows `expected` as the keyboard's autocomplete list.
    private func expectShown(_ expected: [String], on user: SimulatorDriver, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await eventually { try await user.state().interaction?.autoCompleteList == expected }
        let actual = try await user.state().interaction?.autoCompleteList
        #expect(shown, "the head unit shows \(String(describing: actual))", sourceLocation: sourceLocation)
    }

    @Test func typingShowsTheProvidersSuggestionsAfterTheDebounce() async throws {
        try await withReadyManager(clock: clock) { manager, user in
            let provider = Self.places()
            let keyboard = await manager.keyboards.start(
                initialText: "Where to?", autocomplete: KeyboardAutocomplete(provider: provider))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            for key in ["b", "e", "r", "l"] { try await user.type(key) }
            // Once the loop follows the last key, the debounce runs from it.
            while let state = await states.next(), state != .loading(query: "berl") {}
            await clock.advance(by: .milliseconds(200))
            try await expectShown(["Berlin"], on: user)
            #expect(provider.calls == ["berl"])
            try await user.type("BS")
            while let state = await states.next(), state != .loading(query: "ber") {}
            await clock.advance(by: .milliseconds(200))
            try await expectShown(["Berlin", "Bern", "Bergen"], on: user)
            try await user.submit()
            #expect(await keyboard.result.submittedText == "ber")
            #expect(try await user.state().keyboardProperties == hmiDefaultKeyboard)
        }
    }

    @Test func aLateAnswerForAnEndedKeyboardNeverReachesTheNextOne() async throws {
        let latch = Latch()
        let answered = Mutex(0)
        let slow = ClosureProvider { text in
            await latch.wait()
            answered.withLock { $0 += 1 }
            return [Suggestion(text: "for \(text)")]
        }
        try await withReadyManager(clock: clock) { manager, user in
            let first = await manager.keyboards.start(
                initialText: "First", autocomplete: KeyboardAutocomplete(provider: slow, debounce: .zero))
            try await interactionOnScreen(user)
            try await user.type("ber")
            #expect(try await eventually { await latch.waiters > 0 })
            try await user.submit()
            #expect(await first.result.submittedText == "ber")
            let second = await manager.keyboards.start(
                initialText: "Second", autocomplete: KeyboardAutocomplete(provider: Self.places(), debounce: .zero))
            try await interactionOnScreen(user)
            await latch.open()
            #expect(try await eventually { answered.withLock { $0 } == slow.calls.count })
            // Had the first keyboard's loop gone on, its answer would now be sent to this keyboard.
            await afterTheWorkItWokeRuns()
            #expect(try await user.state().interaction?.autoCompleteList == [])
            try await user.type("pa")
            try await expectShown(["Paris"], on: user)
            try await second.cancel()
            _ = await second.result
            #expect(try await user.state().keyboardProperties == hmiDefaultKeyboard)
        }
    }

    @Test func theManagersAutocompleteServesKeyboardsWithoutTheirOwn() async throws {
        try await withReadyManager(clock: clock) { manager, user in
            await manager.keyboards.setAutocomplete(KeyboardAutocomplete(provider: Self.places(), debounce: .zero))
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            let states = Task {
                var all: [AutocompleteLoop.State] = []
                for await state in keyboard.autocompleteStates { all.append(state) }
                return all
            }
            try await interactionOnScreen(user)
            try await user.type("par")
            try await expectShown(["Paris"], on: user)
            try await user.close()
            _ = await keyboard.result
            #expect(await states.value.contains(.showing([Suggestion(text: "Paris")])))
        }
    }

    @Test func aSearchKeyboardShowsSuggestionsToo() async throws {
        try await withReadyManager(clock: clock) { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Bern", "Paris"))
            let search = await manager.choiceSets.startSearch(
                set, autocomplete: KeyboardAutocomplete(provider: Self.places(), debounce: .zero))
            try await interactionOnScreen(user)
            try await user.type("bern")
            try await expectShown(["Bern"], on: user)
            #expect(try await user.state().interaction?.visibleChoices.map(\.menuName) == ["Bern"])
            try await user.tap("Bern")
            #expect(await search.result.selection?.row == 1)
        }
    }

    @Test func anSDL45HeadUnitGetsTheFirstSuggestionAsAutoCompleteTextAndLosesItAfterwards() async throws {
        try await withReadyManager(.legacy, clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(
                initialText: "Where to?", autocomplete: KeyboardAutocomplete(provider: Self.places(), debounce: .zero))
            try await interactionOnScreen(user)
            try await user.type("ber")
            try await expectShown(["Berlin"], on: user)
            #expect(try await user.state().keyboardProperties.autoCompleteText == "Berlin")
            try await user.submit()
            _ = await keyboard.result
            #expect(try await user.state().keyboardProperties == hmiDefaultKeyboard)
        }
    }
}
