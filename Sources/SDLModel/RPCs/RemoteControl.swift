// Remote control: the vehicle's climate, radio, seats, audio, lights and settings.

/// Reads a remote control module's data, and may subscribe to its changes.
public struct GetInteriorVehicleData: SDLRequest, Hashable {
    public static let method = "GetInteriorVehicleData"
    public static let functionID = 43

    public var moduleType: ModuleType = .climate
    public var moduleId: String?
    public var subscribe: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleType", &moduleType)
        try map("moduleId", &moduleId, 1...100, since: .v6_0)
        try map("subscribe", &subscribe)
    }

    /// The module's data, and whether the app is subscribed to it.
    public struct Response: SDLStruct, Hashable {
        public var moduleData: ModuleData?
        public var isSubscribed: Bool?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("moduleData", &moduleData)
            try map("isSubscribed", &isSubscribed)
        }
    }

    public typealias ResponseParameters = Response
}

/// Changes settings of a remote control module.
public struct SetInteriorVehicleData: SDLRequest, Hashable {
    public static let method = "SetInteriorVehicleData"
    public static let functionID = 44

    public var moduleData: ModuleData = ModuleData()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleData", &moduleData)
    }

    /// The module's data after the change.
    public struct Response: SDLStruct, Hashable {
        public var moduleData: ModuleData?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("moduleData", &moduleData)
        }
    }

    public typealias ResponseParameters = Response
}

/// A subscribed remote control module's data changed.
public struct OnInteriorVehicleData: SDLNotification, Hashable {
    public static let method = "OnInteriorVehicleData"
    public static let functionID = 32783

    public var moduleData: ModuleData = ModuleData()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleData", &moduleData)
    }
}

/// Presses a remote control module's button on the app's behalf.
public struct ButtonPress: SDLRequest, Hashable {
    public static let method = "ButtonPress"
    public static let functionID = 41

    public var moduleType: ModuleType = .climate
    public var moduleId: String?
    public var buttonName: ButtonName = .ok
    public var buttonPressMode: ButtonPressMode = .long

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleType", &moduleType)
        try map("moduleId", &moduleId, 1...100, since: .v6_0)
        try map("buttonName", &buttonName)
        try map("buttonPressMode", &buttonPressMode)
    }
}

/// Asks the user to allow the app to control the listed modules.
public struct GetInteriorVehicleDataConsent: SDLRequest, Hashable {
    public static let method = "GetInteriorVehicleDataConsent"
    public static let functionID = 62

    public var moduleType: ModuleType = .climate
    public var moduleIds: [String] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleType", &moduleType)
        try map("moduleIds", &moduleIds, count: .anyCount, 1...100)
    }

    /// The user's answer for each module, in the order asked.
    public struct Response: SDLStruct, Hashable {
        public var allowed: [Bool]?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("allowed", &allowed, count: .anyCount)
        }
    }

    public typealias ResponseParameters = Response
}

/// Gives up control of a remote control module.
public struct ReleaseInteriorVehicleDataModule: SDLRequest, Hashable {
    public static let method = "ReleaseInteriorVehicleDataModule"
    public static let functionID = 63

    public var moduleType: ModuleType = .climate
    public var moduleId: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleType", &moduleType)
        try map("moduleId", &moduleId, 1...100)
    }
}

/// Which remote control modules the app holds, which are free, and whether remote control is on.
public struct OnRCStatus: SDLNotification, Hashable {
    public static let method = "OnRCStatus"
    public static let functionID = 32785

    public var allowed: Bool?
    public var allocatedModules: [ModuleData] = []
    public var freeModules: [ModuleData] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("allowed", &allowed)
        try map("allocatedModules", &allocatedModules, count: 0...100)
        try map("freeModules", &freeModules, count: 0...100)
    }
}
