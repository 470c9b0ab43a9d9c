import SDLModel

/// What Core's StateController reads of an app to move it between HMI levels: the kinds of
/// audio and video it plays (`ApplicationImpl::IsAudioApplication`, `IsVideoApplication`).
struct AppStreams: Equatable, Sendable {
    /// `isMediaApplication`.
    var isMedia = false
    /// The app types NAVIGATION, COMMUNICATION and PROJECTION among its `appHMIType`.
    var isNavigation = false
    var isCommunication = false
    var isProjection = false

    init(isMedia: Bool = false, isNavigation: Bool = false, isCommunication: Bool = false, isProjection: Bool = false) {
        self.isMedia = isMedia
        self.isNavigation = isNavigation
        self.isCommunication = isCommunication
        self.isProjection = isProjection
    }

    /// What a registration says of its app.
    init(_ registration: RegisterAppInterface) {
        let types = registration.appHMIType ?? []
        self.init(
            isMedia: registration.isMediaApplication, isNavigation: types.contains(.navigation),
            isCommunication: types.contains(.communication), isProjection: types.contains(.projection))
    }

    /// Plays audio: takes LIMITED when another app takes FULL.
    var isAudio: Bool { isMedia || isNavigation || isCommunication || isProjection }
    /// Streams video.
    var isVideo: Bool { isNavigation || isProjection }

    /// Core's `IsSameAudioAppType`: both navigation, both communication, both media and
    /// nothing else of the two, or both without audio. Two such apps cannot both be heard.
    func sharesAudioType(with other: AppStreams) -> Bool {
        let onlyMedia = isMedia && !isNavigation && !isCommunication
        let otherOnlyMedia = other.isMedia && !other.isNavigation && !other.isCommunication
        return (isNavigation && other.isNavigation) || (isCommunication && other.isCommunication)
            || (onlyMedia && otherOnlyMedia) || (!isAudio && !other.isAudio)
    }
}

/// An app's regular state on its main window: what OnHMIStatus tells it (the system context apart).
struct AppLevel: Equatable, Sendable {
    var level: HMILevel
    var audio: AudioStreamingState
    var video: VideoStreamingState

    static let none = AppLevel(level: .none, audio: .notAudible, video: .notStreamable)
}

/// Core's StateController (state_controller_impl.cc) for the main window, as pure rules:
/// the state an app is put in, and what that does to every other app.
enum StateController {
    /// `CalcAudioState` and `CalcVideoState`: an app put in `level` is heard when it plays
    /// audio, and streams when it plays video, in FULL and LIMITED only.
    static func state(of app: AppStreams, in level: HMILevel) -> AppLevel {
        let streaming = level.isStreamable
        return AppLevel(
            level: level, audio: streaming && app.isAudio ? .audible : .notAudible,
            video: streaming && app.isVideo ? .streamable : .notStreamable)
    }

    /// `DeactivateApp`: the driver leaves the app in FULL for the home screen. An app with
    /// audio or video stays on in LIMITED; any other goes to BACKGROUND.
    static func deactivated(_ app: AppStreams) -> AppLevel {
        guard app.isAudio || app.isVideo else { return AppLevel(level: .background, audio: .notAudible, video: .notStreamable) }
        return state(of: app, in: .limited)
    }

    /// `HmiLevelConflictResolver`: what becomes of `other` (in `otherState`) once `applied`
    /// is put in `appliedState`. Only apps on screen or heard (FULL, LIMITED) move, and only
    /// when the applied app takes FULL or LIMITED: an app keeps being heard (or streaming)
    /// unless the applied app is of its audio type (or streams too); one kept goes to
    /// LIMITED when the applied app takes FULL; one not kept goes to BACKGROUND.
    static func resolve(
        _ other: AppStreams, in otherState: AppLevel, against applied: AppStreams, in appliedState: AppLevel
    ) -> AppLevel {
        guard appliedState.level.isStreamable, otherState.level.isStreamable else { return otherState }
        let appliedStreams = applied.isVideo
        let audio: AudioStreamingState = other.isAudio && !other.sharesAudioType(with: applied) ? .audible : .notAudible
        let video: VideoStreamingState = other.isVideo && !appliedStreams ? .streamable : .notStreamable
        let kept = audio == .audible || video == .streamable
        let level: HMILevel = kept ? (appliedState.level == .full ? .limited : otherState.level) : .background
        return AppLevel(level: level, audio: audio, video: video)
    }
}

extension HMILevel {
    /// FULL and LIMITED: the levels in which an app may be heard or stream (`IsStreamableHMILevel`).
    var isStreamable: Bool { self == .full || self == .limited }
}
