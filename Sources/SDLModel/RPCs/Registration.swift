// RegisterAppInterface, UnregisterAppInterface and GetSystemCapability (SDL-RULES §1).

public struct RegisterAppInterface: SDLRequest, Hashable {
    public static let method = "RegisterAppInterface"
    public static let functionID = 1

    public var sdlMsgVersion = SdlMsgVersion(8, 0)
    public var appName = ""
    public var appID = ""
    public var isMediaApplication = false
    public var languageDesired = Language.enUS
    public var hmiDisplayLanguageDesired = Language.enUS
    public var ngnMediaScreenAppName: String?
    public var vrSynonyms: [String]?
    public var appHMIType: [AppHMIType]?
    public var fullAppID: String?

    public init() {}

    public init(appName: String, appID: String, sdlMsgVersion: SdlMsgVersion = SdlMsgVersion(8, 0), isMediaApplication: Bool = false) {
        self.appName = appName
        self.appID = appID
        self.sdlMsgVersion = sdlMsgVersion
        self.isMediaApplication = isMediaApplication
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("sdlMsgVersion", &sdlMsgVersion)
        try map("appName", &appName, 1...100)
        try map("appID", &appID, 1...100)
        try map("isMediaApplication", &isMediaApplication)
        try map("languageDesired", &languageDesired)
        try map("hmiDisplayLanguageDesired", &hmiDisplayLanguageDesired)
        try map("ngnMediaScreenAppName", &ngnMediaScreenAppName, 1...100)
        try map("vrSynonyms", &vrSynonyms, count: 1...100, 1...40)
        try map("appHMIType", &appHMIType, count: 1...100)
        try map("fullAppID", &fullAppID, 1...100)
    }

    public struct Response: SDLStruct, Hashable {
        public var sdlMsgVersion: SdlMsgVersion?
        public var language: Language?
        public var hmiDisplayLanguage: Language?
        public var displayCapabilities: DisplayCapabilities?
        public var vrCapabilities: [VrCapabilities]?
        public var speechCapabilities: [SpeechCapabilities]?
        public var iconResumed: Bool?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("sdlMsgVersion", &sdlMsgVersion)
            try map("language", &language)
            try map("hmiDisplayLanguage", &hmiDisplayLanguage)
            try map("displayCapabilities", &displayCapabilities)
            try map("vrCapabilities", &vrCapabilities, count: 1...100)
            try map("speechCapabilities", &speechCapabilities, count: 1...100)
            try map("iconResumed", &iconResumed)
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
        try map("subscribe", &subscribe)
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
