// The structs and enums of places and navigation: locations, addresses, times, turns.

/// A place: its coordinates, names, address, phone number and image.
public struct LocationDetails: SDLStruct, Hashable {
    public var coordinate: Coordinate?
    public var locationName: String?
    public var addressLines: [String]?
    public var locationDescription: String?
    public var phoneNumber: String?
    public var locationImage: Image?
    public var searchAddress: OASISAddress?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("coordinate", &coordinate)
        try map("locationName", &locationName, 1...500)
        try map("addressLines", &addressLines, count: 0...4, 1...500)
        try map("locationDescription", &locationDescription, 1...500)
        try map("phoneNumber", &phoneNumber, 1...500)
        try map("locationImage", &locationImage)
        try map("searchAddress", &searchAddress)
    }
}

/// A position in degrees of latitude and longitude.
public struct Coordinate: SDLStruct, Hashable {
    public var latitudeDegrees: Double = 0
    public var longitudeDegrees: Double = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("latitudeDegrees", &latitudeDegrees, -90...90)
        try map("longitudeDegrees", &longitudeDegrees, -180...180)
    }
}

/// A postal address, in OASIS's terms.
public struct OASISAddress: SDLStruct, Hashable {
    public var countryName: String?
    public var countryCode: String?
    public var postalCode: String?
    public var administrativeArea: String?
    public var subAdministrativeArea: String?
    public var locality: String?
    public var subLocality: String?
    public var thoroughfare: String?
    public var subThoroughfare: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("countryName", &countryName, 0...200)
        try map("countryCode", &countryCode, 0...50)
        try map("postalCode", &postalCode, 0...16)
        try map("administrativeArea", &administrativeArea, 0...200)
        try map("subAdministrativeArea", &subAdministrativeArea, 0...200)
        try map("locality", &locality, 0...200)
        try map("subLocality", &subLocality, 0...200)
        try map("thoroughfare", &thoroughfare, 0...200)
        try map("subThoroughfare", &subThoroughfare, 0...200)
    }
}

/// A date and time with its time zone.
public struct DateTime: SDLStruct, Hashable {
    public var millisecond: Int?
    public var second: Int?
    public var minute: Int?
    public var hour: Int?
    public var day: Int?
    public var month: Int?
    public var year: Int?
    public var tz_hour: Int = 0
    public var tz_minute: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("millisecond", &millisecond, 0...999, since: .v4_2_2)
        try map("second", &second, 0...60, mandatoryBefore: .v4_2_1)
        try map("minute", &minute, 0...59, mandatoryBefore: .v4_2_1)
        try map("hour", &hour, 0...23, mandatoryBefore: .v4_2_1)
        try map("day", &day, 1...31, mandatoryBefore: .v4_2_1)
        try map("month", &month, 1...12, mandatoryBefore: .v4_2_1)
        try map("year", &year, -2_147_483_648...4095, mandatoryBefore: .v4_2_1)
        try map("tz_hour", &tz_hour, -12...14, default: 0, mandatoryBefore: .v4_2_1)
        try map("tz_minute", &tz_minute, 0...59, default: 0, mandatoryBefore: .v4_2_1)
    }
}

/// One turn of a route: its text and its icon.
public struct Turn: SDLStruct, Hashable {
    public var navigationText: String?
    public var turnIcon: Image?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("navigationText", &navigationText, 1...500)
        try map("turnIcon", &turnIcon)
    }
}

/// How SendLocation gives the place to navigation: asking the user, as the destination, or queued.
public enum DeliveryMode: String, SDLEnum {
    case prompt = "PROMPT"
    case destination = "DESTINATION"
    case queue = "QUEUE"
}

/// A navigation app's route, as the head unit reports it.
public enum TBTState: String, SDLEnum {
    case routeUpdateRequest = "ROUTE_UPDATE_REQUEST"
    case routeAccepted = "ROUTE_ACCEPTED"
    case routeRefused = "ROUTE_REFUSED"
    case routeCancelled = "ROUTE_CANCELLED"
    case etaRequest = "ETA_REQUEST"
    case nextTurnRequest = "NEXT_TURN_REQUEST"
    case routeStatusRequest = "ROUTE_STATUS_REQUEST"
    case routeSummaryRequest = "ROUTE_SUMMARY_REQUEST"
    case tripStatusRequest = "TRIP_STATUS_REQUEST"
    case routeUpdateRequestTimeout = "ROUTE_UPDATE_REQUEST_TIMEOUT"
}

/// Which way points a request means: all of them, or only the destination.
public enum WayPointType: String, SDLEnum {
    case all = "ALL"
    case destination = "DESTINATION"
}
