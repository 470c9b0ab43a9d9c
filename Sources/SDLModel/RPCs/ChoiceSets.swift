// CreateInteractionChoiceSet and DeleteInteractionChoiceSet (SDL-RULES §2–3).

/// creates interaction choice set to be used later by performInteraction
public struct CreateInteractionChoiceSet: SDLRequest, Hashable {
    /// The RPC's name on the wire.
    public static let method = "CreateInteractionChoiceSet"
    public static let functionID = 9
    /// The name the JSON-RPC door also accepts (PROTOCOL.md §3); SDL's protocol has no such function.
    public static let aliasMethod = "CreateChoiceInteractionSet"

    /// Unique ID used for this interaction choice set.
    public var interactionChoiceSetID = 0
    /// The set's choices; the manager sends one choice per set.
    public var choiceSet: [Choice] = []

    public init() {}

    /// The set `id` of `choices`.
    public init(id: Int, choices: [Choice]) {
        interactionChoiceSetID = id
        choiceSet = choices
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
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
