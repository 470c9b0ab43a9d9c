// SDL's enumerations (MOBILE_API.xml 8.0) that the simulator's requests and notifications
// carry; those only capability reports carry are in CapabilityEnums.swift.

/// SDL's `Result`: every response's `resultCode`.
public enum ResultCode: String, SDLEnum {
    /// The request succeeded (`SUCCESS`).
    case success = "SUCCESS"
    /// The request is not supported by the headunit (`UNSUPPORTED_REQUEST`).
    case unsupportedRequest = "UNSUPPORTED_REQUEST"
    /// One or more of the items (phoneme type, button name, image type, etc.) in the request is not supported by the HMI (`UNSUPPORTED_RESOURCE`).
    case unsupportedResource = "UNSUPPORTED_RESOURCE"
    /// RPC is not authorized in local policy table (`DISALLOWED`).
    case disallowed = "DISALLOWED"
    /// The requested command was rejected, e.g. because mobile app is in background and cannot perform any HMI commands. Or an HMI command (e.g. Speak) is rejected because a higher priority HMI command (e.g. Alert) is playing (`REJECTED`).
    case rejected = "REJECTED"
    /// A command was aborted, for example due to user interaction (e.g. user pressed button). Or an HMI command (e.g. Speak) is aborted because a higher priority HMI command (e.g. Alert) was requested (`ABORTED`).
    case aborted = "ABORTED"
    /// A command was ignored, because the intended result is already in effect (`IGNORED`).
    case ignored = "IGNORED"
    /// The user interrupted the RPC (e.g. PerformAudioPassThru) and indicated to start over. Note, the app must issue the new RPC (`RETRY`).
    case retry = "RETRY"
    /// The data may not be changed, because it is currently in use (`IN_USE`).
    case inUse = "IN_USE"
    /// The requested vehicle data is not available on this vehicle or is not published (`VEHICLE_DATA_NOT_AVAILABLE`).
    case vehicleDataNotAvailable = "VEHICLE_DATA_NOT_AVAILABLE"
    /// Overlay reached the maximum timeout and closed (`TIMED_OUT`).
    case timedOut = "TIMED_OUT"
    /// The data sent is invalid (`INVALID_DATA`).
    case invalidData = "INVALID_DATA"
    /// `CHAR_LIMIT_EXCEEDED` on the wire.
    case charLimitExceeded = "CHAR_LIMIT_EXCEEDED"
    /// One of the provided IDs is not valid (`INVALID_ID`).
    case invalidID = "INVALID_ID"
    /// There was a conflict with an registered name (application or menu item) or vr command (`DUPLICATE_NAME`).
    case duplicateName = "DUPLICATE_NAME"
    /// An command can not be executed because no application has been registered with RegisterApplication (`APPLICATION_NOT_REGISTERED`).
    case applicationNotRegistered = "APPLICATION_NOT_REGISTERED"
    /// The requested language is currently not supported (`WRONG_LANGUAGE`).
    case wrongLanguage = "WRONG_LANGUAGE"
    /// The system could not process the request because the necessary memory couldn't be allocated (`OUT_OF_MEMORY`).
    case outOfMemory = "OUT_OF_MEMORY"
    /// There are too many requests pending (means, that the response has not been delivered, yet).There may be a maximum of 1000 pending requests at a time (`TOO_MANY_PENDING_REQUESTS`).
    case tooManyPendingRequests = "TOO_MANY_PENDING_REQUESTS"
    /// There are already too many registered applications (`TOO_MANY_APPLICATIONS`).
    case tooManyApplications = "TOO_MANY_APPLICATIONS"
    /// RegisterApplication has been called again, after a RegisterApplication was successful before (`APPLICATION_REGISTERED_ALREADY`).
    case applicationRegisteredAlready = "APPLICATION_REGISTERED_ALREADY"
    /// The RPC (e.g. SubscribeVehicleData) executed successfully but one or more items have a warning or failure (`WARNINGS`).
    case warnings = "WARNINGS"
    /// Provided data is valid but something went wrong in the lower layers (`GENERIC_ERROR`).
    case genericError = "GENERIC_ERROR"
    /// RPC is included in a functional group explicitly blocked by the user (`USER_DISALLOWED`).
    case userDisallowed = "USER_DISALLOWED"
    /// The RPC (e.g. ReadDID) executed successfully but the data exceeded the platform maximum threshold and thus, only part of the data is available (`TRUNCATED_DATA`).
    case truncatedData = "TRUNCATED_DATA"
    /// Sync doesn't support the protocol that is requested by the mobile application (`UNSUPPORTED_VERSION`).
    case unsupportedVersion = "UNSUPPORTED_VERSION"
    /// The user has turned off access to vehicle data, and it is globally unavailable to mobile applications (`VEHICLE_DATA_NOT_ALLOWED`).
    case vehicleDataNotAllowed = "VEHICLE_DATA_NOT_ALLOWED"
    /// A specified file could not be found on the headunit (`FILE_NOT_FOUND`).
    case fileNotFound = "FILE_NOT_FOUND"
    /// User selected to Cancel Route (`CANCEL_ROUTE`).
    case cancelRoute = "CANCEL_ROUTE"
    /// The RPC (e.g. Slider) executed successfully and the user elected to save the current position / value (`SAVED`).
    case saved = "SAVED"
    /// The certificate provided during authentication is invalid (`INVALID_CERT`).
    case invalidCert = "INVALID_CERT"
    /// The certificate provided during authentication is expired (`EXPIRED_CERT`).
    case expiredCert = "EXPIRED_CERT"
    /// The provided hash ID does not match the hash of the current set of registered data or the core could not resume the previous data (`RESUME_FAILED`).
    case resumeFailed = "RESUME_FAILED"
    /// The requested information is currently not available (`DATA_NOT_AVAILABLE`).
    case dataNotAvailable = "DATA_NOT_AVAILABLE"
    /// The value being set is read only (`READ_ONLY`).
    case readOnly = "READ_ONLY"
    /// The data sent failed to pass CRC check in receiver end (`CORRUPTED_DATA`).
    case corruptedData = "CORRUPTED_DATA"
    /// SDL receives an un-encrypted RPC request that needs protection (`ENCRYPTION_NEEDED`).
    case encryptionNeeded = "ENCRYPTION_NEEDED"

