/// Suggestions for mistyped names: the known name nearest to what was typed, when it is
/// near enough to be what was meant.
enum Spelling {
    /// The name in `names` closest to `word` (case aside), if it is at most a few edits away:
    /// one for a word of up to four letters, two up to eight, three beyond.
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = word.lowercased()
        let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        let scored = names.map { (name: $0, distance: distance($0.lowercased(), typed)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else { return nil }
        return best.name
    }

    /// Edits (insert, delete, replace, or swap two neighbours) that turn `a` into `b`: the
    /// optimal string alignment distance, so `tpa` is one edit from `tap`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
