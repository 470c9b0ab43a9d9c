// What `Sim.GetState` answers (PROTOCOL.md §5): the head unit's screen and store, typed
// once for the engine that writes it and every client that reads it. Fields may be added,
// never renamed; `app`, `interaction`, and the interaction's `cancelID` and `layout` are
// `null` when absent. Every field is written; a reader takes a missing one as its default,
// so that it can read a simulator that knows fewer fields.

extension SimGetState {
    /// The answer to `SimGetState`.
    public struct Response: SDLStruct, Hashable {
        /// Milliseconds on the head unit's clock.
        public var clockMs = 0
        /// Whether an app is registered.
        public var registered = false
        /// The registered app; nil when none is.
        public var app: App?
        /// The app's HMI level.
        public var hmiLevel = HMILevel.none
        /// The head unit's system context (main, menu, an alert…).
        public var systemContext = SystemContext.main
        /// The head-unit profile's name.
        public var profile = ""
        /// What is on screen; nil when nothing is.
        public var interaction: Interaction?
        /// The keyboard properties the head unit uses now: what SetGlobalProperties left
        /// (SDL-RULES §6 caching), or the HMI's defaults.
        public var keyboardProperties = KeyboardProperties()
        /// The rest of what the HMI keeps of SetGlobalProperties (keyboard properties apart).
        public var globalProperties = SetGlobalProperties()
        /// The choice sets the app created.
        public var choiceSets: [ChoiceSet] = []
        /// The app's files on the head unit.
        public var files: [File] = []
        /// The app's space for files, in bytes.
        public var quotaBytes = 0
        /// The bytes its files use.
        public var usedBytes = 0
        /// Answers an injected delay holds back, due first first: the app still waits for them.
        public var heldAnswers: [HeldAnswer] = []
        /// Every registered app, oldest first.
        public var apps: [AppStatus] = []

