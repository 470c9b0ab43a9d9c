/// Words as a POSIX shell splits them: spaces separate words; 'single quotes' keep
/// everything as it is; "double quotes" keep spaces and take \" \\ \$ \` as escapes;
/// outside quotes a backslash keeps the next character. So `fault DeleteFile GENERIC_ERROR
/// "HMI broke"` gives the info `HMI broke`, without its quotes.
enum ShellWords {
    struct Word: Equatable {
        var text: String
        /// Some part of it was quoted or escaped (`tap "3"` names a choice called 3).
        var isQuoted: Bool
    }

    static func split(_ line: Substring) throws(ConsoleError) -> [Word] {
        var words: [Word] = []
        var current: Word?
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if let word = current { words.append(word) }
                current = nil
            case "'":
                var word = current ?? Word(text: "", isQuoted: true)
                word.isQuoted = true
                while true {
                    guard let next = characters.next() else { throw ConsoleError("missing closing ' in: \(line.trimmed)") }
                    if next == "'" { break }
                    word.text.append(next)
                }
                current = word
            case "\"":
                var word = current ?? Word(text: "", isQuoted: true)
                word.isQuoted = true
                while true {
                    guard let next = characters.next() else { throw ConsoleError("missing closing \" in: \(line.trimmed)") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw ConsoleError("missing closing \" in: \(line.trimmed)") }
                        if !"\"\\$`".contains(escaped) { word.text.append("\\") }
                        word.text.append(escaped)
                    } else {
                        word.text.append(next)
                    }
                }
                current = word
            case "\\":
                var word = current ?? Word(text: "", isQuoted: true)
                word.isQuoted = true
                if let escaped = characters.next() { word.text.append(escaped) }
                current = word
            default:
                var word = current ?? Word(text: "", isQuoted: false)
                word.text.append(character)
                current = word
            }
        }
        if let word = current { words.append(word) }
        return words
    }
}
