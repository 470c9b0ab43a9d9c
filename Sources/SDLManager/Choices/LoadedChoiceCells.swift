/// The app's cells on the head unit, as the choice set manager keeps them: each loaded
/// cell's choice ID (also its set's ID), the text it was sent with (its own, or numbered
/// " (2)", … to tell it apart), and the looks those texts take on screen under the rules
/// they were loaded with, so numbering a new cell does not go over every loaded one.
///
/// A preload reserves (`reserveTexts`, `takeID`), then settles each answer (`loaded`,
/// `refused`, `releaseTexts`); a delete `remove`s. Only the coordinator mutates it, between
/// the awaits of its operations.
struct LoadedChoiceCells: Sendable {
    private var ids: [ChoiceCell: Int] = [:]
    private var sentTexts: [ChoiceCell: String] = [:]
    /// The looks of the loaded cells (and of those reserved) under `rules`; rebuilt from
    /// `sentTexts` when the rules change.
    private var looks: (rules: ChoiceScreenRules, taken: Set<ChoiceScreenRules.VisibleCell>)?
    private var pool = ChoiceIDPool()

    var cells: Set<ChoiceCell> { Set(ids.keys) }
    var isEmpty: Bool { ids.isEmpty }

    func id(of cell: ChoiceCell) -> Int? { ids[cell] }

    func contains(_ cell: ChoiceCell) -> Bool { ids[cell] != nil }

    /// The text a loaded cell was sent with (sdl_ios's `uniqueText`).
    func sentText(of cell: ChoiceCell) -> String? { sentTexts[cell] }

    /// Texts for `cells` (not loaded) that look different under `rules` from every loaded
    /// cell and from each other; their looks count as taken until `releaseTexts`.
    mutating func reserveTexts(for cells: [ChoiceCell], rules: ChoiceScreenRules) -> [ChoiceCell: String] {
        // Moved out, not copied: inserting into a set still shared with `looks` would copy it whole.
        var taken = Set<ChoiceScreenRules.VisibleCell>()
        if var kept = looks.take(), kept.rules == rules {
            swap(&taken, &kept.taken)
        } else {
            taken = Set(sentTexts.map { rules.look(of: $0.key, text: $0.value) })
        }
        let texts = Dictionary(uniqueKeysWithValues: zip(cells, rules.uniqueTexts(for: cells, taken: &taken)))
        looks = (rules, taken)
        return texts
    }

    /// The lowest free choice ID, now taken.
    mutating func takeID() throws(ChoiceIDPoolError) -> Int { try pool.take() }

    /// The head unit created `cell`'s set with `id`, showing `text`.
    mutating func loaded(_ cell: ChoiceCell, id: Int, text: String) {
        ids[cell] = id
        sentTexts[cell] = text
    }

    /// The head unit refused a set: it left nothing behind, so its ID is free again.
    mutating func refused(id: Int) { try? pool.release(id) }

    /// The looks reserved for those of `cells` that did not load (under `texts`) are free again.
    mutating func releaseTexts(of cells: [ChoiceCell], texts: [ChoiceCell: String], rules: ChoiceScreenRules) {
        guard looks?.rules == rules else { return }
        for cell in cells where sentTexts[cell] != texts[cell] {
            if let text = texts[cell] { looks?.taken.remove(rules.look(of: cell, text: text)) }
        }
    }

    /// `cell` is no longer on the head unit: its ID and its look are free again. False if it was not loaded.
    @discardableResult
    mutating func remove(_ cell: ChoiceCell) -> Bool {
        guard let id = ids.removeValue(forKey: cell) else { return false }
        if let text = sentTexts.removeValue(forKey: cell), let rules = looks?.rules {
            looks?.taken.remove(rules.look(of: cell, text: text))
        }
        try? pool.release(id)
        return true
    }

    /// A head unit without any of the app's sets: every ID and look is free.
    mutating func reset() { self = LoadedChoiceCells() }
}
