import SDLModel

/// The engine's own number for a registered app (Core's hmi_app_id): never reused in a run.
public struct AppHandle: Hashable, Sendable {
    let rawValue: Int
}

/// How an app reaches the head unit, as `Sim.GetState` names it.
public enum AppDoor: String, Sendable {
    /// JSON-RPC lines (stdin/stdout): the app a test or a person drives by hand.
    case stdio
    /// SDL's own protocol over TCP (`--listen`): one app per session of a connection.
    case sdl
    /// A simulated app (`Sim.AddApp`): no peer drives it, nothing is sent to it.
    case simulated
}

/// One registered app, as Core and the HMI keep it: its registration and HMI state, and
/// everything of its own — choice sets, the interaction it shows, keyboard and global
/// properties, files and quota. A class: the engine holds each app once, and a call finds
/// its app by its peer without copying it.
final class RegisteredApp {
    let handle: AppHandle
    let request: RegisterAppInterface
    /// The SDL version the app and the head unit share: the app's requests are read for it.
    let version: SpecVersion
    /// The peer the app registered from (its notifications go there); nil for a simulated app.
    let peer: PeerID?
    let door: AppDoor
    /// Core's policy app ID: `fullAppID`, else `appID` (an SDL 1.x app has neither: its
    /// name), as sent; Core compares it ignoring case (`UseFullAppID = true`).
    let policyID: String
    /// The audio and video it plays, for the level rules.
    let streams: AppStreams

    var hmiLevel = HMILevel.none
    var audioStreamingState = AudioStreamingState.notAudible
    var videoStreamingState = VideoStreamingState.notStreamable
    var systemContext = SystemContext.main
    /// PutFile/ListFiles/DeleteFile calls counted against the HMI-NONE limits (SDL-RULES §9–10).
    var putFilesInNone = 0
    var listFilesInNone = 0
    var deleteFilesInNone = 0

    var choiceSets = ChoiceSetTable()
    /// The interaction it shows; at most one app's is on screen at a time.
    var interaction: ActiveInteraction?
    var keyboard = KeyboardState()
    /// What the HMI keeps of the app's SetGlobalProperties (keyboard properties apart, in `keyboard`).
    var globalProperties = SetGlobalProperties()
    let files: AppFiles

    init(handle: AppHandle, request: RegisterAppInterface, version: SpecVersion, peer: PeerID?, door: AppDoor, files: AppFiles) {
        self.handle = handle
        self.request = request
        self.version = version
        self.peer = peer
        self.door = door
        self.files = files
        policyID = Self.policyID(of: request)
        streams = AppStreams(request)
    }

    /// The policy app ID `request` registers with.
    static func policyID(of request: RegisterAppInterface) -> String {
        let appID = request.fullAppID ?? request.appID
        return appID.isEmpty ? request.appName : appID
    }

    var appID: String { request.appID }

    /// Its state on the main window, as OnHMIStatus tells it (the system context apart).
    var level: AppLevel {
        AppLevel(level: hmiLevel, audio: audioStreamingState, video: videoStreamingState)
    }
}
