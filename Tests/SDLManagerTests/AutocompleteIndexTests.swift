import Foundation
import SDLManager
import Testing

/// The local prefix index: matching, ranking, learning, ignoring, and its store file.
@Suite struct AutocompleteIndexTests {
    static let smallList = fixturePath("words/small.txt")

    private func texts(_ index: LocalPrefixIndex, _ text: String, limit: Int? = nil) -> [String] {
        index.lookup(text, limit: limit).map(\.text)
    }

    @Test func matchingIgnoresCaseAndAccents() throws {
        let index = try LocalPrefixIndex(words: LocalPrefixIndex.words(inFileAt: Self.smallList), resultLimit: 100)
        let cafe = Set(["Café", "café", "cafe", "Cafés", "cafeteria"])
        #expect(Set(texts(index, "cafe")).isSuperset(of: cafe))
        #expect(Set(texts(index, "CAFÉ")) == Set(texts(index, "cafe")))
        #expect(Set(texts(index, "cafe\u{301}")) == Set(texts(index, "café")))  // decomposed é
        #expect(texts(index, "zur") == ["Zürich"])
        #expect(Set(texts(index, "angst")) == ["Ångström", "ångström"])
        #expect(texts(index, "strasse") == ["Straße"])
        #expect(Set(texts(index, "smorgas")) == ["Smörgåsbord", "smorgasbord"])
        #expect(Set(texts(index, "aes")) == ["Æsir"])
        #expect(texts(index, "xyzzy").isEmpty)
        #expect(texts(index, "").isEmpty)
    }

    @Test func moreFrequentWordsComeFirstThenShorterThenAlphabetical() throws {
        let index = try LocalPrefixIndex(wordFrequencies: [("Bern", 1), ("Berlin", 5), ("Bergen", 1), ("Bert", 1), ("Ber", 1), ("Paris", 9)])
        #expect(texts(index, "ber") == ["Berlin", "Ber", "Bern", "Bert", "Bergen"])
        #expect(texts(index, "ber", limit: 2) == ["Berlin", "Ber"])
    }

    @Test func aWordListCountsRepeatedWords() throws {
        let index = try LocalPrefixIndex(words: ["bee", "beetle", "beetle", "beetle", "be"])
        #expect(texts(index, "be") == ["beetle", "be", "bee"])
        #expect(index.count == 3)
    }

    @Test func learningRaisesAWordAndAddsNewOnes() throws {
        let index = try LocalPrefixIndex(words: ["Berlin", "Bern", "Bergen"])
        #expect(texts(index, "ber").first == "Bern")
        try index.learn("Bergen")
        #expect(texts(index, "ber").first == "Bergen")
        try index.learn("Berlinale")
        #expect(texts(index, "berlina") == ["Berlinale"])
        #expect(texts(index, "ber") == ["Bergen", "Bern", "Berlin", "Berlinale"])
    }

    @Test func anIgnoredWordIsNeverSuggestedAgain() throws {
        let index = try LocalPrefixIndex(words: LocalPrefixIndex.words(inFileAt: Self.smallList))
        #expect(texts(index, "berlin") == ["Berlin", "Berliner"])
        try index.ignore("Berlin")
        #expect(texts(index, "berlin") == ["Berliner"])
        try index.learn("Berlin")
        #expect(texts(index, "ber").contains("Berlin") == false)
        // Its case variants are other words.
        try index.ignore("apple")
        #expect(Set(texts(index, "apple")) == ["Apple", "APPLE"])
    }

