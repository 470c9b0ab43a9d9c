import SDLModel

/// One choice an app offers, without an ID: the manager assigns IDs. Two cells with the
/// same content are the same cell, however they were built (SDL-0157).
public struct ChoiceCell: Sendable, Hashable {
    /// The cell's main text (`menuName`), 1–500 characters.
    public var text: String { content.fields.text }
    /// A second line, where the head unit shows one.
    public var secondaryText: String? { content.fields.secondaryText }
    /// A third line, where the head unit shows one.
    public var tertiaryText: String? { content.fields.tertiaryText }
    /// Nil, or 1–100 phrases of 1–99 characters that select this cell by voice.
    public var voiceCommands: [String]? { content.fields.voiceCommands }
    /// The cell's image, uploaded before the cell is sent.
    public var artwork: SDLArtwork? { content.fields.artwork }
    /// A second image, where the head unit shows one.
    public var secondaryArtwork: SDLArtwork? { content.fields.secondaryArtwork }

    /// The fields, shared by every copy of the cell, with their hash worked out once: a
    /// manager hashes and copies each cell a dozen times over a preload (callgrind: a third
    /// of its instructions per cell went to hashing every field again and copying them).
    private let content: Content

    private final class Content: Sendable {
        struct Fields: Hashable {
            let text: String
            let secondaryText: String?
            let tertiaryText: String?
            let voiceCommands: [String]?
            let artwork: SDLArtwork?
            let secondaryArtwork: SDLArtwork?
        }

        let fields: Fields
        let hash: Int

        init(_ fields: Fields) {
            self.fields = fields
            hash = fields.hashValue
        }
    }

    /// Checks SDL's limits on each field (those Core would refuse with INVALID_DATA).
    public init(
        text: String, secondaryText: String? = nil, tertiaryText: String? = nil, voiceCommands: [String]? = nil,
        artwork: SDLArtwork? = nil, secondaryArtwork: SDLArtwork? = nil
    ) throws(ChoiceError) {
        try ChoiceTextField.text.check(text)
        if let secondaryText { try ChoiceTextField.secondaryText.check(secondaryText) }
        if let tertiaryText { try ChoiceTextField.tertiaryText.check(tertiaryText) }
        if let voiceCommands {
            guard (1...100).contains(voiceCommands.count) else { throw .voiceCommandCount(voiceCommands.count) }
            for command in voiceCommands { try ChoiceTextField.voiceCommand.check(command) }
        }
        content = Content(
            Content.Fields(
                text: text, secondaryText: secondaryText, tertiaryText: tertiaryText, voiceCommands: voiceCommands,
                artwork: artwork, secondaryArtwork: secondaryArtwork))
    }

    /// Cells with the same content are the same cell, however they were built.
    public static func == (lhs: ChoiceCell, rhs: ChoiceCell) -> Bool {
        lhs.content === rhs.content || (lhs.content.hash == rhs.content.hash && lhs.content.fields == rhs.content.fields)
    }

    /// Hashes the cell's content (worked out once, when the cell was made).
    public func hash(into hasher: inout Hasher) { hasher.combine(content.hash) }

    /// This cell as SDL's `Choice` with the given ID (1–65535, from a `ChoiceIDPool`).
    public func choice(id: Int) -> Choice {
        Choice(
            choiceID: id, menuName: text, vrCommands: voiceCommands, image: artwork?.image,
            secondaryText: secondaryText, tertiaryText: tertiaryText, secondaryImage: secondaryArtwork?.image)
    }

    /// The request that loads this cell alone, its set ID equal to its choice ID: one choice
    /// per set, as the reference managers do, so sets can be presented in any combination.
    public func createRequest(id: Int) -> CreateInteractionChoiceSet {
        CreateInteractionChoiceSet(id: id, choices: [choice(id: id)])
    }
}

