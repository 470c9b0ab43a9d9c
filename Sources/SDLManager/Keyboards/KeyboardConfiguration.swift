import SDLModel

/// How a keyboard looks and reports its keys: the app's wish, made fit for a head unit
/// by `properties(for:fallbackLayout:)` before it is sent.
public struct KeyboardConfiguration: Sendable, Hashable {
    /// The keyboard's layout (QWERTY, QWERTZ, AZERTY, numeric).
    public var layout: KeyboardLayout
    /// How `OnKeyboardInput` reports the keys (SDL-RULES §4).
    public var keypressMode: KeypressMode
    /// The keyboard's language; nil for the head unit's.
    public var language: Language?
    /// The only keys the keyboard offers (one character each, at most 100).
    public var limitedCharacterList: [String]?
    /// Whether the typed characters are hidden (a password); needs a head unit with mask support.
    public var maskInputCharacters: KeyboardInputMask?
    /// Extra keys (one character each), as many as the layout has configurable keys.
    public var customKeys: [String]?
    /// A fixed list of suggestions, for a keyboard that needs no provider (sdl_ios's
    /// `autoCompleteList`); made fit for SDL (at most 100 entries of 1–1000 characters).
    public var autocompleteList: [String]?

    /// A configuration; what the head unit cannot do is dropped with a warning when a keyboard is shown.
    public init(
        layout: KeyboardLayout = .qwerty, keypressMode: KeypressMode = .resendCurrentEntry, language: Language? = nil,
        limitedCharacterList: [String]? = nil, maskInputCharacters: KeyboardInputMask? = nil, customKeys: [String]? = nil,
        autocompleteList: [String]? = nil
    ) {
        self.layout = layout
        self.keypressMode = keypressMode
        self.language = language
        self.limitedCharacterList = limitedCharacterList
        self.maskInputCharacters = maskInputCharacters
        self.customKeys = customKeys
        self.autocompleteList = autocompleteList
    }

    /// The keyboard properties to send to a head unit with `capabilities` (nil: it did not
    /// report any, as SDL before 6.0), and what had to change. An unsupported layout becomes
    /// `fallbackLayout` (the default configuration's) if supported, else the first supported
    /// one; custom keys are trimmed to the layout's configurable keys; the mask is dropped
    /// without mask support. Without capabilities the layout, custom keys and mask are not
    /// sent at all: the head unit keeps its own.
    public func properties(
        for capabilities: KeyboardCapabilities?, fallbackLayout: KeyboardLayout = .qwerty
    ) -> (properties: KeyboardProperties, warnings: [KeyboardConfigurationWarning]) {
        var properties = KeyboardProperties(language: language, keypressMode: keypressMode)
        var warnings: [KeyboardConfigurationWarning] = []
        let keys = Self.singleCharacters(limitedCharacterList ?? [], limit: 100)
        properties.limitedCharacterList = keys.isEmpty ? nil : keys
        properties.autoCompleteList = autocompleteList.map { AutocompleteList.fitting($0.map { Suggestion(text: $0) }).map(\.text) }
        let customKeys = Self.singleCharacters(customKeys ?? [], limit: 10)
        guard let capabilities else {
            if !customKeys.isEmpty || maskInputCharacters != nil || layout != .qwerty {
                warnings.append(.noKeyboardCapabilities)
            }
            return (properties, warnings)
        }
        let supported = (capabilities.supportedKeyboards ?? []).map(\.keyboardLayout)
        let chosen: KeyboardLayout?
        if supported.contains(layout) {
            chosen = layout
        } else {
            chosen = supported.contains(fallbackLayout) ? fallbackLayout : supported.first
            warnings.append(.layoutUnsupported(layout, using: chosen))
        }
        properties.keyboardLayout = chosen
        let allowed = chosen.map(capabilities.configurableKeys(for:)) ?? 0
        let sentKeys = Array(customKeys.prefix(allowed))
        if sentKeys.count < customKeys.count {
            warnings.append(.customKeysTrimmed(sent: sentKeys, dropped: Array(customKeys.dropFirst(allowed))))
        }
        properties.customKeys = sentKeys.isEmpty ? nil : sentKeys
        if let mask = maskInputCharacters {
            if capabilities.maskInputCharactersSupported == true {
                properties.maskInputCharacters = mask
            } else {
                warnings.append(.maskUnsupported)
            }
        }
        return (properties, warnings)
    }

    /// Distinct one-character keys, as SDL allows them in key lists.
    private static func singleCharacters(_ keys: [String], limit: Int) -> [String] {
        var seen = Set<String>()
        let fitting = keys.filter { $0.unicodeScalars.count == 1 && !$0.allSatisfy(\.isWhitespace) && seen.insert($0).inserted }
        return Array(fitting.prefix(limit))
    }
}

/// What a keyboard configuration lost on its way to a head unit (logged as warnings).
public enum KeyboardConfigurationWarning: Sendable, Hashable, CustomStringConvertible {
    /// The head unit reports no keyboard capabilities: layout, custom keys and mask were not sent.
    case noKeyboardCapabilities
    /// The head unit has no such layout; this one (nil: none reported) was used instead.
    case layoutUnsupported(KeyboardLayout, using: KeyboardLayout?)
    /// More custom keys than the layout has configurable keys.
    case customKeysTrimmed(sent: [String], dropped: [String])
    /// The head unit cannot mask input characters: the mask was not sent.
    case maskUnsupported

    public var description: String {
        switch self {
        case .noKeyboardCapabilities:
            "the head unit reports no keyboard capabilities: layout, custom keys and input mask are not sent"
        case .layoutUnsupported(let layout, let fallback):
            "keyboard layout \(layout.rawValue) is not supported: using \(fallback?.rawValue ?? "the head unit's own")"
        case .customKeysTrimmed(let sent, let dropped):
            "only \(sent.count) custom key(s) fit the layout: \(dropped) left out"
        case .maskUnsupported: "the head unit cannot mask input characters: the mask is not sent"
        }
    }
}
