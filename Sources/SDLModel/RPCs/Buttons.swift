// The head unit's hard buttons: subscribing to them and their presses.

/// Asks to be told when the user presses one of the head unit's buttons.
public struct SubscribeButton: SDLRequest, Hashable {
    public static let method = "SubscribeButton"
    public static let functionID = 18

    public var buttonName: ButtonName = .ok

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("buttonName", &buttonName)
    }
}

/// Stops the notifications of a button's presses.
public struct UnsubscribeButton: SDLRequest, Hashable {
    public static let method = "UnsubscribeButton"
    public static let functionID = 19

    public var buttonName: ButtonName = .ok

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("buttonName", &buttonName)
    }
}

/// A subscribed button went down or up.
public struct OnButtonEvent: SDLNotification, Hashable {
    public static let method = "OnButtonEvent"
    public static let functionID = 32770

    public var buttonName: ButtonName = .ok
    public var buttonEventMode: ButtonEventMode = .buttonUp
    public var customButtonID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("buttonName", &buttonName)
        try map("buttonEventMode", &buttonEventMode)
        try map("customButtonID", &customButtonID, 0...65536, since: .v2_0)
    }
}

/// A subscribed button was pressed: briefly or long.
public struct OnButtonPress: SDLNotification, Hashable {
    public static let method = "OnButtonPress"
    public static let functionID = 32771

    public var buttonName: ButtonName = .ok
    public var buttonPressMode: ButtonPressMode = .long
    public var customButtonID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("buttonName", &buttonName)
        try map("buttonPressMode", &buttonPressMode)
        try map("customButtonID", &customButtonID, 0...65536, since: .v2_0)
    }
}
