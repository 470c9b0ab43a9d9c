import Logging
import SDLModel

/// A searchable choice set on screen: its cells and a keyboard to filter them.
@SDLActor public final class ChoiceSetSearchPresentation {
    /// The set presented.
    public nonisolated let choiceSet: ChoiceSet
    /// The search keyboard's configuration; nil for the manager's default.
    public nonisolated let keyboard: KeyboardConfiguration?
    let lifecycle: InteractionLifecycle<ChoiceSetSearchResult>
    let feed = KeyboardFeed()

    init(_ choiceSet: ChoiceSet, keyboard: KeyboardConfiguration?, cancelID: Int, connection: SDLConnection, logger: Logger) {
        self.choiceSet = choiceSet
        self.keyboard = keyboard
        self.lifecycle = InteractionLifecycle(
            name: "search of \"\(choiceSet.title)\"", cancelID: cancelID, connection: connection, logger: logger)
        lifecycle.completion.whenFinished { [feed] _ in feed.finish() }
    }

    /// The ID that cancels this interaction on the head unit (`CancelInteraction`).
    public nonisolated var cancelID: Int { lifecycle.cancelID }

    /// The one result: a tapped cell or a submitted text; waits until there is one.
    public var result: ChoiceSetSearchResult {
        get async { await lifecycle.result }
    }

    /// Whether the presentation has its result.
    public var isFinished: Bool { lifecycle.isFinished }

    /// Every `OnKeyboardInput` of its search keyboard; finishes when it ends. One consumer.
    public nonisolated var events: AsyncStream<OnKeyboardInput> { feed.events }

    /// Whether the keyboard masks what is typed, once the head unit has said.
    public var isInputMasked: Bool? { feed.isInputMasked }

    /// The search keyboard's autocomplete states; see `KeyboardPresentation.autocompleteStates`.
    public nonisolated var autocompleteStates: AsyncStream<AutocompleteLoop.State> { feed.autocompleteStates }

    /// Switches its search keyboard's suggestions off or on: see `KeyboardPresentation.setAutocompleteEnabled(_:)`.
    public func setAutocompleteEnabled(_ enabled: Bool) async { feed.setAutocompleteEnabled(enabled) }

    /// Empties its suggestion list now; the next key looks up again.
    public func resetAutocomplete() async { feed.resetAutocomplete() }

    /// Cancels it: see `ChoicePresentation.cancel()`.
    public func cancel() async throws(ChoiceSetError) {
        do {
            try await lifecycle.cancel()
        } catch {
            throw ChoiceSetError(error)
        }
    }
}
