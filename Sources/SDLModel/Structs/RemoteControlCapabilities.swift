// SystemCapability REMOTE_CONTROL: the vehicle modules an app may control.

public struct RemoteControlCapabilities: SDLStruct, Hashable {
    public var climateControlCapabilities: [ClimateControlCapabilities]?
    public var radioControlCapabilities: [RadioControlCapabilities]?
    public var buttonCapabilities: [ButtonCapabilities]?
    public var audioControlCapabilities: [AudioControlCapabilities]?
    public var hmiSettingsControlCapabilities: HMISettingsControlCapabilities?
    public var lightControlCapabilities: LightControlCapabilities?
    public var seatControlCapabilities: [SeatControlCapabilities]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("climateControlCapabilities", &climateControlCapabilities, count: 1...100)
        try map("radioControlCapabilities", &radioControlCapabilities, count: 1...100)
        try map("buttonCapabilities", &buttonCapabilities, count: 1...100)
        try map("audioControlCapabilities", &audioControlCapabilities, count: 1...100, since: .v5_0)
        try map("hmiSettingsControlCapabilities", &hmiSettingsControlCapabilities, since: .v5_0)
        try map("lightControlCapabilities", &lightControlCapabilities, since: .v5_0)
        try map("seatControlCapabilities", &seatControlCapabilities, count: 1...100, since: .v5_0)
    }
}

public struct ClimateControlCapabilities: SDLStruct, Hashable {
    public var moduleName = ""
    public var moduleInfo: ModuleInfo?
    public var currentTemperatureAvailable: Bool?
    public var fanSpeedAvailable: Bool?
    public var desiredTemperatureAvailable: Bool?
    public var acEnableAvailable: Bool?
    public var acMaxEnableAvailable: Bool?
    public var circulateAirEnableAvailable: Bool?
    public var autoModeEnableAvailable: Bool?
    public var dualModeEnableAvailable: Bool?
    public var defrostZoneAvailable: Bool?
    public var defrostZone: [DefrostZone]?
    public var ventilationModeAvailable: Bool?
    public var ventilationMode: [VentilationMode]?
    public var heatedSteeringWheelAvailable: Bool?
    public var heatedWindshieldAvailable: Bool?
    public var heatedRearWindowAvailable: Bool?
    public var heatedMirrorsAvailable: Bool?
    public var climateEnableAvailable: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleName", &moduleName, 1...100)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("currentTemperatureAvailable", &currentTemperatureAvailable, since: .v5_0)
        try map("fanSpeedAvailable", &fanSpeedAvailable)
        try map("desiredTemperatureAvailable", &desiredTemperatureAvailable)
        try map("acEnableAvailable", &acEnableAvailable)
        try map("acMaxEnableAvailable", &acMaxEnableAvailable)
        try map("circulateAirEnableAvailable", &circulateAirEnableAvailable)
        try map("autoModeEnableAvailable", &autoModeEnableAvailable)
        try map("dualModeEnableAvailable", &dualModeEnableAvailable)
        try map("defrostZoneAvailable", &defrostZoneAvailable)
        try map("defrostZone", &defrostZone, count: 1...100)
        try map("ventilationModeAvailable", &ventilationModeAvailable)
        try map("ventilationMode", &ventilationMode, count: 1...100)
        try map("heatedSteeringWheelAvailable", &heatedSteeringWheelAvailable, since: .v5_0)
        try map("heatedWindshieldAvailable", &heatedWindshieldAvailable, since: .v5_0)
        try map("heatedRearWindowAvailable", &heatedRearWindowAvailable, since: .v5_0)
        try map("heatedMirrorsAvailable", &heatedMirrorsAvailable, since: .v5_0)
        try map("climateEnableAvailable", &climateEnableAvailable, since: .v6_0)
    }
}

public struct RadioControlCapabilities: SDLStruct, Hashable {
    public var moduleName = ""
    public var moduleInfo: ModuleInfo?
    public var radioEnableAvailable: Bool?
    public var radioBandAvailable: Bool?
    public var radioFrequencyAvailable: Bool?
    public var hdChannelAvailable: Bool?
    public var rdsDataAvailable: Bool?
    public var availableHDsAvailable: Bool?
    public var availableHdChannelsAvailable: Bool?
    public var stateAvailable: Bool?
    public var signalStrengthAvailable: Bool?
    public var signalChangeThresholdAvailable: Bool?
    public var sisDataAvailable: Bool?
    public var hdRadioEnableAvailable: Bool?
    public var siriusxmRadioAvailable: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleName", &moduleName, 1...100)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("radioEnableAvailable", &radioEnableAvailable)
        try map("radioBandAvailable", &radioBandAvailable)
        try map("radioFrequencyAvailable", &radioFrequencyAvailable)
        try map("hdChannelAvailable", &hdChannelAvailable)
        try map("rdsDataAvailable", &rdsDataAvailable)
        try map("availableHDsAvailable", &availableHDsAvailable)
        try map("availableHdChannelsAvailable", &availableHdChannelsAvailable, since: .v6_0)
        try map("stateAvailable", &stateAvailable)
        try map("signalStrengthAvailable", &signalStrengthAvailable)
        try map("signalChangeThresholdAvailable", &signalChangeThresholdAvailable)
        try map("sisDataAvailable", &sisDataAvailable, since: .v5_0)
        try map("hdRadioEnableAvailable", &hdRadioEnableAvailable, since: .v5_0)
        try map("siriusxmRadioAvailable", &siriusxmRadioAvailable, since: .v5_0)
    }
}

