// The vehicle's data: reading it, subscribing to it, and diagnostics.

/// Asks to be sent each listed item of vehicle data when it changes.
public struct SubscribeVehicleData: SDLRequest, Hashable {
    public static let method = "SubscribeVehicleData"
    public static let functionID = 20

    /// The items to subscribe to.
    public var items = VehicleDataSelection()

    public init() {}

    /// A subscription to `items`.
    public init(_ items: VehicleDataSelection) { self.items = items }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try items.mapParameters(&map)
    }

    /// The answer's parameters: how the subscription to each item went.
    public typealias ResponseParameters = VehicleDataSubscriptionResults
}

/// Stops the notifications of the listed items of vehicle data.
public struct UnsubscribeVehicleData: SDLRequest, Hashable {
    public static let method = "UnsubscribeVehicleData"
    public static let functionID = 21

    /// The items to unsubscribe from.
    public var items = VehicleDataSelection()

    public init() {}

    /// The end of the subscription to `items`.
    public init(_ items: VehicleDataSelection) { self.items = items }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try items.mapParameters(&map)
    }

    /// The answer's parameters: how ending the subscription to each item went.
    public typealias ResponseParameters = VehicleDataSubscriptionResults
}

/// Reads the listed items of vehicle data once.
public struct GetVehicleData: SDLRequest, Hashable {
    public static let method = "GetVehicleData"
    public static let functionID = 22

    /// The items to read.
    public var items = VehicleDataSelection()
    /// Whether to read the vehicle identification number too (it cannot be subscribed to).
    public var vin: Bool?

    public init() {}

    /// A reading of `items`.
    public init(_ items: VehicleDataSelection, vin: Bool? = nil) {
        self.items = items
        self.vin = vin
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try items.mapParameters(&map)
        try map("vin", &vin)
    }

    /// The answer's parameters: the value of each item requested.
    public typealias ResponseParameters = VehicleDataValues
}

/// Subscribed items of vehicle data that changed.
public struct OnVehicleData: SDLNotification, Hashable {
    public static let method = "OnVehicleData"
    public static let functionID = 32772

    /// The items that changed, with their new values.
    public var values = VehicleDataValues()

    public init() {}

    /// The notification of `values`.
    public init(_ values: VehicleDataValues) { self.values = values }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try values.mapParameters(&map)
    }
}

/// Reads data identifiers from one of the vehicle's electronic control units.
public struct ReadDID: SDLRequest, Hashable {
    public static let method = "ReadDID"
    public static let functionID = 23

    public var ecuName: Int = 0
    public var didLocation: [Int] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("ecuName", &ecuName, 0...65535)
        try map("didLocation", &didLocation, count: 1...1000, 0...65535)
    }

    /// Each identifier's data, or why it could not be read.
    public struct Response: SDLStruct, Hashable {
        public var didResult: [DIDResult]?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("didResult", &didResult, count: 0...1000)
        }
    }

    public typealias ResponseParameters = Response
}

/// Reads the diagnostic trouble codes of one of the vehicle's electronic control units.
public struct GetDTCs: SDLRequest, Hashable {
    public static let method = "GetDTCs"
    public static let functionID = 24

    public var ecuName: Int = 0
    public var dtcMask: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("ecuName", &ecuName, 0...65535)
        try map("dtcMask", &dtcMask, 0...255)
    }

    /// The unit's header byte and its trouble codes.
    public struct Response: SDLStruct, Hashable {
        public var ecuHeader: Int?
        public var dtc: [String]?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("ecuHeader", &ecuHeader, 0...65535)
            try map("dtc", &dtc, count: 1...15, 1...10)
        }
    }

    public typealias ResponseParameters = Response
}

/// Sends a diagnostic message to one of the vehicle's electronic control units.
public struct DiagnosticMessage: SDLRequest, Hashable {
    public static let method = "DiagnosticMessage"
    public static let functionID = 37

    public var targetID: Int = 0
    public var messageLength: Int = 0
    public var messageData: [Int] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("targetID", &targetID, 0...65535)
        try map("messageLength", &messageLength, 0...65535)
        try map("messageData", &messageData, count: 1...65535, 0...255)
    }

    /// The unit's answer, byte by byte.
    public struct Response: SDLStruct, Hashable {
        public var messageDataResult: [Int]?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("messageDataResult", &messageDataResult, count: 1...65535, 0...255)
        }
    }

    public typealias ResponseParameters = Response
}
