// The structs and enums of a media app's clock and audio indicator.

/// A time in hours, minutes and seconds, for a media clock.
public struct StartTime: SDLStruct, Hashable {
    public var hours: Int = 0
    public var minutes: Int = 0
    public var seconds: Int = 0

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("hours", &hours, 0...59)
        try map("minutes", &minutes, 0...59)
        try map("seconds", &seconds, 0...59)
    }
}

/// What a media app's skip buttons do: skip a track, or seek by a number of seconds.
public struct SeekStreamingIndicator: SDLStruct, Hashable {
    public var type: SeekIndicatorType = .track
    public var seekTime: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("type", &type)
        try map("seekTime", &seekTime, 1...99)
    }
}

/// How a skip button moves through the media: by track or by time.
public enum SeekIndicatorType: String, SDLEnum {
    case track = "TRACK"
    case time = "TIME"
}

/// What SetMediaClockTimer does to the clock.
public enum UpdateMode: String, SDLEnum {
    case countUp = "COUNTUP"
    case countDown = "COUNTDOWN"
    case pause = "PAUSE"
    case resume = "RESUME"
    case clear = "CLEAR"
}

/// The symbol on the play/pause button of a media app.
public enum AudioStreamingIndicator: String, SDLEnum {
    case playPause = "PLAY_PAUSE"
    case play = "PLAY"
    case pause = "PAUSE"
    case stop = "STOP"
}

/// Which way a media clock runs.
public enum TimerMode: String, SDLEnum {
    case up = "UP"
    case down = "DOWN"
    case none = "NONE"
}
