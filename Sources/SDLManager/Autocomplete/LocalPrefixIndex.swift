#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SDLModel
import Synchronization

/// Suggestions from a word list on the device: the words starting with what was typed,
/// ignoring case and accents ("cafe" finds "Café"), the most frequent first, then the
/// shortest, then alphabetically. Built once: each lookup is a binary search to the words
/// with that prefix, then either a precomputed ranking (prefixes many words share) or a
/// ranking of at most `scanLimit` words, never a scan of the list.
///
/// `learn`, `unlearn`, `ignore` and `removeIgnoredWord` change it for good when it has a
/// store file: the learned counts and ignored words are written there (atomically) and read
/// back at the next start.
public final class LocalPrefixIndex: AutocompleteProvider {
    /// The most suggestions one lookup returns.
    public let resultLimit: Int
    /// The language of its words (KeyboardKit's `locale`), if the app says.
    public let language: Language?
    /// Where learned and ignored words are kept; nil keeps them in memory only.
    public let storePath: String?
    private let state: Mutex<IndexState>

    /// Prefixes shared by more words than this have their ranking precomputed; rarer ones
    /// are ranked at lookup. Small enough that ranking them takes a microsecond or two.
    static let scanLimit = 64

    /// Each occurrence of a word counts once towards its frequency.
    public convenience init(words: some Sequence<String>, resultLimit: Int = 20, storePath: String? = nil, language: Language? = nil)
        throws(AutocompleteStoreError)
    {
        var counts: [String: Int] = [:]
        for word in words { counts[word, default: 0] += 1 }
        try self.init(wordFrequencies: counts.map { ($0.key, $0.value) }, resultLimit: resultLimit, storePath: storePath, language: language)
    }

    /// Words with how often they are used; the store file's learned counts are added to these.
    public init(
        wordFrequencies: some Sequence<(String, Int)>, resultLimit: Int = 20, storePath: String? = nil, language: Language? = nil
    ) throws(AutocompleteStoreError) {
        precondition(resultLimit > 0, "a prefix index suggests at least one word")
        self.resultLimit = resultLimit
        self.language = language
        self.storePath = storePath
        let store = try storePath.map { path throws(AutocompleteStoreError) in try WordStore.load(from: path) } ?? WordStore()
        var counts: [String: Int] = [:]
        for (word, frequency) in wordFrequencies where !word.isEmpty { counts[word, default: 0] += max(frequency, 0) }
        let learnedOnly = Set(store.learned.keys.filter { counts[$0] == nil })
        for (word, extra) in store.learned { counts[word, default: 0] += extra }
        state = Mutex(IndexState(counts: counts, store: store, resultLimit: resultLimit, learnedOnly: learnedOnly))
    }

