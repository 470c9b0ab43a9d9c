// SystemCapability: what GetSystemCapability answers and OnSystemCapabilityUpdated sends.
// The simulator reports DISPLAYS (Capabilities.swift); the rest is SDL's model of them.

public struct SystemCapability: SDLStruct, Hashable {
    public var systemCapabilityType = SystemCapabilityType.displays
    public var navigationCapability: NavigationCapability?
    public var phoneCapability: PhoneCapability?
    public var videoStreamingCapability: VideoStreamingCapability?
    public var remoteControlCapability: RemoteControlCapabilities?
    public var appServicesCapabilities: AppServicesCapabilities?
    public var seatLocationCapability: SeatLocationCapability?
    public var displayCapabilities: [DisplayCapability]?
    public var driverDistractionCapability: DriverDistractionCapability?

    public init() {}

    public init(displays: [DisplayCapability]) {
        systemCapabilityType = .displays
        displayCapabilities = displays
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("systemCapabilityType", &systemCapabilityType)
        try map("navigationCapability", &navigationCapability)
        try map("phoneCapability", &phoneCapability)
        try map("videoStreamingCapability", &videoStreamingCapability)
        try map("remoteControlCapability", &remoteControlCapability)
        try map("appServicesCapabilities", &appServicesCapabilities, since: .v5_1)
        try map("seatLocationCapability", &seatLocationCapability, since: .v6_0)
        try map("displayCapabilities", &displayCapabilities, count: 1...1000, since: .v6_0)
        try map("driverDistractionCapability", &driverDistractionCapability, since: .v7_0)
    }
}

public struct NavigationCapability: SDLStruct, Hashable {
    public var sendLocationEnabled: Bool?
    public var getWayPointsEnabled: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("sendLocationEnabled", &sendLocationEnabled)
        try map("getWayPointsEnabled", &getWayPointsEnabled)
    }
}

public struct PhoneCapability: SDLStruct, Hashable {
    public var dialNumberEnabled: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("dialNumberEnabled", &dialNumberEnabled)
    }
}

public struct VideoStreamingCapability: SDLStruct, Hashable {
    public var preferredResolution: ImageResolution?
    public var maxBitrate: Int?
    public var supportedFormats: [VideoStreamingFormat]?
    public var hapticSpatialDataSupported: Bool?
    public var diagonalScreenSize: Double?
    public var pixelPerInch: Double?
    public var scale: Double?
    public var preferredFPS: Int?
    public var additionalVideoStreamingCapabilities: [VideoStreamingCapability]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("preferredResolution", &preferredResolution)
        try map("maxBitrate", &maxBitrate, 0...2_147_483_647)
        try map("supportedFormats", &supportedFormats, count: .anyCount)
        try map("hapticSpatialDataSupported", &hapticSpatialDataSupported)
        try map("diagonalScreenSize", &diagonalScreenSize, 0...Double.infinity, since: .v6_0)
        try map("pixelPerInch", &pixelPerInch, 0...Double.infinity, since: .v6_0)
        try map("scale", &scale, 1...10, since: .v6_0)
        try map("preferredFPS", &preferredFPS, 0...2_147_483_647, since: .v7_1)
        try map("additionalVideoStreamingCapabilities", &additionalVideoStreamingCapabilities, count: 1...100, since: .v7_1)
    }
}

public struct VideoStreamingFormat: SDLStruct, Hashable {
    public var `protocol` = VideoStreamingProtocol.raw
    public var codec = VideoStreamingCodec.h264

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("protocol", &`protocol`)
        try map("codec", &codec)
    }
}

public struct SeatLocationCapability: SDLStruct, Hashable {
    public var rows: Int?
    public var columns: Int?
    public var levels: Int = 1
    public var seats: [SeatLocation]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("rows", &rows, 1...100)
        try map("columns", &columns, 1...100)
        try map("levels", &levels, 1...100, default: 1)
        try map("seats", &seats, count: .anyCount)
    }
}

public struct DriverDistractionCapability: SDLStruct, Hashable {
    public var menuLength: Int?
    public var subMenuDepth: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("menuLength", &menuLength, .int32)
        try map("subMenuDepth", &subMenuDepth, 1...2__14_7_4_83__647)
    }
}

