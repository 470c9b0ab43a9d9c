// What covers the app's screen for a while: alerts, messages, sliders, speech, and recording
// the user's voice (PerformAudioPassThru).

/// Shows a message over the screen, with optional speech, a tone and soft buttons.
public struct Alert: SDLRequest, Hashable {
    public static let method = "Alert"
    public static let functionID = 12

    public var alertText1: String?
    public var alertText2: String?
    public var alertText3: String?
    public var ttsChunks: [TTSChunk]?
    public var duration: Int = 5000
    public var playTone: Bool?
    public var progressIndicator: Bool?
    public var softButtons: [SoftButton]?
    public var alertIcon: Image?
    public var cancelID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("alertText1", &alertText1, 1...500)
        try map("alertText2", &alertText2, 1...500)
        try map("alertText3", &alertText3, 1...500, since: .v2_0)
        try map("ttsChunks", &ttsChunks, count: 1...100)
        try map("duration", &duration, 3000...10000, default: 5000)
        try map("playTone", &playTone)
        try map("progressIndicator", &progressIndicator, since: .v3_0)
        try map("softButtons", &softButtons, count: 0...4, since: .v2_0)
        try map("alertIcon", &alertIcon, since: .v6_0)
        try map("cancelID", &cancelID, .int32, since: .v6_0)
    }

    /// How long the app should wait before speaking again, when the alert was cut short.
    public struct Response: SDLStruct, Hashable {
        public var tryAgainTime: Int?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("tryAgainTime", &tryAgainTime, 0...2_000_000_000, since: .v2_0)
        }
    }

    public typealias ResponseParameters = Response
}

/// Shows a short message in a corner of the screen, with optional speech and soft buttons.
public struct SubtleAlert: SDLRequest, Hashable {
    public static let method = "SubtleAlert"
    public static let functionID = 64

    public var alertText1: String?
    public var alertText2: String?
    public var alertIcon: Image?
    public var ttsChunks: [TTSChunk]?
    public var duration: Int = 5000
    public var softButtons: [SoftButton]?
    public var cancelID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("alertText1", &alertText1, 1...500)
        try map("alertText2", &alertText2, 1...500)
        try map("alertIcon", &alertIcon)
        try map("ttsChunks", &ttsChunks, count: 1...100)
        try map("duration", &duration, 3000...10000, default: 5000)
        try map("softButtons", &softButtons, count: 0...2)
        try map("cancelID", &cancelID, .int32)
    }

    /// How long the app should wait before speaking again, when the alert was cut short.
    public struct Response: SDLStruct, Hashable {
        public var tryAgainTime: Int?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("tryAgainTime", &tryAgainTime, 0...2_000_000_000)
        }
    }

    public typealias ResponseParameters = Response
}

/// The user tapped a subtle alert (elsewhere than on its soft buttons).
public struct OnSubtleAlertPressed: SDLNotification, Hashable {
    public static let method = "OnSubtleAlertPressed"
    public static let functionID = 32788

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

/// Shows a long text the user scrolls through, with soft buttons.
public struct ScrollableMessage: SDLRequest, Hashable {
    public static let method = "ScrollableMessage"
    public static let functionID = 25

    public var scrollableMessageBody: String = ""
    public var timeout: Int = 30000
    public var softButtons: [SoftButton]?
    public var cancelID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("scrollableMessageBody", &scrollableMessageBody, 1...500)
        try map("timeout", &timeout, 1000...65535, default: 30000)
        try map("softButtons", &softButtons, count: 0...8)
        try map("cancelID", &cancelID, .int32, since: .v6_0)
    }
}

/// Asks the user to pick a position on a slider.
public struct Slider: SDLRequest, Hashable {
    public static let method = "Slider"
    public static let functionID = 26

    public var numTicks: Int = 2
    public var position: Int = 1
    public var sliderHeader: String = ""
    public var sliderFooter: [String]?
    public var timeout: Int = 10000
    public var cancelID: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("numTicks", &numTicks, 2...26)
        try map("position", &position, 1...26)
        try map("sliderHeader", &sliderHeader, 1...500)
        try map("sliderFooter", &sliderFooter, count: 1...26, 1...500)
        try map("timeout", &timeout, 1000...65535, default: 10000)
        try map("cancelID", &cancelID, .int32, since: .v6_0)
    }

    /// The position the user left the slider at.
    public struct Response: SDLStruct, Hashable {
        public var sliderPosition: Int?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("sliderPosition", &sliderPosition, 1...26)
        }
    }

    public typealias ResponseParameters = Response
}

/// Speaks text, or plays audio files, through the head unit.
public struct Speak: SDLRequest, Hashable {
    public static let method = "Speak"
    public static let functionID = 14

    public var ttsChunks: [TTSChunk] = []

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("ttsChunks", &ttsChunks, count: 1...100)
    }
}

/// Records what the user says and streams it to the app.
public struct PerformAudioPassThru: SDLRequest, Hashable {
    public static let method = "PerformAudioPassThru"
    public static let functionID = 16

    public var initialPrompt: [TTSChunk]?
    public var audioPassThruDisplayText1: String?
    public var audioPassThruDisplayText2: String?
    public var samplingRate: SamplingRate = .kHz8
    public var maxDuration: Int = 1
    public var bitsPerSample: BitsPerSample = .bits8
    public var audioType: AudioType = .pcm
    public var muteAudio: Bool?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("initialPrompt", &initialPrompt, count: 1...100)
        try map("audioPassThruDisplayText1", &audioPassThruDisplayText1, 1...500)
        try map("audioPassThruDisplayText2", &audioPassThruDisplayText2, 1...500)
        try map("samplingRate", &samplingRate)
        try map("maxDuration", &maxDuration, 1...1_000_000)
        try map("bitsPerSample", &bitsPerSample)
        try map("audioType", &audioType)
        try map("muteAudio", &muteAudio)
    }
}

/// Stops a recording started with PerformAudioPassThru.
public struct EndAudioPassThru: SDLRequest, Hashable {
    public static let method = "EndAudioPassThru"
    public static let functionID = 17

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

/// A chunk of a PerformAudioPassThru recording, carried in the message's binary data.
public struct OnAudioPassThru: SDLNotification, Hashable {
    public static let method = "OnAudioPassThru"
    public static let functionID = 32777

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}