    /// The enum's name in the spec: `Result`.
    public static var sdlName: String { "Result" }

    /// The codes SDL Core treats as success when the HMI answers with them (SDL-RULES §0).
    public var isSuccessFromHMI: Bool {
        switch self {
        case .success, .warnings, .wrongLanguage, .retry, .saved, .truncatedData: true
        default: false
        }
    }
}

/// For application-requested interactions, this mode indicates the method in which the user is notified and uses the interaction.
public enum InteractionMode: String, SDLEnum {
    /// This mode causes the interaction to only occur on the display, meaning the choices are provided only via the display (`MANUAL_ONLY`).
    case manualOnly = "MANUAL_ONLY"
    /// This mode causes the interaction to only occur using the headunits VR system (`VR_ONLY`).
    case vrOnly = "VR_ONLY"
    /// This mode causes both a VR and display selection option for an interaction (`BOTH`).
    case both = "BOTH"
}

/// For touchscreen interactions, the mode of how the choices are presented.
public enum LayoutMode: String, SDLEnum {
    /// This mode causes the interaction to display the previous set of choices as icons (`ICON_ONLY`).
    case iconOnly = "ICON_ONLY"
    /// This mode causes the interaction to display the previous set of choices as icons along with a search field in the HMI (`ICON_WITH_SEARCH`).
    case iconWithSearch = "ICON_WITH_SEARCH"
    /// This mode causes the interaction to display the previous set of choices as a list (`LIST_ONLY`).
    case listOnly = "LIST_ONLY"
    /// This mode causes the interaction to display the previous set of choices as a list along with a search field in the HMI (`LIST_WITH_SEARCH`).
    case listWithSearch = "LIST_WITH_SEARCH"
    /// This mode causes the interaction to immediately display a keyboard entry through the HMI (`KEYBOARD`).
    case keyboard = "KEYBOARD"

