// The structs and enums of the rest of the system: cloud apps, touches and haptics, system
// requests, driver distraction, the app's capabilities, permissions.

/// How the head unit reaches and lists a cloud app.
public struct CloudAppProperties: SDLStruct, Hashable {
    public var nicknames: [String]?
    public var appID: String = ""
    public var enabled: Bool?
    public var authToken: String?
    public var cloudTransportType: String?
    public var hybridAppPreference: HybridAppPreference?
    public var endpoint: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("nicknames", &nicknames, count: 0...100, 0...100)
        try map("appID", &appID, 1...100)
        try map("enabled", &enabled)
        try map("authToken", &authToken, 1...65535)
        try map("cloudTransportType", &cloudTransportType, 1...100)
        try map("hybridAppPreference", &hybridAppPreference)
        try map("endpoint", &endpoint, 1...65535)
    }
}

/// Whether the user prefers a hybrid app's mobile or cloud side.
public enum HybridAppPreference: String, SDLEnum {
    case mobile = "MOBILE"
    case cloud = "CLOUD"
    case both = "BOTH"
}

/// One touch on the screen: its ID, times and coordinates.
public struct TouchEvent: SDLStruct, Hashable {
    public var id: Int = 0
    public var ts: [Int] = []
    public var c: [TouchCoord] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("id", &id, 0...9)
        try map("ts", &ts, count: 1...1000, 0...2_000_000_000)
        try map("c", &c, count: 1...1000)
    }
}

/// A touch's position in pixels.
public struct TouchCoord: SDLStruct, Hashable {
    public var x: Int = 0
    public var y: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("x", &x, 0...10000)
        try map("y", &y, 0...10000)
    }
}

/// A touch's phase: beginning, moving, ending or cancelled.
public enum TouchType: String, SDLEnum {
    case begin = "BEGIN"
    case move = "MOVE"
    case end = "END"
    case cancel = "CANCEL"
}

/// A touchable area of a projection app's screen.
public struct HapticRect: SDLStruct, Hashable {
    public var id: Int = 0
    public var rect: Rectangle = Rectangle()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("id", &id, 0...2_000_000_000)
        try map("rect", &rect)
    }
}

/// A rectangle in pixels.
public struct Rectangle: SDLStruct, Hashable {
    public var x: Double = 0
    public var y: Double = 0
    public var width: Double = 0
    public var height: Double = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("x", &x, .anyFloat)
        try map("y", &y, .anyFloat)
        try map("width", &width, .anyFloat)
        try map("height", &height, .anyFloat)
    }
}

/// One of the app's own capabilities, as OnAppCapabilityUpdated reports it.
public struct AppCapability: SDLStruct, Hashable {
    public var appCapabilityType: AppCapabilityType = .videoStreaming
    public var videoStreamingCapability: VideoStreamingCapability?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appCapabilityType", &appCapabilityType)
        try map("videoStreamingCapability", &videoStreamingCapability)
    }
}

/// The kinds of capability an app reports.
public enum AppCapabilityType: String, SDLEnum {
    case videoStreaming = "VIDEO_STREAMING"
}

/// What a SystemRequest or OnSystemRequest carries.
public enum RequestType: String, SDLEnum {
    case http = "HTTP"
    case fileResume = "FILE_RESUME"
    case authRequest = "AUTH_REQUEST"
    case authChallenge = "AUTH_CHALLENGE"
    case authAck = "AUTH_ACK"
    case proprietary = "PROPRIETARY"
    case queryApps = "QUERY_APPS"
    case launchApp = "LAUNCH_APP"
    case lockScreenIconURL = "LOCK_SCREEN_ICON_URL"
    case trafficMessageChannel = "TRAFFIC_MESSAGE_CHANNEL"
    case driverProfile = "DRIVER_PROFILE"
    case voiceSearch = "VOICE_SEARCH"
    case navigation = "NAVIGATION"
    case phone = "PHONE"
    case climate = "CLIMATE"
    case settings = "SETTINGS"
    case vehicleDiagnostics = "VEHICLE_DIAGNOSTICS"
    case emergency = "EMERGENCY"
    case media = "MEDIA"
    case fota = "FOTA"
    case oemSpecific = "OEM_SPECIFIC"
    case iconURL = "ICON_URL"
}

/// Whether driver distraction rules are in force.
public enum DriverDistractionState: String, SDLEnum {
    case ddOn = "DD_ON"
    case ddOff = "DD_OFF"
}

/// Whether an RPC is allowed (not carried by any parameter in SDL 8.0).
public enum PermissionStatus: String, SDLEnum {
    case allowed = "ALLOWED"
    case disallowed = "DISALLOWED"
    case userDisallowed = "USER_DISALLOWED"
    case userConsentPending = "USER_CONSENT_PENDING"
}
