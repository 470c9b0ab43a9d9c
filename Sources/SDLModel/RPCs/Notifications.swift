// Notifications from the head unit to the app (PROTOCOL.md §4, SDL-RULES §8, §11).

public struct OnHMIStatus: SDLNotification, Hashable {
    public static let method = "OnHMIStatus"
    public static let functionID = 32768

    public var hmiLevel = HMILevel.none
    public var audioStreamingState = AudioStreamingState.notAudible
    public var systemContext = SystemContext.main
    public var videoStreamingState = VideoStreamingState.streamable
    public var windowID: Int?

    public init() {}

    public init(_ level: HMILevel, audio: AudioStreamingState, context: SystemContext, video: VideoStreamingState = .streamable) {
        hmiLevel = level
        audioStreamingState = audio
        systemContext = context
        videoStreamingState = video
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("hmiLevel", &hmiLevel)
        try map("audioStreamingState", &audioStreamingState)
        try map("systemContext", &systemContext)
        try map("videoStreamingState", &videoStreamingState, default: .streamable, since: .v5_0)
        try map("windowID", &windowID, .int32, since: .v6_0)
    }
}

/// A key, or the end of an entry, on the head unit's keyboard.
public struct OnKeyboardInput: SDLNotification, Hashable {
    /// The RPC's name on the wire.
    public static let method = "OnKeyboardInput"
    public static let functionID = 32779

    /// What happened: a key, a submit, a cancel, a change of the input mask.
    public var event = KeyboardEvent.keypress
    /// The key or the text, as the keypress mode sends it.
    public var data: String?

    public init() {}

    /// The `event`, with its `data`.
    public init(_ event: KeyboardEvent, data: String? = nil) {
        self.event = event
        self.data = data
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("event", &event)
        // May be empty: forwarded as typed (SDL-RULES §14).
        try map("data", &data, 0...500)
    }
}

public struct OnSystemCapabilityUpdated: SDLNotification, Hashable {
    public static let method = "OnSystemCapabilityUpdated"
    public static let functionID = 32787

    public var systemCapability = SystemCapability()

    public init() {}

    public init(_ capability: SystemCapability) { systemCapability = capability }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("systemCapability", &systemCapability)
    }
}

public struct OnAppInterfaceUnregistered: SDLNotification, Hashable {
    public static let method = "OnAppInterfaceUnregistered"
    public static let functionID = 32769

    public var reason = AppInterfaceUnregisteredReason.masterReset

    public init() {}

    public init(_ reason: AppInterfaceUnregisteredReason) { self.reason = reason }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("reason", &reason)
    }
}

/// Which RPCs the app may send, in which HMI levels (SDL's policy table, as Core tells the app).
public struct OnPermissionsChange: SDLNotification, Hashable {
    public static let method = "OnPermissionsChange"
    public static let functionID = 32776

    public var permissionItem: [PermissionItem] = []
    /// Whether the app must encrypt the RPCs that require it.
    public var requireEncryption: Bool?

    public init() {}

    public init(_ items: [PermissionItem]) { permissionItem = items }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("permissionItem", &permissionItem, count: 0...500)
        try map("requireEncryption", &requireEncryption, since: .v6_0)
    }
}

public struct PermissionItem: SDLStruct, Hashable {
    public var rpcName = ""
    public var hmiPermissions = HMIPermissions()
    public var parameterPermissions = ParameterPermissions()
    /// Whether the RPC must be sent encrypted.
    public var requireEncryption: Bool?

    public init() {}

    public init(rpcName: String, allowed: [HMILevel]) {
        self.rpcName = rpcName
        hmiPermissions = HMIPermissions(allowed: allowed)
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("rpcName", &rpcName, 1...100)
        try map("hmiPermissions", &hmiPermissions)
        try map("parameterPermissions", &parameterPermissions)
        try map("requireEncryption", &requireEncryption, since: .v6_0)
    }
}

public struct HMIPermissions: SDLStruct, Hashable {
    public var allowed: [HMILevel] = []
    public var userDisallowed: [HMILevel] = []

    public init() {}

    public init(allowed: [HMILevel]) { self.allowed = allowed }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("allowed", &allowed, count: 0...100)
        try map("userDisallowed", &userDisallowed, count: 0...100)
    }
}

/// Parameter-level permissions; the simulator restricts no parameter, so both lists stay empty.
public struct ParameterPermissions: SDLStruct, Hashable {
    public var allowed: [String] = []
    public var userDisallowed: [String] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("allowed", &allowed, count: 0...100, 1...100)
        try map("userDisallowed", &userDisallowed, count: 0...100, 1...100)
    }
}