        public init() {}

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("clockMs", &clockMs, 0...Int.max, default: 0)
            try map("registered", &registered, default: false)
            try map("app", &app, nullWhenAbsent: true)
            try map("hmiLevel", &hmiLevel, default: HMILevel.none)
            try map("systemContext", &systemContext, default: .main)
            try map("profile", &profile, 0...Int.max, default: "")
            try map("interaction", &interaction, nullWhenAbsent: true)
            try map("keyboardProperties", &keyboardProperties, default: KeyboardProperties())
            try map("globalProperties", &globalProperties, default: SetGlobalProperties())
            try map("choiceSets", &choiceSets, ArrayLimits(count: .anyCount, element: NoLimits()), default: [])
            try map("files", &files, ArrayLimits(count: .anyCount, element: NoLimits()), default: [])
            try map("quotaBytes", &quotaBytes, 0...Int.max, default: 0)
            try map("usedBytes", &usedBytes, 0...Int.max, default: 0)
            try map("heldAnswers", &heldAnswers, ArrayLimits(count: .anyCount, element: NoLimits()), default: [])
            try map("apps", &apps, ArrayLimits(count: .anyCount, element: NoLimits()), default: [])
        }
    }

    /// A registered app: who it is, how it is reached, and its HMI state.
    public struct AppStatus: SDLStruct, Hashable {
        /// The app's ID.
        public var appID = ""
        /// The app's name.
        public var appName = ""
        /// Its HMI level.
        public var hmiLevel = HMILevel.none
        /// Whether it is heard.
        public var audioStreamingState = AudioStreamingState.notAudible
        /// Whether it may stream video.
        public var videoStreamingState = VideoStreamingState.notStreamable
        /// Its system context (main, an interaction shown…).
        public var systemContext = SystemContext.main
        /// How it is reached: `stdio`, `sdl` or `simulated`.
        public var door = ""
        /// Whether the interaction on screen is this app's.
        public var interactionOnScreen = false

        public init() {}

        /// An app's status, each field as named.
        public init(
            appID: String, appName: String, hmiLevel: HMILevel, audioStreamingState: AudioStreamingState,
            videoStreamingState: VideoStreamingState, systemContext: SystemContext, door: String, interactionOnScreen: Bool
        ) {
            self.appID = appID
            self.appName = appName
            self.hmiLevel = hmiLevel
            self.audioStreamingState = audioStreamingState
            self.videoStreamingState = videoStreamingState
            self.systemContext = systemContext
            self.door = door
            self.interactionOnScreen = interactionOnScreen
        }

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("appID", &appID, 0...100, default: "")
            try map("appName", &appName, 0...100, default: "")
            try map("hmiLevel", &hmiLevel, default: HMILevel.none)
            try map("audioStreamingState", &audioStreamingState, default: .notAudible)
            try map("videoStreamingState", &videoStreamingState, default: .notStreamable)
            try map("systemContext", &systemContext, default: .main)
            try map("door", &door, 0...100, default: "")
            try map("interactionOnScreen", &interactionOnScreen, default: false)
        }
    }

    /// An answer an injected delay (`Sim.InjectFault` with `delayMs`) holds back.
    public struct HeldAnswer: SDLStruct, Hashable {
        /// The request's method.
        public var method = ""
        /// Until the answer goes out, on the head unit's clock.
        public var msLeft = 0

        public init() {}

        /// An answer to `method` held back for `msLeft` more milliseconds.
        public init(method: String, msLeft: Int) {
            self.method = method
            self.msLeft = msLeft
        }

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("method", &method, 1...Int.max)
            try map("msLeft", &msLeft, 0...Int.max)
        }
    }

    /// The registered app as the HMI knows it (what `BasicCommunication.OnAppRegistered`
    /// tells it), with the SDL version the app and the head unit share.
    public struct App: SDLStruct, Hashable {
        /// The app's name.
        public var appName = ""
        /// The app's ID.
        public var appID = ""
        /// The SDL version the app and the head unit share.
        public var syncMsgVersion = SdlMsgVersion()
        /// The app's short name for media screens.
        public var ngnMediaScreenAppName: String?
        /// How the app's name is spoken.
        public var ttsName: [TTSChunk]?
        /// Other names the driver may say for the app.
        public var vrSynonyms: [String]?
        /// Whether the app plays media.
        public var isMediaApplication = false
        /// The app's HMI types.
        public var appHMIType: [AppHMIType]?
        /// The language the app asked the screen to show.
        public var hmiDisplayLanguageDesired = Language.enUS
        /// The phone the app runs on, as it said.
        public var deviceInfo: DeviceInfo?
        /// The app's colours by day.
        public var dayColorScheme: TemplateColorScheme?
        /// The app's colours by night.
        public var nightColorScheme: TemplateColorScheme?

        public init() {}

        /// What the HMI keeps of `registration`, at `version`.
        public init(_ registration: RegisterAppInterface, version: SdlMsgVersion) {
            appName = registration.appName
            appID = registration.appID
            syncMsgVersion = version
            ngnMediaScreenAppName = registration.ngnMediaScreenAppName
            ttsName = registration.ttsName
            vrSynonyms = registration.vrSynonyms
            isMediaApplication = registration.isMediaApplication
            appHMIType = registration.appHMIType
            hmiDisplayLanguageDesired = registration.hmiDisplayLanguageDesired
            deviceInfo = registration.deviceInfo
            dayColorScheme = registration.dayColorScheme
            nightColorScheme = registration.nightColorScheme
        }

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("appName", &appName, 1...100)
            try map("appID", &appID, 0...100, default: "")
            try map("syncMsgVersion", &syncMsgVersion, default: SdlMsgVersion())
            try map("ngnMediaScreenAppName", &ngnMediaScreenAppName, 1...100)
            try map("ttsName", &ttsName, count: 1...100)
            try map("vrSynonyms", &vrSynonyms, count: 1...100, 1...40)
            try map("isMediaApplication", &isMediaApplication, default: false)
            try map("appHMIType", &appHMIType, count: 1...100)
            try map("hmiDisplayLanguageDesired", &hmiDisplayLanguageDesired, default: .enUS)
            try map("deviceInfo", &deviceInfo)
            try map("dayColorScheme", &dayColorScheme)
            try map("nightColorScheme", &nightColorScheme)
        }
    }

    /// The interaction on screen.
    public struct Interaction: SDLStruct, Hashable {
        /// The request that shows it (`PerformInteraction`'s function ID).
        public var functionID = PerformInteraction.functionID
        /// The ID that cancels it; nil when it has none.
        public var cancelID: Int?
        /// Whether the driver picks by touch, by voice, or both.
        public var interactionMode = InteractionMode.manualOnly
        /// nil for a voice-only interaction.
        public var layout: LayoutMode?
        /// Its title.
        public var initialText = ""
        /// The choice sets it shows.
        public var choiceSetIDs: [Int] = []
        /// The choices shown, after search filtering; without their voice commands, and
        /// without images on a head unit that shows none.
        public var visibleChoices: [Choice] = []
        /// Whether the head unit listens for the driver's voice.
        public var voiceSessionOpen = false
        /// With a keyboard on screen: what is typed, the suggestions, the properties it
        /// shows with, and whether it hides what is typed.
        public var keyboardText: String?
        /// The suggestions the keyboard shows.
        public var autoCompleteList: [String]?
        /// The properties the keyboard shows with.
        public var keyboardProperties: KeyboardProperties?
        /// Whether the keyboard hides what is typed.
        public var inputMasked: Bool?
        /// Until the interaction times out.
        public var msLeft = 0

        public init() {}

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("functionID", &functionID, .int32, default: PerformInteraction.functionID)
            try map("cancelID", &cancelID, .int32, nullWhenAbsent: true)
            try map("interactionMode", &interactionMode, default: .manualOnly)
            try map("layout", &layout, nullWhenAbsent: true)
            try map("initialText", &initialText, 0...500, default: "")
            try map("choiceSetIDs", &choiceSetIDs, ArrayLimits(count: 0...100, element: 0...2_000_000_000), default: [])
            try map("visibleChoices", &visibleChoices, ArrayLimits(count: .anyCount, element: NoLimits()), default: [])
            try map("voiceSessionOpen", &voiceSessionOpen, default: false)
            try map("keyboardText", &keyboardText, 0...Int.max)
            try map("autoCompleteList", &autoCompleteList, count: 0...100, 1...1000)
            try map("keyboardProperties", &keyboardProperties)
            try map("inputMasked", &inputMasked)
            try map("msLeft", &msLeft, 0...Int.max, default: 0)
        }
    }

    /// A stored choice set.
    public struct ChoiceSet: SDLStruct, Hashable {
        /// The set's ID.
        public var interactionChoiceSetID = 0
        /// Its choices' IDs.
        public var choiceIDs: [Int] = []
        /// Every choice has voice commands (the set has a VR grammar).
        public var hasVrCommands = false
        /// False while the HMI has not answered its VR registration, or while it is being deleted.
        public var available = true

        public init() {}

        /// The set `id` of `choiceIDs`.
        public init(id: Int, choiceIDs: [Int], hasVrCommands: Bool, available: Bool) {
            interactionChoiceSetID = id
            self.choiceIDs = choiceIDs
            self.hasVrCommands = hasVrCommands
            self.available = available
        }

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("interactionChoiceSetID", &interactionChoiceSetID, 0...2_000_000_000)
            try map("choiceIDs", &choiceIDs, count: 1...100, 0...65535)
            try map("hasVrCommands", &hasVrCommands)
            try map("available", &available)
        }
    }

    /// An uploaded file of the app.
    public struct File: SDLStruct, Hashable {
        /// The file's name.
        public var syncFileName = ""
        /// Its type.
        public var fileType = FileType.binary
        /// In bytes.
        public var size = 0
        /// Whether it stays across registrations.
        public var persistentFile = false

        public init() {}

        /// A file of `size` bytes.
        public init(syncFileName: String, fileType: FileType, size: Int, persistentFile: Bool) {
            self.syncFileName = syncFileName
            self.fileType = fileType
            self.size = size
            self.persistentFile = persistentFile
        }

        /// Reads or writes each parameter through `map`, checking SDL's limits.
        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("syncFileName", &syncFileName, 1...255)
            try map("fileType", &fileType)
            try map("size", &size, 0...Int.max)
            try map("persistentFile", &persistentFile)
        }
    }
}
