// The structs and enums of app services' data: media, weather and navigation.

/// An app service's data: its type, its ID, and the data of that type.
public struct AppServiceData: SDLStruct, Hashable {
    public var serviceType: String = ""
    public var serviceID: String = ""
    public var mediaServiceData: MediaServiceData?
    public var weatherServiceData: WeatherServiceData?
    public var navigationServiceData: NavigationServiceData?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("serviceType", &serviceType, .anyLength)
        try map("serviceID", &serviceID, .anyLength)
        try map("mediaServiceData", &mediaServiceData)
        try map("weatherServiceData", &weatherServiceData)
        try map("navigationServiceData", &navigationServiceData)
    }
}

/// What a media service is playing.
public struct MediaServiceData: SDLStruct, Hashable {
    public var mediaType: MediaType?
    public var mediaTitle: String?
    public var mediaArtist: String?
    public var mediaAlbum: String?
    public var playlistName: String?
    public var isExplicit: Bool?
    public var trackPlaybackProgress: Int?
    public var trackPlaybackDuration: Int?
    public var queuePlaybackProgress: Int?
    public var queuePlaybackDuration: Int?
    public var queueCurrentTrackNumber: Int?
    public var queueTotalTrackCount: Int?
    public var mediaImage: Image?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("mediaType", &mediaType)
        try map("mediaTitle", &mediaTitle, .anyLength)
        try map("mediaArtist", &mediaArtist, .anyLength)
        try map("mediaAlbum", &mediaAlbum, .anyLength)
        try map("playlistName", &playlistName, .anyLength)
        try map("isExplicit", &isExplicit)
        try map("trackPlaybackProgress", &trackPlaybackProgress, .int32)
        try map("trackPlaybackDuration", &trackPlaybackDuration, .int32)
        try map("queuePlaybackProgress", &queuePlaybackProgress, .int32)
        try map("queuePlaybackDuration", &queuePlaybackDuration, .int32)
        try map("queueCurrentTrackNumber", &queueCurrentTrackNumber, .int32)
        try map("queueTotalTrackCount", &queueTotalTrackCount, .int32)
        try map("mediaImage", &mediaImage, since: .v6_0)
    }
}

/// The kind of media a media service plays.
public enum MediaType: String, SDLEnum {
    case music = "MUSIC"
    case podcast = "PODCAST"
    case audiobook = "AUDIOBOOK"
    case other = "OTHER"
}

/// A weather service's current conditions and forecasts for a place.
public struct WeatherServiceData: SDLStruct, Hashable {
    public var location: LocationDetails = LocationDetails()
    public var currentForecast: WeatherData?
    public var minuteForecast: [WeatherData]?
    public var hourlyForecast: [WeatherData]?
    public var multidayForecast: [WeatherData]?
    public var alerts: [WeatherAlert]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("location", &location)
        try map("currentForecast", &currentForecast)
        try map("minuteForecast", &minuteForecast, count: 15...60)
        try map("hourlyForecast", &hourlyForecast, count: 1...96)
        try map("multidayForecast", &multidayForecast, count: 1...30)
        try map("alerts", &alerts, count: 1...10)
    }
}

/// The weather at one time: temperatures, wind, precipitation and more.
public struct WeatherData: SDLStruct, Hashable {
    public var currentTemperature: Temperature?
    public var temperatureHigh: Temperature?
    public var temperatureLow: Temperature?
    public var apparentTemperature: Temperature?
    public var apparentTemperatureHigh: Temperature?
    public var apparentTemperatureLow: Temperature?
    public var weatherSummary: String?
    public var time: DateTime?
    public var humidity: Double?
    public var cloudCover: Double?
    public var moonPhase: Double?
    public var windBearing: Int?
    public var windGust: Double?
    public var windSpeed: Double?
    public var nearestStormBearing: Int?
    public var nearestStormDistance: Int?
    public var precipAccumulation: Double?
    public var precipIntensity: Double?
    public var precipProbability: Double?
    public var precipType: String?
    public var visibility: Double?
    public var weatherIcon: Image?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("currentTemperature", &currentTemperature)
        try map("temperatureHigh", &temperatureHigh)
        try map("temperatureLow", &temperatureLow)
        try map("apparentTemperature", &apparentTemperature)
        try map("apparentTemperatureHigh", &apparentTemperatureHigh)
        try map("apparentTemperatureLow", &apparentTemperatureLow)
        try map("weatherSummary", &weatherSummary, .anyLength)
        try map("time", &time)
        try map("humidity", &humidity, 0...1)
        try map("cloudCover", &cloudCover, 0...1)
        try map("moonPhase", &moonPhase, 0...1)
        try map("windBearing", &windBearing, .int32)
        try map("windGust", &windGust, .anyFloat)
        try map("windSpeed", &windSpeed, .anyFloat)
        try map("nearestStormBearing", &nearestStormBearing, .int32)
        try map("nearestStormDistance", &nearestStormDistance, .int32)
        try map("precipAccumulation", &precipAccumulation, .anyFloat)
        try map("precipIntensity", &precipIntensity, .anyFloat)
        try map("precipProbability", &precipProbability, 0...1)
        try map("precipType", &precipType, .anyLength)
        try map("visibility", &visibility, .anyFloat)
        try map("weatherIcon", &weatherIcon)
    }
}

