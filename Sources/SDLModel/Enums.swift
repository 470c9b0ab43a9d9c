// SDL's enumerations (MOBILE_API.xml 8.0) that the simulator's requests and notifications
// carry; those only capability reports carry are in CapabilityEnums.swift.

/// SDL's `Result`: every response's `resultCode`.
public enum ResultCode: String, SDLEnum {
    case success = "SUCCESS"
    case unsupportedRequest = "UNSUPPORTED_REQUEST"
    case unsupportedResource = "UNSUPPORTED_RESOURCE"
    case disallowed = "DISALLOWED"
    case rejected = "REJECTED"
    case aborted = "ABORTED"
    case ignored = "IGNORED"
    case retry = "RETRY"
    case inUse = "IN_USE"
    case vehicleDataNotAvailable = "VEHICLE_DATA_NOT_AVAILABLE"
    case timedOut = "TIMED_OUT"
    case invalidData = "INVALID_DATA"
    case charLimitExceeded = "CHAR_LIMIT_EXCEEDED"
    case invalidID = "INVALID_ID"
    case duplicateName = "DUPLICATE_NAME"
    case applicationNotRegistered = "APPLICATION_NOT_REGISTERED"
    case wrongLanguage = "WRONG_LANGUAGE"
    case outOfMemory = "OUT_OF_MEMORY"
    case tooManyPendingRequests = "TOO_MANY_PENDING_REQUESTS"
    case tooManyApplications = "TOO_MANY_APPLICATIONS"
    case applicationRegisteredAlready = "APPLICATION_REGISTERED_ALREADY"
    case warnings = "WARNINGS"
    case genericError = "GENERIC_ERROR"
    case userDisallowed = "USER_DISALLOWED"
    case truncatedData = "TRUNCATED_DATA"
    case unsupportedVersion = "UNSUPPORTED_VERSION"
    case vehicleDataNotAllowed = "VEHICLE_DATA_NOT_ALLOWED"
    case fileNotFound = "FILE_NOT_FOUND"
    case cancelRoute = "CANCEL_ROUTE"
    case saved = "SAVED"
    case invalidCert = "INVALID_CERT"
    case expiredCert = "EXPIRED_CERT"
    case resumeFailed = "RESUME_FAILED"
    case dataNotAvailable = "DATA_NOT_AVAILABLE"
    case readOnly = "READ_ONLY"
    case corruptedData = "CORRUPTED_DATA"
    case encryptionNeeded = "ENCRYPTION_NEEDED"

    public static var sdlName: String { "Result" }

    /// The codes SDL Core treats as success when the HMI answers with them (SDL-RULES §0).
    public var isSuccessFromHMI: Bool {
        switch self {
        case .success, .warnings, .wrongLanguage, .retry, .saved, .truncatedData: true
        default: false
        }
    }
}

public enum InteractionMode: String, SDLEnum {
    case manualOnly = "MANUAL_ONLY"
    case vrOnly = "VR_ONLY"
    case both = "BOTH"
}

public enum LayoutMode: String, SDLEnum {
    case iconOnly = "ICON_ONLY"
    case iconWithSearch = "ICON_WITH_SEARCH"
    case listOnly = "LIST_ONLY"
    case listWithSearch = "LIST_WITH_SEARCH"
    case keyboard = "KEYBOARD"

    public var hasSearch: Bool { self == .iconWithSearch || self == .listWithSearch }
}

public enum TriggerSource: String, SDLEnum {
    case menu = "MENU"
    case vr = "VR"
    case keyboard = "KEYBOARD"
}

public enum ImageType: String, SDLEnum {
    case staticImage = "STATIC"
    case dynamic = "DYNAMIC"
}

public enum SpeechCapabilities: String, SDLEnum {
    case text = "TEXT"
    case sapiPhonemes = "SAPI_PHONEMES"
    case lhplusPhonemes = "LHPLUS_PHONEMES"
    case preRecorded = "PRE_RECORDED"
    case silence = "SILENCE"
    case file = "FILE"
}

