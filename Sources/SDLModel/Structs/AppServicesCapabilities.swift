// SystemCapability APP_SERVICES: the services apps publish on the head unit.

public struct AppServicesCapabilities: SDLStruct, Hashable {
    public var appServices: [AppServiceCapability]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appServices", &appServices, count: .anyCount)
    }
}

public struct AppServiceCapability: SDLStruct, Hashable {
    public var updateReason: ServiceUpdateReason?
    public var updatedAppServiceRecord = AppServiceRecord()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("updateReason", &updateReason)
        try map("updatedAppServiceRecord", &updatedAppServiceRecord)
    }
}

public struct AppServiceRecord: SDLStruct, Hashable {
    public var serviceID = ""
    public var serviceManifest = AppServiceManifest()
    public var servicePublished = false
    public var serviceActive = false

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceID", &serviceID, .anyLength)
        try map("serviceManifest", &serviceManifest)
        try map("servicePublished", &servicePublished)
        try map("serviceActive", &serviceActive)
    }
}

public struct AppServiceManifest: SDLStruct, Hashable {
    public var serviceName: String?
    public var serviceType = ""
    public var serviceIcon: Image?
    public var allowAppConsumers: Bool = false
    public var rpcSpecVersion: SdlMsgVersion?
    public var handledRPCs: [Int]?
    public var mediaServiceManifest: MediaServiceManifest?
    public var weatherServiceManifest: WeatherServiceManifest?
    public var navigationServiceManifest: NavigationServiceManifest?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceName", &serviceName, .anyLength)
        try map("serviceType", &serviceType, .anyLength)
        try map("serviceIcon", &serviceIcon)
        try map("allowAppConsumers", &allowAppConsumers, default: false)
        try map("rpcSpecVersion", &rpcSpecVersion)
        try map("handledRPCs", &handledRPCs, count: .anyCount, .int32)
        try map("mediaServiceManifest", &mediaServiceManifest)
        try map("weatherServiceManifest", &weatherServiceManifest)
        try map("navigationServiceManifest", &navigationServiceManifest)
    }
}

public struct MediaServiceManifest: SDLStruct, Hashable {

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
    }
}

public struct WeatherServiceManifest: SDLStruct, Hashable {
    public var currentForecastSupported: Bool?
    public var maxMultidayForecastAmount: Int?
    public var maxHourlyForecastAmount: Int?
    public var maxMinutelyForecastAmount: Int?
    public var weatherForLocationSupported: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("currentForecastSupported", &currentForecastSupported)
        try map("maxMultidayForecastAmount", &maxMultidayForecastAmount, .int32)
        try map("maxHourlyForecastAmount", &maxHourlyForecastAmount, .int32)
        try map("maxMinutelyForecastAmount", &maxMinutelyForecastAmount, .int32)
        try map("weatherForLocationSupported", &weatherForLocationSupported)
    }
}

public struct NavigationServiceManifest: SDLStruct, Hashable {
    public var acceptsWayPoints: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("acceptsWayPoints", &acceptsWayPoints)
    }
}

