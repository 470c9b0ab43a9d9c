import JSONCodec

// RegisterAppInterface, UnregisterAppInterface and GetSystemCapability (SDL-RULES §1); changing
// the registration (ChangeRegistration, OnLanguageChange, OnHashChange) and ending it
// (CloseApplication).

/// Establishes an interface with a mobile application.
public struct RegisterAppInterface: SDLRequest, Hashable {
    /// The RPC's name on the wire.
    public static let method = "RegisterAppInterface"
    public static let functionID = 1
    /// The name this contract first gave `syncMsgVersion` (sdl_ios's property name); still
    /// accepted in requests and written in responses beside it (SDL-RULES §14).
    public static let legacyVersionName = "sdlMsgVersion"

    /// See SyncMsgVersion
    public var syncMsgVersion = SdlMsgVersion(8, 0)
    /// The mobile application name, e.g.
    public var appName = ""
    /// TTS string for VR recognition of the mobile application name, e.g.
    public var ttsName: [TTSChunk]?
    /// Provides an abbreviated version of the app name (if needed), that will be displayed on the NGN media screen.
    public var ngnMediaScreenAppName: String?
    /// Defines an additional voice recognition command.
    public var vrSynonyms: [String]?
    /// Indicates if the application is a media or a non-media application.
    public var isMediaApplication = false
    /// See Language Current app's expected VR+TTS language If there is a mismatch with the module, the app will be able to change this registration with changeRegistration prior to app being brought into focus.
    public var languageDesired = Language.enUS
    /// See Language Current app's expected display language If there is a mismatch with the module, the app will be able to change this registration with changeRegistration prior to app being brought into focus.
    public var hmiDisplayLanguageDesired = Language.enUS
    /// See AppHMIType List of all applicable app HMI types stating which HMI classifications to be given to the app.
    public var appHMIType: [AppHMIType]?
    /// ID used to uniquely identify current state of all app data that can persist through connection cycles (e.g.
    public var hashID: String?
    /// See DeviceInfo.
    public var deviceInfo: DeviceInfo?
    /// ID used to validate app with policy table entries
    public var appID = ""
    /// ID used to validate app with policy table entries
    public var fullAppID: String?
    /// See AppInfo.
    public var appInfo: AppInfo?
    /// The app's colours by day.
    public var dayColorScheme: TemplateColorScheme?
    /// The app's colours by night.
    public var nightColorScheme: TemplateColorScheme?

    public init() {}

    /// A registration of `appName` with `appID`, speaking SDL `syncMsgVersion`.
    public init(appName: String, appID: String, syncMsgVersion: SdlMsgVersion = SdlMsgVersion(8, 0), isMediaApplication: Bool = false) {
        self.appName = appName
        self.appID = appID
        self.syncMsgVersion = syncMsgVersion
        self.isMediaApplication = isMediaApplication
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("syncMsgVersion", &syncMsgVersion)
        try map("appName", &appName, 1...100)
        try map("ttsName", &ttsName, count: 1...100, since: .v2_0)
        try map("ngnMediaScreenAppName", &ngnMediaScreenAppName, 1...100)
        try map("vrSynonyms", &vrSynonyms, count: 1...100, 1...40)
        try map("isMediaApplication", &isMediaApplication)
        try map("languageDesired", &languageDesired)
        try map("hmiDisplayLanguageDesired", &hmiDisplayLanguageDesired, since: .v2_0)
        try map("appHMIType", &appHMIType, count: 1...100, since: .v2_0)
        try map("hashID", &hashID, 1...100, since: .v3_0)
        try map("deviceInfo", &deviceInfo, since: .v3_0)
        try map("appID", &appID, 1...100, since: .v2_0)
        try map("fullAppID", &fullAppID, 1...100, since: .v5_0)
        try map("appInfo", &appInfo, since: .v4_2)
        try map("dayColorScheme", &dayColorScheme, since: .v5_0)
        try map("nightColorScheme", &nightColorScheme, since: .v5_0)
    }

