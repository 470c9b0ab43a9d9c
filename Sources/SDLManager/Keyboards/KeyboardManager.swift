import Logging
import SDLModel

/// Keyboards on the head unit, as `SDLManager.keyboards`: presents them (`PerformInteraction`
/// layout KEYBOARD), with a configuration made fit for the head unit's keyboard capabilities,
/// routes `OnKeyboardInput` to the keyboard on screen only, and puts the keyboard properties
/// in force before a keyboard back exactly as they were after it, however it ends.
///
/// ```swift
/// switch await manager.keyboards.present(initialText: "Where to?") {
/// case .submitted(let text): print("destination: \(text)")
/// case .voiceRequested, .cancelled, .timedOut, .failed: break
/// }
/// ```
///
/// Keyboards run on the manager's queue, one interaction at a time with choice sets, in the
/// order they were asked for with them.
@SDLActor public final class KeyboardManager {
    /// A wait no head unit reaches: the keyboard's own resetting wait ends it first.
    nonisolated static let unboundedWait = Duration.seconds(365 * 24 * 3600)

    /// Used by every keyboard presented without its own configuration, and as the fallback
    /// layout. Changing it puts it in force on the head unit (`setDefaultConfiguration`).
    public private(set) var defaultConfiguration = KeyboardConfiguration()
    /// Suggestions for keyboards (and search keyboards) presented without their own.
    public private(set) var autocomplete = KeyboardAutocomplete()
    /// The keyboard properties the manager has put in force on the head unit (nil: the
    /// head unit's defaults); restored after every keyboard.
    public private(set) var propertiesInForce: KeyboardProperties?
    /// The main window's keyboard capabilities, as the head unit last reported them.
    public private(set) var capabilities: KeyboardCapabilities?
    /// The SDL version the head unit registered with; nil before registration.
    public private(set) var headUnitVersion: SdlMsgVersion?

    let router = KeyboardInputRouter()
    private let connection: SDLConnection
    private let queue: SDLOperationQueue
    private let cancelIDs: CancelIDSequence
    private let logger: Logger
    private var presentations: [ObjectIdentifier: KeyboardPresentation] = [:]
    private var shutDownReason: String?

    nonisolated init(connection: SDLConnection, queue: SDLOperationQueue, cancelIDs: CancelIDSequence, logger: Logger) {
        self.connection = connection
        self.queue = queue
        self.cancelIDs = cancelIDs
        self.logger = logger
    }

    // MARK: The default configuration

    /// Makes `configuration` the default and puts it in force on the head unit (in turn
    /// with the queue's other work); throws if the head unit refuses it, leaving the
    /// default as it was.
    public func setDefaultConfiguration(_ configuration: KeyboardConfiguration) async throws {
        let properties = resolved(configuration, fallbackLayout: configuration.layout)
        let operation = queue.submit("keyboard default configuration") { try await self.putInForce(properties) }
        try await withTaskCancellationHandler {
            try await operation.value
        } onCancel: {
            Task { @SDLActor in operation.cancel() }
        }
        defaultConfiguration = configuration
    }

    /// Makes `autocomplete` the one keyboards use unless given their own; keyboards on screen keep theirs.
    public func setAutocomplete(_ autocomplete: KeyboardAutocomplete) {
        self.autocomplete = autocomplete
    }

    private func putInForce(_ properties: KeyboardProperties) async throws {
        try await apply(from: propertiesInForce, to: properties)
        propertiesInForce = properties
    }

    // MARK: Presenting

    /// Presents a keyboard and returns how it ended. Cancelling the calling task cancels it.
    /// - Parameters:
    ///   - initialText: the keyboard's title, shown above what is typed.
    ///   - configuration: this keyboard's own (nil: the default); the default is not changed.
    ///   - autocomplete: this keyboard's suggestions (nil: the manager's `autocomplete`).
    ///   - timeout: how long the keyboard stays without a key (PerformInteraction's `timeout`).
    public func present(
        initialText: String, configuration: KeyboardConfiguration? = nil, autocomplete: KeyboardAutocomplete? = nil,
        timeout: Duration = .seconds(10)
    ) async -> KeyboardResult {
        let presentation = start(initialText: initialText, configuration: configuration, autocomplete: autocomplete, timeout: timeout)
        return await resultCancellingWithTask(
            of: "keyboard", logger: logger, result: { await presentation.result }, cancel: { try await presentation.cancel() })
    }

