import Clocks
import SDLManager
import SDLModel
import Testing

/// The autocomplete loop on a test clock: debounce, never a stale answer, the time limit,
/// empty text, SDL's limits on the list, and what each head unit gets.
@Suite(.timeLimit(.minutes(1))) struct AutocompleteLoopTests {
    private let clock = TestClock()
    private let sent = SentProperties()

    private func loop(
        _ provider: any AutocompleteProvider, _ configuration: AutocompleteLoop.Configuration = .init(headUnitVersion: SdlMsgVersion(8, 0))
    ) -> AutocompleteLoop {
        let sent = sent
        return AutocompleteLoop(provider: provider, configuration: configuration, clock: clock) { await sent.append($0) }
    }

    private func places() -> ClosureProvider {
        ClosureProvider { text in
            ["Berlin", "Bern", "Bergen", "Paris"].filter { $0.lowercased().hasPrefix(text.lowercased()) }.map { Suggestion(text: $0) }
        }
    }

    /// Waits until `count` property updates were sent.
    private func expectSent(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let reached = try await eventually { await sent.all.count >= count }
        let actual = await sent.all.count
        #expect(reached, "expected \(count) updates, got \(actual)", sourceLocation: sourceLocation)
    }

    @Test func fiveKeysWithinTheDebounceMakeOneLookup() async throws {
        let provider = places()
        let loop = loop(provider)
        for text in ["B", "Be", "Ber", "Berl", "Berli"] {
            await loop.textChanged(text)
            await clock.advance(by: .milliseconds(40))
        }
        #expect(provider.calls.isEmpty)
        await clock.advance(by: .milliseconds(160))
        try await expectSent(1)
        #expect(provider.calls == ["Berli"])
        #expect(await sent.lists == [["Berlin"]])
    }

    @Test func aZeroDebounceLooksUpAtEveryKeystroke() async throws {
        let provider = places()
        let loop = loop(provider, .init(debounce: .zero, headUnitVersion: SdlMsgVersion(8, 0)))
        await loop.textChanged("Ber")
        try await expectSent(1)
        #expect(provider.calls == ["Ber"])
        #expect(await sent.lists == [["Berlin", "Bern", "Bergen"]])
    }

    @Test func aSlowAnswerOvertakenByANewerTextIsNeverSent() async throws {
        let gate = Latch()
        // The lookup for "Be" ignores cancellation and answers late, after "Ber" was answered.
        let provider = ClosureProvider { text in
            if text == "Be" { await gate.wait() }
            return [Suggestion(text: text + "rlin")]
        }
        let loop = loop(provider)
        await loop.textChanged("Be")
        await clock.advance(by: .milliseconds(200))
        #expect(try await eventually { provider.calls == ["Be"] })
        await loop.textChanged("Ber")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        await gate.open()
        #expect(try await eventually { provider.answered.contains("Be") })
        await afterTheWorkItWokeRuns()
        await loop.waitForDeliveries()
        #expect(await sent.lists == [["Berrlin"]])
        #expect(await loop.state == .showing([Suggestion(text: "Berrlin")]))
    }

    @Test func anUpdateQueuedBehindASlowSendIsSkippedWhenANewerTextCame() async throws {
        let latch = Latch()
        let sent = sent
        let loop = AutocompleteLoop(provider: places(), configuration: .init(debounce: .zero), clock: clock) { properties in
            if properties.autoCompleteList == ["Berlin", "Bern", "Bergen"] { await latch.wait() }
            await sent.append(properties)
        }
        await loop.textChanged("Be")  // its update waits for the head unit
        #expect(try await eventually { await latch.waiters == 1 })
        await loop.textChanged("Berl")
        #expect(try await eventually { await loop.state == .showing([Suggestion(text: "Berlin")]) })
        await loop.textChanged("Bern")
        #expect(try await eventually { await loop.state == .showing([Suggestion(text: "Bern")]) })
        await latch.open()
        await loop.waitForDeliveries()
        #expect(await sent.lists == [["Berlin", "Bern", "Bergen"], ["Bern"]])
    }

    @Test func aLookupPastTheTimeLimitClearsTheListWithAMessage() async throws {
        let gate = Latch()
        let provider = ClosureProvider { text in
            if text == "Ber" { await gate.wait() }
            return [Suggestion(text: "Berlin")]
        }
        let loop = loop(provider, .init(timeLimit: .seconds(1), headUnitVersion: SdlMsgVersion(8, 0)))
        await loop.textChanged("Be")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        await loop.textChanged("Ber")
        await clock.advance(by: .milliseconds(200))
        #expect(await loop.state == .loading(query: "Ber"))
        await clock.advance(by: .milliseconds(999))
        #expect(await sent.all.count == 1)
        await clock.advance(by: .milliseconds(1))
        try await expectSent(2)
        #expect(await sent.lists == [["Berlin"], []])
        #expect(await loop.state == .failed(message: AutocompleteLoop.Configuration().timeoutMessage))
        // The answer that comes after all is dropped.
        await gate.open()
        #expect(try await eventually { provider.answered.contains("Ber") })
        await afterTheWorkItWokeRuns()
        await loop.waitForDeliveries()
        #expect(await sent.all.count == 2)
    }

    @Test func theProvidersOwnMessageIsShownForATimeoutOrAFailure() async throws {
        struct Offline: Error {}
        let gate = Latch()
        let provider = ClosureProvider(message: "The postcode service is not answering.") { text in
            if text == "slow" { await gate.wait() }
            throw Offline()
        }
        let loop = loop(provider, .init(timeLimit: .seconds(1), headUnitVersion: SdlMsgVersion(8, 0)))
        await loop.textChanged("slow")
        await clock.advance(by: .milliseconds(1200))
        try await expectSent(1)
        #expect(await loop.state == .failed(message: "The postcode service is not answering."))
        await loop.textChanged("fails")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(2)
        #expect(await loop.state == .failed(message: "The postcode service is not answering."))
        await gate.open()

        let silent = AutocompleteLoop(provider: ClosureProvider { _ in throw Offline() }, clock: clock) { _ in }
        await silent.textChanged("x")
        await clock.advance(by: .milliseconds(200))
        #expect(try await eventually { await silent.state == .failed(message: AutocompleteLoop.Configuration().failureMessage) })
    }

    @Test func emptyTextClearsTheListWithoutALookup() async throws {
        let provider = places()
        let loop = loop(provider)
        await loop.textChanged("")
        await clock.advance(by: .milliseconds(200))
        await loop.waitForDeliveries()
        #expect(await sent.all.isEmpty)  // nothing shown, nothing to clear
        await loop.textChanged("Ber")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        await loop.textChanged("  ")
        try await expectSent(2)
        await clock.advance(by: .milliseconds(200))
        await loop.waitForDeliveries()
        #expect(provider.calls == ["Ber"])
        #expect(await sent.lists == [["Berlin", "Bern", "Bergen"], []])
        #expect(await loop.state == .idle)
    }

    @Test func atMost100EntriesOf1To1000CharactersAreSent() async throws {
        let long = String(repeating: "é", count: 1500)
        let awkward = ["a\tb", "  padded  ", long, "   ", #"C:\new"#, "line\nbreak", "a\tb"]
        let provider = ClosureProvider { _ in (awkward + (1...150).map { "word \($0)" }).map { Suggestion(text: $0) } }
        let loop = loop(provider)
        await loop.textChanged("w")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        let list = try #require(await sent.lists.first ?? nil)
        #expect(list.count == 100)
        #expect(Array(list.prefix(5)) == ["a b", "padded", String(repeating: "é", count: 1000), "line break", "word 1"])
        #expect(list.last == "word 96")
        #expect(list.allSatisfy { (1...1000).contains($0.unicodeScalars.count) })
        guard case .showing(let shown, _) = await loop.state else { Issue.record("not showing"); return }
        #expect(shown.map(\.text) == list)

        let five = AutocompleteLoop(provider: provider, configuration: .init(maximumEntries: 5), clock: clock) { _ in }
        await five.textChanged("w")
        await clock.advance(by: .milliseconds(200))
        #expect(try await eventually {
            if case .showing(let shown, _) = await five.state { shown.count == 5 } else { false }
        })
    }

    @Test func anOldHeadUnitAlsoGetsAutoCompleteText() async throws {
        for (version, expectsText) in [(SdlMsgVersion(5, 1), true), (nil, true), (SdlMsgVersion(6, 0), false)] {
            let sent = SentProperties()
            let loop = AutocompleteLoop(provider: places(), configuration: .init(headUnitVersion: version), clock: clock) { await sent.append($0) }
            await loop.textChanged("Ber")
            await clock.advance(by: .milliseconds(200))
            #expect(try await eventually { await sent.all.count == 1 })
            await loop.textChanged("Q")
            await clock.advance(by: .milliseconds(200))
            #expect(try await eventually { await sent.all.count == 2 })
            let updates = await sent.all
            #expect(updates.map(\.autoCompleteList) == [["Berlin", "Bern", "Bergen"], []])
            #expect(updates.map(\.autoCompleteText) == (expectsText ? ["Berlin", nil] : [nil, nil]), "\(String(describing: version))")
        }
    }

    @Test func everyUpdateCarriesTheKeyboardsProperties() async throws {
        let keyboard = KeyboardProperties(
            language: .deDE, keyboardLayout: .qwertz, keypressMode: .singleKeypress, limitedCharacterList: ["a", "b"], customKeys: ["ß"])
        let loop = loop(places(), .init(keyboard: keyboard, headUnitVersion: SdlMsgVersion(8, 0)))
        await loop.handle(OnKeyboardInput(.keypress, data: "B"))
        await loop.handle(OnKeyboardInput(.keypress, data: "e"))
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        var expected = keyboard
        expected.autoCompleteList = ["Berlin", "Bern", "Bergen"]
        #expect(await sent.all == [expected])
    }

    @Test func theListTheKeyboardOpenedWithIsReplacedNotRepeated() async throws {
        let keyboard = KeyboardProperties(autoCompleteText: "Home", autoCompleteList: ["Home", "Work"])
        let loop = loop(places(), .init(keyboard: keyboard, headUnitVersion: SdlMsgVersion(5, 0), limitedCharacters: { _ in ["a"] }))
        await loop.textChanged(" ")
        try await expectSent(2)
        let updates = await sent.all
        // The empty text clears the list at once; the keys, answered after, leave it as it is.
        #expect(updates.map(\.autoCompleteList) == [[], nil])
        #expect(updates.map(\.autoCompleteText) == [nil, nil])
    }

    @Test func limitedCharactersFollowEachKeystrokeAtOnce() async throws {
        let keyboard = KeyboardProperties(limitedCharacterList: ["b", "p"])
        let loop = loop(places(), .init(keyboard: keyboard, headUnitVersion: SdlMsgVersion(8, 0), limitedCharacters: { text in
            text.isEmpty ? nil : ["e", "o", "e", "ee", " "]
        }))
        await loop.textChanged("B")
        await loop.textChanged("Be")  // "B"'s keys are answered after "Be" is typed: dropped, "Be"'s sent
        try await expectSent(1)
        #expect(await sent.all.first?.limitedCharacterList == ["e", "o"])
        #expect(await sent.all.first?.autoCompleteList == nil)  // the list on screen stays
        await clock.advance(by: .milliseconds(200))
        try await expectSent(2)
        #expect(await sent.all.last?.limitedCharacterList == ["e", "o"])
        #expect(await sent.all.last?.autoCompleteList == ["Berlin", "Bern", "Bergen"])
        // The list cleared at once, then, answered, the keyboard's own keys again.
        await loop.textChanged("")
        try await expectSent(4)
        let updates = await sent.all
        #expect(updates[2...].map(\.limitedCharacterList) == [["e", "o"], ["b", "p"]])
        #expect(updates[2...].map(\.autoCompleteList) == [[], nil])
    }

    @Test func theStateCanBeObserved() async throws {
        let loop = loop(places())
        let states = await loop.states()
        let observed = Task {
            var seen: [AutocompleteLoop.State] = []
            for await state in states { seen.append(state) }
            return seen
        }
        await loop.textChanged("Berl")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        await loop.textChanged("")
        await loop.stop()
        #expect(await observed.value == [.idle, .loading(query: "Berl"), .showing([Suggestion(text: "Berlin")]), .idle])
    }

    @Test func nothingIsSentAfterTheLoopStops() async throws {
        let provider = places()
        let latch = Latch()
        let sent = sent
        let loop = AutocompleteLoop(provider: provider, configuration: .init(limitedCharacters: { $0 == "B" ? ["e"] : ["x"] }), clock: clock) {
            await latch.wait()
            await sent.append($0)
        }
        await loop.textChanged("B")  // its keys wait for the head unit
        #expect(try await eventually { await latch.waiters == 1 })
        await loop.textChanged("Ber")  // other keys, queued behind
        await loop.stop()
        await latch.open()
        await loop.textChanged("Bern")
        await clock.advance(by: .seconds(1))
        await loop.waitForDeliveries()
        #expect(provider.calls.isEmpty)
        #expect(await sent.all.map(\.limitedCharacterList) == [["e"]])
    }

    @Test func cachedThenFreshAnswersAreBothShown() async throws {
        let gate = Latch()
        let base = ClosureProvider { text in
            if text == "Berl" { await gate.wait() }
            return [Suggestion(text: "Berlingen"), Suggestion(text: "Berlin"), Suggestion(text: "Bern")].filter { $0.text.hasPrefix(text) }
        }
        let loop = loop(CachingAutocompleteProvider(base))
        await loop.textChanged("Ber")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(1)
        await loop.textChanged("Berl")
        await clock.advance(by: .milliseconds(200))
        try await expectSent(2)
        #expect(await sent.lists.last == ["Berlingen", "Berlin"])
        await gate.open()
        try await expectSent(3)
        #expect(await sent.lists == [["Berlingen", "Berlin", "Bern"], ["Berlingen", "Berlin"], ["Berlingen", "Berlin"]])
    }

    // MARK: The keyboard's text

    @Test func theTextFollowsEachKeypressMode() {
        var resend = KeyboardEntry()
        let changed = resend.apply(OnKeyboardInput(.keypress, data: "Ber"))
        let changedAgain = resend.apply(OnKeyboardInput(.keypress, data: "Ber"))
        #expect(changed && !changedAgain)
        #expect(resend.text == "Ber")
        var single = KeyboardEntry(initialText: "Be", keypressMode: .singleKeypress)
        for key in ["r", "l", "BS", "HT", "n"] { single.apply(OnKeyboardInput(.keypress, data: key)) }
        #expect(single.text == "Bern")
        single.apply(OnKeyboardInput(.entryVoice, data: "Paris"))
        #expect(single.text == "Paris")
        var queued = KeyboardEntry(keypressMode: .queueKeypresses)
        let maskChanged = queued.apply(OnKeyboardInput(.inputKeyMaskEnabled))
        #expect(!maskChanged)
        #expect(queued.text == "")
    }

    // MARK: The remote provider

    @Test func theRemoteProviderHasItsOwnTimeLimitAndTypedErrors() async throws {
        struct ServerDown: Error {}
        let gate = Latch()
        let remote = RemoteAutocompleteProvider(timeLimit: .seconds(2), clock: clock, failureMessage: { error in
            if case .timedOut = error { "Postcodes are slow today." } else { nil }
        }) { text in
            if text == "slow" { await gate.wait() }
            if text == "down" { throw ServerDown() }
            return [Suggestion(text: text.uppercased())]
        }
        #expect(try await remote.suggestions(for: "sw1a") == [Suggestion(text: "SW1A")])
        async let slowFailure = { () async -> RemoteAutocompleteError? in
            do throws(RemoteAutocompleteError) { _ = try await remote.suggestions(for: "slow") } catch { return error }
            return nil
        }()
        // Its deadline is set before its lookup starts: moving the clock once the lookup waits
        // times it out, whether or not its timer sleeps yet. (A sleeper on the clock proves
        // nothing: it may be the first lookup's timer, cancelled but not yet gone.)
        #expect(try await eventually { await gate.waiters == 1 })
        await clock.advance(by: .seconds(2))
        let timedOut = await slowFailure
        #expect(timedOut == .timedOut(query: "slow", after: .seconds(2)))
        #expect(remote.failureMessage(for: try #require(timedOut)) == "Postcodes are slow today.")
        let down = await #expect(throws: RemoteAutocompleteError.self) { _ = try await remote.suggestions(for: "down") }
        #expect(down == .lookupFailed(query: "down", reason: "ServerDown()"))
        #expect(remote.failureMessage(for: try #require(down)) == nil)
        await gate.open()
    }
}

/// What the loop sent, in order.
actor SentProperties {
    private(set) var all: [KeyboardProperties] = []
    func append(_ properties: KeyboardProperties) { all.append(properties) }
    /// The autocomplete lists of the updates that had one.
    var lists: [[String]?] { all.filter { $0.autoCompleteList != nil }.map(\.autoCompleteList) }
}
