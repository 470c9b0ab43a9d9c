import Clocks
import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The autocomplete loop against `hu-sim`: the simulated driver types on a keyboard, the
/// loop answers with `SetGlobalProperties`, and the head unit's screen shows the list.
@Suite(.timeLimit(.minutes(1))) struct AutocompleteSimulatorTests {
    private let clock = TestClock()
    private let words = try! LocalPrefixIndex(words: LocalPrefixIndex.words(inFileAt: fixturePath("words/small.txt")), resultLimit: 8)

    /// A keyboard on screen with a loop fed by its `OnKeyboardInput`; closed afterwards.
    private func withKeyboard(
        _ settings: SimulatorSettings = SimulatorSettings(), keyboard: KeyboardProperties = KeyboardProperties(), provider: (any AutocompleteProvider)? = nil,
        _ body: (AutocompleteLoop, SimulatorDriver) async throws -> Void
    ) async throws {
        try await withReadyManager(settings) { manager, user in
            let connection = manager.connection
            if keyboard != KeyboardProperties() {
                _ = try await connection.send(SetGlobalProperties(keyboardProperties: keyboard))
            }
            let configuration = AutocompleteLoop.Configuration(keyboard: keyboard, headUnitVersion: await manager.registration?.headUnitVersion)
            let loop = AutocompleteLoop(provider: provider ?? words, configuration: configuration, clock: clock) { properties in
                _ = try await connection.send(SetGlobalProperties(keyboardProperties: properties))
            }
            let inputs = await connection.notifications(OnKeyboardInput.self)
            let forwarding = Task { for await input in inputs { await loop.handle(input) } }
            let interaction = Task {
                try await connection.send(PerformInteraction(initialText: "Where to?", mode: .manualOnly, choiceSetIDs: [], layout: .keyboard))
            }
            #expect(try await eventually { try await user.state().interaction != nil })
            try await body(loop, user)
            await loop.stop()
            try await user.close()
            _ = try? await interaction.value
            forwarding.cancel()
        }
    }

    /// Types `keys`, waits until the loop has followed them, lets the debounce pass, and
    /// waits until the head unit shows `expected`.
    private func type(
        _ keys: String..., expecting expected: [String], on user: SimulatorDriver, _ loop: AutocompleteLoop,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for key in keys { try await user.type(key) }
        let keyboardText = try await user.state().interaction?.keyboardText
        #expect(try await eventually { await loop.text == keyboardText }, sourceLocation: sourceLocation)
        await clock.advance(by: .milliseconds(200))
        let shown = try await eventually { try await user.state().interaction?.autoCompleteList == expected }
        let actual = try await user.state().interaction?.autoCompleteList
        #expect(shown, "the head unit shows \(String(describing: actual))", sourceLocation: sourceLocation)
    }

    private func lookup(_ text: String) -> [String] { words.lookup(text).map(\.text) }

    @Test func aDriverTypingSeesSuggestionsForWhatTheyTyped() async throws {
        try await withKeyboard { loop, user in
            try await type("ber", expecting: lookup("ber"), on: user, loop)
            #expect(lookup("ber").contains("Berlin"))
            try await type("l", expecting: ["Berlin", "Berlioz", "Berliner"], on: user, loop)
            try await type("BS", "BS", "BS", "BS", expecting: [], on: user, loop)
            try await type("cafe", expecting: lookup("cafe"), on: user, loop)
            #expect(lookup("cafe").contains("Café"))
        }
    }

    @Test func aSlowAnswerOvertakenByAFastOneNeverReachesTheHeadUnit() async throws {
        let latch = Latch()
        let provider = ClosureProvider { text in
            if text == "be" { await latch.wait() }
            return [Suggestion(text: "for \(text)")]
        }
        try await withKeyboard(provider: provider) { loop, user in
            try await user.type("be")
            #expect(try await eventually { await loop.text == "be" })
            await clock.advance(by: .milliseconds(200))
            #expect(try await eventually { await latch.waiters == 1 })
            try await type("r", expecting: ["for ber"], on: user, loop)
            await latch.open()
            #expect(try await eventually { provider.answered.contains("be") })
            await afterTheWorkItWokeRuns()
            await loop.waitForDeliveries()
            #expect(try await user.state().interaction?.autoCompleteList == ["for ber"])
        }
    }

    @Test func aLookupPastTheTimeLimitClearsTheHeadUnitsList() async throws {
        let latch = Latch()
        let provider = ClosureProvider { text in
            if text == "bern" { await latch.wait() }
            return [Suggestion(text: "for \(text)")]
        }
        try await withKeyboard(provider: provider) { loop, user in
            try await type("ber", expecting: ["for ber"], on: user, loop)
            try await user.type("n")
            #expect(try await eventually { await loop.text == "bern" })
            await clock.advance(by: .milliseconds(200) + AutocompleteLoop.Configuration().timeLimit)
            #expect(try await eventually { try await user.state().interaction?.autoCompleteList == [] })
            #expect(await loop.state == .failed(message: AutocompleteLoop.Configuration().timeoutMessage))
            await latch.open()
        }
    }

    @Test func singleKeypressesAreFollowedAndTheModeIsKept() async throws {
        try await withKeyboard(keyboard: KeyboardProperties(keypressMode: .singleKeypress)) { loop, user in
            try await type("b", "e", "r", "n", "BS", expecting: lookup("ber"), on: user, loop)
            #expect(await loop.text == "ber")
            // Each update repeats the keypress mode, so the next key still comes alone.
            try await type("g", expecting: lookup("berg"), on: user, loop)
            #expect(try await user.state().interaction?.keyboardText == "berg")
        }
    }

    @Test func queuedKeypressesGiveNoSuggestions() async throws {
        try await withKeyboard(keyboard: KeyboardProperties(keypressMode: .queueKeypresses)) { loop, user in
            try await user.type("ber")
            await clock.advance(by: .milliseconds(200))
            await loop.waitForDeliveries()
            #expect(await loop.state == .idle)
            #expect(try await user.state().interaction?.autoCompleteList == [])
        }
    }

    @Test func anOlderHeadUnitShowsTheFirstSuggestion() async throws {
        try await withKeyboard(.legacy) { loop, user in
            try await type("ber", expecting: [lookup("ber")[0]], on: user, loop)
        }
    }

    @Test func moreThan100AndAwkwardSuggestionsAreTrimmedToWhatTheHeadUnitTakes() async throws {
        let long = String(repeating: "x", count: 1200)
        let provider = ClosureProvider { text in
            ([long, "a\tb", "   ", #"C:\new"#] + (1...150).map { "\(text) \($0)" }).map { Suggestion(text: $0) }
        }
        try await withKeyboard(provider: provider) { loop, user in
            let expected = [String(repeating: "x", count: 1000), "a b"] + (1...98).map { "q \($0)" }
            try await type("q", expecting: expected, on: user, loop)
            guard case .showing(let shown, _) = await loop.state else { Issue.record("not showing"); return }
            #expect(shown.map(\.text) == expected)
        }
    }
}