    /// Presents a keyboard and tells `delegate` what happens on it (held weakly).
    @discardableResult
    public func presentKeyboard(
        initialText: String, configuration: KeyboardConfiguration? = nil, timeout: Duration = .seconds(10),
        delegate: any KeyboardDelegate
    ) -> KeyboardPresentation {
        let presentation = start(
            initialText: initialText, configuration: configuration ?? delegate.keyboardConfiguration,
            autocomplete: autocomplete(for: delegate), timeout: timeout)
        presentation.feed.addListener { [weak delegate] input in delegate?.deliver(input) }
        let feed = presentation.feed
        presentation.lifecycle.whenEnded { [weak delegate] result in delegate?.deliver(result, text: feed.voiceText ?? "") }
        return presentation
    }

    /// The suggestions and keys a delegate gives: its provider (nil: the manager's), with
    /// the manager's pacing, and its character sets per keystroke.
    func autocomplete(for delegate: any KeyboardDelegate) -> KeyboardAutocomplete {
        var autocomplete = autocomplete
        if let provider = delegate.autocompleteProvider { autocomplete.provider = provider }
        autocomplete.limitedCharacters = { [weak delegate] text in await delegate?.updateCharacterSet(withInput: text) }
        return autocomplete
    }

    /// Cancels the keyboard that carries `cancelID`, as its presentation's `cancel()` does
    /// (sdl_ios's `dismissKeyboardWithCancelID:`, sdl_java_suite's `dismissKeyboard(cancelID)`);
    /// false when no keyboard of this manager carries it (it has ended, or never was).
    @discardableResult
    public func dismissKeyboard(cancelID: Int) async throws(KeyboardError) -> Bool {
        guard let presentation = presentations.values.first(where: { $0.cancelID == cancelID }) else { return false }
        try await presentation.cancel()
        return true
    }

    /// Starts presenting a keyboard: the handle's `result` is how it ended, `cancel()` ends it early.
    public func start(
        initialText: String, configuration: KeyboardConfiguration? = nil, autocomplete: KeyboardAutocomplete? = nil,
        timeout: Duration = .seconds(10)
    ) -> KeyboardPresentation {
        let presentation = KeyboardPresentation(
            initialText: initialText, configuration: configuration ?? defaultConfiguration, cancelID: cancelIDs.take(),
            connection: connection, logger: logger)
        if let shutDownReason {
            presentation.lifecycle.finish(.failed(SDLOperationError.shutDown(reason: shutDownReason)))
            return presentation
        }
        let key = ObjectIdentifier(presentation)
        presentations[key] = presentation
        presentation.lifecycle.completion.whenFinished { _ in self.presentations[key] = nil }
        let operation = queue.submit("keyboard \"\(initialText)\"", watchdog: Self.unboundedWait) {
            await self.perform(presentation, autocomplete: autocomplete, timeout: timeout)
        }
        presentation.lifecycle.queued(operation)
        return presentation
    }

    private func perform(_ presentation: KeyboardPresentation, autocomplete: KeyboardAutocomplete?, timeout: Duration) async {
        let lifecycle = presentation.lifecycle
        guard lifecycle.beginPreparing() else { return }
        let request = PerformInteraction(
            initialText: presentation.initialText, mode: .manualOnly, choiceSetIDs: [], layout: .keyboard,
            timeout: Int((timeout / .milliseconds(1)).rounded()), cancelID: lifecycle.cancelID)
        let answer = await show(
            request, lifecycle: lifecycle, configuration: presentation.configuration, autocomplete: autocomplete,
            feed: presentation.feed, wait: connection.configuration.defaultTimeout * 2 + timeout * 2, closesOnVoice: true)
        guard let answer else { return }
        let result: KeyboardResult
        switch answer {
        case _ where presentation.feed.voiceRequested: result = .voiceRequested
        case .success where presentation.feed.pickedSuggestion != nil: result = .suggestionPicked(presentation.feed.pickedSuggestion!)
        case .success(let response): result = .submitted(response.manualTextEntry ?? "")
        case .failure(let error): result = lifecycle.result(endedBy: error)
        }
        lifecycle.finish(result)
    }

