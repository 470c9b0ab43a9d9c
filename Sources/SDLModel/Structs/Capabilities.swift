// What a head unit reports it can show (SDL-RULES §1, capabilities structs).

public struct TextField: SDLStruct, Hashable {
    public var name = TextFieldName.mainField1
    public var characterSet = CharacterSet.utf8
    public var width = 500
    public var rows = 1

    public init() {}

    public init(_ name: TextFieldName, width: Int = 500, rows: Int = 1, characterSet: CharacterSet = .utf8) {
        self.name = name
        self.width = width
        self.rows = rows
        self.characterSet = characterSet
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("name", &name)
        try map("characterSet", &characterSet)
        try map("width", &width, 1...500)
        try map("rows", &rows, 1...8)
    }
}

public struct ImageResolution: SDLStruct, Hashable {
    public var resolutionWidth = 35
    public var resolutionHeight = 35

    public init() {}

    public init(width: Int, height: Int) {
        resolutionWidth = width
        resolutionHeight = height
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("resolutionWidth", &resolutionWidth, 1...10000)
        try map("resolutionHeight", &resolutionHeight, 1...10000)
    }
}

public struct ImageField: SDLStruct, Hashable {
    public var name = ImageFieldName.choiceImage
    public var imageTypeSupported: [FileType] = [.graphicBMP, .graphicJPEG, .graphicPNG]
    public var imageResolution: ImageResolution?

    public init() {}

    public init(_ name: ImageFieldName, resolution: ImageResolution? = ImageResolution(width: 35, height: 35)) {
        self.name = name
        self.imageResolution = resolution
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("name", &name)
        try map("imageTypeSupported", &imageTypeSupported, count: 1...100)
        try map("imageResolution", &imageResolution)
    }
}

public struct KeyboardLayoutCapability: SDLStruct, Hashable {
    public var keyboardLayout = KeyboardLayout.qwerty
    public var numConfigurableKeys = 0

    public init() {}

    public init(_ layout: KeyboardLayout, configurableKeys: Int) {
        keyboardLayout = layout
        numConfigurableKeys = configurableKeys
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("keyboardLayout", &keyboardLayout)
        try map("numConfigurableKeys", &numConfigurableKeys, 0...10)
    }
}

/// What the head unit's keyboards can do: masking, layouts, custom keys.
public struct KeyboardCapabilities: SDLStruct, Hashable {
    /// Availability of capability to mask input characters using keyboard.
    public var maskInputCharactersSupported: Bool?
    /// Capabilities of supported keyboard layouts by HMI.
    public var supportedKeyboards: [KeyboardLayoutCapability]?

    public init() {}

    /// Capabilities with masking `maskInputCharactersSupported` and the layouts `supportedKeyboards`.
    public init(maskInputCharactersSupported: Bool?, supportedKeyboards: [KeyboardLayoutCapability]?) {
        self.maskInputCharactersSupported = maskInputCharactersSupported
        self.supportedKeyboards = supportedKeyboards
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("maskInputCharactersSupported", &maskInputCharactersSupported)
        try map("supportedKeyboards", &supportedKeyboards, count: 1...1000)
    }

    /// How many custom keys `layout` offers; 0 when the layout is not supported.
    public func configurableKeys(for layout: KeyboardLayout) -> Int {
        supportedKeyboards?.first { $0.keyboardLayout == layout }?.numConfigurableKeys ?? 0
    }
}

/// What a window of the head unit can show: text and image fields, templates, the keyboard.
public struct WindowCapability: SDLStruct, Hashable {
    /// The specified ID of the window.
    public var windowID: Int?
    /// A set of all fields that support text data.
    public var textFields: [TextField]?
    /// A set of all fields that support images.
    public var imageFields: [ImageField]?
    /// Provides information about image types supported by the system.
    public var imageTypeSupported: [ImageType]?
    /// A set of all window templates available on the head unit.
    public var templatesAvailable: [String]?
    /// The number of on-window custom presets available (if any); otherwise omitted.
    public var numCustomPresetsAvailable: Int?
    /// The number of buttons and the capabilities of each on-window button.
    public var buttonCapabilities: [ButtonCapabilities]?
    /// The number of soft buttons available on-window and the capabilities for each button.
    public var softButtonCapabilities: [SoftButtonCapabilities]?
    /// An array of available menu layouts.
    public var menuLayoutsAvailable: [MenuLayout]?
    /// Contains the head unit's capabilities for dynamic updating features declaring if the module will send dynamic update RPCs.
    public var dynamicUpdateCapabilities: DynamicUpdateCapabilities?
    /// See KeyboardCapabilities
    public var keyboardCapabilities: KeyboardCapabilities?

