// The structs and enums of vehicle data: what GetVehicleData and OnVehicleData carry, and
// how each item of a subscription went.

/// The items of vehicle data a request names: `true` for each it wants.
public struct VehicleDataSelection: SDLStruct, Hashable {
    public var gps: Bool?
    public var speed: Bool?
    public var rpm: Bool?
    /// Deprecated in SDL 7.0.
    public var fuelLevel: Bool?
    /// Deprecated in SDL 7.0.
    public var fuelLevel_State: Bool?
    public var instantFuelConsumption: Bool?
    public var fuelRange: Bool?
    public var climateData: Bool?
    /// Deprecated in SDL 7.1.
    public var externalTemperature: Bool?
    public var turnSignal: Bool?
    public var gearStatus: Bool?
    /// Deprecated in SDL 7.0.
    public var prndl: Bool?
    public var tirePressure: Bool?
    public var odometer: Bool?
    public var beltStatus: Bool?
    public var bodyInformation: Bool?
    public var deviceStatus: Bool?
    public var driverBraking: Bool?
    public var wiperStatus: Bool?
    public var headLampStatus: Bool?
    public var engineTorque: Bool?
    public var accPedalPosition: Bool?
    public var steeringWheelAngle: Bool?
    public var engineOilLife: Bool?
    public var electronicParkBrakeStatus: Bool?
    public var cloudAppVehicleID: Bool?
    public var stabilityControlsStatus: Bool?
    public var eCallInfo: Bool?
    public var airbagStatus: Bool?
    public var emergencyEvent: Bool?
    public var clusterModeStatus: Bool?
    public var myKey: Bool?
    public var windowStatus: Bool?
    public var handsOffSteering: Bool?
    public var seatOccupancy: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("gps", &gps)
        try map("speed", &speed)
        try map("rpm", &rpm)
        try map("fuelLevel", &fuelLevel)
        try map("fuelLevel_State", &fuelLevel_State)
        try map("instantFuelConsumption", &instantFuelConsumption)
        try map("fuelRange", &fuelRange, since: .v5_0)
        try map("climateData", &climateData, since: .v7_1)
        try map("externalTemperature", &externalTemperature)
        try map("turnSignal", &turnSignal, since: .v5_0)
        try map("gearStatus", &gearStatus, since: .v7_0)
        try map("prndl", &prndl)
        try map("tirePressure", &tirePressure)
        try map("odometer", &odometer)
        try map("beltStatus", &beltStatus)
        try map("bodyInformation", &bodyInformation)
        try map("deviceStatus", &deviceStatus)
        try map("driverBraking", &driverBraking)
        try map("wiperStatus", &wiperStatus)
        try map("headLampStatus", &headLampStatus)
        try map("engineTorque", &engineTorque)
        try map("accPedalPosition", &accPedalPosition)
        try map("steeringWheelAngle", &steeringWheelAngle)
        try map("engineOilLife", &engineOilLife, since: .v5_0)
        try map("electronicParkBrakeStatus", &electronicParkBrakeStatus, since: .v5_0)
        try map("cloudAppVehicleID", &cloudAppVehicleID, since: .v5_1)
        try map("stabilityControlsStatus", &stabilityControlsStatus, since: .v7_0)
        try map("eCallInfo", &eCallInfo)
        try map("airbagStatus", &airbagStatus)
        try map("emergencyEvent", &emergencyEvent)
        try map("clusterModeStatus", &clusterModeStatus)
        try map("myKey", &myKey)
        try map("windowStatus", &windowStatus, since: .v7_0)
        try map("handsOffSteering", &handsOffSteering, since: .v7_0)
        try map("seatOccupancy", &seatOccupancy, since: .v7_1)
    }
}