/// A weather warning and when it applies.
public struct WeatherAlert: SDLStruct, Hashable {
    public var title: String?
    public var summary: String?
    public var expires: DateTime?
    public var regions: [String]?
    public var severity: String?
    public var timeIssued: DateTime?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("title", &title, .anyLength)
        try map("summary", &summary, .anyLength)
        try map("expires", &expires)
        try map("regions", &regions, count: 1...99, .anyLength)
        try map("severity", &severity, .anyLength)
        try map("timeIssued", &timeIssued)
    }
}

/// A navigation service's route: its origin, destination, times and instructions.
public struct NavigationServiceData: SDLStruct, Hashable {
    public var timeStamp: DateTime = DateTime()
    public var origin: LocationDetails?
    public var destination: LocationDetails?
    public var destinationETA: DateTime?
    public var instructions: [NavigationInstruction]?
    public var nextInstructionETA: DateTime?
    public var nextInstructionDistance: Double?
    public var nextInstructionDistanceScale: Double?
    public var prompt: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("timeStamp", &timeStamp)
        try map("origin", &origin)
        try map("destination", &destination)
        try map("destinationETA", &destinationETA)
        try map("instructions", &instructions, count: .anyCount)
        try map("nextInstructionETA", &nextInstructionETA)
        try map("nextInstructionDistance", &nextInstructionDistance, .anyFloat)
        try map("nextInstructionDistanceScale", &nextInstructionDistanceScale, .anyFloat)
        try map("prompt", &prompt, .anyLength)
    }
}

/// One instruction of a navigation service's route.
public struct NavigationInstruction: SDLStruct, Hashable {
    public var locationDetails: LocationDetails = LocationDetails()
    public var action: NavigationAction = .turn
    public var eta: DateTime?
    public var bearing: Int?
    public var junctionType: NavigationJunction?
    public var drivingSide: Direction?
    public var details: String?
    public var image: Image?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("locationDetails", &locationDetails)
        try map("action", &action)
        try map("eta", &eta)
        try map("bearing", &bearing, 0...359)
        try map("junctionType", &junctionType)
        try map("drivingSide", &drivingSide)
        try map("details", &details, .anyLength)
        try map("image", &image)
    }
}

/// What a navigation instruction asks the driver to do.
public enum NavigationAction: String, SDLEnum {
    case turn = "TURN"
    case exit = "EXIT"
    case stay = "STAY"
    case merge = "MERGE"
    case ferry = "FERRY"
    case carShuttleTrain = "CAR_SHUTTLE_TRAIN"
    case waypoint = "WAYPOINT"
}

/// The kind of junction a navigation instruction is at.
public enum NavigationJunction: String, SDLEnum {
    case regular = "REGULAR"
    case bifurcation = "BIFURCATION"
    case multiCarriageway = "MULTI_CARRIAGEWAY"
    case roundabout = "ROUNDABOUT"
    case traversableRoundabout = "TRAVERSABLE_ROUNDABOUT"
    case jughandle = "JUGHANDLE"
    case allWayYield = "ALL_WAY_YIELD"
    case turnAround = "TURN_AROUND"
}

/// The side of the road or the direction of a turn.
public enum Direction: String, SDLEnum {
    case left = "LEFT"
    case right = "RIGHT"
}

/// The types of app service SDL defines (AppServiceManifest's `serviceType` may name others).
public enum AppServiceType: String, SDLEnum {
    case media = "MEDIA"
    case weather = "WEATHER"
    case navigation = "NAVIGATION"
}
