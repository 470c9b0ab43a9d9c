// Notifications from the head unit to the app (PROTOCOL.md §4, SDL-RULES §8, §11).

public struct OnHMIStatus: SDLNotification, Hashable {
    public static let method = "OnHMIStatus"

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

public struct OnKeyboardInput: SDLNotification, Hashable {
    public static let method = "OnKeyboardInput"

    public var event = KeyboardEvent.keypress
    public var data: String?

    public init() {}

    public init(_ event: KeyboardEvent, data: String? = nil) {
        self.event = event
        self.data = data
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("event", &event)
        // May be empty: forwarded as typed (SDL-RULES §14).
        try map("data", &data, 0...500)
    }
}

public struct OnSystemCapabilityUpdated: SDLNotification, Hashable {
    public static let method = "OnSystemCapabilityUpdated"

    public var systemCapability = SystemCapability()

    public init() {}

    public init(_ capability: SystemCapability) { systemCapability = capability }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("systemCapability", &systemCapability)
    }
}

public struct OnAppInterfaceUnregistered: SDLNotification, Hashable {
    public static let method = "OnAppInterfaceUnregistered"

    public var reason = AppInterfaceUnregisteredReason.masterReset

    public init() {}

    public init(_ reason: AppInterfaceUnregisteredReason) { self.reason = reason }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("reason", &reason)
    }
}
