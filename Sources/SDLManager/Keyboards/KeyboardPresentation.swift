import Logging
import SDLModel
import Synchronization

/// What the keyboard on screen tells its presentation: every `OnKeyboardInput` the router
/// hands it, as a stream for the app, the mask state, and when the driver last did something
/// (the head unit restarts its timeout on every key, so the manager's wait does too).
final class KeyboardFeed: Sendable {
    private struct State {
        var isInputMasked: Bool?
        var lastActivity: Duration = .zero
        var voiceRequested = false
        /// The text the voice key came with, if any.
        var voiceText: String?
        var isFinished = false
        var listeners: [@Sendable (OnKeyboardInput) -> Void] = []
        /// The suggestion whose text the driver submitted, if it was on the list.
        var pickedSuggestion: Suggestion?
        /// The autocomplete loop while the keyboard is on screen, and whether it is to look up.
        var loop: AutocompleteLoop?
        var autocompleteEnabled = true
    }

    let events: AsyncStream<OnKeyboardInput>
    private let continuation: AsyncStream<OnKeyboardInput>.Continuation
    let autocompleteStates: AsyncStream<AutocompleteLoop.State>
    private let autocompleteContinuation: AsyncStream<AutocompleteLoop.State>.Continuation
    private let state = Mutex(State())

    init() {
        (events, continuation) = AsyncStream.makeStream(of: OnKeyboardInput.self)
        (autocompleteStates, autocompleteContinuation) = AsyncStream.makeStream(of: AutocompleteLoop.State.self)
    }

    /// Passes on the autocomplete loop's states until it stops.
    func follow(_ states: AsyncStream<AutocompleteLoop.State>) async {
        for await state in states { autocompleteContinuation.yield(state) }
    }

    var isInputMasked: Bool? { state.withLock { $0.isInputMasked } }
    var lastActivity: Duration { state.withLock { $0.lastActivity } }
    var voiceRequested: Bool { state.withLock { $0.voiceRequested } }
    var voiceText: String? { state.withLock { $0.voiceText } }
    var pickedSuggestion: Suggestion? { state.withLock { $0.pickedSuggestion } }

    func picked(_ suggestion: Suggestion?) { state.withLock { $0.pickedSuggestion = suggestion } }

    /// Controls `loop` from now on (it starts switched off if the app asked for that before).
    func follow(_ loop: AutocompleteLoop) {
        let enabled = state.withLock { state in
            state.loop = loop
            return state.autocompleteEnabled
        }
        if !enabled { Task { await loop.setEnabled(false) } }
    }

    func setAutocompleteEnabled(_ enabled: Bool) async {
        let loop = state.withLock { state in
            state.autocompleteEnabled = enabled
            return state.loop
        }
        await loop?.setEnabled(enabled)
    }

    func resetAutocomplete() async {
        await state.withLock { $0.loop }?.reset()
    }

    /// The keyboard is on screen from `now`, with this mask.
    func shown(at now: Duration, mask: KeyboardInputMask?) {
        state.withLock { state in
            state.lastActivity = now
            state.isInputMasked = mask.map { $0 == .enable }
        }
    }

    /// Also tells `listener` every event from now on (the autocomplete loop, a delegate).
    func addListener(_ listener: @escaping @Sendable (OnKeyboardInput) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// One event from the router; true if it is the first voice request.
    @discardableResult
    func receive(_ input: OnKeyboardInput, at now: Duration) -> Bool {
        let (listeners, firstVoice) = state.withLock { state -> ([@Sendable (OnKeyboardInput) -> Void], Bool) in
            guard !state.isFinished else { return ([], false) }
            state.lastActivity = now
            switch input.event {
            case .inputKeyMaskEnabled: state.isInputMasked = true
            case .inputKeyMaskDisabled: state.isInputMasked = false
            default: break
            }
            let firstVoice = input.event == .entryVoice && !state.voiceRequested
            if firstVoice {
                state.voiceRequested = true
                state.voiceText = input.data
            }
            return (state.listeners, firstVoice)
        }
        continuation.yield(input)
        for listener in listeners { listener(input) }
        return firstVoice
    }

    /// The keyboard has ended: the stream finishes, nothing more is told.
    func finish() {
        state.withLock {
            $0.isFinished = true
            $0.listeners = []
        }
        continuation.finish()
        autocompleteContinuation.finish()
    }
}

/// One keyboard, from `KeyboardManager.start(initialText:configuration:timeout:)`: await its
/// `result` (exactly one, whatever happens), follow its `events`, or `cancel()` it.
public final class KeyboardPresentation: Sendable {
    /// The text the keyboard opened with.
    public let initialText: String
    /// The configuration asked for (what was sent may be less: see `KeyboardConfigurationWarning`).
    public let configuration: KeyboardConfiguration
    let lifecycle: InteractionLifecycle<KeyboardResult>
    let feed = KeyboardFeed()

    init(initialText: String, configuration: KeyboardConfiguration, cancelID: Int, connection: SDLConnection, logger: Logger) {
        self.initialText = initialText
        self.configuration = configuration
        self.lifecycle = InteractionLifecycle(name: "keyboard \"\(initialText)\"", cancelID: cancelID, connection: connection, logger: logger)
        lifecycle.completion.whenFinished { [feed] _ in feed.finish() }
    }

    /// The `cancelID` its PerformInteraction carries.
    public var cancelID: Int { lifecycle.cancelID }

    /// The result; waits until the keyboard has ended and its properties are restored.
    public var result: KeyboardResult {
        get async { await lifecycle.result }
    }

    /// Whether the keyboard has its result.
    public var isFinished: Bool { lifecycle.isFinished }

    /// Every `OnKeyboardInput` of this keyboard, as the keypress mode sends them (keys, mask
    /// toggles, submit, voice, cancel); finishes when the keyboard ends. One consumer.
    public var events: AsyncStream<OnKeyboardInput> { feed.events }

    /// Whether the typed characters are hidden now; nil while not known.
    public var isInputMasked: Bool? { feed.isInputMasked }

    /// The autocomplete loop's states (idle, loading, showing, failed) for the app's own UI,
    /// while the keyboard is on screen; finishes when it ends. One consumer.
    public var autocompleteStates: AsyncStream<AutocompleteLoop.State> { feed.autocompleteStates }

    /// Switches its suggestions off (the list is emptied, nothing is looked up) or on again,
    /// while it is on screen (KeyboardKit's `isEnabled`); before, it starts that way.
    public func setAutocompleteEnabled(_ enabled: Bool) async { await feed.setAutocompleteEnabled(enabled) }

    /// Empties its suggestion list now (KeyboardKit's `resetAutocomplete`); the next key looks up again.
    public func resetAutocomplete() async { await feed.resetAutocomplete() }

    /// Cancels it, as `ChoicePresentation.cancel()` does a choice set: before it is shown it
    /// never is; on screen `CancelInteraction` closes it (SDL 6.0+, else
    /// `KeyboardError.cannotDismissOnThisHeadUnit` and it goes on).
    public func cancel() async throws(KeyboardError) {
        do {
            try await lifecycle.cancel()
        } catch {
            throw KeyboardError(error)
        }
    }
}