/// How subscribing to each item of vehicle data (or ending the subscription) went.
public struct VehicleDataSubscriptionResults: SDLStruct, Hashable {
    public var gps: VehicleDataResult?
    public var speed: VehicleDataResult?
    public var rpm: VehicleDataResult?
    /// Deprecated in SDL 7.0.
    public var fuelLevel: VehicleDataResult?
    /// Deprecated in SDL 7.0.
    public var fuelLevel_State: VehicleDataResult?
    public var instantFuelConsumption: VehicleDataResult?
    public var fuelRange: VehicleDataResult?
    public var climateData: VehicleDataResult?
    /// Deprecated in SDL 7.1.
    public var externalTemperature: VehicleDataResult?
    public var turnSignal: VehicleDataResult?
    public var gearStatus: VehicleDataResult?
    /// Deprecated in SDL 7.0.
    public var prndl: VehicleDataResult?
    public var tirePressure: VehicleDataResult?
    public var odometer: VehicleDataResult?
    public var beltStatus: VehicleDataResult?
    public var bodyInformation: VehicleDataResult?
    public var deviceStatus: VehicleDataResult?
    public var driverBraking: VehicleDataResult?
    public var wiperStatus: VehicleDataResult?
    public var headLampStatus: VehicleDataResult?
    public var engineTorque: VehicleDataResult?
    public var accPedalPosition: VehicleDataResult?
    public var steeringWheelAngle: VehicleDataResult?
    public var engineOilLife: VehicleDataResult?
    public var electronicParkBrakeStatus: VehicleDataResult?
    public var cloudAppVehicleID: VehicleDataResult?
    public var stabilityControlsStatus: VehicleDataResult?
    public var eCallInfo: VehicleDataResult?
    public var airbagStatus: VehicleDataResult?
    public var emergencyEvent: VehicleDataResult?
    public var clusterModes: VehicleDataResult?
    public var myKey: VehicleDataResult?
    public var windowStatus: VehicleDataResult?
    public var handsOffSteering: VehicleDataResult?
    public var seatOccupancy: VehicleDataResult?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("gps", &gps)
        try map("speed", &speed)
        try map("rpm", &rpm)
        try map("fuelLevel", &fuelLevel)
        try map("fuelLevel_State", &fuelLevel_State)
        try map("instantFuelConsumption", &instantFuelConsumption)
        try map("fuelRange", &fuelRange, since: .v5_0)
        try map("climateData", &climateData, since: .v7_1)
        try map("externalTemperature", &externalTemperature)
        try map("turnSignal", &turnSignal, since: .v5_0)
        try map("gearStatus", &gearStatus, since: .v7_0)
        try map("prndl", &prndl)
        try map("tirePressure", &tirePressure)
        try map("odometer", &odometer)
        try map("beltStatus", &beltStatus)
        try map("bodyInformation", &bodyInformation)
        try map("deviceStatus", &deviceStatus)
        try map("driverBraking", &driverBraking)
        try map("wiperStatus", &wiperStatus)
        try map("headLampStatus", &headLampStatus)
        try map("engineTorque", &engineTorque)
        try map("accPedalPosition", &accPedalPosition)
        try map("steeringWheelAngle", &steeringWheelAngle)
        try map("engineOilLife", &engineOilLife, since: .v5_0)
        try map("electronicParkBrakeStatus", &electronicParkBrakeStatus, since: .v5_0)
        try map("cloudAppVehicleID", &cloudAppVehicleID, since: .v5_1)
        try map("stabilityControlsStatus", &stabilityControlsStatus, since: .v7_0)
        try map("eCallInfo", &eCallInfo)
        try map("airbagStatus", &airbagStatus)
        try map("emergencyEvent", &emergencyEvent)
        try map("clusterModes", &clusterModes)
        try map("myKey", &myKey)
        try map("windowStatus", &windowStatus, since: .v7_0)
        try map("handsOffSteering", &handsOffSteering, since: .v7_0)
        try map("seatOccupancy", &seatOccupancy, since: .v7_1)
    }
}

/// Items of vehicle data and their values.
public struct VehicleDataValues: SDLStruct, Hashable {
    public var gps: GPSData?
    public var speed: Double?
    public var rpm: Int?
    /// Deprecated in SDL 7.0.
    public var fuelLevel: Double?
    /// Deprecated in SDL 7.0.
    public var fuelLevel_State: ComponentVolumeStatus?
    public var instantFuelConsumption: Double?
    public var fuelRange: [FuelRange]?
    public var climateData: ClimateData?
    /// Deprecated in SDL 7.1.
    public var externalTemperature: Double?
    public var turnSignal: TurnSignal?
    public var vin: String?
    public var gearStatus: GearStatus?
    /// Deprecated in SDL 7.0.
    public var prndl: PRNDL?
    public var tirePressure: TireStatus?
    public var odometer: Int?
    public var beltStatus: BeltStatus?
    public var bodyInformation: BodyInformation?
    public var deviceStatus: DeviceStatus?
    public var driverBraking: VehicleDataEventStatus?
    public var wiperStatus: WiperStatus?
    public var headLampStatus: HeadLampStatus?
    public var engineTorque: Double?
    public var accPedalPosition: Double?
    public var steeringWheelAngle: Double?
    public var engineOilLife: Double?
    public var electronicParkBrakeStatus: ElectronicParkBrakeStatus?
    public var cloudAppVehicleID: String?
    public var stabilityControlsStatus: StabilityControlsStatus?
    public var eCallInfo: ECallInfo?
    public var airbagStatus: AirbagStatus?
    public var emergencyEvent: EmergencyEvent?
    public var clusterModeStatus: ClusterModeStatus?
    public var myKey: MyKey?
    public var windowStatus: [WindowStatus]?
    public var handsOffSteering: Bool?
    public var seatOccupancy: SeatOccupancy?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("gps", &gps)
        try map("speed", &speed, 0...700)
        try map("rpm", &rpm, 0...20000)
        try map("fuelLevel", &fuelLevel, -6...106)
        try map("fuelLevel_State", &fuelLevel_State)
        try map("instantFuelConsumption", &instantFuelConsumption, 0...25575)
        try map("fuelRange", &fuelRange, count: 0...100, since: .v5_0)
        try map("climateData", &climateData, since: .v7_1)
        try map("externalTemperature", &externalTemperature, -40...100)
        try map("turnSignal", &turnSignal, since: .v5_0)
        try map("vin", &vin, 1...17)
        try map("gearStatus", &gearStatus, since: .v7_0)
        try map("prndl", &prndl)
        try map("tirePressure", &tirePressure)
        try map("odometer", &odometer, 0...17_000_000)
        try map("beltStatus", &beltStatus)
        try map("bodyInformation", &bodyInformation)
        try map("deviceStatus", &deviceStatus)
        try map("driverBraking", &driverBraking)
        try map("wiperStatus", &wiperStatus)
        try map("headLampStatus", &headLampStatus)
        try map("engineTorque", &engineTorque, -1000...2000)
        try map("accPedalPosition", &accPedalPosition, 0...100)
        try map("steeringWheelAngle", &steeringWheelAngle, -2000...2000)
        try map("engineOilLife", &engineOilLife, 0...100, since: .v5_0)
        try map("electronicParkBrakeStatus", &electronicParkBrakeStatus, since: .v5_0)
        try map("cloudAppVehicleID", &cloudAppVehicleID, .anyLength, since: .v5_1)
        try map("stabilityControlsStatus", &stabilityControlsStatus, since: .v7_0)
        try map("eCallInfo", &eCallInfo)
        try map("airbagStatus", &airbagStatus)
        try map("emergencyEvent", &emergencyEvent)
        try map("clusterModeStatus", &clusterModeStatus)
        try map("myKey", &myKey)
        try map("windowStatus", &windowStatus, count: 0...100, since: .v7_0)
        try map("handsOffSteering", &handsOffSteering, since: .v7_0)
        try map("seatOccupancy", &seatOccupancy, since: .v7_1)
    }
}

