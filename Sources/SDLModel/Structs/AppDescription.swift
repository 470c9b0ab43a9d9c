// What an app tells the head unit about itself when it registers (RegisterAppInterface).

public struct DeviceInfo: SDLStruct, Hashable {
    public var hardware: String?
    public var firmwareRev: String?
    public var os: String?
    public var osVersion: String?
    public var carrier: String?
    public var maxNumberRFCOMMPorts: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("hardware", &hardware, 0...500)
        try map("firmwareRev", &firmwareRev, 0...500)
        try map("os", &os, 0...500)
        try map("osVersion", &osVersion, 0...500)
        try map("carrier", &carrier, 0...500)
        try map("maxNumberRFCOMMPorts", &maxNumberRFCOMMPorts, 0...100)
    }
}

public struct AppInfo: SDLStruct, Hashable {
    public var appDisplayName = ""
    public var appBundleID = ""
    public var appVersion = ""
    public var appIcon: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appDisplayName", &appDisplayName, 1...100)
        try map("appBundleID", &appBundleID, 1...256)
        try map("appVersion", &appVersion, 1...256)
        try map("appIcon", &appIcon, 1...500)
    }
}

public struct TemplateColorScheme: SDLStruct, Hashable {
    public var primaryColor: RGBColor?
    public var secondaryColor: RGBColor?
    public var backgroundColor: RGBColor?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("primaryColor", &primaryColor)
        try map("secondaryColor", &secondaryColor)
        try map("backgroundColor", &backgroundColor)
    }
}

public struct RGBColor: SDLStruct, Hashable {
    public var red = 0
    public var green = 0
    public var blue = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("red", &red, 0...255)
        try map("green", &green, 0...255)
        try map("blue", &blue, 0...255)
    }
}

