/// Terminal colours (ANSI SGR), or none: with `NO_COLOR`, or when the output is not a terminal.
struct Style: Sendable {
    let usesColor: Bool

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func cyan(_ text: String) -> String { paint(text, "36") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
