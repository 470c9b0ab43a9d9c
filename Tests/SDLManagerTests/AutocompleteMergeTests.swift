import SDLManager
import Synchronization
import Testing

/// Cache-then-fresh: merging answers, the boundaries of paged results, and the caching provider.
@Suite struct AutocompleteMergeTests {
    private func suggestion(_ id: String, _ version: Int = 1) -> Suggestion {
        Suggestion(text: "\(id) v\(version)", id: id)
    }

    // MARK: merge(cached:fresh:)

    @Test func overlappingEntriesTakeTheFreshOneInTheFreshOrderThenTheCachedRest() {
        let merged = Suggestion.merge(
            cached: [suggestion("A"), suggestion("B"), suggestion("C")], fresh: [suggestion("B", 2), suggestion("D", 2), suggestion("A", 2)])
        #expect(merged == [suggestion("B", 2), suggestion("D", 2), suggestion("A", 2), suggestion("C")])
    }

    @Test func anIdTwiceOnOneSideCountsOnceAtItsFirstPlace() {
        let merged = Suggestion.merge(
            cached: [suggestion("A"), suggestion("A", 3), suggestion("B")], fresh: [suggestion("C", 2), suggestion("C", 4)])
        #expect(merged == [suggestion("C", 2), suggestion("A"), suggestion("B")])
    }

    @Test func anEmptySideLeavesTheOther() {
        let some = [suggestion("A"), suggestion("B")]
        #expect(Suggestion.merge(cached: [], fresh: some) == some)
        #expect(Suggestion.merge(cached: some, fresh: []) == some)
        #expect(Suggestion.merge(cached: [], fresh: []) == [])
    }