    /// Whether the layout has a search keyboard (`LIST_WITH_SEARCH`, `ICON_WITH_SEARCH`).
    public var hasSearch: Bool { self == .iconWithSearch || self == .listWithSearch }
}

/// Indicates the source from where the command was triggered.
public enum TriggerSource: String, SDLEnum {
    /// `MENU` on the wire.
    case menu = "MENU"
    /// `VR` on the wire.
    case vr = "VR"
    /// `KEYBOARD` on the wire.
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

/// Enumeration listing possible keyboard layouts.
public enum KeyboardLayout: String, SDLEnum {
    /// `QWERTY` on the wire.
    case qwerty = "QWERTY"
    /// `QWERTZ` on the wire.
    case qwertz = "QWERTZ"
    /// `AZERTY` on the wire.
    case azerty = "AZERTY"
    /// `NUMERIC` on the wire.
    case numeric = "NUMERIC"
}

/// Enumeration listing possible keyboard events.
public enum KeypressMode: String, SDLEnum {
    /// Each keypress is individually sent as the user presses the keyboard keys (`SINGLE_KEYPRESS`).
    case singleKeypress = "SINGLE_KEYPRESS"
    /// The keypresses are queued and a string is eventually sent once the user chooses to submit their entry (`QUEUE_KEYPRESSES`).
    case queueKeypresses = "QUEUE_KEYPRESSES"
    /// The keypresses are queue and a string is sent each time the user presses a keyboard key; the string contains the entire current entry (`RESEND_CURRENT_ENTRY`).
    case resendCurrentEntry = "RESEND_CURRENT_ENTRY"
}

/// Enumeration listing possible keyboard events.
public enum KeyboardEvent: String, SDLEnum {
    /// `KEYPRESS` on the wire.
    case keypress = "KEYPRESS"
    /// `ENTRY_SUBMITTED` on the wire.
    case entrySubmitted = "ENTRY_SUBMITTED"
    /// `ENTRY_VOICE` on the wire.
    case entryVoice = "ENTRY_VOICE"
    /// `ENTRY_CANCELLED` on the wire.
    case entryCancelled = "ENTRY_CANCELLED"
    /// `ENTRY_ABORTED` on the wire.
    case entryAborted = "ENTRY_ABORTED"
    /// `INPUT_KEY_MASK_ENABLED` on the wire.
    case inputKeyMaskEnabled = "INPUT_KEY_MASK_ENABLED"
    /// `INPUT_KEY_MASK_DISABLED` on the wire.
    case inputKeyMaskDisabled = "INPUT_KEY_MASK_DISABLED"
}

/// Enumeration listing possible input character masking.
public enum KeyboardInputMask: String, SDLEnum {
    /// `ENABLE_INPUT_KEY_MASK` on the wire.
    case enable = "ENABLE_INPUT_KEY_MASK"
    /// `DISABLE_INPUT_KEY_MASK` on the wire.
    case disable = "DISABLE_INPUT_KEY_MASK"
    /// `USER_CHOICE_INPUT_KEY_MASK` on the wire.
    case userChoice = "USER_CHOICE_INPUT_KEY_MASK"
}

/// Enumeration listing possible file types.
public enum FileType: String, SDLEnum {
    /// `GRAPHIC_BMP` on the wire.
    case graphicBMP = "GRAPHIC_BMP"
    /// `GRAPHIC_JPEG` on the wire.
    case graphicJPEG = "GRAPHIC_JPEG"
    /// `GRAPHIC_PNG` on the wire.
    case graphicPNG = "GRAPHIC_PNG"
    /// `AUDIO_WAVE` on the wire.
    case audioWave = "AUDIO_WAVE"
    /// `AUDIO_MP3` on the wire.
    case audioMP3 = "AUDIO_MP3"
    /// `AUDIO_AAC` on the wire.
    case audioAAC = "AUDIO_AAC"
    /// `BINARY` on the wire.
    case binary = "BINARY"
    /// `JSON` on the wire.
    case json = "JSON"
}

/// Enumeration that describes current levels of HMI.
public enum HMILevel: String, SDLEnum {
    /// `FULL` on the wire.
    case full = "FULL"
    /// `LIMITED` on the wire.
    case limited = "LIMITED"
    /// `BACKGROUND` on the wire.
    case background = "BACKGROUND"
    /// `NONE` on the wire.
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

/// Enumeration that describes possible contexts an app's HMI might be in.
public enum SystemContext: String, SDLEnum {
    /// The app's persistent display (whether media/non-media/navigation) is fully visible onscreen (`MAIN`).
    case main = "MAIN"
    /// The system is currently in a VR session (with whatever dedicated VR screen being overlaid onscreen) (`VRSESSION`).
    case vrSession = "VRSESSION"
    /// The system is currently displaying an in-App menu onscreen (`MENU`).
    case menu = "MENU"
    /// The app's display HMI is currently being obscured by either a system or other app's overlay (`HMI_OBSCURED`).
    case hmiObscured = "HMI_OBSCURED"
    /// Broadcast only to whichever app has an alert currently being displayed (`ALERT`).
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

/// A language the app or the head unit speaks and shows.
public enum Language: String, SDLEnum {
    /// English - Middle East (`EN-SA`).
    case enSA = "EN-SA"
    /// Hebrew - Israel (`HE-IL`).
    case heIL = "HE-IL"
    /// Romanian - Romania (`RO-RO`).
    case roRO = "RO-RO"
    /// Ukrainian - Ukraine (`UK-UA`).
    case ukUA = "UK-UA"
    /// Indonesian - Indonesia (`ID-ID`).
    case idID = "ID-ID"
    /// Vietnamese - Vietnam (`VI-VN`).
    case viVN = "VI-VN"
    /// Malay - Malaysia (`MS-MY`).
    case msMY = "MS-MY"
    /// Hindi - India (`HI-IN`).
    case hiIN = "HI-IN"
    /// Dutch (Flemish) - Belgium (`NL-BE`).
    case nlBE = "NL-BE"
    /// Greek - Greece (`EL-GR`).
    case elGR = "EL-GR"
    /// Hungarian - Hungary (`HU-HU`).
    case huHU = "HU-HU"
    /// Finnish - Finland (`FI-FI`).
    case fiFI = "FI-FI"
    /// Slovak - Slovakia (`SK-SK`).
    case skSK = "SK-SK"
    /// English - US (`EN-US`).
    case enUS = "EN-US"
    /// Spanish - Mexico (`ES-MX`).
    case esMX = "ES-MX"
    /// French - Canada (`FR-CA`).
    case frCA = "FR-CA"
    /// German - Germany (`DE-DE`).
    case deDE = "DE-DE"
    /// Spanish - Spain (`ES-ES`).
    case esES = "ES-ES"
    /// English - GB (`EN-GB`).
    case enGB = "EN-GB"
    /// Russian - Russia (`RU-RU`).
    case ruRU = "RU-RU"
    /// Turkish - Turkey (`TR-TR`).
    case trTR = "TR-TR"
    /// Polish - Poland (`PL-PL`).
    case plPL = "PL-PL"
    /// French - France (`FR-FR`).
    case frFR = "FR-FR"
    /// Italian - Italy (`IT-IT`).
    case itIT = "IT-IT"
    /// Swedish - Sweden (`SV-SE`).
    case svSE = "SV-SE"
    /// Portuguese - Portugal (`PT-PT`).
    case ptPT = "PT-PT"
    /// Dutch (Standard) - Netherlands (`NL-NL`).
    case nlNL = "NL-NL"
    /// English - Australia (`EN-AU`).
    case enAU = "EN-AU"
    /// Mandarin - China (`ZH-CN`).
    case zhCN = "ZH-CN"
    /// Mandarin - Taiwan (`ZH-TW`).
    case zhTW = "ZH-TW"
    /// Japanese - Japan (`JA-JP`).
    case jaJP = "JA-JP"
    /// Arabic - Saudi Arabia (`AR-SA`).
    case arSA = "AR-SA"
    /// Korean - South Korea (`KO-KR`).
    case koKR = "KO-KR"
    /// Portuguese - Brazil (`PT-BR`).
    case ptBR = "PT-BR"
    /// Czech - Czech Republic (`CS-CZ`).
    case csCZ = "CS-CZ"
    /// Danish - Denmark (`DA-DK`).
    case daDK = "DA-DK"
    /// Norwegian - Norway (`NO-NO`).
    case noNO = "NO-NO"
    /// English - India (`EN-IN`).
    case enIN = "EN-IN"
    /// Thai - Thailand (`TH-TH`).
    case thTH = "TH-TH"
}

/// Enumeration listing possible app types.
public enum AppHMIType: String, SDLEnum {
    /// `DEFAULT` on the wire.
    case defaultType = "DEFAULT"
    /// `COMMUNICATION` on the wire.
    case communication = "COMMUNICATION"
    /// `MEDIA` on the wire.
    case media = "MEDIA"
    /// `MESSAGING` on the wire.
    case messaging = "MESSAGING"
    /// `NAVIGATION` on the wire.
    case navigation = "NAVIGATION"
    /// `INFORMATION` on the wire.
    case information = "INFORMATION"
    /// `SOCIAL` on the wire.
    case social = "SOCIAL"
    /// `BACKGROUND_PROCESS` on the wire.
    case backgroundProcess = "BACKGROUND_PROCESS"
    /// `TESTING` on the wire.
    case testing = "TESTING"
    /// `SYSTEM` on the wire.
    case system = "SYSTEM"
    /// `PROJECTION` on the wire.
    case projection = "PROJECTION"
    /// `REMOTE_CONTROL` on the wire.
    case remoteControl = "REMOTE_CONTROL"
    /// `WEB_VIEW` on the wire.
    case webView = "WEB_VIEW"
}

/// Error code, which comes from the module side.
public enum AppInterfaceUnregisteredReason: String, SDLEnum {
    /// `IGNITION_OFF` on the wire.
    case ignitionOff = "IGNITION_OFF"
    /// `BLUETOOTH_OFF` on the wire.
    case bluetoothOff = "BLUETOOTH_OFF"
    /// `USB_DISCONNECTED` on the wire.
    case usbDisconnected = "USB_DISCONNECTED"
    /// `REQUEST_WHILE_IN_NONE_HMI_LEVEL` on the wire.
    case requestWhileInNoneHMILevel = "REQUEST_WHILE_IN_NONE_HMI_LEVEL"
    /// `TOO_MANY_REQUESTS` on the wire.
    case tooManyRequests = "TOO_MANY_REQUESTS"
    /// `DRIVER_DISTRACTION_VIOLATION` on the wire.
    case driverDistractionViolation = "DRIVER_DISTRACTION_VIOLATION"
    /// `LANGUAGE_CHANGE` on the wire.
    case languageChange = "LANGUAGE_CHANGE"
    /// `MASTER_RESET` on the wire.
    case masterReset = "MASTER_RESET"
    /// `FACTORY_DEFAULTS` on the wire.
    case factoryDefaults = "FACTORY_DEFAULTS"
    /// `APP_UNAUTHORIZED` on the wire.
    case appUnauthorized = "APP_UNAUTHORIZED"
    /// `PROTOCOL_VIOLATION` on the wire.
    case protocolViolation = "PROTOCOL_VIOLATION"
    /// `UNSUPPORTED_HMI_RESOURCE` on the wire.
    case unsupportedHMIResource = "UNSUPPORTED_HMI_RESOURCE"
    /// By sending this value, SDL unregisters the application to allow the HMI to close the application (`RESOURCE_CONSTRAINT`).
    case resourceConstraint = "RESOURCE_CONSTRAINT"
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
