import SDLModel

/// Between the driver's keystrokes and the head unit's autocomplete list: waits until
/// typing pauses (debounce), looks the text up, and sends the answer as keyboard
/// properties, only ever the answer for the latest text. An earlier lookup still running
/// is cancelled and its answer dropped if it comes anyway; empty text (or only spaces)
/// clears the list without a lookup; a lookup that takes longer than the time limit clears the list and
/// leaves a message the driver can be shown.
@SDLActor public final class AutocompleteLoop {
    /// How the loop runs: the keyboard's properties, the debounce and time limit, the list's size, and the messages shown when a lookup fails.
    public struct Configuration: Sendable {
        /// The keyboard's properties in force. Every update carries all of them, since SDL
        /// Core drops the keypress mode, limited characters and custom keys an update leaves out.
        public var keyboard: KeyboardProperties
        /// How long typing must pause before a lookup; zero looks up at every keystroke.
        public var debounce: Duration
        /// How long one lookup (all its answers) may take before the list is cleared.
        public var timeLimit: Duration
        /// At most this many entries are sent; SDL allows 100.
        public var maximumEntries: Int
        /// The head unit's SDL version (`RegisterAppInterface` response). Below 6.0, and when
        /// unknown, the first entry also goes in `autoCompleteText`, the only field older head
        /// units show; Core 6.0 and later drop that field when a list is given. An emptied list
        /// cannot clear it there (it takes 1–1000 characters): only `ResetGlobalProperties` does.
        public var headUnitVersion: SdlMsgVersion?
        /// The keys the keyboard offers after each keystroke, from the text so far (nil: the
        /// keyboard's own `limitedCharacterList`). Asked at once, without waiting for the
        /// debounce, and sent when answered — unless the driver has typed on meanwhile.
        public var limitedCharacters: (@Sendable (String) async -> [String]?)?
        /// What of the text is looked up: all of it, or its last word.
        public var lookup: AutocompleteLookup
        /// What the driver is told when a lookup takes too long, unless the provider says otherwise.
        public var timeoutMessage: String
        /// What the driver is told when a lookup fails, unless the provider says otherwise.
        public var failureMessage: String

        /// A configuration; every value but the keyboard's properties has SDL's or the managers' usual default.
        public init(
            keyboard: KeyboardProperties = KeyboardProperties(), debounce: Duration = .milliseconds(200),
            timeLimit: Duration = .seconds(5), maximumEntries: Int = 100, headUnitVersion: SdlMsgVersion? = nil,
            limitedCharacters: (@Sendable (String) async -> [String]?)? = nil, lookup: AutocompleteLookup = .wholeEntry,
            timeoutMessage: String = AutocompleteMessages.english.timeout, failureMessage: String = AutocompleteMessages.english.failure
        ) {
            self.keyboard = keyboard
            self.debounce = debounce
            self.timeLimit = timeLimit
            self.maximumEntries = maximumEntries
            self.headUnitVersion = headUnitVersion
            self.limitedCharacters = limitedCharacters
            self.lookup = lookup
            self.timeoutMessage = timeoutMessage
            self.failureMessage = failureMessage
        }
    }

    /// What the app's own UI can show about the suggestions.
    public enum State: Sendable, Hashable {
        /// Nothing typed, or stopped.
        case idle
        /// Waiting for the answer for this text.
        case loading(query: String)
        /// These are on the head unit's list (texts as sent), from the cache or fresh.
        case showing([Suggestion], from: AutocompleteAnswer.Source = .fresh)
        /// The list was cleared for this reason, fit to show the driver.
        case failed(message: String)
    }

    /// Sends keyboard properties to the head unit (`SetGlobalProperties`).
    public typealias Sender = @Sendable (KeyboardProperties) async throws -> Void

    /// How this loop runs.
    public nonisolated let configuration: Configuration
    /// What the head unit's list shows now, or why it was cleared.
    public private(set) var state = State.idle
    /// The text on the keyboard, as `handle(_:)` followed it.
    public var text: String { entry.text }

    private let provider: any AutocompleteProvider
    private let timekeeper: Timekeeper
    private let send: @SDLActor (KeyboardProperties) async throws -> Void
    private var entry: KeyboardEntry
    /// Bumped by every new text: an answer is sent only while its generation is current.
    private var generation = 0
    private var lookup: Task<Void, Never>?
    private var keysLookup: Task<Void, Never>?
    /// Off: nothing is looked up, the list stays empty (the limited keys still follow).
    public private(set) var isEnabled = true
    /// What the head unit's list shows now (texts as sent).
    private var shown: [Suggestion] = []
    /// Sends go out one after another, in the order they were made.
    private var lastDelivery: Task<Void, Never>?
    private var limitedCharacterList: [String]?
    private var listIsEmpty: Bool
    private let observers = Broadcast<State>()
    /// Told each change of state as it happens (the keyboard's feed).
    private var stateObservers: [(State) -> Void] = []
    private var isStopped = false
    /// Whether it has sent keyboard properties to the head unit.
    private(set) var hasSent = false

