// The rest of the system: requests passed to the cloud or the OEM, cloud apps, phone calls,
// touches and haptics, driver distraction, the app's own capabilities.

/// Passes data from the app to the head unit or its OEM's servers (policy updates, files, queries).
public struct SystemRequest: SDLRequest, Hashable {
    public static let method = "SystemRequest"
    public static let functionID = 38

    public var requestType: RequestType = .http
    public var requestSubType: String?
    public var fileName: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("requestType", &requestType)
        try map("requestSubType", &requestSubType, 1...255, since: .v5_0)
        try map("fileName", &fileName, 1...255)
    }
}

/// Asks the app to carry a request to the cloud, or gives it data from the head unit.
public struct OnSystemRequest: SDLNotification, Hashable {
    public static let method = "OnSystemRequest"
    public static let functionID = 32781

    public var requestType: RequestType = .http
    public var requestSubType: String?
    public var url: String?
    public var timeout: Int?
    public var fileType: FileType?
    public var offset: Int?
    public var length: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("requestType", &requestType)
        try map("requestSubType", &requestSubType, 1...255, since: .v5_0)
        try map("url", &url, .anyLength)
        try map("timeout", &timeout, 0...2_000_000_000)
        try map("fileType", &fileType)
        try map("offset", &offset, 0...100_000_000_000)
        try map("length", &length, 0...100_000_000_000)
    }
}

/// Sets how the head unit reaches and lists a cloud app.
public struct SetCloudAppProperties: SDLRequest, Hashable {
    public static let method = "SetCloudAppProperties"
    public static let functionID = 50

    public var properties: CloudAppProperties = CloudAppProperties()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("properties", &properties)
    }
}

/// Reads how the head unit reaches and lists a cloud app.
public struct GetCloudAppProperties: SDLRequest, Hashable {
    public static let method = "GetCloudAppProperties"
    public static let functionID = 51

    public var appID: String = ""

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, 1...100)
    }

    /// The cloud app's properties.
    public struct Response: SDLStruct, Hashable {
        public var properties: CloudAppProperties?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("properties", &properties)
        }
    }

    public typealias ResponseParameters = Response
}

/// Calls a phone number through the head unit's phone connection.
public struct DialNumber: SDLRequest, Hashable {
    public static let method = "DialNumber"
    public static let functionID = 40

    public var number: String = ""

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("number", &number, 1...40)
    }
}

/// Tells the head unit where a projection app's touchable areas are.
public struct SendHapticData: SDLRequest, Hashable {
    public static let method = "SendHapticData"
    public static let functionID = 49

    public var hapticRectData: [HapticRect]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("hapticRectData", &hapticRectData, count: 0...1000)
    }
}

/// The user touched a projection app's screen.
public struct OnTouchEvent: SDLNotification, Hashable {
    public static let method = "OnTouchEvent"
    public static let functionID = 32780

    public var type: TouchType = .begin
    public var event: [TouchEvent] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("type", &type)
        try map("event", &event, count: 1...10)
    }
}

/// Whether the vehicle is moving enough to limit what the driver may do, and how much.
public struct OnDriverDistraction: SDLNotification, Hashable {
    public static let method = "OnDriverDistraction"
    public static let functionID = 32775

    public var state: DriverDistractionState = .ddOn
    public var lockScreenDismissalEnabled: Bool?
    public var lockScreenDismissalWarning: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("state", &state)
        try map("lockScreenDismissalEnabled", &lockScreenDismissalEnabled, since: .v6_0)
        try map("lockScreenDismissalWarning", &lockScreenDismissalWarning, .anyLength, since: .v6_0)
    }
}

/// Sent by the app, not the head unit: one of its own capabilities changed.
public struct OnAppCapabilityUpdated: SDLNotification, Hashable {
    public static let method = "OnAppCapabilityUpdated"
    public static let functionID = 32791

    public var appCapability: AppCapability = AppCapability()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appCapability", &appCapability)
    }
}

/// Deprecated in SDL 7.1: passes encoded SyncP packets from the app to the vehicle.
public struct EncodedSyncPData: SDLRequest, Hashable {
    public static let method = "EncodedSyncPData"
    public static let functionID = 65536

    public var data: [String] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("data", &data, count: 1...100, 1...1_000_000)
    }
}

/// Deprecated in SDL 7.1: encoded SyncP packets the vehicle sends back to the app.
public struct OnEncodedSyncPData: SDLNotification, Hashable {
    public static let method = "OnEncodedSyncPData"
    public static let functionID = 98304

    public var data: [String] = []
    public var URL: String?
    public var Timeout: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("data", &data, count: 1...100, 1...1_000_000)
        try map("URL", &URL, 1...1000)
        try map("Timeout", &Timeout, 0...2_000_000_000)
    }
}
