import Logging
import SDLModel

/// What the keyboard on screen tells its presentation: every `OnKeyboardInput` the router
/// hands it, as a stream for the app, the mask state, and when the driver last did something
/// (the head unit restarts its timeout on every key, so the manager's wait does too).
@SDLActor final class KeyboardFeed {
    nonisolated let events: AsyncStream<OnKeyboardInput>
    private nonisolated let continuation: AsyncStream<OnKeyboardInput>.Continuation
    nonisolated let autocompleteStates: AsyncStream<AutocompleteLoop.State>
    private nonisolated let autocompleteContinuation: AsyncStream<AutocompleteLoop.State>.Continuation
    private(set) var isInputMasked: Bool?
    private(set) var lastActivity: Duration = .zero
    private(set) var voiceRequested = false
    /// The text the voice key came with, if any.
    private(set) var voiceText: String?
    private var isFinished = false
    private var listeners: [(OnKeyboardInput) -> Void] = []
    /// The suggestion whose text the driver submitted, if it was on the list.
    private(set) var pickedSuggestion: Suggestion?
    /// The autocomplete loop while the keyboard is on screen, and whether it is to look up.
    private var loop: AutocompleteLoop?
    private var autocompleteEnabled = true

    nonisolated init() {
        (events, continuation) = AsyncStream.makeStream(of: OnKeyboardInput.self)
        (autocompleteStates, autocompleteContinuation) = AsyncStream.makeStream(of: AutocompleteLoop.State.self)
    }

    func picked(_ suggestion: Suggestion?) { pickedSuggestion = suggestion }

    /// Controls `loop` from now on and passes on its states (it starts switched off if the
    /// app asked for that before).
    func follow(_ loop: AutocompleteLoop) {
        self.loop = loop
        loop.observeStates { [autocompleteContinuation] state in autocompleteContinuation.yield(state) }
        if !autocompleteEnabled { loop.setEnabled(false) }
    }

    func setAutocompleteEnabled(_ enabled: Bool) {
        autocompleteEnabled = enabled
        loop?.setEnabled(enabled)
    }

    func resetAutocomplete() { loop?.reset() }

    /// The keyboard is on screen from `now`, with this mask.
    func shown(at now: Duration, mask: KeyboardInputMask?) {
        lastActivity = now
        isInputMasked = mask.map { $0 == .enable }
    }

    /// Also tells `listener` every event from now on (the autocomplete loop, a delegate).
    func addListener(_ listener: @escaping (OnKeyboardInput) -> Void) { listeners.append(listener) }

    /// One event from the router; true if it is the first voice request.
    @discardableResult
    func receive(_ input: OnKeyboardInput, at now: Duration) -> Bool {
        guard !isFinished else { return false }
        lastActivity = now
        switch input.event {
        case .inputKeyMaskEnabled: isInputMasked = true
        case .inputKeyMaskDisabled: isInputMasked = false
        default: break
        }
        let firstVoice = input.event == .entryVoice && !voiceRequested
        if firstVoice {
            voiceRequested = true
            voiceText = input.data
        }
        continuation.yield(input)
        for listener in listeners { listener(input) }
        return firstVoice
    }

    /// The keyboard has ended: the streams finish, nothing more is told.
    func finish() {
        isFinished = true
        listeners = []
        continuation.finish()
        autocompleteContinuation.finish()
    }
}

/// One keyboard, from `KeyboardManager.start(initialText:configuration:timeout:)`: await its
/// `result` (exactly one, whatever happens), follow its `events`, or `cancel()` it.
@SDLActor public final class KeyboardPresentation {
    /// The text the keyboard opened with.
    public nonisolated let initialText: String
    /// The configuration asked for (what was sent may be less: see `KeyboardConfigurationWarning`).
    public nonisolated let configuration: KeyboardConfiguration
    let lifecycle: InteractionLifecycle<KeyboardResult>
    let feed = KeyboardFeed()

    init(initialText: String, configuration: KeyboardConfiguration, cancelID: Int, connection: SDLConnection, logger: Logger) {
        self.initialText = initialText
        self.configuration = configuration
        self.lifecycle = InteractionLifecycle(name: "keyboard \"\(initialText)\"", cancelID: cancelID, connection: connection, logger: logger)
        lifecycle.completion.whenFinished { [feed] _ in feed.finish() }
    }

    /// The `cancelID` its PerformInteraction carries.
    public nonisolated var cancelID: Int { lifecycle.cancelID }

    /// The result; waits until the keyboard has ended and its properties are restored.
    public var result: KeyboardResult {
        get async { await lifecycle.result }
    }

    /// Whether the keyboard has its result.
    public var isFinished: Bool { lifecycle.isFinished }

    /// Every `OnKeyboardInput` of this keyboard, as the keypress mode sends them (keys, mask
    /// toggles, submit, voice, cancel); finishes when the keyboard ends. One consumer.
    public nonisolated var events: AsyncStream<OnKeyboardInput> { feed.events }

    /// Whether the typed characters are hidden now; nil while not known.
    public var isInputMasked: Bool? { feed.isInputMasked }

    /// The autocomplete loop's states (idle, loading, showing, failed) for the app's own UI,
    /// while the keyboard is on screen; finishes when it ends. One consumer.
    public nonisolated var autocompleteStates: AsyncStream<AutocompleteLoop.State> { feed.autocompleteStates }

    /// Switches its suggestions off (the list is emptied, nothing is looked up) or on again,
    /// while it is on screen (KeyboardKit's `isEnabled`); before, it starts that way.
    public func setAutocompleteEnabled(_ enabled: Bool) async { feed.setAutocompleteEnabled(enabled) }

    /// Empties its suggestion list now (KeyboardKit's `resetAutocomplete`); the next key looks up again.
    public func resetAutocomplete() async { feed.resetAutocomplete() }

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