public enum KeyboardLayout: String, SDLEnum {
    case qwerty = "QWERTY"
    case qwertz = "QWERTZ"
    case azerty = "AZERTY"
    case numeric = "NUMERIC"
}

public enum KeypressMode: String, SDLEnum {
    case singleKeypress = "SINGLE_KEYPRESS"
    case queueKeypresses = "QUEUE_KEYPRESSES"
    case resendCurrentEntry = "RESEND_CURRENT_ENTRY"
}

public enum KeyboardEvent: String, SDLEnum {
    case keypress = "KEYPRESS"
    case entrySubmitted = "ENTRY_SUBMITTED"
    case entryVoice = "ENTRY_VOICE"
    case entryCancelled = "ENTRY_CANCELLED"
    case entryAborted = "ENTRY_ABORTED"
    case inputKeyMaskEnabled = "INPUT_KEY_MASK_ENABLED"
    case inputKeyMaskDisabled = "INPUT_KEY_MASK_DISABLED"
}

public enum KeyboardInputMask: String, SDLEnum {
    case enable = "ENABLE_INPUT_KEY_MASK"
    case disable = "DISABLE_INPUT_KEY_MASK"
    case userChoice = "USER_CHOICE_INPUT_KEY_MASK"
}

public enum FileType: String, SDLEnum {
    case graphicBMP = "GRAPHIC_BMP"
    case graphicJPEG = "GRAPHIC_JPEG"
    case graphicPNG = "GRAPHIC_PNG"
    case audioWave = "AUDIO_WAVE"
    case audioMP3 = "AUDIO_MP3"
    case audioAAC = "AUDIO_AAC"
    case binary = "BINARY"
    case json = "JSON"
}

public enum HMILevel: String, SDLEnum {
    case full = "FULL"
    case limited = "LIMITED"
    case background = "BACKGROUND"
    case none = "NONE"
}

public enum AudioStreamingState: String, SDLEnum {
    case audible = "AUDIBLE"
    case attenuated = "ATTENUATED"
    case notAudible = "NOT_AUDIBLE"
}

public enum VideoStreamingState: String, SDLEnum {
    case streamable = "STREAMABLE"
    case notStreamable = "NOT_STREAMABLE"
}

public enum SystemContext: String, SDLEnum {
    case main = "MAIN"
    case vrSession = "VRSESSION"
    case menu = "MENU"
    case hmiObscured = "HMI_OBSCURED"
    case alert = "ALERT"
}

public enum GlobalProperty: String, SDLEnum {
    case userLocation = "USER_LOCATION"
    case helpPrompt = "HELPPROMPT"
    case timeoutPrompt = "TIMEOUTPROMPT"
    case vrHelpTitle = "VRHELPTITLE"
    case vrHelpItems = "VRHELPITEMS"
    case menuName = "MENUNAME"
    case menuIcon = "MENUICON"
    case keyboardProperties = "KEYBOARDPROPERTIES"
}

public enum SystemCapabilityType: String, SDLEnum {
    case navigation = "NAVIGATION"
    case phoneCall = "PHONE_CALL"
    case videoStreaming = "VIDEO_STREAMING"
    case remoteControl = "REMOTE_CONTROL"
    case appServices = "APP_SERVICES"
    case seatLocation = "SEAT_LOCATION"
    case displays = "DISPLAYS"
    case driverDistraction = "DRIVER_DISTRACTION"
}

public enum TextFieldName: String, SDLEnum {
    case mainField1, mainField2, mainField3, mainField4, statusBar, mediaClock, mediaTrack
    case templateTitle, alertText1, alertText2, alertText3, scrollableMessageBody
    case initialInteractionText, navigationText1, navigationText2, ETA, totalDistance
    case audioPassThruDisplayText1, audioPassThruDisplayText2, sliderHeader, sliderFooter
    case menuName, secondaryText, tertiaryText, menuTitle, locationName, locationDescription
    case addressLines, phoneNumber, timeToDestination, turnText, subtleAlertText1
    case subtleAlertText2, subtleAlertSoftButtonText, menuCommandSecondaryText, menuCommandTertiaryText
    case menuSubMenuSecondaryText, menuSubMenuTertiaryText
}

