import SDLModel
import Synchronization

/// Cache-then-fresh: answers at once from what earlier lookups returned (the answer for
/// "Ber" filtered for "Berl"), then with the fresh answer of `base` merged into that
/// (`Suggestion.merge(cached:fresh:)`: matched by id, the fresh one replacing the cached
/// one, in the fresh order).
public final class CachingAutocompleteProvider<Base: AutocompleteProvider>: AutocompleteProvider {
    /// The provider asked for fresh suggestions.
    public let base: Base
    /// How many earlier queries' answers are kept; the least recently stored go first.
    public let capacity: Int
    private let matches: @Sendable (Suggestion, String) -> Bool
    private let cache: Mutex<AnswerCache>

    /// - Parameters:
    ///   - base: the provider asked for fresh suggestions.
    ///   - capacity: how many earlier queries' answers are kept.
    ///   - matches: whether a cached suggestion still fits the longer text; by
    ///     default its text starts with it, ignoring case and accents.
    public init(
        _ base: Base, capacity: Int = 200,
        matches: (@Sendable (Suggestion, String) -> Bool)? = nil
    ) {
        precondition(capacity > 0, "a cache holds at least one answer")
        self.base = base
        self.capacity = capacity
        self.matches = matches ?? { suggestion, text in TextFolding.fold(suggestion.text).starts(with: TextFolding.fold(text)) }
        self.cache = Mutex(AnswerCache())
    }

    /// What earlier answers say about `text`: the fresh answer of the longest earlier query
    /// `text` starts with (itself included), filtered by `matches`; nil if there is none.
    public func cachedSuggestions(for text: String) -> [Suggestion]? {
        let folded = TextFolding.fold(text)
        let answer = cache.withLock { cache -> [Suggestion]? in
            for length in (0...folded.count).reversed() {
                if let answer = cache.answers[Array(folded.prefix(length))] { return answer }
            }
            return nil
        }
        return answer?.filter { matches($0, text) }
    }

    /// The cached suggestions at once (when there are any), tagged `.cache`, then the fresh
    /// ones merged with them, tagged `.fresh` (Skygear's cached callback, then the fetched one).
    public func answers(for text: String, page: SuggestionPage) -> AsyncThrowingStream<AutocompleteAnswer, any Error> {
        let cached = cachedSuggestions(for: text).map { Array($0.dropFirst(page.skip).prefix(page.count)) }
        let first = cached.flatMap { $0.isEmpty ? nil : AutocompleteAnswer($0, source: .cache) }
        return AutocompleteAnswer.stream(first: first) {
            let fresh = try await self.base.suggestions(for: text, page: page)
            if page.skip == 0 { self.store(fresh, for: text) }
            return AutocompleteAnswer(Array(Suggestion.merge(cached: cached ?? [], fresh: fresh).prefix(page.count)), source: .fresh)
        }
    }

    /// The fresh answer merged with the cached one: the last of `answers(for:page:)`.
    public func suggestions(for text: String) async throws -> [Suggestion] {
        let cached = cachedSuggestions(for: text)
        let fresh = try await base.suggestions(for: text)
        store(fresh, for: text)
        return Suggestion.merge(cached: cached ?? [], fresh: fresh)
    }

    public func failureMessage(for error: any Error) -> String? { base.failureMessage(for: error) }

    public var language: Language? { base.language }

    /// Only fresh answers are stored, so an entry the source dropped does not live on in the cache.
    private func store(_ fresh: [Suggestion], for text: String) {
        let key = TextFolding.fold(text)
        cache.withLock { cache in
            if cache.answers.updateValue(fresh, forKey: key) != nil { cache.order.removeAll { $0 == key } }
            cache.order.append(key)
            if cache.order.count > capacity { cache.answers[cache.order.removeFirst()] = nil }
        }
    }
}

private struct AnswerCache {
    /// Fresh answers by folded query.
    var answers: [[UInt8]: [Suggestion]] = [:]
    /// The queries, least recently stored first.
    var order: [[UInt8]] = []
}
