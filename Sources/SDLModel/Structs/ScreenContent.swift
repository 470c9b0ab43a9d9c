// The structs and enums of the screen and its buttons: soft buttons, templates, text
// alignment, metadata, menu entries.

/// A button on the screen that the app defines: its text or image, and what pressing it does.
public struct SoftButton: SDLStruct, Hashable {
    public var type: SoftButtonType = .text
    public var text: String?
    public var image: Image?
    public var isHighlighted: Bool = false
    public var softButtonID: Int = 0
    public var systemAction: SystemAction = .defaultAction

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("type", &type)
        try map("text", &text, 0...500)
        try map("image", &image)
        try map("isHighlighted", &isHighlighted, default: false)
        try map("softButtonID", &softButtonID, 0...65535)
        try map("systemAction", &systemAction, default: .defaultAction)
    }
}

/// What a soft button shows: text, an image, or both.
public enum SoftButtonType: String, SDLEnum {
    case text = "TEXT"
    case image = "IMAGE"
    case both = "BOTH"
}

/// What the head unit does itself when a soft button is pressed, beside telling the app.
public enum SystemAction: String, SDLEnum {
    case defaultAction = "DEFAULT_ACTION"
    case stealFocus = "STEAL_FOCUS"
    case keepContext = "KEEP_CONTEXT"
}

/// A window's template and its colours by day and by night.
public struct TemplateConfiguration: SDLStruct, Hashable {
    public var template: String = ""
    public var dayColorScheme: TemplateColorScheme?
    public var nightColorScheme: TemplateColorScheme?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("template", &template, 1...500)
        try map("dayColorScheme", &dayColorScheme)
        try map("nightColorScheme", &nightColorScheme)
    }
}

/// What a Show's text fields hold (a title, an artist, a temperature), so the head unit can use them.
public struct MetadataTags: SDLStruct, Hashable {
    public var mainField1: [MetadataType]?
    public var mainField2: [MetadataType]?
    public var mainField3: [MetadataType]?
    public var mainField4: [MetadataType]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("mainField1", &mainField1, count: 0...5)
        try map("mainField2", &mainField2, count: 0...5)
        try map("mainField3", &mainField3, count: 0...5)
        try map("mainField4", &mainField4, count: 0...5)
    }
}

/// A kind of content a text field can hold.
public enum MetadataType: String, SDLEnum {
    case mediaTitle
    case mediaArtist
    case mediaAlbum
    case mediaYear
    case mediaGenre
    case mediaStation
    case rating
    case currentTemperature
    case maximumTemperature
    case minimumTemperature
    case weatherTerm
    case humidity
}

/// How Show's text fields are aligned.
public enum TextAlignment: String, SDLEnum {
    case leftAligned = "LEFT_ALIGNED"
    case rightAligned = "RIGHT_ALIGNED"
    case centered = "CENTERED"
}

/// The template names SDL defines for `templatesAvailable` and `TemplateConfiguration.template`.
public enum PredefinedLayout: String, SDLEnum {
    case `default` = "DEFAULT"
    case media = "MEDIA"
    case nonMedia = "NON-MEDIA"
    case onscreenPresets = "ONSCREEN_PRESETS"
    case navFullscreenMap = "NAV_FULLSCREEN_MAP"
    case navList = "NAV_LIST"
    case navKeyboard = "NAV_KEYBOARD"
    case graphicWithText = "GRAPHIC_WITH_TEXT"
    case textWithGraphic = "TEXT_WITH_GRAPHIC"
    case tilesOnly = "TILES_ONLY"
    case textbuttonsOnly = "TEXTBUTTONS_ONLY"
    case graphicWithTiles = "GRAPHIC_WITH_TILES"
    case tilesWithGraphic = "TILES_WITH_GRAPHIC"
    case graphicWithTextAndSoftbuttons = "GRAPHIC_WITH_TEXT_AND_SOFTBUTTONS"
    case textAndSoftbuttonsWithGraphic = "TEXT_AND_SOFTBUTTONS_WITH_GRAPHIC"
    case graphicWithTextbuttons = "GRAPHIC_WITH_TEXTBUTTONS"
    case textbuttonsWithGraphic = "TEXTBUTTONS_WITH_GRAPHIC"
    case largeGraphicWithSoftbuttons = "LARGE_GRAPHIC_WITH_SOFTBUTTONS"
    case doubleGraphicWithSoftbuttons = "DOUBLE_GRAPHIC_WITH_SOFTBUTTONS"
    case largeGraphicOnly = "LARGE_GRAPHIC_ONLY"
    case webView = "WEB_VIEW"
}

/// The window IDs SDL reserves: 0 for the main window, 1 for the primary widget.
public enum PredefinedWindows: String, SDLEnum {
    case defaultWindow = "DEFAULT_WINDOW"
    case primaryWidget = "PRIMARY_WIDGET"
}

/// Where a command goes in the app's menu: its submenu, its position and its name.
public struct MenuParams: SDLStruct, Hashable {
    public var parentID: Int = 0
    public var position: Int?
    public var menuName: String = ""
    public var secondaryText: String?
    public var tertiaryText: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("parentID", &parentID, 0...2_000_000_000, default: 0)
        try map("position", &position, 0...1000)
        try map("menuName", &menuName, 1...500)
        try map("secondaryText", &secondaryText, 1...500, since: .v7_1)
        try map("tertiaryText", &tertiaryText, 1...500, since: .v7_1)
    }
}

/// How long a button was pressed: briefly or long.
public enum ButtonPressMode: String, SDLEnum {
    case long = "LONG"
    case short = "SHORT"
}

/// Whether a button went down or up.
public enum ButtonEventMode: String, SDLEnum {
    case buttonUp = "BUTTONUP"
    case buttonDown = "BUTTONDOWN"
}
