// Show, SetDisplayLayout, CreateWindow and DeleteWindow: what the app's windows show.

/// Sets what a window of the app shows: its text fields, graphics, soft buttons, template and title.
public struct Show: SDLRequest, Hashable {
    public static let method = "Show"
    public static let functionID = 13

    public var mainField1: String?
    public var mainField2: String?
    public var mainField3: String?
    public var mainField4: String?
    public var alignment: TextAlignment?
    public var statusBar: String?
    /// Deprecated in SDL 7.1.
    public var mediaClock: String?
    public var mediaTrack: String?
    public var graphic: Image?
    public var secondaryGraphic: Image?
    public var softButtons: [SoftButton]?
    public var customPresets: [String]?
    public var metadataTags: MetadataTags?
    public var templateTitle: String?
    public var windowID: Int?
    public var templateConfiguration: TemplateConfiguration?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("mainField1", &mainField1, 0...500)
        try map("mainField2", &mainField2, 0...500)
        try map("mainField3", &mainField3, 0...500, since: .v2_0)
        try map("mainField4", &mainField4, 0...500, since: .v2_0)
        try map("alignment", &alignment)
        try map("statusBar", &statusBar, 0...500)
        try map("mediaClock", &mediaClock, 0...500)
        try map("mediaTrack", &mediaTrack, 0...500)
        try map("graphic", &graphic, since: .v3_0)
        try map("secondaryGraphic", &secondaryGraphic, since: .v3_0)
        try map("softButtons", &softButtons, count: 0...8, since: .v2_0)
        try map("customPresets", &customPresets, count: 0...10, 1...500, since: .v3_0)
        try map("metadataTags", &metadataTags, since: .v4_5)
        try map("templateTitle", &templateTitle, 0...100, since: .v6_0)
        try map("windowID", &windowID, .int32, since: .v6_0)
        try map("templateConfiguration", &templateConfiguration, since: .v6_0)
    }
}

/// Deprecated in SDL 6.0 (Show's `templateConfiguration` replaces it): changes the main window's template and colours.
public struct SetDisplayLayout: SDLRequest, Hashable {
    public static let method = "SetDisplayLayout"
    public static let functionID = 36

    public var displayLayout: String = ""
    public var dayColorScheme: TemplateColorScheme?
    public var nightColorScheme: TemplateColorScheme?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("displayLayout", &displayLayout, 1...500)
        try map("dayColorScheme", &dayColorScheme, since: .v5_0)
        try map("nightColorScheme", &nightColorScheme, since: .v5_0)
    }

    /// The screen's capabilities under the new template.
    public struct Response: SDLStruct, Hashable {
        public var displayCapabilities: DisplayCapabilities?
        public var buttonCapabilities: [ButtonCapabilities]?
        public var softButtonCapabilities: [SoftButtonCapabilities]?
        public var presetBankCapabilities: PresetBankCapabilities?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("displayCapabilities", &displayCapabilities)
            try map("buttonCapabilities", &buttonCapabilities, count: 1...100)
            try map("softButtonCapabilities", &softButtonCapabilities, count: 1...100)
            try map("presetBankCapabilities", &presetBankCapabilities)
        }
    }

    public typealias ResponseParameters = Response
}

/// Opens a new window of the app: a widget, or a main window on another display.
public struct CreateWindow: SDLRequest, Hashable {
    public static let method = "CreateWindow"
    public static let functionID = 60

    public var windowID: Int = 0
    public var windowName: String = ""
    public var type: WindowType = .main
    public var associatedServiceType: String?
    public var duplicateUpdatesFromWindowID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("windowID", &windowID, .int32)
        try map("windowName", &windowName, 1...100)
        try map("type", &type)
        try map("associatedServiceType", &associatedServiceType, .anyLength)
        try map("duplicateUpdatesFromWindowID", &duplicateUpdatesFromWindowID, .int32)
    }
}

/// Closes a window the app created.
public struct DeleteWindow: SDLRequest, Hashable {
    public static let method = "DeleteWindow"
    public static let functionID = 61

    public var windowID: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("windowID", &windowID, .int32)
    }
}