    @Test func theDefaultIdIsTheText() {
        #expect(Suggestion(text: "Berlin").id == "Berlin")
        #expect(Suggestion.merge(cached: [Suggestion(text: "Berlin", subtitle: "old")], fresh: [Suggestion(text: "Berlin", subtitle: "new")])
            == [Suggestion(text: "Berlin", subtitle: "new")])
    }

    // MARK: Pages

    private func page(_ ids: ClosedRange<Int>, _ version: Int) -> [Suggestion] { ids.map { suggestion("\($0)", version) } }

    @Test func overlappingPagesJoinAndTheNewerPageWins() {
        var pages = PagedSuggestions()
        pages.insert(page(0...19, 1), at: 0)
        pages.insert(page(10...29, 2), at: 10)
        #expect(pages.boundaries == [0..<30])
        #expect(pages.suggestions == page(0...9, 1) + page(10...29, 2))
        #expect(pages.missingRanges(in: 0..<30) == [])
    }

    @Test func aGapBetweenPagesIsWhatIsMissing() {
        var pages = PagedSuggestions()
        pages.insert(page(0...9, 1), at: 0)
        pages.insert(page(20...29, 1), at: 20)
        #expect(pages.boundaries == [0..<10, 20..<30])
        #expect(pages.missingRanges(in: 0..<40) == [10..<20, 30..<40])
        #expect(pages.missingRanges(in: 5..<25) == [10..<20])
        #expect(pages.missingRanges(in: 12..<18) == [12..<18])
        #expect(pages.suggestions == page(0...9, 1) + page(20...29, 1))
    }

    @Test func touchingPagesAreOneBlock() {
        var pages = PagedSuggestions()
        pages.insert(page(10...19, 1), at: 10)
        pages.insert(page(0...9, 1), at: 0)
        #expect(pages.boundaries == [0..<20])
    }

    @Test func anEntryTheRankingMovedIsKeptOnlyWhereTheFresherPageHasIt() {
        var pages = PagedSuggestions()
        pages.insert([suggestion("A"), suggestion("X"), suggestion("B")], at: 0)
        pages.insert([suggestion("C", 2), suggestion("X", 2)], at: 3)
        #expect(pages.suggestions == [suggestion("A"), suggestion("B"), suggestion("C", 2), suggestion("X", 2)])
        // On one page, the better place wins.
        var single = PagedSuggestions()
        single.insert([suggestion("Y"), suggestion("Z"), suggestion("Y", 2)], at: 0)
        #expect(single.suggestions == [suggestion("Y"), suggestion("Z")])
    }

    @Test func withNoPagesEverythingIsMissing() {
        var pages = PagedSuggestions()
        #expect(pages.boundaries == [])
        #expect(pages.missingRanges(in: 0..<20) == [0..<20])
        #expect(pages.missingRanges(in: 5..<5) == [])
        pages.insert([], at: 7)
        #expect(pages.boundaries == [])
        #expect(pages.suggestions == [])
    }

    @Test func rangeUtilitiesSortJoinAndClip() {
        #expect(PagedSuggestions.boundaries(of: [20..<25, 0..<5, 3..<8, 8..<9, 12..<12]) == [0..<9, 20..<25])
        #expect(PagedSuggestions.missingRanges(in: 5..<30, covered: [0..<10, 25..<40, 12..<14]) == [10..<12, 14..<25])
        #expect(PagedSuggestions.missingRanges(in: 0..<10, covered: [0..<10]) == [])
        #expect(PagedSuggestions.missingRanges(in: 0..<10, covered: []) == [0..<10])
        #expect(PagedSuggestions.missingRanges(in: 0..<10, covered: [20..<30]) == [0..<10])
    }

    // MARK: The caching provider

    /// Each answer as its source ("cache" or "fresh") followed by its texts.
    private func collect(_ stream: AsyncThrowingStream<AutocompleteAnswer, any Error>) async throws -> [[String]] {
        var answers: [[String]] = []
        for try await answer in stream { answers.append(["\(answer.source)"] + answer.suggestions.map(\.text)) }
        return answers
    }

    private let firstPage = SuggestionPage(count: 100)

    private static let places: [String: [String]] = [
        "B": ["Bern", "Berlin", "Bonn"],
        "Ber": ["Bern", "Berlin", "Bergen"],
        "Berl": ["Berlingen", "Berlin"],
        "Par": ["Paris"],
    ]

    private func placesProvider() -> ClosureProvider {
        ClosureProvider { text in (Self.places[text] ?? []).map { Suggestion(text: $0) } }
    }

    @Test func theCachedAnswerForAShorterTextComesFirstThenTheFreshOneMerged() async throws {
        let caching = CachingAutocompleteProvider(placesProvider())
        #expect(try await collect(caching.answers(for: "Ber", page: firstPage)) == [["fresh", "Bern", "Berlin", "Bergen"]])
        #expect(try await collect(caching.answers(for: "Berl", page: firstPage)) == [["cache", "Berlin"], ["fresh", "Berlingen", "Berlin"]])
        #expect(caching.base.calls == ["Ber", "Berl"])
    }

    @Test func theLongestEarlierTextIsUsedIgnoringCaseAndAccents() async throws {
        let caching = CachingAutocompleteProvider(placesProvider())
        _ = try await caching.suggestions(for: "B")
        _ = try await caching.suggestions(for: "Ber")
        #expect(caching.cachedSuggestions(for: "bérl")?.map(\.text) == ["Berlin"])
        #expect(caching.cachedSuggestions(for: "Bo")?.map(\.text) == ["Bonn"])
        #expect(caching.cachedSuggestions(for: "Par") == nil)
    }

    @Test func cachedEntriesTheFreshAnswerLacksStayButAreNotStored() async throws {
        let caching = CachingAutocompleteProvider(placesProvider())
        _ = try await caching.suggestions(for: "B")
        // The source knows nothing for "Bo": the cached "Bonn" is still shown...
        #expect(try await caching.suggestions(for: "Bo").map(\.text) == ["Bonn"])
        // ...but only the fresh answer is remembered, so it does not outlive the source.
        #expect(caching.cachedSuggestions(for: "Bon") == [])
    }

    @Test func theLeastRecentlyStoredAnswerIsEvictedFirst() async throws {
        let caching = CachingAutocompleteProvider(placesProvider(), capacity: 1)
        _ = try await caching.suggestions(for: "Ber")
        _ = try await caching.suggestions(for: "Par")
        #expect(caching.cachedSuggestions(for: "Berl") == nil)
        #expect(caching.cachedSuggestions(for: "Pari")?.map(\.text) == ["Paris"])
    }

    @Test func aFailingLookupEndsTheAnswersAfterTheCachedOneWithItsMessage() async throws {
        struct Offline: Error {}
        let failing = ClosureProvider(message: "No network") { text in
            if text == "Ber" { return [Suggestion(text: "Berlin")] }
            throw Offline()
        }
        let caching = CachingAutocompleteProvider(failing)
        _ = try await caching.suggestions(for: "Ber")
        var answers: [[String]] = []
        await #expect(throws: Offline.self) {
            for try await answer in caching.answers(for: "Berl", page: firstPage) { answers.append(answer.suggestions.map(\.text)) }
        }
        #expect(answers == [["Berlin"]])
        #expect(caching.failureMessage(for: Offline()) == "No network")
    }
}

/// A provider answering from a closure, recording what it was asked.
final class ClosureProvider: AutocompleteProvider {
    private let answer: @Sendable (String) async throws -> [Suggestion]
    private let message: String?
    private let asked = Mutex<[String]>([])
    private let given = Mutex<[String]>([])

    init(message: String? = nil, _ answer: @escaping @Sendable (String) async throws -> [Suggestion]) {
        self.answer = answer
        self.message = message
    }

    var calls: [String] { asked.withLock { $0 } }
    /// The texts it has answered (or thrown for), in the order it did.
    var answered: [String] { given.withLock { $0 } }

    func suggestions(for text: String) async throws -> [Suggestion] {
        asked.withLock { $0.append(text) }
        defer { given.withLock { $0.append(text) } }
        return try await answer(text)
    }

    func failureMessage(for error: any Error) -> String? { message }
}