/// The items of vehicle data, as a subscription's results name them.
public enum VehicleDataType: String, SDLEnum {
    case gps = "VEHICLEDATA_GPS"
    case speed = "VEHICLEDATA_SPEED"
    case rpm = "VEHICLEDATA_RPM"
    /// The spec marks it as ending in SDL 7.0 (and still lists it).
    case fuelLevel = "VEHICLEDATA_FUELLEVEL"
    /// The spec marks it as ending in SDL 7.0 (and still lists it).
    case fuelLevelState = "VEHICLEDATA_FUELLEVEL_STATE"
    case fuelConsumption = "VEHICLEDATA_FUELCONSUMPTION"
    case climateData = "VEHICLEDATA_CLIMATEDATA"
    /// Deprecated in SDL 7.1.
    case externTemp = "VEHICLEDATA_EXTERNTEMP"
    case vin = "VEHICLEDATA_VIN"
    case gearStatus = "VEHICLEDATA_GEARSTATUS"
    /// The spec marks it as ending in SDL 7.0 (and still lists it).
    case prndl = "VEHICLEDATA_PRNDL"
    case tirePressure = "VEHICLEDATA_TIREPRESSURE"
    case odometer = "VEHICLEDATA_ODOMETER"
    case beltStatus = "VEHICLEDATA_BELTSTATUS"
    case bodyInfo = "VEHICLEDATA_BODYINFO"
    case deviceStatus = "VEHICLEDATA_DEVICESTATUS"
    case eCallInfo = "VEHICLEDATA_ECALLINFO"
    case airbagStatus = "VEHICLEDATA_AIRBAGSTATUS"
    case emergencyEvent = "VEHICLEDATA_EMERGENCYEVENT"
    case clusterModeStatus = "VEHICLEDATA_CLUSTERMODESTATUS"
    case myKey = "VEHICLEDATA_MYKEY"
    case braking = "VEHICLEDATA_BRAKING"
    case wiperStatus = "VEHICLEDATA_WIPERSTATUS"
    case headLampStatus = "VEHICLEDATA_HEADLAMPSTATUS"
    case battVoltage = "VEHICLEDATA_BATTVOLTAGE"
    case engineTorque = "VEHICLEDATA_ENGINETORQUE"
    case accPedal = "VEHICLEDATA_ACCPEDAL"
    case steeringWheel = "VEHICLEDATA_STEERINGWHEEL"
    case turnSignal = "VEHICLEDATA_TURNSIGNAL"
    case fuelRange = "VEHICLEDATA_FUELRANGE"
    case engineOilLife = "VEHICLEDATA_ENGINEOILLIFE"
    case electronicParkBrakeStatus = "VEHICLEDATA_ELECTRONICPARKBRAKESTATUS"
    case cloudAppVehicleID = "VEHICLEDATA_CLOUDAPPVEHICLEID"
    case oemCustomData = "VEHICLEDATA_OEM_CUSTOM_DATA"
    case stabilityControlsStatus = "VEHICLEDATA_STABILITYCONTROLSSTATUS"
    case windowStatus = "VEHICLEDATA_WINDOWSTATUS"
    case handsOffSteering = "VEHICLEDATA_HANDSOFFSTEERING"
    case seatOccupancy = "VEHICLEDATA_SEATOCCUPANCY"
}

/// The unit of a fuel tank's or battery's capacity.
public enum CapacityUnit: String, SDLEnum {
    case liters = "LITERS"
    case kilowatthours = "KILOWATTHOURS"
    case kilograms = "KILOGRAMS"
}

/// A direction on the compass.
public enum CompassDirection: String, SDLEnum {
    case north = "NORTH"
    case northwest = "NORTHWEST"
    case west = "WEST"
    case southwest = "SOUTHWEST"
    case south = "SOUTH"
    case southeast = "SOUTHEAST"
    case east = "EAST"
    case northeast = "NORTHEAST"
}

/// How many dimensions a GPS fix has.
public enum Dimension: String, SDLEnum {
    case noFix = "NO_FIX"
    case fix2D = "2D"
    case fix3D = "3D"
}

/// The gear lever's or the transmission's position.
public enum PRNDL: String, SDLEnum {
    case park = "PARK"
    case reverse = "REVERSE"
    case neutral = "NEUTRAL"
    case drive = "DRIVE"
    case sport = "SPORT"
    case lowgear = "LOWGEAR"
    case first = "FIRST"
    case second = "SECOND"
    case third = "THIRD"
    case fourth = "FOURTH"
    case fifth = "FIFTH"
    case sixth = "SIXTH"
    case seventh = "SEVENTH"
    case eighth = "EIGHTH"
    case ninth = "NINTH"
    case tenth = "TENTH"
    case unknown = "UNKNOWN"
    case fault = "FAULT"
}

