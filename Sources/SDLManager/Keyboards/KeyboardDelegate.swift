import SDLModel

/// The delegate style SDL app developers know from sdl_ios's `SDLKeyboardDelegate`. Per
/// keyboard, exactly one of `userDidSubmitInput`, `keyboardDidAbort` and `keyboardDidFail`
/// is called, after every `keyboardDidSendEvent`.
public protocol KeyboardDelegate: AnyObject, Sendable {
    /// The driver submitted `text` (`.entrySubmitted`), or pressed the voice key (`.entryVoice`, with the text so far).
    func userDidSubmitInput(_ text: String, withEvent event: KeyboardEvent)
    /// The keyboard closed without input: `.entryCancelled` (the user or the app closed it) or
    /// `.entryAborted` (it timed out).
    func keyboardDidAbort(withReason event: KeyboardEvent)
    /// The keyboard could not be shown or ended without an answer.
    func keyboardDidFail(with error: any Error)
    /// Every `OnKeyboardInput` of the keyboard, as it comes.
    func keyboardDidSendEvent(_ event: KeyboardEvent, text: String?)
    /// The driver showed or hid the typed characters.
    func keyboardDidUpdateInputMask(_ isMasked: Bool)
    /// Where the keyboard's suggestions come from (sdl_ios's `updateAutocompleteWithInput`,
    /// as a provider the autocomplete loop debounces and keeps from going stale); nil: the
    /// manager's own `autocomplete`.
    var autocompleteProvider: (any AutocompleteProvider)? { get }
    /// The keys the keyboard offers now that the text is `input` (sdl_ios's
    /// `updateCharacterSetWithInput:completionHandler:`, sdl_java_suite's
    /// `updateCharacterSetWithInput`): asked after every key and sent when answered, unless
    /// the driver has typed on meanwhile; nil keeps the configuration's own keys.
    func updateCharacterSet(withInput input: String) async -> [String]?
    /// This keyboard's configuration (sdl_ios's `customKeyboardConfiguration`); nil: the manager's default.
    var keyboardConfiguration: KeyboardConfiguration? { get }
    /// The driver submitted the text of a suggestion from the list: by default
    /// `userDidSubmitInput` with its text.
    func userDidSelectSuggestion(_ suggestion: Suggestion)
}

extension KeyboardDelegate {
    public func keyboardDidSendEvent(_ event: KeyboardEvent, text: String?) {}
    public func keyboardDidUpdateInputMask(_ isMasked: Bool) {}
    public var autocompleteProvider: (any AutocompleteProvider)? { nil }
    public func updateCharacterSet(withInput input: String) async -> [String]? { nil }
    public var keyboardConfiguration: KeyboardConfiguration? { nil }
    public func userDidSelectSuggestion(_ suggestion: Suggestion) { userDidSubmitInput(suggestion.text, withEvent: .entrySubmitted) }

    func deliver(_ input: OnKeyboardInput) {
        keyboardDidSendEvent(input.event, text: input.data)
        switch input.event {
        case .inputKeyMaskEnabled: keyboardDidUpdateInputMask(true)
        case .inputKeyMaskDisabled: keyboardDidUpdateInputMask(false)
        default: break
        }
    }

    func deliver(_ result: KeyboardResult, text: String) {
        switch result {
        case .submitted(let text): userDidSubmitInput(text, withEvent: .entrySubmitted)
        case .suggestionPicked(let suggestion): userDidSelectSuggestion(suggestion)
        case .voiceRequested: userDidSubmitInput(text, withEvent: .entryVoice)
        case .cancelled: keyboardDidAbort(withReason: .entryCancelled)
        case .timedOut: keyboardDidAbort(withReason: .entryAborted)
        case .failed(let error): keyboardDidFail(with: error)
        }
    }
}
