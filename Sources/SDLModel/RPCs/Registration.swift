import JSONCodec

// RegisterAppInterface, UnregisterAppInterface and GetSystemCapability (SDL-RULES §1).

public struct RegisterAppInterface: SDLRequest, Hashable {
    public static let method = "RegisterAppInterface"
    public static let functionID = 1
    /// The name this contract first gave `syncMsgVersion` (sdl_ios's property name); still
    /// accepted in requests and written in responses beside it (SDL-RULES §14).
    public static let legacyVersionName = "sdlMsgVersion"

    public var syncMsgVersion = SdlMsgVersion(8, 0)
    public var appName = ""
    public var ttsName: [TTSChunk]?
    public var ngnMediaScreenAppName: String?
    public var vrSynonyms: [String]?
    public var isMediaApplication = false
    public var languageDesired = Language.enUS
    public var hmiDisplayLanguageDesired = Language.enUS
    public var appHMIType: [AppHMIType]?
    public var hashID: String?
    public var deviceInfo: DeviceInfo?
    public var appID = ""
    public var fullAppID: String?
    public var appInfo: AppInfo?
    public var dayColorScheme: TemplateColorScheme?
    public var nightColorScheme: TemplateColorScheme?

    public init() {}

    public init(appName: String, appID: String, syncMsgVersion: SdlMsgVersion = SdlMsgVersion(8, 0), isMediaApplication: Bool = false) {
        self.appName = appName
        self.appID = appID
        self.syncMsgVersion = syncMsgVersion
        self.isMediaApplication = isMediaApplication
    }

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

    public struct Response: SDLStruct, Hashable {
        public var syncMsgVersion: SdlMsgVersion?
        /// `syncMsgVersion` again under its legacy name (SDL-RULES §14).
        public var sdlMsgVersion: SdlMsgVersion?
        public var language: Language?
        public var hmiDisplayLanguage: Language?
        public var displayCapabilities: DisplayCapabilities?
        public var buttonCapabilities: [ButtonCapabilities]?
        public var softButtonCapabilities: [SoftButtonCapabilities]?
        public var presetBankCapabilities: PresetBankCapabilities?
        public var hmiZoneCapabilities: [HmiZoneCapabilities]?
        public var speechCapabilities: [SpeechCapabilities]?
        public var prerecordedSpeech: [PrerecordedSpeech]?
        public var vrCapabilities: [VrCapabilities]?
        public var audioPassThruCapabilities: [AudioPassThruCapabilities]?
        public var pcmStreamCapabilities: AudioPassThruCapabilities?
        public var vehicleType: VehicleType?
        public var supportedDiagModes: [Int]?
        public var hmiCapabilities: HMICapabilities?
        public var sdlVersion: String?
        public var systemSoftwareVersion: String?
        public var iconResumed: Bool?

        public init() {}

        /// The head unit's SDL version, under either name.
        public var headUnitVersion: SdlMsgVersion? { syncMsgVersion ?? sdlMsgVersion }

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