/// The kind of transmission.
public enum TransmissionType: String, SDLEnum {
    case manual = "MANUAL"
    case automatic = "AUTOMATIC"
    case semiAutomatic = "SEMI_AUTOMATIC"
    case dualClutch = "DUAL_CLUTCH"
    case continuouslyVariable = "CONTINUOUSLY_VARIABLE"
    case infinitelyVariable = "INFINITELY_VARIABLE"
    case electricVariable = "ELECTRIC_VARIABLE"
    case directDrive = "DIRECT_DRIVE"
}

/// How full a tank or how inflated a tyre is.
public enum ComponentVolumeStatus: String, SDLEnum {
    case unknown = "UNKNOWN"
    case normal = "NORMAL"
    case low = "LOW"
    case fault = "FAULT"
    case alert = "ALERT"
    case notSupported = "NOT_SUPPORTED"
}

/// The tyre pressure monitoring system's state for a tyre.
public enum TPMS: String, SDLEnum {
    case unknown = "UNKNOWN"
    case systemFault = "SYSTEM_FAULT"
    case sensorFault = "SENSOR_FAULT"
    case low = "LOW"
    case systemActive = "SYSTEM_ACTIVE"
    case train = "TRAIN"
    case trainingComplete = "TRAINING_COMPLETE"
    case notTrained = "NOT_TRAINED"
}

/// A kind of fuel.
public enum FuelType: String, SDLEnum {
    case gasoline = "GASOLINE"
    case diesel = "DIESEL"
    case cng = "CNG"
    case lpg = "LPG"
    case hydrogen = "HYDROGEN"
    case battery = "BATTERY"
}

/// How far the vehicle can go on one kind of fuel, and how much is left.
public struct FuelRange: SDLStruct, Hashable {
    public var type: FuelType?
    public var range: Double?
    public var level: Double?
    public var levelState: ComponentVolumeStatus?
    public var capacity: Double?
    public var capacityUnit: CapacityUnit?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("type", &type)
        try map("range", &range, 0...10000)
        try map("level", &level, -6...1_000_000, since: .v7_0)
        try map("levelState", &levelState, since: .v7_0)
        try map("capacity", &capacity, 0...1_000_000, since: .v7_0)
        try map("capacityUnit", &capacityUnit, since: .v7_0)
    }
}

/// The electronic park brake's state.
public enum ElectronicParkBrakeStatus: String, SDLEnum {
    case closed = "CLOSED"
    case transition = "TRANSITION"
    case open = "OPEN"
    case driveActive = "DRIVE_ACTIVE"
    case fault = "FAULT"
}

/// One tyre's pressure and its monitoring.
public struct SingleTireStatus: SDLStruct, Hashable {
    public var status: ComponentVolumeStatus = .unknown
    public var tpms: TPMS?
    public var pressure: Double?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("status", &status)
        try map("tpms", &tpms, since: .v5_0)
        try map("pressure", &pressure, 0...2000, since: .v5_0)
    }
}

/// A warning light's state.
public enum WarningLightStatus: String, SDLEnum {
    case off = "OFF"
    case on = "ON"
    case flash = "FLASH"
    case notUsed = "NOT_USED"
}

/// Whether a vehicle function is supported and active.
public enum VehicleDataNotificationStatus: String, SDLEnum {
    case notSupported = "NOT_SUPPORTED"
    case normal = "NORMAL"
    case active = "ACTIVE"
    case notUsed = "NOT_USED"
}

/// Whether the ignition switch's position is stable.
public enum IgnitionStableStatus: String, SDLEnum {
    case ignitionSwitchNotStable = "IGNITION_SWITCH_NOT_STABLE"
    case ignitionSwitchStable = "IGNITION_SWITCH_STABLE"
    case missingFromTransmitter = "MISSING_FROM_TRANSMITTER"
}

/// The ignition's position.
public enum IgnitionStatus: String, SDLEnum {
    case unknown = "UNKNOWN"
    case off = "OFF"
    case accessory = "ACCESSORY"
    case run = "RUN"
    case start = "START"
    case invalid = "INVALID"
}

/// Whether an event happened, as the vehicle reports it.
public enum VehicleDataEventStatus: String, SDLEnum {
    case noEvent = "NO_EVENT"
    case no = "NO"
    case yes = "YES"
    case notSupported = "NOT_SUPPORTED"
    case fault = "FAULT"
}

/// A level in bars (signal or battery).
public enum DeviceLevelStatus: String, SDLEnum {
    case zeroLevelBars = "ZERO_LEVEL_BARS"
    case oneLevelBars = "ONE_LEVEL_BARS"
    case twoLevelBars = "TWO_LEVEL_BARS"
    case threeLevelBars = "THREE_LEVEL_BARS"
    case fourLevelBars = "FOUR_LEVEL_BARS"
    case notProvided = "NOT_PROVIDED"
}

/// The audio source the vehicle plays.
public enum PrimaryAudioSource: String, SDLEnum {
    case noSourceSelected = "NO_SOURCE_SELECTED"
    case cd = "CD"
    case usb = "USB"
    case usb2 = "USB2"
    case bluetoothStereoBTST = "BLUETOOTH_STEREO_BTST"
    case lineIn = "LINE_IN"
    case ipod = "IPOD"
    case mobileApp = "MOBILE_APP"
    case am = "AM"
    case fm = "FM"
    case xm = "XM"
    case dab = "DAB"
}

