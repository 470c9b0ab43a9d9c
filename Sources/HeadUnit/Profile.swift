import JSONCodec
import SDLModel

/// What a head unit can show and do: its SDL version, text and image fields, voice,
/// keyboard layouts and custom keys, input masking, autocomplete lists, and whether apps
/// may cancel interactions. `RegisterAppInterface`, `GetSystemCapability` and
/// `OnSystemCapabilityUpdated` report it, and the engine enforces it.
///
/// A profile file is this struct as JSON (see `fixtures/profiles/`); every field is
/// checked with the same schema rules as SDL's own structs.
public struct Profile: SDLStruct, Hashable {
    public var name = "custom"
    public var displayName = "SDL head unit"
    /// The SDL version the head unit implements; below 5.0 every choice needs voice
    /// commands, below 6.0 there is no `CancelInteraction` or `autoCompleteList`.
    public var sdlVersion = SdlMsgVersion(8, 0, 0)
    /// Voice recognition: `VR_ONLY`/`BOTH` interactions and voice commands.
    public var voice = true
    public var textFields: [TextField] = []
    public var imageFields: [ImageField]?
    /// STATIC and/or DYNAMIC; empty for a head unit that shows no images.
    public var imageTypeSupported: [ImageType] = []
    public var templatesAvailable: [String]?
    public var keyboardCapabilities: KeyboardCapabilities?
    /// What the head unit's speech can say; FILE plays uploaded audio files, other chunk
    /// types end in WARNINGS. Absent: TEXT and SILENCE.
    public var speechCapabilities: [SpeechCapabilities]?
    /// The main menu's layouts (SDL 6.0); SetGlobalProperties asking for another ends in
    /// WARNINGS and the default layout. Absent: LIST only.
    public var menuLayoutsAvailable: [MenuLayout]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("name", &name, 1...100)
        try map("displayName", &displayName, 1...500)
        try map("sdlVersion", &sdlVersion)
        try map("voice", &voice)
        try map("textFields", &textFields, count: 1...100)
        try map("imageFields", &imageFields, count: 1...100)
        try map("imageTypeSupported", &imageTypeSupported, count: 0...2)
        try map("templatesAvailable", &templatesAvailable, count: 0...100, 1...100)
        try map("keyboardCapabilities", &keyboardCapabilities)
        try map("speechCapabilities", &speechCapabilities, count: 1...100)
        try map("menuLayoutsAvailable", &menuLayoutsAvailable, count: 1...1000)
    }

    /// Reads a profile file's JSON; the error names the offending field.
    public init(json: JSON) throws(SchemaViolation) {
        self = try Self.decode(json, limits: NoLimits(), version: .latest)
    }

    public var supportsCancelInteraction: Bool { sdlVersion >= SdlMsgVersion(6, 0) }
    public var supportsAutoCompleteList: Bool { sdlVersion >= SdlMsgVersion(6, 0) }
    public var supportsImages: Bool { !imageTypeSupported.isEmpty }
    public var supportsMask: Bool { keyboardCapabilities?.maskInputCharactersSupported ?? false }
    public var speech: [SpeechCapabilities] { speechCapabilities ?? [.text, .silence] }
    public var menuLayouts: [MenuLayout] { menuLayoutsAvailable ?? [.list] }

    /// The width of a text field, if the head unit has it.
    public func width(of field: TextFieldName) -> Int? {
        textFields.first { $0.name == field }?.width
    }

    public func hasImageField(_ field: ImageFieldName) -> Bool {
        supportsImages && (imageFields?.contains { $0.name == field } ?? false)
    }

    // MARK: What the head unit reports

    /// The main window (ID 0), as `GetSystemCapability(DISPLAYS)` reports it.
    public var displays: SystemCapability {
        var window = WindowCapability(
            windowID: 0, textFields: textFields, imageFields: supportsImages ? imageFields : nil,
            imageTypeSupported: imageTypeSupported, templatesAvailable: templatesAvailable,
            keyboardCapabilities: keyboardCapabilities)
        window.menuLayoutsAvailable = menuLayouts
        return SystemCapability(displays: [DisplayCapability(displayName: displayName, windowCapabilities: [window])])
    }

    /// The deprecated display description of `RegisterAppInterface`'s response.
    public var displayCapabilities: DisplayCapabilities {
        DisplayCapabilities(
            displayName: displayName, textFields: textFields, imageFields: supportsImages ? imageFields : nil,
            graphicSupported: supportsImages, templatesAvailable: templatesAvailable)
    }

    // MARK: Built-in profiles

    public static let builtInNames = ["full", "text-only", "legacy"]

    public static func builtIn(named name: String) -> Profile? {
        switch name {
        case "full": .full
        case "text-only": .textOnly
        case "legacy": .legacy
        default: nil
        }
    }

    private static let choiceTextFields: [TextField] = [
        TextField(.initialInteractionText), TextField(.menuName), TextField(.secondaryText),
        TextField(.tertiaryText), TextField(.menuTitle), TextField(.mainField1), TextField(.mainField2),
    ]

    /// The full modern head unit: SDL 8.0 with the generic HMI's defaults.
    public static let full: Profile = {
        var profile = Profile()
        profile.name = "full"
        profile.displayName = "Generic HMI (SDL 8.0)"
        profile.sdlVersion = SdlMsgVersion(8, 0, 0)
        profile.voice = true
        profile.textFields = choiceTextFields
        profile.imageFields = [
            ImageField(.choiceImage), ImageField(.choiceSecondaryImage), ImageField(.vrHelpItem),
            ImageField(.menuIcon), ImageField(.appIcon),
        ]
        profile.imageTypeSupported = [.staticImage, .dynamic]
        profile.templatesAvailable = ["DEFAULT", "MEDIA", "NON-MEDIA"]
        profile.keyboardCapabilities = KeyboardCapabilities(
            maskInputCharactersSupported: true,
            supportedKeyboards: [
                KeyboardLayoutCapability(.qwerty, configurableKeys: 3),
                KeyboardLayoutCapability(.qwertz, configurableKeys: 3),
                KeyboardLayoutCapability(.azerty, configurableKeys: 3),
                KeyboardLayoutCapability(.numeric, configurableKeys: 5),
            ])
        profile.speechCapabilities = [.text, .silence, .file]
        return profile
    }()

    /// A text-only head unit: no voice recognition, no images, a plain QWERTY keyboard
    /// without custom keys or masking, and narrower text fields.
    public static let textOnly: Profile = {
        var profile = Profile()
        profile.name = "text-only"
        profile.displayName = "Text-only head unit (SDL 8.0)"
        profile.sdlVersion = SdlMsgVersion(8, 0, 0)
        profile.voice = false
        profile.textFields = [
            TextField(.initialInteractionText, width: 40), TextField(.menuName, width: 40),
            TextField(.secondaryText, width: 40), TextField(.menuTitle, width: 40), TextField(.mainField1, width: 40),
        ]
        profile.imageFields = nil
        profile.imageTypeSupported = []
        profile.templatesAvailable = ["DEFAULT"]
        profile.keyboardCapabilities = KeyboardCapabilities(
            maskInputCharactersSupported: false,
            supportedKeyboards: [KeyboardLayoutCapability(.qwerty, configurableKeys: 0)])
        return profile
    }()

    /// An older head unit (SDL 4.5): every choice needs voice commands, no
    /// `CancelInteraction`, no `autoCompleteList` (only `autoCompleteText`), no keyboard
    /// capabilities (so no custom keys, no masking).
    public static let legacy: Profile = {
        var profile = Profile()
        profile.name = "legacy"
        profile.displayName = "Older head unit (SDL 4.5)"
        profile.sdlVersion = SdlMsgVersion(4, 5, 0)
        profile.voice = true
        profile.textFields = choiceTextFields
        profile.imageFields = [ImageField(.choiceImage), ImageField(.vrHelpItem), ImageField(.appIcon)]
        profile.imageTypeSupported = [.staticImage, .dynamic]
        profile.templatesAvailable = ["DEFAULT", "MEDIA", "NON-MEDIA"]
        profile.keyboardCapabilities = nil
        return profile
    }()
}
