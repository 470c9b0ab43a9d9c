// A media app's clock: SetMediaClockTimer.

/// Starts, pauses, resumes or clears a media app's clock, and sets its playback indicator.
public struct SetMediaClockTimer: SDLRequest, Hashable {
    public static let method = "SetMediaClockTimer"
    public static let functionID = 15

    public var startTime: StartTime?
    public var endTime: StartTime?
    public var updateMode: UpdateMode = .countUp
    public var audioStreamingIndicator: AudioStreamingIndicator?
    public var forwardSeekIndicator: SeekStreamingIndicator?
    public var backSeekIndicator: SeekStreamingIndicator?
    public var countRate: Double = 1.0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("startTime", &startTime)
        try map("endTime", &endTime, since: .v3_0)
        try map("updateMode", &updateMode)
        try map("audioStreamingIndicator", &audioStreamingIndicator, since: .v5_0)
        try map("forwardSeekIndicator", &forwardSeekIndicator, since: .v7_1)
        try map("backSeekIndicator", &backSeekIndicator, since: .v7_1)
        try map("countRate", &countRate, 0.1...100, default: 1.0, since: .v7_1)
    }
}