    /// Reads a registration as SDL Core does: for the version it names (at most the head
    /// unit's), so that newer parameters are removed unread. The legacy `sdlMsgVersion` is
    /// read when `syncMsgVersion` is absent, and an error in it is reported under that name.
    public static func read(_ parameters: JSONObject, headUnitVersion: SpecVersion) throws(SchemaViolation) -> Self {
        var parameters = parameters
        let usesLegacyName = parameters["syncMsgVersion"] == nil && parameters[legacyVersionName] != nil
        if usesLegacyName { parameters["syncMsgVersion"] = parameters[legacyVersionName] }
        let named = parameters["syncMsgVersion"].flatMap { try? SdlMsgVersion.decode($0, limits: NoLimits(), version: .latest) }
        do {
            return try Self(parameters: parameters, version: min(named.map(SpecVersion.init) ?? .latest, headUnitVersion))
        } catch {
            throw usesLegacyName ? error.renamingRoot("syncMsgVersion", to: legacyVersionName) : error
        }
    }

    /// Establishes an interface with a mobile application.
    public struct Response: SDLStruct, Hashable {
        /// See SyncMsgVersion
        public var syncMsgVersion: SdlMsgVersion?
        /// `syncMsgVersion` again under its legacy name (SDL-RULES §14).
        public var sdlMsgVersion: SdlMsgVersion?
        /// The currently active VR+TTS language on the module.
        public var language: Language?
        /// The currently active display language on the module.
        public var hmiDisplayLanguage: Language?
        /// See DisplayCapabilities.
        public var displayCapabilities: DisplayCapabilities?
        /// See ButtonCapabilities.
        public var buttonCapabilities: [ButtonCapabilities]?
        /// If returned, the platform supports on-screen SoftButtons; see SoftButtonCapabilities.
        public var softButtonCapabilities: [SoftButtonCapabilities]?
        /// If returned, the platform supports custom on-screen Presets; see PresetBankCapabilities.
        public var presetBankCapabilities: PresetBankCapabilities?
        /// See HmiZoneCapabilities
        public var hmiZoneCapabilities: [HmiZoneCapabilities]?
        /// See SpeechCapabilities
        public var speechCapabilities: [SpeechCapabilities]?
        /// See PrerecordedSpeech
        public var prerecordedSpeech: [PrerecordedSpeech]?
        /// See VrCapabilities
        public var vrCapabilities: [VrCapabilities]?
        /// See AudioPassThruCapability
        public var audioPassThruCapabilities: [AudioPassThruCapabilities]?
        /// See AudioPassThruCapability
        public var pcmStreamCapabilities: AudioPassThruCapabilities?
        /// Specifies the vehicle's type.
        public var vehicleType: VehicleType?
        /// Specifies the white-list of supported diagnostic modes (0x00-0xFF) capable for DiagnosticMessage requests.
        public var supportedDiagModes: [Int]?
        /// Specifies the HMI's capabilities.
        public var hmiCapabilities: HMICapabilities?
        /// The SmartDeviceLink version.
        public var sdlVersion: String?
        /// The software version of the system that implements the SmartDeviceLink core.
        public var systemSoftwareVersion: String?
        /// Existence of apps icon at system.
        public var iconResumed: Bool?

        public init() {}