    /// Prefixes shared by many words are ranked ahead of time, rarer ones at lookup; after
    /// any learning and ignoring, both give what ranking every matching word would.
    @Test func everyPrefixRanksAsAFullSortWouldAfterLearningAndIgnoring() throws {
        var generator = SplitMix(seed: 7)
        let alphabet = Array("abcD")
        var frequencies: [String: Int] = [:]
        while frequencies.count < 3000 {
            let word = String((0..<Int.random(in: 1...7, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            frequencies[word] = Int.random(in: 0...4, using: &generator)
        }
        let index = try LocalPrefixIndex(wordFrequencies: frequencies.map { ($0.key, $0.value) }, resultLimit: 10)
        var ignored = Set<String>()
        func expected(_ prefix: String) -> [String] {
            frequencies.keys.filter { $0.lowercased().hasPrefix(prefix) && !ignored.contains($0) }
                .sorted { a, b in
                    if frequencies[a]! != frequencies[b]! { return frequencies[a]! > frequencies[b]! }
                    if a.count != b.count { return a.count < b.count }
                    return a.lowercased() != b.lowercased() ? a.lowercased() < b.lowercased() : a < b
                }
                .prefix(10).map { $0 }
        }
        let prefixes = ["a", "b", "c", "d", "ab", "dd", "abc", "cad", "bbbb", "dcba"]
        for prefix in prefixes { #expect(texts(index, prefix) == expected(prefix), "\(prefix)") }
        for _ in 0..<200 {
            let word = String((0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            if Bool.random(using: &generator) {
                try index.learn(word)
                frequencies[word, default: 0] += 1
            } else if let known = frequencies.keys.randomElement(using: &generator), Int.random(in: 0..<4, using: &generator) == 0 {
                try index.ignore(known)
                ignored.insert(known)
            }
        }
        for prefix in prefixes { #expect(texts(index, prefix) == expected(prefix), "\(prefix)") }
    }

    @Test func learnedAndIgnoredWordsAreStoredAndReadBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("store.json")
        let first = try LocalPrefixIndex(words: ["Berlin", "Bern", "Bergen"], storePath: path)
        try first.learn("Berlinale")
        try first.learn("Bergen")
        try first.ignore("Bern")
        let stored = try String(contentsOfFile: path, encoding: .utf8)
        #expect(stored == #"{"learned":{"Bergen":1,"Berlinale":1},"ignored":["Bern"]}"# + "\n")
        let second = try LocalPrefixIndex(words: ["Berlin", "Bern", "Bergen"], storePath: path)
        #expect(texts(second, "ber") == ["Bergen", "Berlin", "Berlinale"])
        #expect(texts(second, "berlin") == ["Berlin", "Berlinale"])
    }

    @Test func aCorruptStoreIsAClearErrorAndIsLeftUntouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("corrupt.json")
        for content in [#"{"learned":{"Bern":1},"ignor"#, #"{"learned":{"Bern":-1},"ignored":[]}"#, "[1,2]"] {
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            #expect {
                _ = try LocalPrefixIndex(words: ["Bern"], storePath: path)
            } throws: { error in
                guard case .corrupt(let reported, _) = error as? AutocompleteStoreError else { return false }
                return reported == path
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
        }
    }

    @Test func anUnwritableStoreIsReportedAndTheWordIsStillLearned() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("missing-folder/store.json")
        let index = try LocalPrefixIndex(words: ["Bern"], storePath: path)
        #expect(throws: AutocompleteStoreError.self) { try index.learn("Berlin") }
        #expect(texts(index, "ber") == ["Bern", "Berlin"])
    }

    @Test func aMissingWordListIsAClearError() {
        #expect(throws: AutocompleteStoreError.unreadable(path: "/nonexistent/words", reason: "no such file")) {
            _ = try LocalPrefixIndex.words(inFileAt: "/nonexistent/words")
        }
    }

    @Test func theDisabledProviderSuggestsNothing() async throws {
        let provider: any AutocompleteProvider = .disabled
        #expect(try await provider.suggestions(for: "Ber").isEmpty)
    }
}

/// A file under fixtures/ of the repository.
func fixturePath(_ relative: String) -> String {
    let parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    return (parts.dropLast(3) + ["fixtures", Substring(relative)]).joined(separator: "/")
}

/// A fresh temporary folder for a test, which removes it with everything in it when done.
struct TemporaryFolder {
    private let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("autocomplete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
