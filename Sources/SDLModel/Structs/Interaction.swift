// The structs of choice sets and interactions (MOBILE_API.xml 8.0, SDL-RULES §1).

public struct Image: SDLStruct, Hashable {
    /// A static icon's hex code, or the name of a file uploaded with PutFile.
    public var value = ""
    public var imageType = ImageType.dynamic
    public var isTemplate: Bool?

    public init() {}

    public init(_ value: String, type: ImageType = .dynamic, isTemplate: Bool? = nil) {
        self.value = value
        self.imageType = type
        self.isTemplate = isTemplate
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("value", &value, 0...65535)
        try map("imageType", &imageType)
        try map("isTemplate", &isTemplate, since: .v5_0)
    }
}

public struct Choice: SDLStruct, Hashable {
    public var choiceID = 0
    public var menuName = ""
    public var vrCommands: [String]?
    public var image: Image?
    public var secondaryText: String?
    public var tertiaryText: String?
    public var secondaryImage: Image?

    public init() {}

    public init(
        choiceID: Int, menuName: String, vrCommands: [String]? = nil, image: Image? = nil,
        secondaryText: String? = nil, tertiaryText: String? = nil, secondaryImage: Image? = nil
    ) {
        self.choiceID = choiceID
        self.menuName = menuName
        self.vrCommands = vrCommands
        self.image = image
        self.secondaryText = secondaryText
        self.tertiaryText = tertiaryText
        self.secondaryImage = secondaryImage
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("choiceID", &choiceID, 0...65535)
        try map("menuName", &menuName, 1...500)
        try map("vrCommands", &vrCommands, count: 1...100, 1...99, mandatoryBefore: .v5_0)
        try map("image", &image, since: .v2_0)
        try map("secondaryText", &secondaryText, 1...500, since: .v3_0)
        try map("tertiaryText", &tertiaryText, 1...500, since: .v3_0)
        try map("secondaryImage", &secondaryImage, since: .v3_0)
    }
}

public struct TTSChunk: SDLStruct, Hashable {
    public var text = ""
    public var type = SpeechCapabilities.text

    public init() {}

    public init(_ text: String, type: SpeechCapabilities = .text) {
        self.text = text
        self.type = type
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("text", &text, 0...500)
        try map("type", &type)
    }
}

public struct VrHelpItem: SDLStruct, Hashable {
    public var text = ""
    public var image: Image?
    public var position = 1

    public init() {}

    public init(text: String, image: Image? = nil, position: Int) {
        self.text = text
        self.image = image
        self.position = position
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("text", &text, 1...500)
        try map("image", &image)
        try map("position", &position, 1...100)
    }
}

public struct KeyboardProperties: SDLStruct, Hashable {
    public var language: Language?
    public var keyboardLayout: KeyboardLayout?
    public var keypressMode: KeypressMode?
    public var limitedCharacterList: [String]?
    /// Deprecated in SDL 6.0: SDL Core turns it into a one-entry `autoCompleteList`.
    public var autoCompleteText: String?
    public var autoCompleteList: [String]?
    public var maskInputCharacters: KeyboardInputMask?
    public var customKeys: [String]?

    public init() {}

    public init(
        language: Language? = nil, keyboardLayout: KeyboardLayout? = nil, keypressMode: KeypressMode? = nil,
        limitedCharacterList: [String]? = nil, autoCompleteText: String? = nil, autoCompleteList: [String]? = nil,
        maskInputCharacters: KeyboardInputMask? = nil, customKeys: [String]? = nil
    ) {
        self.language = language
        self.keyboardLayout = keyboardLayout
        self.keypressMode = keypressMode
        self.limitedCharacterList = limitedCharacterList
        self.autoCompleteText = autoCompleteText
        self.autoCompleteList = autoCompleteList
        self.maskInputCharacters = maskInputCharacters
        self.customKeys = customKeys
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("language", &language)
        try map("keyboardLayout", &keyboardLayout)
        try map("keypressMode", &keypressMode)
        try map("limitedCharacterList", &limitedCharacterList, count: 1...100, 1...1)
        try map("autoCompleteText", &autoCompleteText, 1...1000)
        try map("autoCompleteList", &autoCompleteList, count: 0...100, 1...1000, since: .v6_0)
        try map("maskInputCharacters", &maskInputCharacters, since: .v7_1)
        try map("customKeys", &customKeys, count: 1...10, 1...1, since: .v7_1)
    }
}

/// The SDL version of an app or a head unit: `SyncMsgVersion` in MOBILE_API.xml, named as
/// sdl_ios and sdl_java_suite name it.
public struct SdlMsgVersion: SDLStruct, Hashable, Comparable {
    public static var sdlName: String { "SyncMsgVersion" }

    public var majorVersion = 1
    public var minorVersion = 0
    public var patchVersion: Int?

    public init() {}

    public init(_ major: Int, _ minor: Int, _ patch: Int? = nil) {
        majorVersion = major
        minorVersion = minor
        patchVersion = patch
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("majorVersion", &majorVersion, 1...10)
        try map("minorVersion", &minorVersion, 0...1000)
        try map("patchVersion", &patchVersion, 0...1000, since: .v4_3)
    }

    public static func < (lhs: SdlMsgVersion, rhs: SdlMsgVersion) -> Bool {
        (lhs.majorVersion, lhs.minorVersion, lhs.patchVersion ?? 0)
            < (rhs.majorVersion, rhs.minorVersion, rhs.patchVersion ?? 0)
    }
}
