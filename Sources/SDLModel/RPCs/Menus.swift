// The app's menu: commands and submenus, opening it, and what the user picks in it.

/// Adds a command to the app's menu, to its voice commands, or to both.
public struct AddCommand: SDLRequest, Hashable {
    public static let method = "AddCommand"
    public static let functionID = 5

    public var cmdID: Int = 0
    public var menuParams: MenuParams?
    public var vrCommands: [String]?
    public var cmdIcon: Image?
    public var secondaryImage: Image?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("cmdID", &cmdID, 0...2_000_000_000)
        try map("menuParams", &menuParams)
        try map("vrCommands", &vrCommands, count: 1...100, 1...99)
        try map("cmdIcon", &cmdIcon, since: .v2_0)
        try map("secondaryImage", &secondaryImage, since: .v7_1)
    }
}

/// Removes a command the app added.
public struct DeleteCommand: SDLRequest, Hashable {
    public static let method = "DeleteCommand"
    public static let functionID = 6

    public var cmdID: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("cmdID", &cmdID, 0...2_000_000_000)
    }
}

/// Adds a submenu to the app's menu, at its top level or inside another submenu.
public struct AddSubMenu: SDLRequest, Hashable {
    public static let method = "AddSubMenu"
    public static let functionID = 7

    public var menuID: Int = 1
    public var position: Int = 1000
    public var menuName: String = ""
    public var menuIcon: Image?
    public var menuLayout: MenuLayout?
    public var parentID: Int = 0
    public var secondaryText: String?
    public var tertiaryText: String?
    public var secondaryImage: Image?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("menuID", &menuID, 1...2_000_000_000)
        try map("position", &position, 0...1000, default: 1000)
        try map("menuName", &menuName, 1...500)
        try map("menuIcon", &menuIcon, since: .v5_0)
        try map("menuLayout", &menuLayout, since: .v6_0)
        try map("parentID", &parentID, 0...2_000_000_000, default: 0, since: .v7_0)
        try map("secondaryText", &secondaryText, 1...500, since: .v7_1)
        try map("tertiaryText", &tertiaryText, 1...500, since: .v7_1)
        try map("secondaryImage", &secondaryImage, since: .v7_1)
    }
}

/// Removes a submenu and the commands it holds.
public struct DeleteSubMenu: SDLRequest, Hashable {
    public static let method = "DeleteSubMenu"
    public static let functionID = 8

    public var menuID: Int = 1

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("menuID", &menuID, 1...2_000_000_000)
    }
}

/// Opens the app's menu, or one of its submenus.
public struct ShowAppMenu: SDLRequest, Hashable {
    public static let method = "ShowAppMenu"
    public static let functionID = 59

    public var menuID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("menuID", &menuID, 1...2_000_000_000)
    }
}

/// The user picked one of the app's commands, from the menu or by voice.
public struct OnCommand: SDLNotification, Hashable {
    public static let method = "OnCommand"
    public static let functionID = 32773

    public var cmdID: Int = 0
    public var triggerSource: TriggerSource = .menu

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("cmdID", &cmdID, 0...2_000_000_000)
        try map("triggerSource", &triggerSource)
    }
}

/// The head unit asks the app to fill in a submenu it is about to show.
public struct OnUpdateSubMenu: SDLNotification, Hashable {
    public static let method = "OnUpdateSubMenu"
    public static let functionID = 32790

    public var menuID: Int = 0
    public var updateSubCells: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("menuID", &menuID, 0...2_000_000_000)
        try map("updateSubCells", &updateSubCells)
    }
}
