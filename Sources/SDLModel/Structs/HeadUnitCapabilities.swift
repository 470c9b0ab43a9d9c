// What else a head unit reports in RegisterAppInterface's response and a window's
// capabilities: buttons, audio, the vehicle, which system capabilities it offers.

public struct ScreenParams: SDLStruct, Hashable {
    public var resolution = ImageResolution()
    public var touchEventAvailable: TouchEventCapabilities?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("resolution", &resolution)
        try map("touchEventAvailable", &touchEventAvailable)
    }
}

public struct TouchEventCapabilities: SDLStruct, Hashable {
    public var pressAvailable = false
    public var multiTouchAvailable = false
    public var doublePressAvailable = false

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("pressAvailable", &pressAvailable)
        try map("multiTouchAvailable", &multiTouchAvailable)
        try map("doublePressAvailable", &doublePressAvailable)
    }
}

public struct WindowTypeCapabilities: SDLStruct, Hashable {
    public var type = WindowType.main
    public var maximumNumberOfWindows = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("type", &type)
        try map("maximumNumberOfWindows", &maximumNumberOfWindows, .int32)
    }
}

public struct DynamicUpdateCapabilities: SDLStruct, Hashable {
    public var supportedDynamicImageFieldNames: [ImageFieldName]?
    public var supportsDynamicSubMenus: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("supportedDynamicImageFieldNames", &supportedDynamicImageFieldNames, count: 1...Int.max)
        try map("supportsDynamicSubMenus", &supportsDynamicSubMenus)
    }
}

public struct ButtonCapabilities: SDLStruct, Hashable {
    public var name = ButtonName.ok
    public var moduleInfo: ModuleInfo?
    public var shortPressAvailable = false
    public var longPressAvailable = false
    public var upDownAvailable = false

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("name", &name)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("shortPressAvailable", &shortPressAvailable)
        try map("longPressAvailable", &longPressAvailable)
        try map("upDownAvailable", &upDownAvailable)
    }
}

public struct SoftButtonCapabilities: SDLStruct, Hashable {
    public var shortPressAvailable = false
    public var longPressAvailable = false
    public var upDownAvailable = false
    public var imageSupported = false
    public var textSupported: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("shortPressAvailable", &shortPressAvailable)
        try map("longPressAvailable", &longPressAvailable)
        try map("upDownAvailable", &upDownAvailable)
        try map("imageSupported", &imageSupported)
        try map("textSupported", &textSupported, since: .v6_0)
    }
}

public struct PresetBankCapabilities: SDLStruct, Hashable {
    public var onScreenPresetsAvailable = false

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("onScreenPresetsAvailable", &onScreenPresetsAvailable)
    }
}

public struct AudioPassThruCapabilities: SDLStruct, Hashable {
    public var samplingRate = SamplingRate.kHz8
    public var bitsPerSample = BitsPerSample.bits8
    public var audioType = AudioType.pcm

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("samplingRate", &samplingRate)
        try map("bitsPerSample", &bitsPerSample)
        try map("audioType", &audioType)
    }
}

public struct VehicleType: SDLStruct, Hashable {
    public var make: String?
    public var model: String?
    public var modelYear: String?
    public var trim: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("make", &make, 1...500)
        try map("model", &model, 1...500)
        try map("modelYear", &modelYear, 1...500)
        try map("trim", &trim, 1...500)
    }
}

public struct HMICapabilities: SDLStruct, Hashable {
    public var navigation: Bool?
    public var phoneCall: Bool?
    public var videoStreaming: Bool?
    public var remoteControl: Bool?
    public var appServices: Bool?
    public var displays: Bool?
    public var seatLocation: Bool?
    public var driverDistraction: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("navigation", &navigation)
        try map("phoneCall", &phoneCall)
        try map("videoStreaming", &videoStreaming, since: .v4_5)
        try map("remoteControl", &remoteControl, since: .v4_5)
        try map("appServices", &appServices, since: .v6_0)
        try map("displays", &displays, since: .v6_0)
        try map("seatLocation", &seatLocation, since: .v6_0)
        try map("driverDistraction", &driverDistraction, since: .v7_0)
    }
}