public struct AudioControlCapabilities: SDLStruct, Hashable {
    public var moduleName = ""
    public var moduleInfo: ModuleInfo?
    public var sourceAvailable: Bool?
    public var keepContextAvailable: Bool?
    public var volumeAvailable: Bool?
    public var equalizerAvailable: Bool?
    public var equalizerMaxChannelId: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleName", &moduleName, 1...100)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("sourceAvailable", &sourceAvailable)
        try map("keepContextAvailable", &keepContextAvailable)
        try map("volumeAvailable", &volumeAvailable)
        try map("equalizerAvailable", &equalizerAvailable)
        try map("equalizerMaxChannelId", &equalizerMaxChannelId, 1...100)
    }
}

public struct HMISettingsControlCapabilities: SDLStruct, Hashable {
    public var moduleName = ""
    public var moduleInfo: ModuleInfo?
    public var distanceUnitAvailable: Bool?
    public var temperatureUnitAvailable: Bool?
    public var displayModeUnitAvailable: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleName", &moduleName, 1...100)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("distanceUnitAvailable", &distanceUnitAvailable)
        try map("temperatureUnitAvailable", &temperatureUnitAvailable)
        try map("displayModeUnitAvailable", &displayModeUnitAvailable)
    }
}

public struct LightControlCapabilities: SDLStruct, Hashable {
    public var moduleName = ""
    public var moduleInfo: ModuleInfo?
    public var supportedLights: [LightCapabilities] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleName", &moduleName, 1...100)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("supportedLights", &supportedLights, count: 1...100)
    }
}

public struct LightCapabilities: SDLStruct, Hashable {
    public var name = LightName.frontLeftHighBeam
    public var statusAvailable: Bool?
    public var densityAvailable: Bool?
    public var rgbColorSpaceAvailable: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("name", &name)
        try map("statusAvailable", &statusAvailable)
        try map("densityAvailable", &densityAvailable)
        try map("rgbColorSpaceAvailable", &rgbColorSpaceAvailable)
    }
}

public struct SeatControlCapabilities: SDLStruct, Hashable {
    public var moduleName = ""
    public var moduleInfo: ModuleInfo?
    public var heatingEnabledAvailable: Bool?
    public var coolingEnabledAvailable: Bool?
    public var heatingLevelAvailable: Bool?
    public var coolingLevelAvailable: Bool?
    public var horizontalPositionAvailable: Bool?
    public var verticalPositionAvailable: Bool?
    public var frontVerticalPositionAvailable: Bool?
    public var backVerticalPositionAvailable: Bool?
    public var backTiltAngleAvailable: Bool?
    public var headSupportHorizontalPositionAvailable: Bool?
    public var headSupportVerticalPositionAvailable: Bool?
    public var massageEnabledAvailable: Bool?
    public var massageModeAvailable: Bool?
    public var massageCushionFirmnessAvailable: Bool?
    public var memoryAvailable: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleName", &moduleName, 1...100)
        try map("moduleInfo", &moduleInfo, since: .v6_0)
        try map("heatingEnabledAvailable", &heatingEnabledAvailable)
        try map("coolingEnabledAvailable", &coolingEnabledAvailable)
        try map("heatingLevelAvailable", &heatingLevelAvailable)
        try map("coolingLevelAvailable", &coolingLevelAvailable)
        try map("horizontalPositionAvailable", &horizontalPositionAvailable)
        try map("verticalPositionAvailable", &verticalPositionAvailable)
        try map("frontVerticalPositionAvailable", &frontVerticalPositionAvailable)
        try map("backVerticalPositionAvailable", &backVerticalPositionAvailable)
        try map("backTiltAngleAvailable", &backTiltAngleAvailable)
        try map("headSupportHorizontalPositionAvailable", &headSupportHorizontalPositionAvailable)
        try map("headSupportVerticalPositionAvailable", &headSupportVerticalPositionAvailable)
        try map("massageEnabledAvailable", &massageEnabledAvailable)
        try map("massageModeAvailable", &massageModeAvailable)
        try map("massageCushionFirmnessAvailable", &massageCushionFirmnessAvailable)
        try map("memoryAvailable", &memoryAvailable)
    }
}

