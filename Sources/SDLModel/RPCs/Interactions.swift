// PerformInteraction and CancelInteraction (SDL-RULES §4–5).

public struct PerformInteraction: SDLRequest, Hashable {
    public static let method = "PerformInteraction"
    public static let functionID = 10
    /// SDL's default `timeout`, in milliseconds.
    public static let defaultTimeout = 10000

    public var initialText = ""
    public var initialPrompt: [TTSChunk]?
    public var interactionMode = InteractionMode.manualOnly
    public var interactionChoiceSetIDList: [Int] = []
    public var helpPrompt: [TTSChunk]?
    public var timeoutPrompt: [TTSChunk]?
    public var timeout = PerformInteraction.defaultTimeout
    public var vrHelp: [VrHelpItem]?
    public var interactionLayout: LayoutMode?
    public var cancelID: Int?

    public init() {}

    public init(
        initialText: String, mode: InteractionMode, choiceSetIDs: [Int], layout: LayoutMode? = nil,
        timeout: Int = PerformInteraction.defaultTimeout, cancelID: Int? = nil
    ) {
        self.initialText = initialText
        self.interactionMode = mode
        self.interactionChoiceSetIDList = choiceSetIDs
        self.interactionLayout = layout
        self.timeout = timeout
        self.cancelID = cancelID
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("initialText", &initialText, 1...500)
        try map("initialPrompt", &initialPrompt, count: 1...100)
        try map("interactionMode", &interactionMode)
        try map("interactionChoiceSetIDList", &interactionChoiceSetIDList, count: 0...100, 0...2_000_000_000)
        try map("helpPrompt", &helpPrompt, count: 1...100)
        try map("timeoutPrompt", &timeoutPrompt, count: 1...100)
        try map("timeout", &timeout, 5000...100_000, default: PerformInteraction.defaultTimeout)
        try map("vrHelp", &vrHelp, count: 1...100, since: .v2_0)
        try map("interactionLayout", &interactionLayout, since: .v3_0)
        try map("cancelID", &cancelID, .int32, since: .v6_0)
    }

    public struct Response: SDLStruct, Hashable {
        public var choiceID: Int?
        public var manualTextEntry: String?
        public var triggerSource: TriggerSource?

        public init() {}

        public init(choiceID: Int? = nil, manualTextEntry: String? = nil, triggerSource: TriggerSource?) {
            self.choiceID = choiceID
            self.manualTextEntry = manualTextEntry
            self.triggerSource = triggerSource
        }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("choiceID", &choiceID, 0...2_000_000_000)
            try map("manualTextEntry", &manualTextEntry, 1...500, since: .v3_0)
            try map("triggerSource", &triggerSource)
        }
    }
    public typealias ResponseParameters = Response
}

public struct CancelInteraction: SDLRequest, Hashable {
    public static let method = "CancelInteraction"
    public static let functionID = 57
    /// The FunctionIDs of the RPCs an app may cancel: PerformInteraction, Alert,
    /// ScrollableMessage, Slider, SubtleAlert.
    public static let cancellableFunctionIDs: Set<Int> = [10, 12, 25, 26, 64]

    public var cancelID: Int?
    public var functionID = PerformInteraction.functionID

    public init() {}

    public init(functionID: Int = PerformInteraction.functionID, cancelID: Int? = nil) {
        self.functionID = functionID
        self.cancelID = cancelID
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("cancelID", &cancelID, .int32)
        try map("functionID", &functionID, .int32)
    }
}
