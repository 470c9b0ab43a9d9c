import SDLModel

/// How a set's cells are drawn.
public enum ChoiceSetLayout: Sendable, Hashable {
    /// A list of rows (`LIST_ONLY`).
    case list
    /// A grid of tiles with images (`ICON_ONLY`).
    case tiles

    /// The `interactionLayout` of PerformInteraction.
    public var layoutMode: LayoutMode {
        switch self {
        case .list: .listOnly
        case .tiles: .iconOnly
        }
    }
}

/// The three spoken prompts of an interaction.
public enum ChoicePrompt: String, Sendable, Hashable {
    /// Spoken when the interaction starts.
    case initial
    /// Spoken when the driver asks for help.
    case help
    /// Spoken when the interaction times out.
    case timeout
}

/// One line of an interaction's voice help (sdl_ios's `SDLVRHelpItem`): the set numbers
/// the lines by their place in its list.
public struct VoiceHelpItem: Sendable, Hashable {
    /// The spoken and shown line.
    public var text: String
    /// An image shown beside it.
    public var image: Image?

    /// A voice help line saying `text`.
    public init(_ text: String, image: Image? = nil) {
        self.text = text
        self.image = image
    }
}

/// Cells presented together under a title. A value: presenting an equal set built anew
/// is presenting the same set.
public struct ChoiceSet: Sendable, Hashable {
    /// The allowed timeouts (PerformInteraction's `timeout`, 5000–100000 ms).
    public static let timeouts: ClosedRange<Duration> = .seconds(5) ... .seconds(100)

    /// The interaction's title (`initialText`).
    public let title: String
    /// The cells, in the order shown.
    public let cells: [ChoiceCell]
    /// nil: the choice set manager's `defaultLayout` (sdl_ios's class-wide `defaultLayout`).
    public let layout: ChoiceSetLayout?
    /// nil: the choice set manager's `defaultTimeout`.
    public let timeout: Duration?
    /// Spoken when the interaction starts.
    public let initialPrompt: [TTSChunk]?
    /// Spoken when the driver asks for help.
    public let helpPrompt: [TTSChunk]?
    /// Spoken when the interaction times out.
    public let timeoutPrompt: [TTSChunk]?
    /// The voice help as sent: the items given, numbered 1, 2, … in their order.
    public let vrHelp: [VrHelpItem]?

    /// Checks SDL's rules on the set as a whole: the head unit would refuse a set breaking them.
    public init(
        title: String, cells: [ChoiceCell], layout: ChoiceSetLayout? = nil, timeout: Duration? = nil,
        initialPrompt: [TTSChunk]? = nil, helpPrompt: [TTSChunk]? = nil, timeoutPrompt: [TTSChunk]? = nil,
        vrHelp: [VoiceHelpItem]? = nil
    ) throws(ChoiceError) {
        try ChoiceTextField.title.check(title)
        try Self.checkCells(cells)
        if let timeout, !Self.timeouts.contains(timeout) { throw .timeout(timeout) }
        for (prompt, chunks) in [(ChoicePrompt.initial, initialPrompt), (.help, helpPrompt), (.timeout, timeoutPrompt)] {
            guard let chunks else { continue }
            guard (1...100).contains(chunks.count) else { throw .promptChunkCount(prompt, chunks.count) }
            for chunk in chunks { try ChoiceTextField.promptText.check(chunk.text) }
        }
        if let vrHelp { try Self.checkVRHelp(vrHelp) }
        self.vrHelp = vrHelp?.enumerated().map { VrHelpItem(text: $1.text, image: $1.image, position: $0 + 1) }
        self.title = title
        self.cells = cells
        self.layout = layout
        self.timeout = timeout
        self.initialPrompt = initialPrompt
        self.helpPrompt = helpPrompt
        self.timeoutPrompt = timeoutPrompt
    }

    private static func checkCells(_ cells: [ChoiceCell]) throws(ChoiceError) {
        guard (1...100).contains(cells.count) else { throw .cellCount(cells.count) }
        var seen = Set<ChoiceCell>()
        for cell in cells where !seen.insert(cell).inserted { throw .duplicateCell(cell) }
        let withVoice = cells.count { $0.voiceCommands != nil }
        guard withVoice == 0 || withVoice == cells.count else {
            throw .voiceCommandsOnSomeCells(with: withVoice, without: cells.count - withVoice)
        }
        // Core compares voice commands across choices ignoring case; within one cell a repeat is harmless.
        var owners: [String: Int] = [:]
        for (index, cell) in cells.enumerated() {
            for command in cell.voiceCommands ?? [] {
                let key = command.lowercased()
                if let owner = owners[key], owner != index { throw .sharedVoiceCommand(command) }
                owners[key] = index
            }
        }
    }

    private static func checkVRHelp(_ items: [VoiceHelpItem]) throws(ChoiceError) {
        guard (1...100).contains(items.count) else { throw .vrHelpCount(items.count) }
        for item in items { try ChoiceTextField.vrHelpText.check(item.text) }
    }
}
