// Navigation: destinations and way points, and a navigation app's turn-by-turn screens.

/// Sends a place to the head unit's navigation: to show it, or as a destination.
public struct SendLocation: SDLRequest, Hashable {
    public static let method = "SendLocation"
    public static let functionID = 39

    public var longitudeDegrees: Double?
    public var latitudeDegrees: Double?
    public var locationName: String?
    public var locationDescription: String?
    public var addressLines: [String]?
    public var phoneNumber: String?
    public var locationImage: Image?
    public var timeStamp: DateTime?
    public var address: OASISAddress?
    public var deliveryMode: DeliveryMode?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("longitudeDegrees", &longitudeDegrees, -180...180)
        try map("latitudeDegrees", &latitudeDegrees, -90...90)
        try map("locationName", &locationName, 1...500)
        try map("locationDescription", &locationDescription, 1...500)
        try map("addressLines", &addressLines, count: 0...4, 1...500)
        try map("phoneNumber", &phoneNumber, 1...500)
        try map("locationImage", &locationImage)
        try map("timeStamp", &timeStamp, since: .v4_1)
        try map("address", &address, since: .v4_1)
        try map("deliveryMode", &deliveryMode, since: .v4_1)
    }
}

/// Reads the destination and the way points of the current route.
public struct GetWayPoints: SDLRequest, Hashable {
    public static let method = "GetWayPoints"
    public static let functionID = 45

    public var wayPointType: WayPointType = .all

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("wayPointType", &wayPointType)
    }

    /// The route's way points.
    public struct Response: SDLStruct, Hashable {
        public var wayPoints: [LocationDetails]?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("wayPoints", &wayPoints, count: 1...10)
        }
    }

    public typealias ResponseParameters = Response
}

/// Asks to be told when the route's way points change.
public struct SubscribeWayPoints: SDLRequest, Hashable {
    public static let method = "SubscribeWayPoints"
    public static let functionID = 46

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

/// Stops the notifications of changes to the route's way points.
public struct UnsubscribeWayPoints: SDLRequest, Hashable {
    public static let method = "UnsubscribeWayPoints"
    public static let functionID = 47

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}

    /// The way points at the time the subscription ended.
    public struct Response: SDLStruct, Hashable {
        public var wayPoints: [LocationDetails]?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("wayPoints", &wayPoints, count: 1...10)
        }
    }

    public typealias ResponseParameters = Response
}

/// The route's way points changed.
public struct OnWayPointChange: SDLNotification, Hashable {
    public static let method = "OnWayPointChange"
    public static let functionID = 32784

    public var wayPoints: [LocationDetails] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("wayPoints", &wayPoints, count: 1...10)
    }
}

/// Shows a navigation app's next turn: its text, icons, distances and times.
public struct ShowConstantTBT: SDLRequest, Hashable {
    public static let method = "ShowConstantTBT"
    public static let functionID = 27

    public var navigationText1: String?
    public var navigationText2: String?
    public var eta: String?
    public var timeToDestination: String?
    public var totalDistance: String?
    public var turnIcon: Image?
    public var nextTurnIcon: Image?
    public var distanceToManeuver: Double?
    public var distanceToManeuverScale: Double?
    public var maneuverComplete: Bool?
    public var softButtons: [SoftButton]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("navigationText1", &navigationText1, 0...500)
        try map("navigationText2", &navigationText2, 0...500)
        try map("eta", &eta, 0...500)
        try map("timeToDestination", &timeToDestination, 0...500, since: .v3_0)
        try map("totalDistance", &totalDistance, 0...500)
        try map("turnIcon", &turnIcon)
        try map("nextTurnIcon", &nextTurnIcon, since: .v3_0)
        try map("distanceToManeuver", &distanceToManeuver, 0...1_000_000_000)
        try map("distanceToManeuverScale", &distanceToManeuverScale, 0...1_000_000_000)
        try map("maneuverComplete", &maneuverComplete)
        try map("softButtons", &softButtons, count: 0...3)
    }
}

/// Announces the next manoeuvre, in speech and soft buttons.
public struct AlertManeuver: SDLRequest, Hashable {
    public static let method = "AlertManeuver"
    public static let functionID = 28

    public var ttsChunks: [TTSChunk]?
    public var softButtons: [SoftButton]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("ttsChunks", &ttsChunks, count: 1...100)
        try map("softButtons", &softButtons, count: 0...3)
    }
}

/// Sets the list of a route's turns a navigation app shows.
public struct UpdateTurnList: SDLRequest, Hashable {
    public static let method = "UpdateTurnList"
    public static let functionID = 29

    public var turnList: [Turn]?
    public var softButtons: [SoftButton]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("turnList", &turnList, count: 1...100)
        try map("softButtons", &softButtons, count: 0...1)
    }
}

/// The state of a navigation app's route as the head unit sees it.
public struct OnTBTClientState: SDLNotification, Hashable {
    public static let method = "OnTBTClientState"
    public static let functionID = 32774

    public var state: TBTState = .routeUpdateRequest

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("state", &state)
    }
}
