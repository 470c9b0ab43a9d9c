import Clocks
import Foundation
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// What sdl_ios and sdl_java_suite developers reach for on keyboards and searches, and the
/// seeds' autocomplete asks, against hu-sim's engine.
@Suite(.timeLimit(.minutes(1))) struct KeyboardParityTests {
    private let clock = TestClock()

    private func cities() throws -> ChoiceSet {
        try ChoiceSet(title: "Pick a city", cells: ["Berlin", "Bern", "Paris"].map { try ChoiceCell(text: $0) })
    }

    /// Waits until the head unit shows `expected` as the keyboard's autocomplete list.
    private func expectShown(_ expected: [String], on user: SimulatorDriver, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await eventually { try await user.state().interaction?.autoCompleteList == expected }
        let actual = try await user.state().interaction?.autoCompleteList
        #expect(shown, "the head unit shows \(String(describing: actual))", sourceLocation: sourceLocation)
    }

    /// Types `keys`, then lets the debounce pass once the loop is looking `query` up.
    private func type(
        _ keys: String, lookingUp query: String, on user: SimulatorDriver,
        _ states: inout AsyncStream<AutocompleteLoop.State>.Iterator
    ) async throws {
        try await user.type(keys)
        while let state = await states.next(), state != .loading(query: query) {}
        await clock.advance(by: .milliseconds(200))
    }

    // MARK: Delegates, sdl_ios's way

    @Test func aSearchWithDelegatesLimitsTheKeysAsTypedAndEndsWithTheChoiceDelegate() async throws {
        try await withReadyManager(clock: clock) { manager, user in
            let choices = RecordingDelegate()
            let keyboard = LimitingKeyboardDelegate()
            let search = await manager.choiceSets.presentSearchableChoiceSet(try cities(), delegate: choices, keyboardDelegate: keyboard)
            try await interactionOnScreen(user)
            try await user.type("Be")
            // The delegate's keys for "Be", answered asynchronously, reach the head unit.
            let limited = try await eventually { try await user.state().keyboardProperties.limitedCharacterList == ["r", "l"] }
            #expect(limited)
            #expect(keyboard.asked.contains("Be"))
            try await user.tap("Berlin")
            _ = await search.result
            #expect(try await eventually { choices.events == ["selected Berlin at 0 by MENU"] })
            #expect(keyboard.log.contains("event KEYPRESS Be"))
            #expect(!keyboard.log.contains { $0.hasPrefix("submitted") })
        }
    }

    @Test func aSearchWithDelegatesHandsSubmittedTextToTheKeyboardDelegate() async throws {
        try await withReadyManager(clock: clock) { manager, user in
            let choices = RecordingDelegate()
            let keyboard = LimitingKeyboardDelegate()
            let search = await manager.choiceSets.presentSearchableChoiceSet(try cities(), delegate: choices, keyboardDelegate: keyboard)
            try await interactionOnScreen(user)
            try await user.type("Rome")
            try await user.submit()
            _ = await search.result
            #expect(try await eventually { keyboard.log.last == "submitted Rome (ENTRY_SUBMITTED)" })
            #expect(choices.events.isEmpty)
        }
    }

    @Test func aKeyboardIsDismissedByItsCancelID() async throws {
        try await withReadyManager { manager, user in
            let delegate = RecordingKeyboardDelegate()
            let keyboard = await manager.keyboards.presentKeyboard(initialText: "Where to?", delegate: delegate)
            try await interactionOnScreen(user)
            let dismissed = try await manager.keyboards.dismissKeyboard(cancelID: keyboard.cancelID)
            #expect(dismissed)
            guard case .cancelled(by: .app) = await keyboard.result else {
                Issue.record("ended \(await keyboard.result)")
                return
            }
            #expect(try await eventually { delegate.log.last == "aborted ENTRY_CANCELLED" })
            #expect(try await user.state().interaction == nil)
            // It has ended: nothing carries that ID any more.
            #expect(try await manager.keyboards.dismissKeyboard(cancelID: keyboard.cancelID) == false)
        }
    }

    // MARK: The seeds' autocomplete

    @Test func aSuggestionPickedFromTheListReachesTheAppAsThatSuggestion() async throws {
        let berlin = Suggestion(text: "Berlin", title: "Berlin, Germany", id: "city-1")
        let provider = ClosureProvider { text in [berlin, Suggestion(text: "Bern", id: "city-2")].filter { $0.text.lowercased().hasPrefix(text.lowercased()) } }
        try await withReadyManager(clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?", autocomplete: KeyboardAutocomplete(provider: provider))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            try await type("ber", lookingUp: "ber", on: user, &states)
            try await expectShown(["Berlin", "Bern"], on: user)
            _ = try await user.send(UserSelectAutocomplete(index: 0))
            try await user.submit()
            guard case .suggestionPicked(let picked) = await keyboard.result else {
                Issue.record("ended \(await keyboard.result)")
                return
            }
            #expect(picked == berlin)
            #expect(picked.title == "Berlin, Germany" && picked.id == "city-1")
        }
    }

    @Test func theLastWordIsLookedUpAndEachEntryKeepsTheWordsBeforeIt() async throws {
        let words = try LocalPrefixIndex(words: ["street", "station", "square"])
        try await withReadyManager(clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(
                initialText: "Address", autocomplete: KeyboardAutocomplete(provider: words, lookup: .lastWord))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            try await type("Main st", lookingUp: "st", on: user, &states)
            try await expectShown(["Main street", "Main station"], on: user)
            try await user.submit()
            _ = await keyboard.result
        }
    }

    @Test func suggestionsCanBeSwitchedOffAndOnAndResetWhileTheKeyboardIsOnScreen() async throws {
        let provider = ClosureProvider { text in [Suggestion(text: text + "ville")] }
        try await withReadyManager(clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Town", autocomplete: KeyboardAutocomplete(provider: provider))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            try await type("a", lookingUp: "a", on: user, &states)
            try await expectShown(["aville"], on: user)
            await keyboard.setAutocompleteEnabled(false)
            try await expectShown([], on: user)
            try await user.type("b")
            #expect(try await eventually { try await user.state().interaction?.keyboardText == "ab" })
            try await expectShown([], on: user)
            #expect(!provider.calls.contains("ab"))
            // Back on: what is typed now is looked up at once.
            await keyboard.setAutocompleteEnabled(true)
            while let state = await states.next(), state != .loading(query: "ab") {}
            await clock.advance(by: .milliseconds(200))
            try await expectShown(["abville"], on: user)
            await keyboard.resetAutocomplete()
            try await expectShown([], on: user)
            try await user.submit()
            #expect(await keyboard.result.submittedText == "ab")
        }
    }

    @Test func aWordLearnedThroughTheProtocolSurvivesARestart() async throws {
        try await withTemporaryFile(named: "placeholder", bytes: [0]) { placeholder in
            let store = URL(fileURLWithPath: placeholder).deletingLastPathComponent().appendingPathComponent("learned.json").path
            let list = ["zebra", "zero", "zone"]
            // First run: the driver submits a word the list lacks; the app teaches it to its provider.
            try await withReadyManager(clock: clock) { manager, user in
                let provider: any AutocompleteProvider = try LocalPrefixIndex(words: list, storePath: store)
                #expect(provider.canLearnWords && !provider.hasLearnedWord("zanzibar"))
                let keyboard = await manager.keyboards.start(initialText: "Where to?", autocomplete: KeyboardAutocomplete(provider: provider))
                try await interactionOnScreen(user)
                try await user.type("zanzibar")
                try await user.submit()
                let submitted = try #require(await keyboard.result.submittedText)
                try provider.learn(submitted)
                try provider.ignore("zone")
            }
            // After a restart: a new index on the same store suggests it, and not the ignored word.
            try await withReadyManager(clock: clock) { manager, user in
                let provider: any AutocompleteProvider = try LocalPrefixIndex(words: list, storePath: store)
                #expect(provider.learnedWords == ["zanzibar"] && provider.ignoredWords == ["zone"])
                let keyboard = await manager.keyboards.start(initialText: "Where to?", autocomplete: KeyboardAutocomplete(provider: provider))
                var states = keyboard.autocompleteStates.makeAsyncIterator()
                try await interactionOnScreen(user)
                try await type("z", lookingUp: "z", on: user, &states)
                // As often used as the list's words: ranked after the shorter ones.
                try await expectShown(["zero", "zebra", "zanzibar"], on: user)
                try provider.unlearn("zanzibar")
                try provider.removeIgnoredWord("zone")
                #expect(provider.learnedWords.isEmpty && provider.ignoredWords.isEmpty)
                let after = try await provider.suggestions(for: "z").map(\.text)
                #expect(after == ["zero", "zone", "zebra"], "\(after)")
                try await user.submit()
                _ = await keyboard.result
            }
        }
    }

    @Test func cachedThenFreshAnswersAreTaggedAndBothReachTheHeadUnit() async throws {
        let latch = Latch()
        let remote = ClosureProvider { text in
            if text.count > 3 { await latch.wait() }
            return ["Berlin", "Bern", "Berlingen"].filter { $0.lowercased().hasPrefix(text.lowercased()) }.map { Suggestion(text: $0) }
        }
        let caching = CachingAutocompleteProvider(remote)
        try await withReadyManager(clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?", autocomplete: KeyboardAutocomplete(provider: caching))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            try await type("ber", lookingUp: "ber", on: user, &states)
            while let state = await states.next(), state != .showing(["Berlin", "Bern", "Berlingen"].map { Suggestion(text: $0) }, from: .fresh) {}
            try await type("l", lookingUp: "berl", on: user, &states)
            // At once from the cache, while the remote lookup waits.
            let cached = await states.next()
            #expect(cached == .showing([Suggestion(text: "Berlin"), Suggestion(text: "Berlingen")], from: .cache))
            try await expectShown(["Berlin", "Berlingen"], on: user)
            await latch.open()
            let fresh = await states.next()
            #expect(fresh == .showing([Suggestion(text: "Berlin"), Suggestion(text: "Berlingen")], from: .fresh))
            try await user.submit()
            _ = await keyboard.result
        }
    }

    @Test func aPagedProviderFetchesOnlyThePagesItLacks() async throws {
        let asked = Mutex<[String]>([])
        let paged = PagedRemoteAutocompleteProvider { text, page in
            asked.withLock { $0.append("\(text) \(page.skip)+\(page.count)") }
            return (page.skip..<min(page.skip + page.count, 50)).map { Suggestion(text: "\(text) \($0)") }
        }
        #expect(try await paged.suggestions(for: "q", page: SuggestionPage(count: 20)).count == 20)
        #expect(try await paged.suggestions(for: "q", page: SuggestionPage(count: 40)).map(\.text).last == "q 39")
        // The ranking ends at 50: asking past it fetches 40..<50 once, then nothing more.
        #expect(try await paged.suggestions(for: "q", page: SuggestionPage(skip: 30, count: 100)).count == 20)
        #expect(try await paged.suggestions(for: "q", page: SuggestionPage(skip: 0, count: 100)).count == 50)
        #expect(asked.withLock { $0 } == ["q 0+20", "q 20+20", "q 40+90"])
        // Through a keyboard on hu-sim: the second time "q" is typed the list comes from what is known.
        try await withReadyManager(clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Query", autocomplete: KeyboardAutocomplete(provider: paged))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            try await type("q", lookingUp: "q", on: user, &states)
            try await expectShown((0..<50).map { "q \($0)" }, on: user)
            #expect(asked.withLock { $0.count } == 3)
            try await user.submit()
            _ = await keyboard.result
        }
    }

    @Test func theFallbackMessagesFollowTheKeyboardsLanguage() async throws {
        struct Offline: Error {}
        let failing = ClosureProvider { _ in throw Offline() }
        try await withReadyManager(clock: clock) { manager, user in
            let keyboard = await manager.keyboards.start(
                initialText: "Ziel", configuration: KeyboardConfiguration(language: .deDE), autocomplete: KeyboardAutocomplete(provider: failing))
            var states = keyboard.autocompleteStates.makeAsyncIterator()
            try await interactionOnScreen(user)
            try await type("b", lookingUp: "b", on: user, &states)
            #expect(await states.next() == .failed(message: AutocompleteMessages.builtIn(for: .deDE).failure))
            #expect(AutocompleteMessages.builtIn(for: .deDE).failure == "Vorschläge sind gerade nicht verfügbar.")
            try await user.submit()
            _ = await keyboard.result
        }
    }
}

/// A keyboard delegate that limits the keys after each input, answering asynchronously.
final class LimitingKeyboardDelegate: KeyboardDelegate {
    private let entries = Mutex<[String]>([])
    private let inputs = Mutex<[String]>([])

    var log: [String] { entries.withLock { $0 } }
    var asked: [String] { inputs.withLock { $0 } }

    func updateCharacterSet(withInput input: String) async -> [String]? {
        inputs.withLock { $0.append(input) }
        await Task.yield()  // answered later, as an app's lookup is
        return input == "Be" ? ["r", "l"] : nil
    }

    func userDidSubmitInput(_ text: String, withEvent event: KeyboardEvent) { entries.withLock { $0.append("submitted \(text) (\(event.rawValue))") } }
    func keyboardDidAbort(withReason event: KeyboardEvent) { entries.withLock { $0.append("aborted \(event.rawValue)") } }
    func keyboardDidFail(with error: any Error) { entries.withLock { $0.append("failed \(error)") } }
    func keyboardDidSendEvent(_ event: KeyboardEvent, text: String?) { entries.withLock { $0.append("event \(event.rawValue) \(text ?? "-")") } }
}
