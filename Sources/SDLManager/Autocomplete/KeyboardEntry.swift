import SDLModel

/// The text on a head unit's keyboard, followed through its `OnKeyboardInput` events as the
/// keypress mode sends them (SDL-RULES §4): RESEND_CURRENT_ENTRY sends the whole text each
/// key, SINGLE_KEYPRESS each key alone ("BS" a backspace, "HT" a tab), QUEUE_KEYPRESSES
/// nothing until the entry is submitted.
public struct KeyboardEntry: Sendable, Hashable {
    /// The text on the keyboard now.
    public private(set) var text: String
    /// How the head unit sends keys, which decides how an event changes the text.
    public let keypressMode: KeypressMode

    /// An entry starting with `initialText`, followed as `keypressMode` sends keys.
    public init(initialText: String = "", keypressMode: KeypressMode = .resendCurrentEntry) {
        self.text = initialText
        self.keypressMode = keypressMode
    }

    /// Follows one event; true if the text changed (and suggestions are due).
    @discardableResult
    public mutating func apply(_ input: OnKeyboardInput) -> Bool {
        let before = text
        switch (input.event, keypressMode) {
        case (.keypress, .resendCurrentEntry), (.entryVoice, _): text = input.data ?? ""
        case (.keypress, .singleKeypress):
            switch input.data {
            case "BS": if !text.isEmpty { text.removeLast() }
            case "HT", nil: break  // a tab key moves the focus; it types nothing
            case let key?: text += key
            }
        default: break
        }
        return text != before
    }
}