/// The texts of cells and sets, each with SDL's length limit in characters.
public enum ChoiceTextField: String, Sendable, Hashable {
    /// A cell's main text.
    case text
    /// A cell's second line.
    case secondaryText
    /// A cell's third line.
    case tertiaryText
    /// One of a cell's voice commands.
    case voiceCommand
    /// A set's title.
    case title
    /// A spoken prompt.
    case promptText
    /// A line of voice help.
    case vrHelpText

    /// SDL's limit on the field's length, in characters.
    public var lengthLimit: ClosedRange<Int> {
        switch self {
        case .voiceCommand: 1...99
        case .promptText: 0...500
        default: 1...500
        }
    }

    /// The length in Unicode scalars, as SDL Core counts it, then Core's CheckSyntax
    /// (SDL-RULES, definitions): no tab or line feed, not even written as `\t` / `\n`, and not only spaces.
    func check(_ value: String) throws(ChoiceError) {
        let length = value.unicodeScalars.count
        guard lengthLimit.contains(length) else { throw .textLength(self, length: length) }
        if length == 0 { return }  // only prompt texts may be empty, and Core skips checking them
        var onlySpaces = true
        var previous: UInt8 = 0
        for byte in value.utf8 {
            let escaped = previous == UInt8(ascii: "\\") && (byte == UInt8(ascii: "n") || byte == UInt8(ascii: "t"))
            if byte == 0x09 || byte == 0x0A || escaped { throw .unacceptableText(self, value) }
            if byte != UInt8(ascii: " ") { onlySpaces = false }
            previous = byte
        }
        // Where Core allows an empty text (prompts), it allows a blank one too.
        if onlySpaces && lengthLimit.lowerBound > 0 { throw .unacceptableText(self, value) }
    }
}

/// Why a cell or a set breaks SDL's rules; found when the value is built, before anything is sent.
public enum ChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A text outside its field's `lengthLimit` (in characters).
    case textLength(ChoiceTextField, length: Int)
    /// A text with a tab or line feed (or `\t`, `\n` written out), or only spaces.
    case unacceptableText(ChoiceTextField, String)
    /// A cell's voice commands: 1–100 when given.
    case voiceCommandCount(Int)
    /// A set holds 1–100 cells.
    case cellCount(Int)
    /// The same cell twice in one set.
    case duplicateCell(ChoiceCell)
    /// One voice command (compared ignoring case) on two cells of a set.
    case sharedVoiceCommand(String)
    /// Either every cell of a set has voice commands or none has.
    case voiceCommandsOnSomeCells(with: Int, without: Int)
    /// A set's timeout: 5–100 s.
    case timeout(Duration)
    /// A prompt holds 1–100 chunks when given.
    case promptChunkCount(ChoicePrompt, Int)
    /// VR help holds 1–100 items when given.
    case vrHelpCount(Int)
    /// VR help positions must be exactly 1, 2, … n in order (Core answers REJECTED otherwise).

    public var description: String {
        switch self {
        case .textLength(let field, let length):
            "\(field.rawValue) is \(length) characters long; \(field.lengthLimit.lowerBound)–\(field.lengthLimit.upperBound) are allowed"
        case .unacceptableText(let field, let text):
            "\(field.rawValue) \"\(text)\" has a tab or line feed, or only spaces"
        case .voiceCommandCount(let count): "a cell has \(count) voice commands; 1–100 are allowed"
        case .cellCount(let count): "a choice set has \(count) cells; 1–100 are allowed"
        case .duplicateCell(let cell): "the cell \"\(cell.text)\" is in the set twice"
        case .sharedVoiceCommand(let command): "the voice command \"\(command)\" is on two cells"
        case .voiceCommandsOnSomeCells(let with, let without):
            "\(with) cells have voice commands and \(without) have none; all or none must have them"
        case .timeout(let timeout): "the timeout \(timeout) is outside 5–100 seconds"
        case .promptChunkCount(let prompt, let count): "the \(prompt.rawValue) prompt has \(count) chunks; 1–100 are allowed"
        case .vrHelpCount(let count): "VR help has \(count) items; 1–100 are allowed"
        }
    }
}