    /// Shows a keyboard (or a search set's) and returns the head unit's answer to `request`,
    /// after putting `configuration`'s properties in force, routing the keyboard's input to
    /// `feed` (and its autocomplete loop) while it is on screen, and restoring the properties
    /// in force before. The answer is awaited while the driver keeps typing: `wait` from the
    /// last key. nil when the lifecycle was cancelled before it was shown.
    func show<R>(
        _ request: PerformInteraction, lifecycle: InteractionLifecycle<R>, configuration: KeyboardConfiguration?,
        autocomplete: KeyboardAutocomplete?, feed: KeyboardFeed, wait: Duration, closesOnVoice: Bool
    ) async -> Result<PerformInteraction.Response, any Error>? {
        let previous = propertiesInForce
        let properties = resolved(configuration ?? defaultConfiguration, fallbackLayout: defaultConfiguration.layout)
        do {
            try await apply(from: previous, to: properties)
        } catch {
            logger.warning("the keyboard's properties were refused: \(error)")
            await restore(previous, after: properties)
            return .failure(error)
        }
        guard lifecycle.beginShowing(headUnitVersion: headUnitVersion) else {
            await restore(previous, after: properties)
            return nil
        }
        let timekeeper = connection.configuration.timekeeper
        feed.shown(at: timekeeper.now(), mask: properties.maskInputCharacters)
        let suggestions = startAutocomplete(autocomplete ?? self.autocomplete, properties: properties, feed: feed)
        let token = router.attach { input in
            guard feed.receive(input, at: timekeeper.now()), closesOnVoice else { return }
            // The driver wants to speak: the keyboard makes way (where the head unit can close it).
            Task { await lifecycle.dismissOnScreen() }
        }
        let answer: Result<PerformInteraction.Response, any Error>
        do {
            answer = .success(try await answerResettingWait(to: request, feed: feed, wait: wait))
        } catch {
            answer = .failure(error)
        }
        // Every event sent before the answer was routed as its line was read, before the answer.
        router.detach(token)
        if case .success(let response) = answer, let text = response.manualTextEntry, response.choiceID == nil {
            feed.picked(suggestions?.shownSuggestion(withText: text))
        }
        feed.finish()
        // No suggestion may reach the head unit after the keyboard: the loop stops, and what it
        // already sent is answered before the properties are restored over it.
        suggestions?.stop()
        await suggestions?.waitForDeliveries()
        await restore(previous, after: properties, listShown: suggestions?.hasSent ?? false)
        return answer
    }

    /// Awaits the answer to `request` for as long as the driver keeps typing: it fails with
    /// `KeyboardError.noAnswer` only after `wait` without any key. Cancelling the waiting
    /// task (the queue ending the keyboard's operation) stops waiting for the answer.
    private func answerResettingWait(
        to request: PerformInteraction, feed: KeyboardFeed, wait: Duration
    ) async throws -> PerformInteraction.Response {
        let timekeeper = connection.configuration.timekeeper
        let answer = OnceCompletion<PerformInteraction.Response>()
        let sending = Task {
            do {
                answer.finish(.success(try await connection.send(request, timeout: Self.unboundedWait).parameters))
            } catch {
                answer.finish(.failure(error))
            }
        }
        let watching = Task {
            while true {
                do { try await timekeeper.sleep(feed.lastActivity + wait) } catch { return }
                if feed.lastActivity + wait <= timekeeper.now() {
                    answer.finish(.failure(KeyboardError.noAnswer(after: wait)))
                    return
                }
            }
        }
        let outcome = await withTaskCancellationHandler {
            await answer.result
        } onCancel: {
            Task { @SDLActor in answer.finish(.failure(CancellationError())) }
        }
        sending.cancel()
        watching.cancel()
        return try outcome.get()
    }