/// The windscreen wipers' state.
public enum WiperStatus: String, SDLEnum {
    case off = "OFF"
    case autoOff = "AUTO_OFF"
    case offMoving = "OFF_MOVING"
    case manIntOff = "MAN_INT_OFF"
    case manIntOn = "MAN_INT_ON"
    case manLow = "MAN_LOW"
    case manHigh = "MAN_HIGH"
    case manFlick = "MAN_FLICK"
    case wash = "WASH"
    case autoLow = "AUTO_LOW"
    case autoHigh = "AUTO_HIGH"
    case courtesywipe = "COURTESYWIPE"
    case autoAdjust = "AUTO_ADJUST"
    case stalled = "STALLED"
    case noDataExists = "NO_DATA_EXISTS"
}

/// Whether a vehicle function is on or off.
public enum VehicleDataStatus: String, SDLEnum {
    case noDataExists = "NO_DATA_EXISTS"
    case off = "OFF"
    case on = "ON"
}

/// The maintenance mode's state (not carried by any parameter in SDL 8.0).
public enum MaintenanceModeStatus: String, SDLEnum {
    case normal = "NORMAL"
    case near = "NEAR"
    case active = "ACTIVE"
    case featureNotPresent = "FEATURE_NOT_PRESENT"
}

/// Whether a vehicle function is active, confirmed or not (not carried by any parameter in SDL 8.0).
public enum VehicleDataActiveStatus: String, SDLEnum {
    case inactiveNotConfirmed = "INACTIVE_NOT_CONFIRMED"
    case inactiveConfirmed = "INACTIVE_CONFIRMED"
    case activeNotConfirmed = "ACTIVE_NOT_CONFIRMED"
    case activeConfirmed = "ACTIVE_CONFIRMED"
    case fault = "FAULT"
}

/// How light it is outside the vehicle.
public enum AmbientLightStatus: String, SDLEnum {
    case night = "NIGHT"
    case twilight1 = "TWILIGHT_1"
    case twilight2 = "TWILIGHT_2"
    case twilight3 = "TWILIGHT_3"
    case twilight4 = "TWILIGHT_4"
    case day = "DAY"
    case unknown = "UNKNOWN"
    case invalid = "INVALID"
}

/// A unit of temperature.
public enum TemperatureUnit: String, SDLEnum {
    case fahrenheit = "FAHRENHEIT"
    case celsius = "CELSIUS"
}

/// Whether each seat belt is buckled.
public struct BeltStatus: SDLStruct, Hashable {
    public var driverBeltDeployed: VehicleDataEventStatus = .noEvent
    public var passengerBeltDeployed: VehicleDataEventStatus = .noEvent
    public var passengerBuckleBelted: VehicleDataEventStatus = .noEvent
    public var driverBuckleBelted: VehicleDataEventStatus = .noEvent
    public var leftRow2BuckleBelted: VehicleDataEventStatus = .noEvent
    public var passengerChildDetected: VehicleDataEventStatus = .noEvent
    public var rightRow2BuckleBelted: VehicleDataEventStatus = .noEvent
    public var middleRow2BuckleBelted: VehicleDataEventStatus = .noEvent
    public var middleRow3BuckleBelted: VehicleDataEventStatus = .noEvent
    public var leftRow3BuckleBelted: VehicleDataEventStatus = .noEvent
    public var rightRow3BuckleBelted: VehicleDataEventStatus = .noEvent
    public var leftRearInflatableBelted: VehicleDataEventStatus = .noEvent
    public var rightRearInflatableBelted: VehicleDataEventStatus = .noEvent
    public var middleRow1BeltDeployed: VehicleDataEventStatus = .noEvent
    public var middleRow1BuckleBelted: VehicleDataEventStatus = .noEvent

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("driverBeltDeployed", &driverBeltDeployed)
        try map("passengerBeltDeployed", &passengerBeltDeployed)
        try map("passengerBuckleBelted", &passengerBuckleBelted)
        try map("driverBuckleBelted", &driverBuckleBelted)
        try map("leftRow2BuckleBelted", &leftRow2BuckleBelted)
        try map("passengerChildDetected", &passengerChildDetected)
        try map("rightRow2BuckleBelted", &rightRow2BuckleBelted)
        try map("middleRow2BuckleBelted", &middleRow2BuckleBelted)
        try map("middleRow3BuckleBelted", &middleRow3BuckleBelted)
        try map("leftRow3BuckleBelted", &leftRow3BuckleBelted)
        try map("rightRow3BuckleBelted", &rightRow3BuckleBelted)
        try map("leftRearInflatableBelted", &leftRearInflatableBelted)
        try map("rightRearInflatableBelted", &rightRearInflatableBelted)
        try map("middleRow1BeltDeployed", &middleRow1BeltDeployed)
        try map("middleRow1BuckleBelted", &middleRow1BuckleBelted)
    }
}

/// A door's state.
public enum DoorStatusType: String, SDLEnum {
    case closed = "CLOSED"
    case locked = "LOCKED"
    case ajar = "AJAR"
    case removed = "REMOVED"
}

/// One door's place and state.
public struct DoorStatus: SDLStruct, Hashable {
    public var location: Grid = Grid()
    public var status: DoorStatusType = .closed

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("location", &location)
        try map("status", &status)
    }
}

/// One gate's (a boot, a tailgate) place and state.
public struct GateStatus: SDLStruct, Hashable {
    public var location: Grid = Grid()
    public var status: DoorStatusType = .closed

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("location", &location)
        try map("status", &status)
    }
}

/// How open a window is.
public struct WindowState: SDLStruct, Hashable {
    public var approximatePosition: Int = 0
    public var deviation: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("approximatePosition", &approximatePosition, 0...100)
        try map("deviation", &deviation, 0...100)
    }
}