    /// - Parameters:
    ///   - provider: where suggestions come from.
    ///   - configuration: the keyboard's properties, the debounce, the time limit, the list's size.
    ///   - initialText: the text the keyboard opens with (followed by SINGLE_KEYPRESS events).
    ///   - clock: what the debounce and time limit are measured on (a test clock in tests).
    ///   - send: shows the properties on the head unit, e.g. with `SetGlobalProperties`.
    public nonisolated convenience init<C: Clock>(
        provider: any AutocompleteProvider, configuration: Configuration = Configuration(), initialText: String = "",
        clock: C = ContinuousClock(), send: @escaping Sender
    ) where C.Duration == Duration {
        self.init(
            provider: provider, configuration: configuration, initialText: initialText, timekeeper: Timekeeper(clock),
            send: { try await send($0) })
    }

    /// On the clock of a connection, sending in the domain (the keyboard manager's loops).
    nonisolated init(
        provider: any AutocompleteProvider, configuration: Configuration, initialText: String, timekeeper: Timekeeper,
        send: @escaping @SDLActor (KeyboardProperties) async throws -> Void
    ) {
        self.provider = provider
        self.configuration = configuration
        self.timekeeper = timekeeper
        self.send = send
        self.entry = KeyboardEntry(initialText: initialText, keypressMode: configuration.keyboard.keypressMode ?? .resendCurrentEntry)
        self.listIsEmpty = configuration.keyboard.autoCompleteList?.isEmpty ?? true
    }

    /// The state now, then each change, until the loop stops.
    public func states() -> AsyncStream<State> {
        observers.stream(startingWith: state)
    }

    /// Tells `observer` the state now, then each change as it happens, until the loop stops.
    func observeStates(_ observer: @escaping (State) -> Void) {
        observer(state)
        if !isStopped { stateObservers.append(observer) }
    }

    /// Follows a keyboard event (KEYPRESS or ENTRY_VOICE, per the keyboard's keypress mode);
    /// suggestions follow when the text changed.
    public func handle(_ input: OnKeyboardInput) {
        if entry.apply(input) { textChanged(entry.text) }
    }

    /// The keyboard's text is now `text`.
    public func textChanged(_ text: String) {
        guard !isStopped else { return }
        generation += 1
        let current = generation
        lookup?.cancel()
        lookup = nil
        if let limitedCharacters = configuration.limitedCharacters {
            keysLookup?.cancel()
            keysLookup = Task { await self.showKeys(limitedCharacters(text).flatMap(Self.fittingKeys), generation: current) }
        }
        guard isEnabled else { return }
        let query = configuration.lookup.query(in: text)
        if query.allSatisfy(\.isWhitespace) {
            clear(state: .idle, generation: current)
            return
        }
        setState(.loading(query: query))
        // Due from this keystroke, however late the task starts.
        let due = timekeeper.now() + configuration.debounce
        lookup = Task { await self.lookUp(query, in: text, due: due, generation: current) }
    }

