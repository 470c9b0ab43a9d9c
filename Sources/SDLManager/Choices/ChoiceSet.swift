import SDLModel

/// How a set's cells are drawn.
public enum ChoiceSetLayout: Sendable, Hashable {
    case list
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
    case initial, help, timeout
}

/// Cells presented together under a title. A value: presenting an equal set built anew
/// is presenting the same set.
public struct ChoiceSet: Sendable, Hashable {
    /// The allowed timeouts (PerformInteraction's `timeout`, 5000–100000 ms).
    public static let timeouts: ClosedRange<Duration> = .seconds(5) ... .seconds(100)

    public let title: String
    public let cells: [ChoiceCell]
    public let layout: ChoiceSetLayout
    public let timeout: Duration
    public let initialPrompt: [TTSChunk]?
    public let helpPrompt: [TTSChunk]?
    public let timeoutPrompt: [TTSChunk]?
    public let vrHelp: [VrHelpItem]?

    /// Checks SDL's rules on the set as a whole: the head unit would refuse a set breaking them.
    public init(
        title: String, cells: [ChoiceCell], layout: ChoiceSetLayout = .list, timeout: Duration = .seconds(10),
        initialPrompt: [TTSChunk]? = nil, helpPrompt: [TTSChunk]? = nil, timeoutPrompt: [TTSChunk]? = nil,
        vrHelp: [VrHelpItem]? = nil
    ) throws(ChoiceError) {
        try ChoiceTextField.title.check(title)
        try Self.checkCells(cells)
        guard Self.timeouts.contains(timeout) else { throw .timeout(timeout) }
        for (prompt, chunks) in [(ChoicePrompt.initial, initialPrompt), (.help, helpPrompt), (.timeout, timeoutPrompt)] {
            guard let chunks else { continue }
            guard (1...100).contains(chunks.count) else { throw .promptChunkCount(prompt, chunks.count) }
            for chunk in chunks { try ChoiceTextField.promptText.check(chunk.text) }
        }
        if let vrHelp { try Self.checkVRHelp(vrHelp) }
        self.title = title
        self.cells = cells
        self.layout = layout
        self.timeout = timeout
        self.initialPrompt = initialPrompt
        self.helpPrompt = helpPrompt
        self.timeoutPrompt = timeoutPrompt
        self.vrHelp = vrHelp
    }

    /// The timeout as PerformInteraction sends it.
    public var timeoutMilliseconds: Int {
        Int((timeout / .milliseconds(1)).rounded())
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

    private static func checkVRHelp(_ items: [VrHelpItem]) throws(ChoiceError) {
        guard (1...100).contains(items.count) else { throw .vrHelpCount(items.count) }
        for item in items { try ChoiceTextField.vrHelpText.check(item.text) }
        let positions = items.map(\.position)
        guard positions == Array(1...items.count) else { throw .vrHelpPositions(positions) }
    }
}