/// A roof's (or sunroof's) place, state and opening.
public struct RoofStatus: SDLStruct, Hashable {
    public var location: Grid = Grid()
    public var status: DoorStatusType = .closed
    public var state: WindowState?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("location", &location)
        try map("status", &status)
        try map("state", &state)
    }
}

/// The vehicle's body: doors, gates, roofs, the park brake and the ignition.
public struct BodyInformation: SDLStruct, Hashable {
    public var parkBrakeActive: Bool = false
    public var ignitionStableStatus: IgnitionStableStatus = .ignitionSwitchNotStable
    public var ignitionStatus: IgnitionStatus = .unknown
    /// Deprecated in SDL 7.1.
    public var driverDoorAjar: Bool?
    /// Deprecated in SDL 7.1.
    public var passengerDoorAjar: Bool?
    /// Deprecated in SDL 7.1.
    public var rearLeftDoorAjar: Bool?
    /// Deprecated in SDL 7.1.
    public var rearRightDoorAjar: Bool?
    public var doorStatuses: [DoorStatus]?
    public var gateStatuses: [GateStatus]?
    public var roofStatuses: [RoofStatus]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("parkBrakeActive", &parkBrakeActive)
        try map("ignitionStableStatus", &ignitionStableStatus)
        try map("ignitionStatus", &ignitionStatus)
        try map("driverDoorAjar", &driverDoorAjar)
        try map("passengerDoorAjar", &passengerDoorAjar)
        try map("rearLeftDoorAjar", &rearLeftDoorAjar)
        try map("rearRightDoorAjar", &rearRightDoorAjar)
        try map("doorStatuses", &doorStatuses, count: 0...100, since: .v7_1)
        try map("gateStatuses", &gateStatuses, count: 0...100, since: .v7_1)
        try map("roofStatuses", &roofStatuses, count: 0...100, since: .v7_1)
    }
}

/// The state of the phone connected to the vehicle and of the vehicle's own devices.
public struct DeviceStatus: SDLStruct, Hashable {
    public var voiceRecOn: Bool = false
    public var btIconOn: Bool = false
    public var callActive: Bool = false
    public var phoneRoaming: Bool = false
    public var textMsgAvailable: Bool = false
    public var battLevelStatus: DeviceLevelStatus = .zeroLevelBars
    public var stereoAudioOutputMuted: Bool = false
    public var monoAudioOutputMuted: Bool = false
    public var signalLevelStatus: DeviceLevelStatus = .zeroLevelBars
    public var primaryAudioSource: PrimaryAudioSource = .noSourceSelected
    public var eCallEventActive: Bool = false

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("voiceRecOn", &voiceRecOn)
        try map("btIconOn", &btIconOn)
        try map("callActive", &callActive)
        try map("phoneRoaming", &phoneRoaming)
        try map("textMsgAvailable", &textMsgAvailable)
        try map("battLevelStatus", &battLevelStatus)
        try map("stereoAudioOutputMuted", &stereoAudioOutputMuted)
        try map("monoAudioOutputMuted", &monoAudioOutputMuted)
        try map("signalLevelStatus", &signalLevelStatus)
        try map("primaryAudioSource", &primaryAudioSource)
        try map("eCallEventActive", &eCallEventActive)
    }
}

/// The headlights and the ambient light.
public struct HeadLampStatus: SDLStruct, Hashable {
    public var lowBeamsOn: Bool = false
    public var highBeamsOn: Bool = false
    public var ambientLightSensorStatus: AmbientLightStatus?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("lowBeamsOn", &lowBeamsOn)
        try map("highBeamsOn", &highBeamsOn)
        try map("ambientLightSensorStatus", &ambientLightSensorStatus)
    }
}

/// Whether the fuel supply was cut off.
public enum FuelCutoffStatus: String, SDLEnum {
    case terminateFuel = "TERMINATE_FUEL"
    case normalOperation = "NORMAL_OPERATION"
    case fault = "FAULT"
}

/// The kind of collision the vehicle detected.
public enum EmergencyEventType: String, SDLEnum {
    case noEvent = "NO_EVENT"
    case frontal = "FRONTAL"
    case side = "SIDE"
    case rear = "REAR"
    case rollover = "ROLLOVER"
    case notSupported = "NOT_SUPPORTED"
    case fault = "FAULT"
}

/// The state of an emergency call.
public enum ECallConfirmationStatus: String, SDLEnum {
    case normal = "NORMAL"
    case callInProgress = "CALL_IN_PROGRESS"
    case callCancelled = "CALL_CANCELLED"
    case callCompleted = "CALL_COMPLETED"
    case callUnsuccessful = "CALL_UNSUCCESSFUL"
    case eCallConfiguredOff = "ECALL_CONFIGURED_OFF"
    case callCompleteDtmfTimeout = "CALL_COMPLETE_DTMF_TIMEOUT"
}

/// How certain the vehicle's power mode is.
public enum PowerModeQualificationStatus: String, SDLEnum {
    case powerModeUndefined = "POWER_MODE_UNDEFINED"
    case powerModeEvaluationInProgress = "POWER_MODE_EVALUATION_IN_PROGRESS"
    case notDefined = "NOT_DEFINED"
    case powerModeOk = "POWER_MODE_OK"
}

