import SDLModel

/// The head unit's screen as text, drawn from `Sim.GetState`'s result (PROTOCOL.md §5) and
/// nothing else, so it can draw any simulator that answers that request: the engine's own
/// state, or one read from a simulator process.
public enum Screen {
    /// `registerHint` is the command that registers an app, where a person can type one.
    public static func render(_ state: SimGetState.Response, width: Int = 80, registerHint: String? = nil) -> [String] {
        var frame = Frame(width: width)
        guard state.registered else {
            frame.title = "head unit"
            frame.add("No app is registered" + (registerHint.map { ". Register one with: \($0)" } ?? " yet: waiting for RegisterAppInterface."))
            return frame.lines
        }
        frame.title = [state.app?.appName ?? "app", state.hmiLevel.rawValue, state.systemContext.rawValue].joined(separator: " · ")
        if let interaction = state.interaction {
            drawInteraction(interaction, on: &frame)
        } else {
            frame.add("Nothing on screen.")
            drawStore(state, on: &frame)
        }
        drawHeldAnswers(state, on: &frame)
        return frame.lines
    }

    private static func drawInteraction(_ interaction: SimGetState.Interaction, on frame: inout Frame) {
        let layout = interaction.layout
        let secondsLeft = (interaction.msLeft + 999) / 1000
        let status = [layout?.rawValue ?? "VOICE", interaction.interactionMode.rawValue, "\(secondsLeft)s left"].joined(separator: " · ")
        frame.add(interaction.initialText, right: status)
        if interaction.voiceSessionOpen { frame.add("(listening: say a voice command)") }
        if let typed = interaction.keyboardText {
            drawKeyboard(interaction, typed: typed, isSearch: layout != .keyboard, on: &frame)
        }
        let choices = interaction.visibleChoices
        // A keyboard shows no choices; a voice-only interaction shows them only if it has any.
        guard layout != .keyboard, layout != nil || !choices.isEmpty else { return }
        frame.add("")
        if choices.isEmpty {
            frame.add(interaction.keyboardText?.isEmpty == false ? "  (no choice matches the search)" : "  (no choices)")
        } else if layout == .iconOnly || layout == .iconWithSearch {
            drawTiles(choices, on: &frame)
        } else {
            drawList(choices, on: &frame)
        }
    }

    private static func drawKeyboard(_ interaction: SimGetState.Interaction, typed: String, isSearch: Bool, on frame: inout Frame) {
        let masked = interaction.inputMasked == true
        let shown = masked ? String(repeating: "•", count: typed.count) : typed
        frame.add("\(isSearch ? "Search" : "Text"): \(shown)▌")
        let properties = interaction.keyboardProperties ?? KeyboardProperties()
        var details = ["\((properties.keyboardLayout ?? .qwerty).rawValue) keyboard"]
        if let keys = properties.customKeys, !keys.isEmpty {
            details.append("custom keys: " + keys.joined(separator: " "))
        }
        if masked { details.append("input masked") }
        frame.add(details.joined(separator: " · "))
        let suggestions = interaction.autoCompleteList ?? []
        guard !suggestions.isEmpty else { return }
        let entries = suggestions.enumerated().map { "\($0.offset + 1) \($0.element)" }
        frame.wrap("Suggestions: ", entries, separator: " · ")
    }

    private static func drawList(_ choices: [Choice], on frame: inout Frame) {
        let idWidth = choices.map { "#\($0.choiceID)".count }.max() ?? 2
        for choice in choices {
            let id = "#\(choice.choiceID)"
            let indent = String(repeating: " ", count: 2 + idWidth + 2)
            var line = "  " + String(repeating: " ", count: idWidth - id.count) + id + "  "
            if let image = imageText(choice.image) { line += image + " " }
            line += choice.menuName
            if let image = imageText(choice.secondaryImage) { line += "  " + image }
            frame.add(line)
            let more = [choice.secondaryText, choice.tertiaryText].compactMap { $0 }
            if !more.isEmpty { frame.add(indent + more.joined(separator: " · ")) }
        }
    }