    /// The words of a list file, one per line (a Debian `/usr/share/dict` list, say).
    public static func words(inFileAt path: String) throws(AutocompleteStoreError) -> [String] {
        let contents: [UInt8]?
        do { contents = try LocalFile.contents(of: path) } catch { throw .unreadable(path: path, reason: error.reason) }
        guard let bytes = contents else { throw .unreadable(path: path, reason: "no such file") }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let word = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            return word.isEmpty ? nil : word
        }
    }

    /// How many words it knows, ignored ones included.
    public var count: Int { state.withLock { $0.texts.count } }

    public func suggestions(for text: String) async throws -> [Suggestion] { lookup(text) }

    /// The best words starting with `text` (ignoring case and accents), at once.
    public func lookup(_ text: String, limit: Int? = nil) -> [Suggestion] {
        let query = TextFolding.fold(text)
        if query.isEmpty { return [] }
        let limit = min(limit ?? resultLimit, resultLimit)
        return state.withLock { index in index.best(query, limit: limit).map { Suggestion(text: index.texts[Int($0)]) } }
    }

    /// Counts one more use of `word`, adding it if it is new, and stores that.
    public func learn(_ word: String) throws(AutocompleteStoreError) {
        guard !word.isEmpty else { return }
        try state.withLock { index throws(AutocompleteStoreError) in
            index.learn(word)
            try save(index.store)
        }
    }

    /// Forgets every use `learn` counted for `word`; a word only learning brought is suggested no more.
    public func unlearn(_ word: String) throws(AutocompleteStoreError) {
        try state.withLock { index throws(AutocompleteStoreError) in
            index.unlearn(word)
            try save(index.store)
        }
    }

    /// Never suggests `word` again (the exact text; its case and accent variants stay).
    public func ignore(_ word: String) throws(AutocompleteStoreError) {
        try state.withLock { index throws(AutocompleteStoreError) in
            index.ignore(word)
            try save(index.store)
        }
    }

    /// Suggests `word` again after `ignore`.
    public func removeIgnoredWord(_ word: String) throws(AutocompleteStoreError) {
        try state.withLock { index throws(AutocompleteStoreError) in
            index.removeIgnored(word)
            try save(index.store)
        }
    }

    public var canLearnWords: Bool { true }
    public var canIgnoreWords: Bool { true }
    public var learnedWords: [String] { state.withLock { $0.store.learned.keys.sorted() } }
    public var ignoredWords: [String] { state.withLock { $0.store.ignored.sorted() } }
    /// Whether `word` was learned (and not unlearned since).
    public func hasLearnedWord(_ word: String) -> Bool { state.withLock { $0.store.learned[word] != nil } }
    /// Whether `word` is ignored: never suggested.
    public func hasIgnoredWord(_ word: String) -> Bool { state.withLock { $0.store.ignored.contains(word) } }

    private func save(_ store: WordStore) throws(AutocompleteStoreError) {
        if let storePath { try store.save(to: storePath) }
    }
}

/// The index's data. Words get an ID in the order they were added; `sorted` orders the IDs
/// by folded key (then text), and the folded keys live in one byte arena.
struct IndexState {
    private(set) var texts: [String] = []
    private var frequencies: [Int] = []
    /// Not suggested: ignored, or brought by learning only and unlearned.
    private var isIgnored: [Bool] = []
    /// Words the list did not have, which only `learn` added.
    private var learnedOnly: Set<UInt32> = []
    private var keyStarts: [Int] = []
    private var keyLengths: [Int] = []
    private var arena: [UInt8] = []
    private var sorted: [UInt32] = []
    private var ids: [String: UInt32] = [:]
    /// The ranked best IDs (at most `resultLimit`) of every folded prefix that more than
    /// `LocalPrefixIndex.scanLimit` words share.
    private var rankings: [[UInt8]: [UInt32]] = [:]
    private let resultLimit: Int
    private(set) var store: WordStore

    init(counts: [String: Int], store: WordStore, resultLimit: Int, learnedOnly: Set<String> = []) {
        self.store = store
        self.resultLimit = resultLimit
        texts.reserveCapacity(counts.count)
        for (text, frequency) in counts {
            let id = append(text, frequency: frequency)
            if learnedOnly.contains(text) { self.learnedOnly.insert(id) }
        }
        sorted = (0..<UInt32(texts.count)).sorted { orderedBefore($0, $1) }
        _ = rank(prefixLength: 0, sorted.startIndex, sorted.endIndex)
    }

    // MARK: Lookup

    func best(_ query: [UInt8], limit: Int) -> [UInt32] {
        if let ranking = rankings[query] { return Array(ranking.prefix(limit)) }
        let range = prefixRange(query)
        precondition(range.count <= LocalPrefixIndex.scanLimit, "a prefix this common has a ranking")
        // Within the range, sorted order is alphabetical order: rank by one integer each,
        // (frequency descending, length, position), instead of comparing keys.
        var packed: [UInt64] = []
        packed.reserveCapacity(range.count)
        for position in range {
            let id = Int(sorted[position])
            if isIgnored[id] { continue }
            let rarity = UInt64(0xFF_FFFF - min(frequencies[id], 0xFF_FFFF))
            packed.append(rarity << 40 | UInt64(min(keyLengths[id], 0xFFFF)) << 24 | UInt64(position - range.lowerBound))
        }
        packed.sort()
        return packed.prefix(limit).map { sorted[range.lowerBound + Int($0 & 0xFF_FFFF)] }
    }

