/// Where a keyboard's suggestions come from and how the autocomplete loop paces them
/// (see `AutocompleteLoop`). The provider `.disabled` sends no suggestions at all.
public struct KeyboardAutocomplete: Sendable {
    /// Where suggestions come from.
    public var provider: any AutocompleteProvider
    /// How long typing must pause before a lookup; zero looks up at every key.
    public var debounce: Duration
    /// How long one lookup may take before the list is cleared and the driver told.
    public var timeLimit: Duration
    /// The keys the keyboard offers after each key, from the text so far (nil: the
    /// configuration's own): sdl_ios's `updateCharacterSetWithInput:completionHandler:`,
    /// answered whenever it is ready; an answer for text typed past is dropped.
    public var limitedCharacters: (@Sendable (String) async -> [String]?)?
    /// What of the text is looked up: the whole entry, or its last word.
    public var lookup: AutocompleteLookup
    /// What the driver is told when a lookup fails or takes too long (nil: the built-in
    /// texts for the keyboard's language, else the provider's).
    public var messages: AutocompleteMessages?

    /// Autocomplete from `provider`: looked up once typing pauses for `debounce`, given `timeLimit` per lookup.
    public init(
        provider: any AutocompleteProvider = .disabled, debounce: Duration = .milliseconds(200), timeLimit: Duration = .seconds(5),
        limitedCharacters: (@Sendable (String) async -> [String]?)? = nil, lookup: AutocompleteLookup = .wholeEntry,
        messages: AutocompleteMessages? = nil
    ) {
        self.provider = provider
        self.debounce = debounce
        self.timeLimit = timeLimit
        self.limitedCharacters = limitedCharacters
        self.lookup = lookup
        self.messages = messages
    }

    /// Whether a loop has anything to do: suggestions to look up or keys to limit.
    var isActive: Bool { !(provider is DisabledAutocompleteProvider) || limitedCharacters != nil }
}
