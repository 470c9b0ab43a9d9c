// CreateInteractionChoiceSet and DeleteInteractionChoiceSet (SDL-RULES §2–3).

public struct CreateInteractionChoiceSet: SDLRequest, Hashable {
    public static let method = "CreateInteractionChoiceSet"
    public static let functionID = 9

    public var interactionChoiceSetID = 0
    public var choiceSet: [Choice] = []

    public init() {}

    public init(id: Int, choices: [Choice]) {
        interactionChoiceSetID = id
        choiceSet = choices
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("interactionChoiceSetID", &interactionChoiceSetID, 0...2_000_000_000)
        try map("choiceSet", &choiceSet, count: 1...100)
    }
}

public struct DeleteInteractionChoiceSet: SDLRequest, Hashable {
    public static let method = "DeleteInteractionChoiceSet"
    public static let functionID = 11

    public var interactionChoiceSetID = 0

    public init() {}

    public init(id: Int) { interactionChoiceSetID = id }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("interactionChoiceSetID", &interactionChoiceSetID, 0...2_000_000_000)
    }
}
