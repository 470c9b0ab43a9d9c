// The structs and enums of remote control: each module's data (what the app reads and sets).

/// A remote control module's data: its type and ID, and the data of that type.
public struct ModuleData: SDLStruct, Hashable {
    public var moduleType: ModuleType = .climate
    public var moduleId: String?
    public var radioControlData: RadioControlData?
    public var climateControlData: ClimateControlData?
    public var seatControlData: SeatControlData?
    public var audioControlData: AudioControlData?
    public var lightControlData: LightControlData?
    public var hmiSettingsControlData: HMISettingsControlData?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleType", &moduleType)
        try map("moduleId", &moduleId, 1...100, since: .v6_0)
        try map("radioControlData", &radioControlData)
        try map("climateControlData", &climateControlData)
        try map("seatControlData", &seatControlData, since: .v5_0)
        try map("audioControlData", &audioControlData, since: .v5_0)
        try map("lightControlData", &lightControlData, since: .v5_0)
        try map("hmiSettingsControlData", &hmiSettingsControlData, since: .v5_0)
    }
}

/// The kinds of remote control modules.
public enum ModuleType: String, SDLEnum {
    case climate = "CLIMATE"
    case radio = "RADIO"
    case seat = "SEAT"
    case audio = "AUDIO"
    case light = "LIGHT"
    case hmiSettings = "HMI_SETTINGS"
}

/// A climate module's settings and readings.
public struct ClimateControlData: SDLStruct, Hashable {
    public var fanSpeed: Int?
    public var currentTemperature: Temperature?
    public var desiredTemperature: Temperature?
    public var acEnable: Bool?
    public var circulateAirEnable: Bool?
    public var autoModeEnable: Bool?
    public var defrostZone: DefrostZone?
    public var dualModeEnable: Bool?
    public var acMaxEnable: Bool?
    public var ventilationMode: VentilationMode?
    public var heatedSteeringWheelEnable: Bool?
    public var heatedWindshieldEnable: Bool?
    public var heatedRearWindowEnable: Bool?
    public var heatedMirrorsEnable: Bool?
    public var climateEnable: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("fanSpeed", &fanSpeed, 0...100)
        try map("currentTemperature", &currentTemperature)
        try map("desiredTemperature", &desiredTemperature)
        try map("acEnable", &acEnable)
        try map("circulateAirEnable", &circulateAirEnable)
        try map("autoModeEnable", &autoModeEnable)
        try map("defrostZone", &defrostZone)
        try map("dualModeEnable", &dualModeEnable)
        try map("acMaxEnable", &acMaxEnable)
        try map("ventilationMode", &ventilationMode)
        try map("heatedSteeringWheelEnable", &heatedSteeringWheelEnable, since: .v5_0)
        try map("heatedWindshieldEnable", &heatedWindshieldEnable, since: .v5_0)
        try map("heatedRearWindowEnable", &heatedRearWindowEnable, since: .v5_0)
        try map("heatedMirrorsEnable", &heatedMirrorsEnable, since: .v5_0)
        try map("climateEnable", &climateEnable, since: .v6_0)
    }
}

/// A radio module's settings and what it receives.
public struct RadioControlData: SDLStruct, Hashable {
    public var frequencyInteger: Int?
    public var frequencyFraction: Int?
    public var band: RadioBand?
    public var rdsData: RdsData?
    public var hdRadioEnable: Bool?
    /// Deprecated in SDL 6.0.
    public var availableHDs: Int?
    public var availableHdChannels: [Int]?
    public var hdChannel: Int?
    public var signalStrength: Int?
    public var signalChangeThreshold: Int?
    public var radioEnable: Bool?
    public var state: RadioState?
    public var sisData: SisData?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("frequencyInteger", &frequencyInteger, 0...1710)
        try map("frequencyFraction", &frequencyFraction, 0...9)
        try map("band", &band)
        try map("rdsData", &rdsData)
        try map("hdRadioEnable", &hdRadioEnable, since: .v5_0)
        try map("availableHDs", &availableHDs, 1...7)
        try map("availableHdChannels", &availableHdChannels, count: 0...8, 0...7, since: .v6_0)
        try map("hdChannel", &hdChannel, 0...7)
        try map("signalStrength", &signalStrength, 0...100)
        try map("signalChangeThreshold", &signalChangeThreshold, 0...100)
        try map("radioEnable", &radioEnable)
        try map("state", &state)
        try map("sisData", &sisData, since: .v5_0)
    }
}