        /// The head unit's SDL version, under either name.
        public var headUnitVersion: SdlMsgVersion? { syncMsgVersion ?? sdlMsgVersion }

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("syncMsgVersion", &syncMsgVersion)
            try map(RegisterAppInterface.legacyVersionName, &sdlMsgVersion)
            try map("language", &language)
            try map("hmiDisplayLanguage", &hmiDisplayLanguage, since: .v2_0)
            try map("displayCapabilities", &displayCapabilities, since: .v2_0)
            try map("buttonCapabilities", &buttonCapabilities, count: 1...100, since: .v2_0)
            try map("softButtonCapabilities", &softButtonCapabilities, count: 1...100, since: .v2_0)
            try map("presetBankCapabilities", &presetBankCapabilities, since: .v2_0)
            try map("hmiZoneCapabilities", &hmiZoneCapabilities, count: 1...100)
            try map("speechCapabilities", &speechCapabilities, count: 1...100)
            try map("prerecordedSpeech", &prerecordedSpeech, count: 1...100, since: .v3_0)
            try map("vrCapabilities", &vrCapabilities, count: 1...100)
            try map("audioPassThruCapabilities", &audioPassThruCapabilities, count: 1...100, since: .v2_0)
            try map("pcmStreamCapabilities", &pcmStreamCapabilities, since: .v4_1)
            try map("vehicleType", &vehicleType, since: .v2_0)
            try map("supportedDiagModes", &supportedDiagModes, count: 1...100, 0...255, since: .v3_0)
            try map("hmiCapabilities", &hmiCapabilities, since: .v3_0)
            try map("sdlVersion", &sdlVersion, 1...100, since: .v3_0)
            try map("systemSoftwareVersion", &systemSoftwareVersion, 1...100, since: .v3_0)
            try map("iconResumed", &iconResumed, since: .v5_0)
        }
    }
    /// The answer's parameters: the head unit's capabilities.
    public typealias ResponseParameters = Response
}

public struct UnregisterAppInterface: SDLRequest, Hashable {
    public static let method = "UnregisterAppInterface"
    public static let functionID = 2

    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

public struct GetSystemCapability: SDLRequest, Hashable {
    public static let method = "GetSystemCapability"
    public static let functionID = 48

    public var systemCapabilityType = SystemCapabilityType.displays
    public var subscribe: Bool?

    public init() {}

    public init(_ type: SystemCapabilityType, subscribe: Bool? = nil) {
        systemCapabilityType = type
        self.subscribe = subscribe
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("systemCapabilityType", &systemCapabilityType)
        try map("subscribe", &subscribe, since: .v5_1)
    }

    public struct Response: SDLStruct, Hashable {
        public var systemCapability: SystemCapability?

        public init() {}

        public init(_ capability: SystemCapability) { systemCapability = capability }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("systemCapability", &systemCapability)
        }
    }
    public typealias ResponseParameters = Response
}

/// Changes the app's languages, names and voice synonyms after it registered.
public struct ChangeRegistration: SDLRequest, Hashable {
    public static let method = "ChangeRegistration"
    public static let functionID = 30

    public var language: Language = .enUS
    public var hmiDisplayLanguage: Language = .enUS
    public var appName: String?
    public var ttsName: [TTSChunk]?
    public var ngnMediaScreenAppName: String?
    public var vrSynonyms: [String]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("language", &language)
        try map("hmiDisplayLanguage", &hmiDisplayLanguage)
        try map("appName", &appName, 1...100, since: .v3_0)
        try map("ttsName", &ttsName, count: 1...100, since: .v3_0)
        try map("ngnMediaScreenAppName", &ngnMediaScreenAppName, 1...100, since: .v3_0)
        try map("vrSynonyms", &vrSynonyms, count: 1...100, 1...40, since: .v3_0)
    }
}

/// The head unit's voice or display language changed.
public struct OnLanguageChange: SDLNotification, Hashable {
    public static let method = "OnLanguageChange"
    public static let functionID = 32778

    public var language: Language = .enUS
    public var hmiDisplayLanguage: Language = .enUS

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("language", &language)
        try map("hmiDisplayLanguage", &hmiDisplayLanguage)
    }
}

/// The ID of the app's current state, for resuming it after a reconnection, changed.
public struct OnHashChange: SDLNotification, Hashable {
    public static let method = "OnHashChange"
    public static let functionID = 32782

    public var hashID: String = ""

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("hashID", &hashID, 1...100)
    }
}

/// Asks the head unit to close the app (its HMI level becomes NONE).
public struct CloseApplication: SDLRequest, Hashable {
    public static let method = "CloseApplication"
    public static let functionID = 58

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}
