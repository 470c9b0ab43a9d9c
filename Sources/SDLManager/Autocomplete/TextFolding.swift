/// Folds text for matching typed text against words: lower case, accents removed, so
/// "cafe", "CAFE" and "Café" (composed or decomposed) all fold to "cafe". The result is UTF-8,
/// so a folded prefix is a byte prefix of every folded word it matches.
enum TextFolding {
    static func fold(_ text: String) -> [UInt8] {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                folded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if scalar.value < UInt32(latinFolds.count) {
                folded.append(contentsOf: latinFolds[Int(scalar.value)])
            } else {
                folded.append(contentsOf: foldNonASCII(scalar).utf8)
            }
        }
        return folded
    }

    /// The folds of U+0000–U+024F (Latin-1 and Latin Extended A and B: the accented letters of
    /// European words) worked out once, since reading a scalar's name takes microseconds.
    private static let latinFolds: [[UInt8]] = (0..<0x250).map { value in
        Array(foldNonASCII(Unicode.Scalar(UInt32(value))!).utf8)
    }

    /// The standard library has no canonical decomposition, but every precomposed Latin
    /// letter is named after its base letter ("LATIN CAPITAL LETTER E WITH ACUTE"), and
    /// ligatures after their letters ("LATIN SMALL LIGATURE OE").
    private static func foldNonASCII(_ scalar: Unicode.Scalar) -> String {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return ""  // accents of decomposed text
        default: break
        }
        if let name = properties.name, name.hasPrefix("LATIN ") {
            var words = name.split(separator: " ").dropFirst()
            if words.first == "CAPITAL" || words.first == "SMALL" { words = words.dropFirst() }
            if words.first == "LETTER" || words.first == "LIGATURE" {
                let base = words.dropFirst().prefix { $0 != "WITH" }
                if base == ["SHARP", "S"] { return "ss" }
                if base.count == 1, let letters = base.first, letters.count <= 2, letters.allSatisfy({ $0 >= "A" && $0 <= "Z" }) {
                    return letters.lowercased()
                }
            }
        }
        return properties.lowercaseMapping
    }
}
