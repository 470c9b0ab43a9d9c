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

public struct KeyboardCapabilities: SDLStruct, Hashable {
    public var maskInputCharactersSupported: Bool?
    public var supportedKeyboards: [KeyboardLayoutCapability]?

    public init() {}

    public init(maskInputCharactersSupported: Bool?, supportedKeyboards: [KeyboardLayoutCapability]?) {
        self.maskInputCharactersSupported = maskInputCharactersSupported
        self.supportedKeyboards = supportedKeyboards
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("maskInputCharactersSupported", &maskInputCharactersSupported)
        try map("supportedKeyboards", &supportedKeyboards, count: 1...1000)
    }

    /// How many custom keys `layout` offers; 0 when the layout is not supported.
    public func configurableKeys(for layout: KeyboardLayout) -> Int {
        supportedKeyboards?.first { $0.keyboardLayout == layout }?.numConfigurableKeys ?? 0
    }
}

public struct WindowCapability: SDLStruct, Hashable {
    public var windowID: Int?
    public var textFields: [TextField]?
    public var imageFields: [ImageField]?
    public var imageTypeSupported: [ImageType]?
    public var templatesAvailable: [String]?
    public var numCustomPresetsAvailable: Int?
    public var buttonCapabilities: [ButtonCapabilities]?
    public var softButtonCapabilities: [SoftButtonCapabilities]?
    public var menuLayoutsAvailable: [MenuLayout]?
    public var dynamicUpdateCapabilities: DynamicUpdateCapabilities?
    public var keyboardCapabilities: KeyboardCapabilities?

    public init() {}

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

public struct DisplayCapability: SDLStruct, Hashable {
    public var displayName: String?
    public var windowTypeSupported: [WindowTypeCapabilities]?
    public var windowCapabilities: [WindowCapability]?

    public init() {}

    public init(displayName: String?, windowCapabilities: [WindowCapability]?) {
        self.displayName = displayName
        self.windowCapabilities = windowCapabilities
    }

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