    /// The positions in `sorted` of the keys starting with `query`.
    private func prefixRange(_ query: [UInt8]) -> Range<Int> {
        arena.withUnsafeBufferPointer { arena in
            query.withUnsafeBufferPointer { query in
                // Compares a key's first query.count bytes (fewer if it is shorter) with the query.
                func compare(_ position: Int) -> (order: Int32, isShorter: Bool) {
                    let id = Int(sorted[position])
                    let length = min(keyLengths[id], query.count)
                    let order = length == 0 ? 0 : memcmp(arena.baseAddress! + keyStarts[id], query.baseAddress!, length)
                    return (order, keyLengths[id] < query.count)
                }
                func firstPosition(where isPast: (Int) -> Bool) -> Int {
                    var low = 0, high = sorted.count
                    while low < high {
                        let middle = (low + high) / 2
                        if isPast(middle) { high = middle } else { low = middle + 1 }
                    }
                    return low
                }
                let lower = firstPosition { position in
                    let (order, isShorter) = compare(position)
                    return order > 0 || (order == 0 && !isShorter)
                }
                let upper = firstPosition { compare($0).order > 0 }
                return lower..<max(lower, upper)
            }
        }
    }

    // MARK: Ranking

    /// Best first: more frequent, then shorter, then alphabetical by folded key, then by text.
    private func ranksBefore(_ a: UInt32, _ b: UInt32) -> Bool {
        let a = Int(a), b = Int(b)
        if frequencies[a] != frequencies[b] { return frequencies[a] > frequencies[b] }
        if keyLengths[a] != keyLengths[b] { return keyLengths[a] < keyLengths[b] }
        return orderedBefore(UInt32(a), UInt32(b))
    }

    /// The order of `sorted`: folded key, then text.
    private func orderedBefore(_ a: UInt32, _ b: UInt32) -> Bool {
        let a = Int(a), b = Int(b)
        let keyA = arena[keyStarts[a]..<keyStarts[a] + keyLengths[a]]
        let keyB = arena[keyStarts[b]..<keyStarts[b] + keyLengths[b]]
        if keyA.elementsEqual(keyB) { return texts[a] < texts[b] }
        return keyA.lexicographicallyPrecedes(keyB)
    }

    /// Ranks the node of `sorted[low..<high]`, whose keys share their first `prefixLength`
    /// bytes: its children first, then their best together. Records every ranking of a
    /// node with more than `scanLimit` words; returns the node's best.
    private mutating func rank(prefixLength: Int, _ low: Int, _ high: Int) -> [UInt32] {
        if high - low <= LocalPrefixIndex.scanLimit { return ranked(low..<high) }
        var candidates: [UInt32] = []
        var position = low
        // The word equal to the prefix sorts first.
        while position < high, keyLengths[Int(sorted[position])] == prefixLength {
            if !isIgnored[Int(sorted[position])] { candidates.append(sorted[position]) }
            position += 1
        }
        while position < high {
            let byte = byte(of: sorted[position], at: prefixLength)
            var end = position + 1
            while end < high, self.byte(of: sorted[end], at: prefixLength) == byte { end += 1 }
            candidates += rank(prefixLength: prefixLength + 1, position, end)
            position = end
        }
        candidates.sort { ranksBefore($0, $1) }
        let best = Array(candidates.prefix(resultLimit))
        rankings[Array(key(sorted[low]).prefix(prefixLength))] = best
        return best
    }

    /// The best of `sorted[range]`, found by one pass keeping the best so far.
    private func ranked(_ range: Range<Int>) -> [UInt32] {
        var best: [UInt32] = []
        for position in range where !isIgnored[Int(sorted[position])] { insert(sorted[position], into: &best) }
        return best
    }