/// The vehicle's power mode.
public enum PowerModeStatus: String, SDLEnum {
    case keyOut = "KEY_OUT"
    case keyRecentlyOut = "KEY_RECENTLY_OUT"
    case keyApproved0 = "KEY_APPROVED_0"
    case postAccesory0 = "POST_ACCESORY_0"
    case accesory1 = "ACCESORY_1"
    case postIgnition1 = "POST_IGNITION_1"
    case ignitionOn2 = "IGNITION_ON_2"
    case running2 = "RUNNING_2"
    case crank3 = "CRANK_3"
}

/// The vehicle's mode: normal, factory, transport or crash.
public enum CarModeStatus: String, SDLEnum {
    case normal = "NORMAL"
    case factory = "FACTORY"
    case transport = "TRANSPORT"
    case crash = "CRASH"
}

/// The state of the vehicle's emergency call system.
public struct ECallInfo: SDLStruct, Hashable {
    public var eCallNotificationStatus: VehicleDataNotificationStatus = .notSupported
    public var auxECallNotificationStatus: VehicleDataNotificationStatus = .notSupported
    public var eCallConfirmationStatus: ECallConfirmationStatus = .normal

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("eCallNotificationStatus", &eCallNotificationStatus)
        try map("auxECallNotificationStatus", &auxECallNotificationStatus)
        try map("eCallConfirmationStatus", &eCallConfirmationStatus)
    }
}

/// Whether each airbag deployed.
public struct AirbagStatus: SDLStruct, Hashable {
    public var driverAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var driverSideAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var driverCurtainAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var passengerAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var passengerCurtainAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var driverKneeAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var passengerSideAirbagDeployed: VehicleDataEventStatus = .noEvent
    public var passengerKneeAirbagDeployed: VehicleDataEventStatus = .noEvent

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("driverAirbagDeployed", &driverAirbagDeployed)
        try map("driverSideAirbagDeployed", &driverSideAirbagDeployed)
        try map("driverCurtainAirbagDeployed", &driverCurtainAirbagDeployed)
        try map("passengerAirbagDeployed", &passengerAirbagDeployed)
        try map("passengerCurtainAirbagDeployed", &passengerCurtainAirbagDeployed)
        try map("driverKneeAirbagDeployed", &driverKneeAirbagDeployed)
        try map("passengerSideAirbagDeployed", &passengerSideAirbagDeployed)
        try map("passengerKneeAirbagDeployed", &passengerKneeAirbagDeployed)
    }
}

/// A collision the vehicle detected.
public struct EmergencyEvent: SDLStruct, Hashable {
    public var emergencyEventType: EmergencyEventType = .noEvent
    public var fuelCutoffStatus: FuelCutoffStatus = .terminateFuel
    public var rolloverEvent: VehicleDataEventStatus = .noEvent
    public var maximumChangeVelocity: Int = 0
    public var multipleEvents: VehicleDataEventStatus = .noEvent

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("emergencyEventType", &emergencyEventType)
        try map("fuelCutoffStatus", &fuelCutoffStatus)
        try map("rolloverEvent", &rolloverEvent)
        try map("maximumChangeVelocity", &maximumChangeVelocity, 0...255)
        try map("multipleEvents", &multipleEvents)
    }
}

/// The instrument cluster's power mode.
public struct ClusterModeStatus: SDLStruct, Hashable {
    public var powerModeActive: Bool = false
    public var powerModeQualificationStatus: PowerModeQualificationStatus = .powerModeUndefined
    public var carModeStatus: CarModeStatus = .normal
    public var powerModeStatus: PowerModeStatus = .keyOut

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("powerModeActive", &powerModeActive)
        try map("powerModeQualificationStatus", &powerModeQualificationStatus)
        try map("carModeStatus", &carModeStatus)
        try map("powerModeStatus", &powerModeStatus)
    }
}

/// Whether a restricted (MyKey) key is in use.
public struct MyKey: SDLStruct, Hashable {
    public var e911Override: VehicleDataStatus = .noDataExists

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("e911Override", &e911Override)
    }
}

/// How one item of a vehicle data request went.
public enum VehicleDataResultCode: String, SDLEnum {
    case success = "SUCCESS"
    case truncatedData = "TRUNCATED_DATA"
    case disallowed = "DISALLOWED"
    case userDisallowed = "USER_DISALLOWED"
    case invalidID = "INVALID_ID"
    case vehicleDataNotAvailable = "VEHICLE_DATA_NOT_AVAILABLE"
    case dataAlreadySubscribed = "DATA_ALREADY_SUBSCRIBED"
    case dataNotSubscribed = "DATA_NOT_SUBSCRIBED"
    case ignored = "IGNORED"
}

/// Every tyre's pressure and the warning light.
public struct TireStatus: SDLStruct, Hashable {
    public var pressureTelltale: WarningLightStatus?
    public var leftFront: SingleTireStatus?
    public var rightFront: SingleTireStatus?
    public var leftRear: SingleTireStatus?
    public var rightRear: SingleTireStatus?
    public var innerLeftRear: SingleTireStatus?
    public var innerRightRear: SingleTireStatus?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("pressureTelltale", &pressureTelltale, mandatoryBefore: .v8_0)
        try map("leftFront", &leftFront, mandatoryBefore: .v8_0)
        try map("rightFront", &rightFront, mandatoryBefore: .v8_0)
        try map("leftRear", &leftRear, mandatoryBefore: .v8_0)
        try map("rightRear", &rightRear, mandatoryBefore: .v8_0)
        try map("innerLeftRear", &innerLeftRear, mandatoryBefore: .v8_0)
        try map("innerRightRear", &innerRightRear, mandatoryBefore: .v8_0)
    }
}

