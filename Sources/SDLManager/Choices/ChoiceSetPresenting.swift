import SDLModel

/// Presenting choice sets, plain or with a search keyboard: each call starts a presentation
/// (its handle, its one result) that the coordinator queues as a `PresentChoicesOperation`.
extension ChoiceSetManager {
    /// The cancel IDs of this manager's interactions, used in turn (as sdl_ios's choice set manager does).
    public nonisolated static let cancelIDs = 101...200

    // MARK: Plain sets

    /// Presents `set` and returns how it ended: preloads the cells not loaded yet (artwork
    /// first), then shows it with `PerformInteraction` in turn with the queue's other work.
    /// Cancelling the calling task cancels the presentation (on a head unit older than
    /// SDL 6.0 an interaction on screen cannot be dismissed: its result then comes when the user ends it).
    public func present(_ set: ChoiceSet, mode: InteractionMode = .manualOnly) async -> ChoiceSetResult {
        let presentation = start(set, mode: mode)
        return await resultCancellingWithTask(
            of: "presentation", logger: logger, result: { await presentation.result }, cancel: { try await presentation.cancel() })
    }

    /// Presents `set` and tells `delegate` how it ended (held weakly, as SDL delegates are).
    @discardableResult
    public func presentChoiceSet(_ set: ChoiceSet, mode: InteractionMode = .manualOnly, delegate: any ChoiceSetDelegate) -> ChoicePresentation {
        let presentation = start(set, mode: mode)
        presentation.lifecycle.whenEnded { [weak delegate] result in delegate?.deliver(result, for: set) }
        return presentation
    }

    /// Starts presenting `set`: the handle's `result` is how it ended, `cancel()` ends it early.
    public func start(_ set: ChoiceSet, mode: InteractionMode = .manualOnly) -> ChoicePresentation {
        let operation = presenting(set, mode: mode)
        let presentation = ChoicePresentation(set, mode: mode, cancelID: operation.cancelID, connection: connection, logger: logger)
        let lifecycle = presentation.lifecycle
        let wait = interactionWait(for: operation)
        begin(lifecycle, operation: operation, watchdog: wait) { request in
            await operation.show(request, lifecycle: lifecycle, headUnitVersion: self.headUnitVersion, over: self.connection, wait: wait)
        }
        return presentation
    }

    /// Showing `set` with the set's own layout and timeout, else the configuration's defaults.
    private func presenting(_ set: ChoiceSet, mode: InteractionMode) -> PresentChoicesOperation {
        PresentChoicesOperation(
            choiceSet: set, mode: mode, cancelID: cancelIDs.take(), layout: set.layout ?? configuration.defaultLayout,
            timeout: set.timeout ?? configuration.defaultTimeout)
    }

    // MARK: Searchable sets

    /// Presents `set` with a search keyboard (LIST_WITH_SEARCH, or ICON_WITH_SEARCH for
    /// tiles) and returns how it ended: a tapped cell, or the text the user submitted.
    /// - Parameters:
    ///   - set: the cells and the title.
    ///   - keyboard: the search keyboard's configuration (nil: the keyboards' default).
    ///   - autocomplete: its suggestions (nil: the keyboard manager's `autocomplete`).
    ///   - mode: whether the driver picks by touch, by voice, or both.
    public func presentSearchable(
        _ set: ChoiceSet, keyboard: KeyboardConfiguration? = nil, autocomplete: KeyboardAutocomplete? = nil,
        mode: InteractionMode = .manualOnly
    ) async -> ChoiceSetSearchResult {
        let presentation = startSearch(set, keyboard: keyboard, autocomplete: autocomplete, mode: mode)
        return await resultCancellingWithTask(
            of: "search", logger: logger, result: { await presentation.result }, cancel: { try await presentation.cancel() })
    }

    /// Starts presenting `set` with a search keyboard: see `presentSearchable`.
    public func startSearch(
        _ set: ChoiceSet, keyboard: KeyboardConfiguration? = nil, autocomplete: KeyboardAutocomplete? = nil,
        mode: InteractionMode = .manualOnly
    ) -> ChoiceSetSearchPresentation {
        let operation = presenting(set, mode: mode)
        let presentation = ChoiceSetSearchPresentation(
            set, keyboard: keyboard, cancelID: operation.cancelID, connection: connection, logger: logger)
        let wait = interactionWait(for: operation)
        // The head unit restarts its timeout on every key: the keyboard's own resetting wait ends it.
        begin(presentation.lifecycle, operation: operation, watchdog: KeyboardManager.unboundedWait) { [keyboards] request in
            await operation.showSearch(request, presentation: presentation, autocomplete: autocomplete, keyboards: keyboards, wait: wait)
        }
        return presentation
    }

    /// Presents `set` with a search keyboard, the delegate way (sdl_ios's
    /// `presentSearchableChoiceSet:mode:withKeyboardDelegate:`, sdl_java_suite's
    /// `presentChoiceSet(set, mode, keyboardListener)`): `keyboardDelegate` gives the keyboard's
    /// configuration, suggestions and per-keystroke keys, and hears every key; exactly one
    /// call ends it — `delegate`'s `didSelect` for a picked cell, `keyboardDelegate`'s
    /// `userDidSubmitInput` (or `userDidSelectSuggestion`) for submitted text, else
    /// `delegate`'s `didFinishWith` (timed out, cancelled, failed). Both are held weakly.
    @discardableResult
    public func presentSearchableChoiceSet(
        _ set: ChoiceSet, mode: InteractionMode = .manualOnly, delegate: any ChoiceSetDelegate, keyboardDelegate: any KeyboardDelegate
    ) async -> ChoiceSetSearchPresentation {
        let autocomplete = keyboards.autocomplete(for: keyboardDelegate)
        let presentation = startSearch(set, keyboard: keyboardDelegate.keyboardConfiguration, autocomplete: autocomplete, mode: mode)
        presentation.feed.addListener { [weak keyboardDelegate] input in keyboardDelegate?.deliver(input) }
        presentation.lifecycle.whenEnded { [weak delegate, weak keyboardDelegate] result in
            switch result {
            case .selected(let cell, let row, let source): delegate?.choiceSet(set, didSelect: cell, row: row, source: source)
            case .submitted(let text): keyboardDelegate?.userDidSubmitInput(text, withEvent: .entrySubmitted)
            case .suggestionPicked(let suggestion): keyboardDelegate?.userDidSelectSuggestion(suggestion)
            case .timedOut: delegate?.choiceSet(set, didFinishWith: ChoiceSetError.timedOut)
            case .cancelled(let source): delegate?.choiceSet(set, didFinishWith: ChoiceSetError.cancelled(by: source))
            case .failed(let error): delegate?.choiceSet(set, didFinishWith: error)
            }
        }
        return presentation
    }
}
