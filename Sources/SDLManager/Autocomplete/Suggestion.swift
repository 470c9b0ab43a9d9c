import SDLModel

/// One autocomplete entry: the text the head unit shows (and types when chosen), and, for
/// the app's own UI, a title and subtitle. `id` says which entries of two answers are the
/// same entry, so a fresh answer can replace a cached one (it defaults to the text).
public struct Suggestion: Sendable, Hashable {
    /// The text the keyboard's list shows, and the text the entry becomes when it is picked.
    public var text: String
    /// A title for the app's own use (a place's name, say); not sent to the head unit.
    public var title: String?
    /// A second line for the app's own use; not sent to the head unit.
    public var subtitle: String?
    /// What identifies the suggestion to the app (the text, unless given).
    public var id: String

    /// A suggestion; without `id`, its text identifies it.
    public init(text: String, title: String? = nil, subtitle: String? = nil, id: String? = nil) {
        self.text = text
        self.title = title
        self.subtitle = subtitle
        self.id = id ?? text
    }
}

/// One answer of a provider for a text, and where it came from.
public struct AutocompleteAnswer: Sendable, Hashable {
    /// Where an answer's suggestions come from.
    public enum Source: Sendable, Hashable {
        /// From what earlier lookups returned, at once: it may be stale.
        case cache
        /// Just looked up.
        case fresh
    }

    /// The suggestions, best first.
    public var suggestions: [Suggestion]
    /// Whether they come from a cache or a fresh lookup.
    public var source: Source

    /// An answer of `suggestions`, fresh unless said otherwise.
    public init(_ suggestions: [Suggestion], source: Source = .fresh) {
        self.suggestions = suggestions
        self.source = source
    }

    /// The answers of a provider's `answers(for:page:)`: `first` at once, then what `lookup`
    /// finds (if anything); the lookup is cancelled when the stream is dropped.
    static func stream(
        first: AutocompleteAnswer? = nil, then lookup: @escaping @Sendable () async throws -> AutocompleteAnswer?
    ) -> AsyncThrowingStream<AutocompleteAnswer, any Error> {
        AsyncThrowingStream { continuation in
            if let first { continuation.yield(first) }
            let task = Task {
                do {
                    if let answer = try await lookup() { continuation.yield(answer) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// Which suggestions of a ranking to return: `count` of them after the first `skip`
/// (Adaptive Cards' typeahead `count`/`skip`).
public struct SuggestionPage: Sendable, Hashable {
    /// How many suggestions to skip from the start of the ranking.
    public var skip: Int
    /// How many suggestions the page holds at most.
    public var count: Int

    /// The page of `count` suggestions after the first `skip`.
    public init(skip: Int = 0, count: Int) {
        self.skip = max(0, skip)
        self.count = max(0, count)
    }

    /// The positions it covers.
    public var range: Range<Int> { skip..<skip + count }
}

/// Where suggestions for what the driver has typed come from (KeyboardKit's
/// `AutocompleteProvider`, sdl_ios's `updateAutocompleteWithInput:`). Only
/// `suggestions(for:)` is required; the rest has defaults.
public protocol AutocompleteProvider: Sendable {
    /// The suggestions for `text`, best first. Throwing shows the driver a failure.
    func suggestions(for text: String) async throws -> [Suggestion]

    /// One page of them; by default a slice of `suggestions(for:)`. A provider that can ask
    /// its source for a page (a remote service's `count`/`skip`) does so here.
    func suggestions(for text: String, page: SuggestionPage) async throws -> [Suggestion]

    /// Successive answers for a page of `text`'s suggestions, each replacing the one before,
    /// the last one final, each saying where it came from: e.g. cached suggestions at once,
    /// then fresh ones. By default the one fresh answer of `suggestions(for:page:)`.
    func answers(for text: String, page: SuggestionPage) -> AsyncThrowingStream<AutocompleteAnswer, any Error>

    /// A short, localized text the driver can be shown when a lookup failed with `error`;
    /// nil leaves it to the caller's generic message.
    func failureMessage(for error: any Error) -> String?

    /// The language its suggestions are in (KeyboardKit's `locale`); nil: not tied to one.
    var language: Language? { get }

    // MARK: Learning (KeyboardKit's learned and ignored words)

    /// Whether `learn`/`unlearn` change what it suggests.
    var canLearnWords: Bool { get }
    /// Whether `ignore`/`removeIgnoredWord` change what it suggests.
    var canIgnoreWords: Bool { get }
    /// The words it learned (that it did not know, or knew less of), in no particular order.
    var learnedWords: [String] { get }
    /// The words it never suggests.
    var ignoredWords: [String] { get }
    /// Whether `word` was learned.
    func hasLearnedWord(_ word: String) -> Bool
    /// Whether `word` is ignored: never suggested.
    func hasIgnoredWord(_ word: String) -> Bool
    /// Counts one more use of `word` (adding it if new): it ranks higher from now on.
    func learn(_ word: String) throws
    /// Forgets what `learn` taught about `word`.
    func unlearn(_ word: String) throws
    /// Never suggests `word` again.
    func ignore(_ word: String) throws
    /// Suggests `word` again after `ignore`.
    func removeIgnoredWord(_ word: String) throws
}

extension AutocompleteProvider {
    public func suggestions(for text: String, page: SuggestionPage) async throws -> [Suggestion] {
        Array(try await suggestions(for: text).dropFirst(page.skip).prefix(page.count))
    }

    public func answers(for text: String, page: SuggestionPage) -> AsyncThrowingStream<AutocompleteAnswer, any Error> {
        AutocompleteAnswer.stream { AutocompleteAnswer(try await suggestions(for: text, page: page), source: .fresh) }
    }

    public func failureMessage(for error: any Error) -> String? { nil }

    public var language: Language? { nil }

    public var canLearnWords: Bool { false }
    public var canIgnoreWords: Bool { false }
    public var learnedWords: [String] { [] }
    public var ignoredWords: [String] { [] }
    /// Whether `learnedWords` holds `word`.
    public func hasLearnedWord(_ word: String) -> Bool { learnedWords.contains(word) }
    /// Whether `ignoredWords` holds `word`.
    public func hasIgnoredWord(_ word: String) -> Bool { ignoredWords.contains(word) }
    public func learn(_ word: String) throws {}
    public func unlearn(_ word: String) throws {}
    public func ignore(_ word: String) throws {}
    public func removeIgnoredWord(_ word: String) throws {}
}

/// Never suggests anything: what a keyboard uses until the app chooses a provider.
public struct DisabledAutocompleteProvider: AutocompleteProvider {
    /// A provider that never suggests anything.
    public init() {}
    public func suggestions(for text: String) async throws -> [Suggestion] { [] }
}

extension AutocompleteProvider where Self == DisabledAutocompleteProvider {
    /// A provider that never suggests anything: autocomplete switched off.
    public static var disabled: DisabledAutocompleteProvider { DisabledAutocompleteProvider() }
}
