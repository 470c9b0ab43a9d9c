// SetGlobalProperties and ResetGlobalProperties (SDL-RULES §6–7).

public struct SetGlobalProperties: SDLRequest, Hashable {
    public static let method = "SetGlobalProperties"
    public static let functionID = 3

    public var userLocation: SeatLocation?
    public var helpPrompt: [TTSChunk]?
    public var timeoutPrompt: [TTSChunk]?
    public var vrHelpTitle: String?
    public var vrHelp: [VrHelpItem]?
    public var menuTitle: String?
    public var menuIcon: Image?
    public var keyboardProperties: KeyboardProperties?
    public var menuLayout: MenuLayout?

    public init() {}

    public init(keyboardProperties: KeyboardProperties) { self.keyboardProperties = keyboardProperties }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("userLocation", &userLocation, since: .v6_0)
        try map("helpPrompt", &helpPrompt, count: 1...100)
        try map("timeoutPrompt", &timeoutPrompt, count: 1...100)
        try map("vrHelpTitle", &vrHelpTitle, 1...500, since: .v2_0)
        try map("vrHelp", &vrHelp, count: 1...100, since: .v2_0)
        try map("menuTitle", &menuTitle, 1...500, since: .v3_0)
        try map("menuIcon", &menuIcon, since: .v3_0)
        try map("keyboardProperties", &keyboardProperties, since: .v3_0)
        try map("menuLayout", &menuLayout, since: .v6_0)
    }
}

public struct ResetGlobalProperties: SDLRequest, Hashable {
    public static let method = "ResetGlobalProperties"
    public static let functionID = 4

    public var properties: [GlobalProperty] = []

    public init() {}

    public init(_ properties: [GlobalProperty]) { self.properties = properties }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("properties", &properties, count: 1...100)
    }
}
