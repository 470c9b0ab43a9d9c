import Synchronization

/// Suggestions from a remote source that answers pages (`count` entries after `skip`, as
/// Adaptive Cards' typeahead asks a bot): the pages it has per text are kept as
/// `PagedSuggestions`, so a page is answered at once from what is known (tagged `.cache`),
/// then, if parts of it are missing, only those gaps are fetched and the page is answered
/// again, whole and `.fresh` (Skygear's cached fetch that fills the gaps).
public final class PagedRemoteAutocompleteProvider: AutocompleteProvider {
    /// Fetches one page of suggestions for a text.
    public typealias PageLookup = @Sendable (_ text: String, _ page: SuggestionPage) async throws -> [Suggestion]

    /// The page `suggestions(for:)` asks for.
    public let defaultPage: SuggestionPage
    private let lookup: PageLookup
    private let known = Mutex<[String: Pages]>([:])

    private struct Pages {
        var suggestions = PagedSuggestions()
        /// Where the ranking ends, once a page came back short.
        var end: Int?
    }

    /// A provider asking `lookup` for pages, `defaultPage` when a caller asks for no page of its own.
    public init(defaultPage: SuggestionPage = SuggestionPage(count: 20), lookup: @escaping PageLookup) {
        self.defaultPage = defaultPage
        self.lookup = lookup
    }

    public func suggestions(for text: String) async throws -> [Suggestion] {
        try await suggestions(for: text, page: defaultPage)
    }

    /// The page, fetching only the parts of it no earlier answer gave.
    public func suggestions(for text: String, page: SuggestionPage) async throws -> [Suggestion] {
        for gap in gaps(in: page, for: text) {
            let fetched = try await lookup(text, SuggestionPage(skip: gap.lowerBound, count: gap.count))
            known.withLock { known in
                known[text, default: Pages()].suggestions.insert(Array(fetched.prefix(gap.count)), at: gap.lowerBound)
                if fetched.count < gap.count { known[text, default: Pages()].end = gap.lowerBound + fetched.count }
            }
        }
        return cached(page, for: text)
    }

    public func answers(for text: String, page: SuggestionPage) -> AsyncThrowingStream<AutocompleteAnswer, any Error> {
        let cached = AutocompleteAnswer(cached(page, for: text), source: .cache)
        guard !gaps(in: page, for: text).isEmpty else { return AutocompleteAnswer.stream(first: cached) { nil } }
        return AutocompleteAnswer.stream(first: cached.suggestions.isEmpty ? nil : cached) {
            AutocompleteAnswer(try await self.suggestions(for: text, page: page), source: .fresh)
        }
    }

    /// The parts of `page` not known yet, short of where the ranking ends.
    public func gaps(in page: SuggestionPage, for text: String) -> [Range<Int>] {
        known.withLock { known in
            let pages = known[text] ?? Pages()
            let wanted = page.skip..<min(page.range.upperBound, pages.end ?? .max)
            return wanted.isEmpty ? [] : pages.suggestions.missingRanges(in: wanted)
        }
    }

    /// What is known of `page`, in ranking order.
    private func cached(_ page: SuggestionPage, for text: String) -> [Suggestion] {
        let all = known.withLock { $0[text]?.suggestions.suggestions ?? [] }
        return Array(all.dropFirst(page.skip).prefix(page.count))
    }
}