/// Whether the stability and traction controls are on.
public struct StabilityControlsStatus: SDLStruct, Hashable {
    public var escSystem: VehicleDataStatus?
    public var trailerSwayControl: VehicleDataStatus?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("escSystem", &escSystem)
        try map("trailerSwayControl", &trailerSwayControl)
    }
}

/// Which turn signal is on.
public enum TurnSignal: String, SDLEnum {
    case off = "OFF"
    case left = "LEFT"
    case right = "RIGHT"
    case both = "BOTH"
}

/// The vehicle's GPS position, time, heading and speed.
public struct GPSData: SDLStruct, Hashable {
    public var longitudeDegrees: Double = 0
    public var latitudeDegrees: Double = 0
    public var utcYear: Int?
    public var utcMonth: Int?
    public var utcDay: Int?
    public var utcHours: Int?
    public var utcMinutes: Int?
    public var utcSeconds: Int?
    public var compassDirection: CompassDirection?
    public var pdop: Double = 0.0
    public var hdop: Double = 0.0
    public var vdop: Double = 0.0
    public var actual: Bool?
    public var satellites: Int?
    public var dimension: Dimension?
    public var altitude: Double?
    public var heading: Double?
    public var speed: Double?
    public var shifted: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("longitudeDegrees", &longitudeDegrees, -180...180)
        try map("latitudeDegrees", &latitudeDegrees, -90...90)
        try map("utcYear", &utcYear, 2010...2100, mandatoryBefore: .v5_0)
        try map("utcMonth", &utcMonth, 1...12, mandatoryBefore: .v5_0)
        try map("utcDay", &utcDay, 1...31, mandatoryBefore: .v5_0)
        try map("utcHours", &utcHours, 0...23, mandatoryBefore: .v5_0)
        try map("utcMinutes", &utcMinutes, 0...59, mandatoryBefore: .v5_0)
        try map("utcSeconds", &utcSeconds, 0...59, mandatoryBefore: .v5_0)
        try map("compassDirection", &compassDirection, mandatoryBefore: .v5_0)
        try map("pdop", &pdop, 0...1000, default: 0.0, mandatoryBefore: .v5_0)
        try map("hdop", &hdop, 0...1000, default: 0.0, mandatoryBefore: .v5_0)
        try map("vdop", &vdop, 0...1000, default: 0.0, mandatoryBefore: .v5_0)
        try map("actual", &actual, mandatoryBefore: .v5_0)
        try map("satellites", &satellites, 0...31, mandatoryBefore: .v5_0)
        try map("dimension", &dimension, mandatoryBefore: .v5_0)
        try map("altitude", &altitude, -10000...10000, mandatoryBefore: .v5_0)
        try map("heading", &heading, 0...359.99, mandatoryBefore: .v5_0)
        try map("speed", &speed, 0...500, mandatoryBefore: .v5_0)
        try map("shifted", &shifted, since: .v6_0)
    }
}

/// How subscribing to (or unsubscribing from) one item of vehicle data went.
public struct VehicleDataResult: SDLStruct, Hashable {
    public var dataType: VehicleDataType = .gps
    public var resultCode: VehicleDataResultCode = .success
    public var oemCustomDataType: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("dataType", &dataType)
        try map("resultCode", &resultCode)
        try map("oemCustomDataType", &oemCustomDataType, .anyLength, since: .v6_0)
    }
}

/// One data identifier's data, or why it could not be read.
public struct DIDResult: SDLStruct, Hashable {
    public var resultCode: VehicleDataResultCode = .success
    public var didLocation: Int = 0
    public var data: String?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("resultCode", &resultCode)
        try map("didLocation", &didLocation, 0...65535)
        try map("data", &data, 1...5000)
    }
}

/// One window's place and how open it is.
public struct WindowStatus: SDLStruct, Hashable {
    public var location: Grid = Grid()
    public var state: WindowState = WindowState()

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("location", &location)
        try map("state", &state)
    }
}

/// A temperature and its unit.
public struct Temperature: SDLStruct, Hashable {
    public var unit: TemperatureUnit = .fahrenheit
    public var value: Double = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("unit", &unit)
        try map("value", &value, .anyFloat)
    }
}

/// The climate outside and inside the vehicle.
public struct ClimateData: SDLStruct, Hashable {
    public var externalTemperature: Temperature?
    public var cabinTemperature: Temperature?
    public var atmosphericPressure: Double?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("externalTemperature", &externalTemperature)
        try map("cabinTemperature", &cabinTemperature)
        try map("atmosphericPressure", &atmosphericPressure, 0...2000)
    }
}

/// The gear selected by the driver and the one the transmission is in.
public struct GearStatus: SDLStruct, Hashable {
    public var userSelectedGear: PRNDL?
    public var actualGear: PRNDL?
    public var transmissionType: TransmissionType?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("userSelectedGear", &userSelectedGear)
        try map("actualGear", &actualGear)
        try map("transmissionType", &transmissionType)
    }
}

/// One seat's place and whether it is occupied.
public struct SeatStatus: SDLStruct, Hashable {
    public var seatLocation: SeatLocation = SeatLocation()
    public var conditionActive: Bool = false

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("seatLocation", &seatLocation)
        try map("conditionActive", &conditionActive)
    }
}

/// Which seats are occupied and which belts buckled.
public struct SeatOccupancy: SDLStruct, Hashable {
    public var seatsOccupied: [SeatStatus]?
    public var seatsBelted: [SeatStatus]?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("seatsOccupied", &seatsOccupied, count: 0...100)
        try map("seatsBelted", &seatsBelted, count: 0...100)
    }
}