    public init() {}

    /// The capabilities of window `windowID`.
    public init(
        windowID: Int? = 0, textFields: [TextField]?, imageFields: [ImageField]?, imageTypeSupported: [ImageType]?,
        templatesAvailable: [String]? = nil, keyboardCapabilities: KeyboardCapabilities?
    ) {
        self.windowID = windowID
        self.textFields = textFields
        self.imageFields = imageFields
        self.imageTypeSupported = imageTypeSupported
        self.templatesAvailable = templatesAvailable
        self.keyboardCapabilities = keyboardCapabilities
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("windowID", &windowID, .int32)
        try map("textFields", &textFields, count: 1...100)
        try map("imageFields", &imageFields, count: 1...100)
        try map("imageTypeSupported", &imageTypeSupported, count: 0...1000)
        try map("templatesAvailable", &templatesAvailable, count: 0...100, 1...100)
        try map("numCustomPresetsAvailable", &numCustomPresetsAvailable, 1...100)
        try map("buttonCapabilities", &buttonCapabilities, count: 1...100)
        try map("softButtonCapabilities", &softButtonCapabilities, count: 1...100)
        try map("menuLayoutsAvailable", &menuLayoutsAvailable, count: 1...1000)
        try map("dynamicUpdateCapabilities", &dynamicUpdateCapabilities, since: .v7_0)
        try map("keyboardCapabilities", &keyboardCapabilities, since: .v7_1)
    }
}

/// A display of the head unit and its windows' capabilities.
public struct DisplayCapability: SDLStruct, Hashable {
    /// The display's name.
    public var displayName: String?
    /// Informs the application how many windows the app is allowed to create per type.
    public var windowTypeSupported: [WindowTypeCapabilities]?
    /// Contains a list of capabilities of all windows related to the app.
    public var windowCapabilities: [WindowCapability]?

    public init() {}

    /// The display `displayName` with `windowCapabilities`.
    public init(displayName: String?, windowCapabilities: [WindowCapability]?) {
        self.displayName = displayName
        self.windowCapabilities = windowCapabilities
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("displayName", &displayName, .anyLength)
        try map("windowTypeSupported", &windowTypeSupported, count: 1...Int.max)
        try map("windowCapabilities", &windowCapabilities, count: 1...1000)
    }
}

/// The deprecated (SDL 6.0) display description still sent in `RegisterAppInterface`.
public struct DisplayCapabilities: SDLStruct, Hashable {
    /// Deprecated since SDL 5.0 but still mandatory: `SDL_GENERIC` for any modern head unit.
    public var displayType = DisplayType.sdlGeneric
    public var displayName: String?
    public var textFields: [TextField] = []
    public var imageFields: [ImageField]?
    public var mediaClockFormats: [MediaClockFormat] = []
    public var graphicSupported = false
    public var templatesAvailable: [String]?
    public var screenParams: ScreenParams?
    public var numCustomPresetsAvailable: Int?

    public init() {}

    public init(
        displayName: String?, textFields: [TextField], imageFields: [ImageField]?, graphicSupported: Bool,
        templatesAvailable: [String]?
    ) {
        self.displayName = displayName
        self.textFields = textFields
        self.imageFields = imageFields
        self.graphicSupported = graphicSupported
        self.templatesAvailable = templatesAvailable
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("displayType", &displayType)
        try map("displayName", &displayName, .anyLength, since: .v5_0)
        try map("textFields", &textFields, count: 1...100)
        try map("imageFields", &imageFields, count: 1...100)
        try map("mediaClockFormats", &mediaClockFormats, count: 0...100)
        try map("graphicSupported", &graphicSupported, since: .v2_0)
        try map("templatesAvailable", &templatesAvailable, count: 0...100, 1...100, since: .v3_0)
        try map("screenParams", &screenParams, since: .v3_0)
        try map("numCustomPresetsAvailable", &numCustomPresetsAvailable, 1...100, since: .v3_0)
    }
}
