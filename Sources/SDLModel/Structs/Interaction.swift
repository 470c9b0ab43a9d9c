// The structs of choice sets and interactions (MOBILE_API.xml 8.0, SDL-RULES §1).

/// An image: a file the app uploaded (`DYNAMIC`) or a static icon (`STATIC`).
public struct Image: SDLStruct, Hashable {
    /// A static icon's hex code, or the name of a file uploaded with PutFile.
    public var value = ""
    /// Describes, whether it is a static or dynamic image.
    public var imageType = ImageType.dynamic
    /// If true, the image is a template image and can be recolored by the HMI
    public var isTemplate: Bool?

    public init() {}

    /// The image named `value` (a file's name or a static icon's hex name).
    public init(_ value: String, type: ImageType = .dynamic, isTemplate: Bool? = nil) {
        self.value = value
        self.imageType = type
        self.isTemplate = isTemplate
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("value", &value, 0...65535)
        try map("imageType", &imageType)
        try map("isTemplate", &isTemplate, since: .v5_0)
    }
}

/// A choice is an option given to the user, which can be selected either by menu, or through voice recognition system.
public struct Choice: SDLStruct, Hashable {
    /// The choice's ID, 0–65535, unique among the app's choices.
    public var choiceID = 0
    /// The text shown, 1–500 characters.
    public var menuName = ""
    /// What the driver may say to pick it.
    public var vrCommands: [String]?
    /// The image shown with it.
    public var image: Image?
    /// Optional secondary text to display; e.g.
    public var secondaryText: String?
    /// Optional tertiary text to display; e.g.
    public var tertiaryText: String?
    /// Optional secondary image struct for choice
    public var secondaryImage: Image?

    public init() {}

    /// A choice `choiceID` showing `menuName`.
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

    /// Reads or writes each parameter through `map`, checking SDL's limits.
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

/// A TTS chunk, that consists of text/phonemes to speak or the name of a file to play, and a TTS type (like text or SAPI)
public struct TTSChunk: SDLStruct, Hashable {
    /// The text or phonemes to speak, or the name of the audio file to play.
    public var text = ""
    /// Describes whether the TTS chunk is plain text, a specific phoneme set, or an audio file.
    public var type = SpeechCapabilities.text

    public init() {}

    /// `text` to speak, as plain text by default.
    public init(_ text: String, type: SpeechCapabilities = .text) {
        self.text = text
        self.type = type
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("text", &text, 0...500)
        try map("type", &type)
    }
}

/// One line of voice help: its text, image and place.
public struct VrHelpItem: SDLStruct, Hashable {
    /// Text to display for VR Help item
    public var text = ""
    /// Image struct for VR Help item
    public var image: Image?
    /// Position to display item in VR Help list
    public var position = 1

    public init() {}

    /// The help line `text` at `position` (from 1).
    public init(text: String, image: Image? = nil, position: Int) {
        self.text = text
        self.image = image
        self.position = position
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("text", &text, 1...500)
        try map("image", &image)
        try map("position", &position, 1...100)
    }
}

/// Configuration of on-screen keyboard (if available).
public struct KeyboardProperties: SDLStruct, Hashable {
    /// The keyboard language.
    public var language: Language?
    /// Desired keyboard layout.
    public var keyboardLayout: KeyboardLayout?
    /// Desired keypress mode.
    public var keypressMode: KeypressMode?
    /// Array of keyboard characters to enable.
    public var limitedCharacterList: [String]?
    /// Deprecated in SDL 6.0: SDL Core turns it into a one-entry `autoCompleteList`.
    public var autoCompleteText: String?
    /// Allows an app to pre-populate the text field with a list of suggested or completed entries as the user types.
    public var autoCompleteList: [String]?
    /// Allows an app to mask entered characters on HMI
    public var maskInputCharacters: KeyboardInputMask?
    /// Array of special characters to show in customizable keys.
    public var customKeys: [String]?

    public init() {}

    /// Keyboard properties; a nil one is not sent.
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

    /// Reads or writes each parameter through `map`, checking SDL's limits.
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

    /// The major version.
    public var majorVersion = 1
    /// The minor version.
    public var minorVersion = 0
    /// The patch version, when given.
    public var patchVersion: Int?

    public init() {}

    /// The version `major`.`minor`(.`patch`).
    public init(_ major: Int, _ minor: Int, _ patch: Int? = nil) {
        majorVersion = major
        minorVersion = minor
        patchVersion = patch
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
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