    // MARK: Autocomplete

    /// Starts a loop sending `autocomplete`'s suggestions for the keyboard's text, fed by
    /// `feed`'s events as they are routed; nil when it has nothing to do.
    private func startAutocomplete(
        _ autocomplete: KeyboardAutocomplete, properties: KeyboardProperties, feed: KeyboardFeed
    ) -> AutocompleteLoop? {
        guard autocomplete.isActive else { return nil }
        let messages = autocomplete.messages ?? .builtIn(for: properties.language ?? autocomplete.provider.language)
        let configuration = AutocompleteLoop.Configuration(
            keyboard: properties, debounce: autocomplete.debounce, timeLimit: autocomplete.timeLimit,
            headUnitVersion: headUnitVersion, limitedCharacters: autocomplete.limitedCharacters, lookup: autocomplete.lookup,
            timeoutMessage: messages.timeout, failureMessage: messages.failure)
        let loop = AutocompleteLoop(
            provider: autocomplete.provider, configuration: configuration, initialText: "",
            timekeeper: connection.configuration.timekeeper
        ) { [connection] properties in
            _ = try await connection.send(SetGlobalProperties(keyboardProperties: properties))
        }
        feed.addListener { loop.handle($0) }
        feed.follow(loop)
        return loop
    }

    // MARK: Keyboard properties

    private func resolved(_ configuration: KeyboardConfiguration, fallbackLayout: KeyboardLayout) -> KeyboardProperties {
        let (properties, warnings) = configuration.properties(for: capabilities, fallbackLayout: fallbackLayout)
        for warning in warnings { logger.warning("keyboard configuration: \(warning)") }
        return properties
    }

    private var listsSupported: Bool { (headUnitVersion ?? SdlMsgVersion(0, 0)) >= SdlMsgVersion(6, 0) }

    private func apply(from old: KeyboardProperties?, to new: KeyboardProperties?, listShown: Bool = false) async throws {
        let steps = KeyboardPropertiesTransition.steps(from: old, to: new, listsSupported: listsSupported, listShown: listShown)
        for step in steps {
            switch step {
            case .reset: _ = try await connection.send(ResetGlobalProperties([.keyboardProperties]))
            case .set(let properties): _ = try await connection.send(SetGlobalProperties(keyboardProperties: properties))
            }
        }
    }

    /// Puts `previous` back after a keyboard that used `properties`. Runs to the end even
    /// when the keyboard's operation is cancelled (the watchdog, the app): the head unit must
    /// not keep a keyboard's properties.
    private func restore(_ previous: KeyboardProperties?, after properties: KeyboardProperties, listShown: Bool = false) async {
        await Task {
            do {
                try await self.apply(from: properties, to: previous, listShown: listShown)
            } catch {
                self.logger.warning("the keyboard properties in force before could not be restored: \(error)")
            }
        }.value
    }

    // MARK: Following the session (called by SDLManager)

    /// Hands a keyboard event to the keyboard on screen, or drops it.
    func route(_ input: OnKeyboardInput) {
        if !router.route(input) { logger.debug("OnKeyboardInput \(input.event.rawValue) with no keyboard on screen: dropped") }
    }

    /// The app is registered (again): the head unit has its default keyboard properties.
    func registered(headUnitVersion: SdlMsgVersion?) {
        self.headUnitVersion = headUnitVersion
        propertiesInForce = nil
    }

    func registrationLost() {
        propertiesInForce = nil
    }

    func capabilitiesChanged(_ capabilities: KeyboardCapabilities?) {
        self.capabilities = capabilities
    }

    /// The manager stopped: every keyboard not ended yet fails, and nothing more is accepted.
    func shutDown(reason: String) {
        guard shutDownReason == nil else { return }
        shutDownReason = reason
        let error = SDLOperationError.shutDown(reason: reason)
        for presentation in presentations.values { presentation.lifecycle.finish(.failed(error)) }
        presentations = [:]
    }
}
