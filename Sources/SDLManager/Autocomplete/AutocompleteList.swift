/// Suggestions made fit for `KeyboardProperties.autoCompleteList` (SDL-RULES §1, §6): at most
/// 100 entries of 1–1000 characters that pass SDL Core's syntax check. Tabs and line breaks
/// become spaces, ends are trimmed, over-long texts are cut; what is then empty, only
/// spaces, holds a written-out `\n` or `\t`, or repeats an earlier entry is dropped.
enum AutocompleteList {
    static let maximumCount = 100
    static let maximumLength = 1000

    static func fitting(_ suggestions: [Suggestion], limit: Int = maximumCount) -> [Suggestion] {
        let limit = min(max(limit, 0), maximumCount)
        var seen = Set<String>()
        var fitting: [Suggestion] = []
        for suggestion in suggestions {
            if fitting.count == limit { break }
            guard let text = fitText(suggestion.text), seen.insert(text).inserted else { continue }
            var kept = suggestion
            kept.text = text
            fitting.append(kept)
        }
        return fitting
    }

    private static func fitText(_ text: String) -> String? {
        if text.contains("\\n") || text.contains("\\t") { return nil }
        var fitted = ""
        var length = 0
        for character in text {
            let piece = character.isNewline || character == "\t" ? " " : String(character)
            let pieceLength = piece.unicodeScalars.count
            if length + pieceLength > maximumLength { break }
            fitted += piece
            length += pieceLength
        }
        let trimmed = fitted.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
