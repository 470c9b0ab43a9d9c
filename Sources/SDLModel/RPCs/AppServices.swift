// App services: apps offering media, weather or navigation data to the head unit and other apps.

/// Offers an app service (media, weather, navigation) to the head unit and other apps.
public struct PublishAppService: SDLRequest, Hashable {
    public static let method = "PublishAppService"
    public static let functionID = 52

    public var appServiceManifest: AppServiceManifest = AppServiceManifest()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appServiceManifest", &appServiceManifest)
    }

    /// The service's record, with the ID the head unit gave it.
    public struct Response: SDLStruct, Hashable {
        public var appServiceRecord: AppServiceRecord?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("appServiceRecord", &appServiceRecord)
        }
    }

    public typealias ResponseParameters = Response
}

/// Withdraws an app service the app published.
public struct UnpublishAppService: SDLRequest, Hashable {
    public static let method = "UnpublishAppService"
    public static let functionID = 56

    public var serviceID: String = ""

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceID", &serviceID, .anyLength)
    }
}

/// Reads the data of the active service of a type, and may subscribe to it.
public struct GetAppServiceData: SDLRequest, Hashable {
    public static let method = "GetAppServiceData"
    public static let functionID = 53

    public var serviceType: String = ""
    public var subscribe: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceType", &serviceType, .anyLength)
        try map("subscribe", &subscribe)
    }

    /// The service's data.
    public struct Response: SDLStruct, Hashable {
        public var serviceData: AppServiceData?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("serviceData", &serviceData)
        }
    }

    public typealias ResponseParameters = Response
}

/// An app service's data changed (sent to its subscribers, and by the provider itself).
public struct OnAppServiceData: SDLNotification, Hashable {
    public static let method = "OnAppServiceData"
    public static let functionID = 32786

    public var serviceData: AppServiceData = AppServiceData()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceData", &serviceData)
    }
}

/// Passes a request, given as a URI, to an app service.
public struct PerformAppServiceInteraction: SDLRequest, Hashable {
    public static let method = "PerformAppServiceInteraction"
    public static let functionID = 55

    public var serviceUri: String = ""
    public var serviceID: String = ""
    public var originApp: String = ""
    public var requestServiceActive: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceUri", &serviceUri, .anyLength)
        try map("serviceID", &serviceID, .anyLength)
        try map("originApp", &originApp, .anyLength)
        try map("requestServiceActive", &requestServiceActive)
    }

    /// What the service answered.
    public struct Response: SDLStruct, Hashable {
        public var serviceSpecificResult: String?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("serviceSpecificResult", &serviceSpecificResult, .anyLength)
        }
    }

    public typealias ResponseParameters = Response
}