/// The Radio Data System information of a station.
public struct RdsData: SDLStruct, Hashable {
    public var PS: String?
    public var RT: String?
    public var CT: String?
    public var PI: String?
    public var PTY: Int?
    public var TP: Bool?
    public var TA: Bool?
    public var REG: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("PS", &PS, 0...8)
        try map("RT", &RT, 0...64)
        try map("CT", &CT, 24...24)
        try map("PI", &PI, 0...6)
        try map("PTY", &PTY, 0...31)
        try map("TP", &TP)
        try map("TA", &TA)
        try map("REG", &REG, .anyLength)
    }
}

/// An HD radio station's identification numbers.
public struct StationIDNumber: SDLStruct, Hashable {
    public var countryCode: Int?
    public var fccFacilityId: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("countryCode", &countryCode, 0...999)
        try map("fccFacilityId", &fccFacilityId, 0...999_999)
    }
}

/// An HD radio station's Station Information Service data.
public struct SisData: SDLStruct, Hashable {
    public var stationShortName: String?
    public var stationIDNumber: StationIDNumber?
    public var stationLongName: String?
    public var stationLocation: GPSData?
    public var stationMessage: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("stationShortName", &stationShortName, 4...7)
        try map("stationIDNumber", &stationIDNumber)
        try map("stationLongName", &stationLongName, 0...56)
        try map("stationLocation", &stationLocation)
        try map("stationMessage", &stationMessage, 0...56)
    }
}

/// A radio band.
public enum RadioBand: String, SDLEnum {
    case am = "AM"
    case fm = "FM"
    case xm = "XM"
}

/// How a radio is receiving its station.
public enum RadioState: String, SDLEnum {
    case acquiring = "ACQUIRING"
    case acquired = "ACQUIRED"
    case multicast = "MULTICAST"
    case notFound = "NOT_FOUND"
}

/// A seat module's settings: heating, cooling, position, massage, memory.
public struct SeatControlData: SDLStruct, Hashable {
    /// Deprecated in SDL 6.0.
    public var id: SupportedSeat = .driver
    public var heatingEnabled: Bool?
    public var coolingEnabled: Bool?
    public var heatingLevel: Int?
    public var coolingLevel: Int?
    public var horizontalPosition: Int?
    public var verticalPosition: Int?
    public var frontVerticalPosition: Int?
    public var backVerticalPosition: Int?
    public var backTiltAngle: Int?
    public var headSupportHorizontalPosition: Int?
    public var headSupportVerticalPosition: Int?
    public var massageEnabled: Bool?
    public var massageMode: [MassageModeData]?
    public var massageCushionFirmness: [MassageCushionFirmness]?
    public var memory: SeatMemoryAction?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("id", &id)
        try map("heatingEnabled", &heatingEnabled)
        try map("coolingEnabled", &coolingEnabled)
        try map("heatingLevel", &heatingLevel, 0...100)
        try map("coolingLevel", &coolingLevel, 0...100)
        try map("horizontalPosition", &horizontalPosition, 0...100)
        try map("verticalPosition", &verticalPosition, 0...100)
        try map("frontVerticalPosition", &frontVerticalPosition, 0...100)
        try map("backVerticalPosition", &backVerticalPosition, 0...100)
        try map("backTiltAngle", &backTiltAngle, 0...100)
        try map("headSupportHorizontalPosition", &headSupportHorizontalPosition, 0...100)
        try map("headSupportVerticalPosition", &headSupportVerticalPosition, 0...100)
        try map("massageEnabled", &massageEnabled)
        try map("massageMode", &massageMode, count: 1...2)
        try map("massageCushionFirmness", &massageCushionFirmness, count: 1...5)
        try map("memory", &memory)
    }
}

/// A massage zone's intensity.
public struct MassageModeData: SDLStruct, Hashable {
    public var massageZone: MassageZone = .lumbar
    public var massageMode: MassageMode = .off

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("massageZone", &massageZone)
        try map("massageMode", &massageMode)
    }
}