    /// Switches suggestions off (the list is emptied, nothing is looked up) or on again (the
    /// text on the keyboard is looked up at once), while the keyboard stays on screen.
    public func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled, !isStopped else { return }
        isEnabled = enabled
        if enabled {
            textChanged(entry.text)
        } else {
            reset()
        }
    }

    /// Empties the list and forgets the lookup under way (KeyboardKit's `resetAutocomplete`);
    /// the next key looks up again.
    public func reset() {
        guard !isStopped else { return }
        generation += 1
        lookup?.cancel()
        lookup = nil
        clear(state: .idle, generation: generation)
    }

    /// The suggestion on the head unit's list whose text the driver submitted: a choice
    /// picked from the list reaches the app as that suggestion (its id and title).
    public func shownSuggestion(withText text: String) -> Suggestion? {
        shown.first { $0.text == text }
    }

    private func clear(state: State, generation current: Int) {
        setState(state)
        shown = []
        if !listIsEmpty { deliver(list: [], generation: current) }
    }

    private func showKeys(_ keys: [String]?, generation current: Int) {
        // Keys for a text the driver has typed past are dropped: the newer text's come.
        guard current == generation, !isStopped, keys != limitedCharacterList else { return }
        limitedCharacterList = keys
        // Without a list the head unit keeps the one it shows (SDL-RULES §6 caching).
        deliver(list: nil, generation: nil)
    }

    /// Ends the loop: the lookup running is cancelled, nothing more is sent, observers finish.
    /// A send already on its way is not called back: `waitForDeliveries()` waits for it, e.g.
    /// before the keyboard's properties are restored.
    public func stop() {
        isStopped = true
        generation += 1
        lookup?.cancel()
        lookup = nil
        keysLookup?.cancel()
        keysLookup = nil
        setState(.idle)
        observers.finish()
        stateObservers = []
    }

    /// Waits until every send made so far has been answered.
    public func waitForDeliveries() async {
        await lastDelivery?.value
    }

    // MARK: Looking up

    private func lookUp(_ query: String, in text: String, due: Duration, generation current: Int) async {
        do { try await timekeeper.sleep(due) } catch { return }
        guard current == generation else { return }
        let provider = provider
        // Twice what the list takes: entries SDL cannot take (dropped by `AutocompleteList`) still leave it full.
        let page = SuggestionPage(count: configuration.maximumEntries * 2)
        // Looking up the last word: each entry is the whole text with that word completed.
        let head = String(text.dropLast(query.count))
        do {
            try await withDeadline(due + configuration.timeLimit, on: timekeeper) {
                for try await answer in provider.answers(for: query, page: page) {
                    await self.show(answer, after: head, generation: current)
                }
            }
        } catch {
            guard current == generation else { return }
            switch error {
            case .cancelled: return
            case .timedOut:
                let timeout = AutocompleteTimeout(query: query, after: configuration.timeLimit)
                fail(provider.failureMessage(for: timeout) ?? configuration.timeoutMessage, generation: current)
            case .failed(let underlying):
                fail(provider.failureMessage(for: underlying) ?? configuration.failureMessage, generation: current)
            }
        }
    }

    private func show(_ answer: AutocompleteAnswer, after head: String, generation current: Int) async {
        // A lookup past its time limit is cancelled: what it still finds is dropped.
        guard current == generation, !Task.isCancelled else { return }
        var entries = answer.suggestions
        if !head.isEmpty { for index in entries.indices { entries[index].text = head + entries[index].text } }
        let fitting = AutocompleteList.fitting(entries, limit: configuration.maximumEntries)
        shown = fitting
        setState(.showing(fitting, from: answer.source))
        await deliver(list: fitting.map(\.text), generation: current).value
    }

    private func fail(_ message: String, generation current: Int) {
        setState(.failed(message: message))
        shown = []
        deliver(list: [], generation: current)
    }

    // MARK: Sending

    /// Queues a send of the keyboard's properties with this list (nil: the list unchanged);
    /// skipped if a newer text than `generation` has come by the time its turn comes (nil:
    /// never skipped).
    @discardableResult
    private func deliver(list: [String]?, generation current: Int?) -> Task<Void, Never> {
        var properties = configuration.keyboard
        if configuration.limitedCharacters != nil {
            properties.limitedCharacterList = limitedCharacterList ?? configuration.keyboard.limitedCharacterList
        }
        properties.autoCompleteList = list
        let isOlderHeadUnit = (configuration.headUnitVersion ?? SdlMsgVersion(0, 0)) < SdlMsgVersion(6, 0)
        properties.autoCompleteText = isOlderHeadUnit ? list?.first : nil
        let previous = lastDelivery
        let send = send
        let delivery = Task {
            await previous?.value
            guard !self.isStopped, current.map(self.isCurrent) ?? true else { return }
            self.hasSent = true
            do {
                try await send(properties)
                if let list { self.listSent(isEmpty: list.isEmpty) }
            } catch {
                self.sendFailed(generation: current)
            }
        }
        lastDelivery = delivery
        return delivery
    }

    private func isCurrent(_ candidate: Int) -> Bool { candidate == generation }

    private func listSent(isEmpty: Bool) { listIsEmpty = isEmpty }

    private func sendFailed(generation current: Int?) {
        if current == nil || current == generation { setState(.failed(message: configuration.failureMessage)) }
    }

    /// Keys for `limitedCharacterList`: 1–100 of one character each; nil when none is left.
    private static func fittingKeys(_ keys: [String]) -> [String]? {
        var seen = Set<String>()
        let fitting = keys.filter { $0.unicodeScalars.count == 1 && $0 != " " && $0 != "\t" && $0 != "\n" && seen.insert($0).inserted }
        return fitting.isEmpty ? nil : Array(fitting.prefix(100))
    }

    // MARK: State

    private func setState(_ new: State) {
        guard new != state else { return }
        state = new
        observers.yield(new)
        for observer in stateObservers { observer(new) }
    }
}

/// Given to the provider's `failureMessage(for:)` when a lookup ran past the loop's time limit.
public struct AutocompleteTimeout: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was looked up.
    public let query: String
    /// The time limit the lookup ran past.
    public let after: Duration

    public var description: String { "no suggestions for \"\(query)\" within \(after)" }
}

/// What of the keyboard's text an autocomplete loop looks up (KeyboardKit's `autocompleteText`).
public enum AutocompleteLookup: Sendable, Hashable {
    /// All of it: a destination, a name.
    case wholeEntry
    /// Its last word (after the last space): free text, word by word. The list's entries are
    /// the whole text with that word completed, so picking one keeps what came before.
    case lastWord

    func query(in text: String) -> String {
        switch self {
        case .wholeEntry: text
        case .lastWord: String(text.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        }
    }
}