public enum ImageFieldName: String, SDLEnum {
    case softButtonImage, choiceImage, choiceSecondaryImage, vrHelpItem, turnIcon, menuIcon
    case cmdIcon, appIcon, graphic, secondaryGraphic, showConstantTBTIcon, showConstantTBTNextTurnIcon
    case locationImage, alertIcon, subMenuIcon, subtleAlertIcon, menuCommandSecondaryImage, menuSubMenuSecondaryImage
}

public enum CharacterSet: String, SDLEnum {
    /// Deprecated in SDL 7.0, with the other three legacy sets.
    case type2Set = "TYPE2SET"
    case type5Set = "TYPE5SET", cid1Set = "CID1SET", cid2Set = "CID2SET"
    case ascii = "ASCII"
    case iso8859_1 = "ISO_8859_1"
    case utf8 = "UTF_8"
}

public enum Language: String, SDLEnum {
    case enSA = "EN-SA", heIL = "HE-IL", roRO = "RO-RO", ukUA = "UK-UA", idID = "ID-ID"
    case viVN = "VI-VN", msMY = "MS-MY", hiIN = "HI-IN", nlBE = "NL-BE", elGR = "EL-GR"
    case huHU = "HU-HU", fiFI = "FI-FI", skSK = "SK-SK", enUS = "EN-US", esMX = "ES-MX"
    case frCA = "FR-CA", deDE = "DE-DE", esES = "ES-ES", enGB = "EN-GB", ruRU = "RU-RU"
    case trTR = "TR-TR", plPL = "PL-PL", frFR = "FR-FR", itIT = "IT-IT", svSE = "SV-SE"
    case ptPT = "PT-PT", nlNL = "NL-NL", enAU = "EN-AU", zhCN = "ZH-CN", zhTW = "ZH-TW"
    case jaJP = "JA-JP", arSA = "AR-SA", koKR = "KO-KR", ptBR = "PT-BR", csCZ = "CS-CZ"
    case daDK = "DA-DK", noNO = "NO-NO", enIN = "EN-IN", thTH = "TH-TH"
}

public enum AppHMIType: String, SDLEnum {
    case defaultType = "DEFAULT", communication = "COMMUNICATION", media = "MEDIA"
    case messaging = "MESSAGING", navigation = "NAVIGATION", information = "INFORMATION"
    case social = "SOCIAL", backgroundProcess = "BACKGROUND_PROCESS", testing = "TESTING"
    case system = "SYSTEM", projection = "PROJECTION", remoteControl = "REMOTE_CONTROL"
    case webView = "WEB_VIEW"
}

public enum AppInterfaceUnregisteredReason: String, SDLEnum {
    case ignitionOff = "IGNITION_OFF", bluetoothOff = "BLUETOOTH_OFF", usbDisconnected = "USB_DISCONNECTED"
    case requestWhileInNoneHMILevel = "REQUEST_WHILE_IN_NONE_HMI_LEVEL"
    case tooManyRequests = "TOO_MANY_REQUESTS", driverDistractionViolation = "DRIVER_DISTRACTION_VIOLATION"
    case languageChange = "LANGUAGE_CHANGE", masterReset = "MASTER_RESET", factoryDefaults = "FACTORY_DEFAULTS"
    case appUnauthorized = "APP_UNAUTHORIZED", protocolViolation = "PROTOCOL_VIOLATION"
    case unsupportedHMIResource = "UNSUPPORTED_HMI_RESOURCE", resourceConstraint = "RESOURCE_CONSTRAINT"
}

public enum VrCapabilities: String, SDLEnum {
    case text = "TEXT"
}

public enum MediaClockFormat: String, SDLEnum {
    case clock1 = "CLOCK1", clock2 = "CLOCK2", clock3 = "CLOCK3", clockText1 = "CLOCKTEXT1"
    case clockText2 = "CLOCKTEXT2", clockText3 = "CLOCKTEXT3", clockText4 = "CLOCKTEXT4"
}

public enum MenuLayout: String, SDLEnum {
    case list = "LIST"
    case tiles = "TILES"
}