    /// Icon layouts: tiles three to a row, the image above the ID and name.
    private static func drawTiles(_ choices: [Choice], on frame: inout Frame) {
        let gap = 2
        let tileWidth = (frame.innerWidth - 2 - 2 * gap) / 3
        for start in stride(from: 0, to: choices.count, by: 3) {
            let row = choices[start..<min(start + 3, choices.count)]
            let images = row.map { Frame.fit(imageText($0.image) ?? "[no image]", tileWidth) }
            let names = row.map { Frame.fit("#\($0.choiceID) \($0.menuName)", tileWidth) }
            for cells in [images, names] {
                frame.add("  " + cells.map { Frame.pad($0, tileWidth) }.joined(separator: String(repeating: " ", count: gap)))
            }
        }
    }

    private static func drawStore(_ state: SimGetState.Response, on frame: inout Frame) {
        if !state.choiceSets.isEmpty {
            let entries = state.choiceSets.map { set -> String in
                let count = set.choiceIDs.count
                let note = set.available ? "" : ", not available yet"
                return "#\(set.interactionChoiceSetID) (\(count) choice\(count == 1 ? "" : "s")\(note))"
            }
            frame.wrap("Choice sets: ", entries, separator: ", ")
        }
        if !state.files.isEmpty {
            var names = state.files.map(\.syncFileName)
            names[names.count - 1] += " (\(byteText(state.usedBytes)) used)"
            frame.wrap("Files: ", names, separator: ", ")
        }
    }

    /// Answers an injected delay holds back: the app is still waiting for them.
    private static func drawHeldAnswers(_ state: SimGetState.Response, on frame: inout Frame) {
        guard !state.heldAnswers.isEmpty else { return }
        let entries = state.heldAnswers.map { "\($0.method) in \(secondsText($0.msLeft))" }
        frame.wrap("Answers held back: ", entries, separator: ", ")
    }

    private static func secondsText(_ milliseconds: Int) -> String {
        let tenths = (milliseconds + 99) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    private static func imageText(_ image: Image?) -> String? {
        image.map { "[img \($0.value)]" }
    }

    private static func byteText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let kib = Double(bytes) / 1024
        if kib < 1024 { return "\(oneDecimal(kib)) KiB" }
        return "\(oneDecimal(kib / 1024)) MiB"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// A box of `width` columns: a title in the top border, text lines padded inside.
struct Frame {
    let width: Int
    var title = ""
    private var body: [String] = []

    init(width: Int) { self.width = width }

    /// Columns for text between `│ ` and ` │`.
    var innerWidth: Int { width - 4 }

    mutating func add(_ text: String) { body.append(Self.fit(text, innerWidth)) }

    /// `text` on the left, `right` on the right; the left side is cut short first.
    mutating func add(_ text: String, right: String) {
        let left = Self.fit(text, max(0, innerWidth - right.count - 2))
        add(Self.pad(left, innerWidth - right.count) + right)
    }

    /// `label` then `entries`, continued on further lines under the first entry.
    mutating func wrap(_ label: String, _ entries: [String], separator: String) {
        let indent = String(repeating: " ", count: label.count)
        var line = label
        for (index, entry) in entries.enumerated() {
            let piece = entry + (index < entries.count - 1 ? separator.trimmingTrailingSpace : "")
            if line.count > label.count, line.count + 1 + piece.count > innerWidth {
                add(line)
                line = indent
            }
            line += (line.count > label.count ? " " : "") + piece
        }
        add(line)
    }

    var lines: [String] {
        let heading = title.isEmpty ? "" : " \(Self.fit(title, width - 6)) "
        let top = "╭─" + heading + String(repeating: "─", count: max(0, width - 3 - heading.count)) + "╮"
        let bottom = "╰" + String(repeating: "─", count: width - 2) + "╯"
        return [top] + body.map { "│ " + Self.pad($0, innerWidth) + " │" } + [bottom]
    }

    static func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