    /// Puts `id` at its rank in `ranking` (moving it if it is there), keeping at most `resultLimit`.
    private func insert(_ id: UInt32, into ranking: inout [UInt32]) {
        ranking.removeAll { $0 == id }
        if ranking.count == resultLimit, let last = ranking.last, !ranksBefore(id, last) { return }
        let index = ranking.firstIndex { ranksBefore(id, $0) } ?? ranking.endIndex
        ranking.insert(id, at: index)
        if ranking.count > resultLimit { ranking.removeLast() }
    }

    /// A byte of a key longer than `offset`.
    private func byte(of id: UInt32, at offset: Int) -> UInt8 { arena[keyStarts[Int(id)] + offset] }

    private func key(_ id: UInt32) -> ArraySlice<UInt8> {
        arena[keyStarts[Int(id)]..<keyStarts[Int(id)] + keyLengths[Int(id)]]
    }

    // MARK: Changes

    @discardableResult
    private mutating func append(_ text: String, frequency: Int) -> UInt32 {
        let id = UInt32(texts.count)
        let folded = TextFolding.fold(text)
        texts.append(text)
        frequencies.append(frequency)
        isIgnored.append(store.ignored.contains(text))
        keyStarts.append(arena.count)
        keyLengths.append(folded.count)
        arena += folded
        ids[text] = id
        return id
    }

    mutating func learn(_ text: String) {
        store.learned[text, default: 0] += 1
        let id: UInt32
        if let known = ids[text] {
            id = known
            frequencies[Int(id)] += 1
        } else {
            id = append(text, frequency: 1)
            learnedOnly.insert(id)
            let position = sorted.partitionPoint { orderedBefore(id, $0) }
            sorted.insert(id, at: position)
        }
        if learnedOnly.contains(id), !store.ignored.contains(text) { isIgnored[Int(id)] = false }
        guard !isIgnored[Int(id)] else { return }
        rankUp(id)
    }

    mutating func unlearn(_ text: String) {
        guard let count = store.learned.removeValue(forKey: text), let id = ids[text] else { return }
        frequencies[Int(id)] -= count
        if learnedOnly.contains(id) { isIgnored[Int(id)] = true }
        rerank(id)
    }

    mutating func ignore(_ text: String) {
        store.ignored.insert(text)
        guard let id = ids[text], !isIgnored[Int(id)] else { return }
        isIgnored[Int(id)] = true
        rerank(id)
    }

    mutating func removeIgnored(_ text: String) {
        guard store.ignored.remove(text) != nil, let id = ids[text], isIgnored[Int(id)] else { return }
        // A word only learning brought, and unlearned since, stays gone.
        if learnedOnly.contains(id) && store.learned[text] == nil { return }
        isIgnored[Int(id)] = false
        rankUp(id)
    }

    /// Puts `id`, suggested (again) or used more, at its rank under every prefix of its key.
    private mutating func rankUp(_ id: UInt32) {
        let folded = Array(key(id))
        for length in 0...folded.count {
            let prefix = Array(folded.prefix(length))
            if var ranking = rankings[prefix] {
                insert(id, into: &ranking)
                rankings[prefix] = ranking
            } else {
                // A new word can take a prefix past the scan limit: that prefix now needs a ranking.
                let range = prefixRange(prefix)
                if range.count > LocalPrefixIndex.scanLimit { rankings[prefix] = ranked(range) }
            }
        }
    }

    /// Ranks again every prefix whose ranking holds `id`, after it fell or went: the next
    /// best word moves up into its place.
    private mutating func rerank(_ id: UInt32) {
        let folded = Array(key(id))
        for length in 0...folded.count {
            let prefix = Array(folded.prefix(length))
            if let ranking = rankings[prefix], ranking.contains(id) { rankings[prefix] = ranked(prefixRange(prefix)) }
        }
    }
}

extension Array {
    /// The first index whose element is not before the new one, for a sorted array.
    fileprivate func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