/// A seat's massage zones.
public enum MassageZone: String, SDLEnum {
    case lumbar = "LUMBAR"
    case seatCushion = "SEAT_CUSHION"
}

/// A massage's intensity.
public enum MassageMode: String, SDLEnum {
    case off = "OFF"
    case low = "LOW"
    case high = "HIGH"
}

/// One of a seat's cushions and its firmness.
public struct MassageCushionFirmness: SDLStruct, Hashable {
    public var cushion: MassageCushion = .topLumbar
    public var firmness: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("cushion", &cushion)
        try map("firmness", &firmness, 0...100)
    }
}

/// A seat's adjustable cushions.
public enum MassageCushion: String, SDLEnum {
    case topLumbar = "TOP_LUMBAR"
    case middleLumbar = "MIDDLE_LUMBAR"
    case bottomLumbar = "BOTTOM_LUMBAR"
    case backBolsters = "BACK_BOLSTERS"
    case seatBolsters = "SEAT_BOLSTERS"
}

/// Saving or restoring a seat's position in a memory slot.
public struct SeatMemoryAction: SDLStruct, Hashable {
    public var id: Int = 1
    public var label: String?
    public var action: SeatMemoryActionType = .save

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("id", &id, 1...10)
        try map("label", &label, 1...100)
        try map("action", &action)
    }
}

/// What a seat memory action does.
public enum SeatMemoryActionType: String, SDLEnum {
    case save = "SAVE"
    case restore = "RESTORE"
    case none = "NONE"
}

/// Deprecated in SDL 6.0 (modules have IDs instead): the seats a seat module can be.
public enum SupportedSeat: String, SDLEnum {
    case driver = "DRIVER"
    case frontPassenger = "FRONT_PASSENGER"
}

/// An audio module's settings: its source, volume and equalizer.
public struct AudioControlData: SDLStruct, Hashable {
    public var source: PrimaryAudioSource?
    public var keepContext: Bool?
    public var volume: Int?
    public var equalizerSettings: [EqualizerSettings]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("source", &source)
        try map("keepContext", &keepContext)
        try map("volume", &volume, 0...100)
        try map("equalizerSettings", &equalizerSettings, count: 1...100)
    }
}

/// One equalizer channel and its level.
public struct EqualizerSettings: SDLStruct, Hashable {
    public var channelId: Int = 1
    public var channelName: String?
    public var channelSetting: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("channelId", &channelId, 1...100)
        try map("channelName", &channelName, 1...50)
        try map("channelSetting", &channelSetting, 0...100)
    }
}

/// The states of the lights an app sets or reads.
public struct LightControlData: SDLStruct, Hashable {
    public var lightState: [LightState] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("lightState", &lightState, count: 1...100)
    }
}

/// One light's state: on or off, density and colour.
public struct LightState: SDLStruct, Hashable {
    public var id: LightName = .frontLeftHighBeam
    public var status: LightStatus = .on
    public var density: Double?
    public var color: RGBColor?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("id", &id)
        try map("status", &status)
        try map("density", &density, 0...1)
        try map("color", &color)
    }
}

/// Whether a light is on, off, or changing.
public enum LightStatus: String, SDLEnum {
    case on = "ON"
    case off = "OFF"
    case rampUp = "RAMP_UP"
    case rampDown = "RAMP_DOWN"
    case unknown = "UNKNOWN"
    case invalid = "INVALID"
}

/// The head unit's display mode and units.
public struct HMISettingsControlData: SDLStruct, Hashable {
    public var displayMode: DisplayMode?
    public var temperatureUnit: TemperatureUnit?
    public var distanceUnit: DistanceUnit?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("displayMode", &displayMode)
        try map("temperatureUnit", &temperatureUnit)
        try map("distanceUnit", &distanceUnit)
    }
}

/// The display's day or night mode.
public enum DisplayMode: String, SDLEnum {
    case day = "DAY"
    case night = "NIGHT"
    case auto = "AUTO"
}

/// A unit of distance.
public enum DistanceUnit: String, SDLEnum {
    case miles = "MILES"
    case kilometers = "KILOMETERS"
}
