// What `Sim.GetState` answers (PROTOCOL.md §5): the head unit's screen and store, typed
// once for the engine that writes it and every client that reads it. Fields may be added,
// never renamed; `app`, `interaction`, and the interaction's `cancelID` and `layout` are
// `null` when absent. Every field is written; a reader takes a missing one as its default,
// so that it can read a simulator that knows fewer fields.

extension SimGetState {
    public struct Response: SDLStruct, Hashable {
        /// Milliseconds on the head unit's clock.
        public var clockMs = 0
        public var registered = false
        public var app: App?
        public var hmiLevel = HMILevel.none
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
        public var choiceSets: [ChoiceSet] = []
        public var files: [File] = []
        public var quotaBytes = 0
        public var usedBytes = 0
        /// Answers an injected delay holds back, due first first: the app still waits for them.
        public var heldAnswers: [HeldAnswer] = []

        public init() {}

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
        }
    }

    /// An answer an injected delay (`Sim.InjectFault` with `delayMs`) holds back.
    public struct HeldAnswer: SDLStruct, Hashable {
        /// The request's method.
        public var method = ""
        /// Until the answer goes out, on the head unit's clock.
        public var msLeft = 0

        public init() {}

        public init(method: String, msLeft: Int) {
            self.method = method
            self.msLeft = msLeft
        }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("method", &method, 1...Int.max)
            try map("msLeft", &msLeft, 0...Int.max)
        }
    }

    /// The registered app as the HMI knows it (what `BasicCommunication.OnAppRegistered`
    /// tells it), with the SDL version the app and the head unit share.
    public struct App: SDLStruct, Hashable {
        public var appName = ""
        public var appID = ""
        public var syncMsgVersion = SdlMsgVersion()
        public var ngnMediaScreenAppName: String?
        public var ttsName: [TTSChunk]?
        public var vrSynonyms: [String]?
        public var isMediaApplication = false
        public var appHMIType: [AppHMIType]?
        public var hmiDisplayLanguageDesired = Language.enUS
        public var deviceInfo: DeviceInfo?
        public var dayColorScheme: TemplateColorScheme?
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
        public var functionID = PerformInteraction.functionID
        public var cancelID: Int?
        public var interactionMode = InteractionMode.manualOnly
        /// nil for a voice-only interaction.
        public var layout: LayoutMode?
        public var initialText = ""
        public var choiceSetIDs: [Int] = []
        /// The choices shown, after search filtering; without their voice commands, and
        /// without images on a head unit that shows none.
        public var visibleChoices: [Choice] = []
        public var voiceSessionOpen = false
        /// With a keyboard on screen: what is typed, the suggestions, the properties it
        /// shows with, and whether it hides what is typed.
        public var keyboardText: String?
        public var autoCompleteList: [String]?
        public var keyboardProperties: KeyboardProperties?
        public var inputMasked: Bool?
        /// Until the interaction times out.
        public var msLeft = 0

        public init() {}

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
        public var interactionChoiceSetID = 0
        public var choiceIDs: [Int] = []
        /// Every choice has voice commands (the set has a VR grammar).
        public var hasVrCommands = false
        /// False while the HMI has not answered its VR registration, or while it is being deleted.
        public var available = true

        public init() {}

        public init(id: Int, choiceIDs: [Int], hasVrCommands: Bool, available: Bool) {
            interactionChoiceSetID = id
            self.choiceIDs = choiceIDs
            self.hasVrCommands = hasVrCommands
            self.available = available
        }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("interactionChoiceSetID", &interactionChoiceSetID, 0...2_000_000_000)
            try map("choiceIDs", &choiceIDs, count: 1...100, 0...65535)
            try map("hasVrCommands", &hasVrCommands)
            try map("available", &available)
        }
    }

    /// An uploaded file of the app.
    public struct File: SDLStruct, Hashable {
        public var syncFileName = ""
        public var fileType = FileType.binary
        /// In bytes.
        public var size = 0
        public var persistentFile = false

        public init() {}

        public init(syncFileName: String, fileType: FileType, size: Int, persistentFile: Bool) {
            self.syncFileName = syncFileName
            self.fileType = fileType
            self.size = size
            self.persistentFile = persistentFile
        }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("syncFileName", &syncFileName, 1...255)
            try map("fileType", &fileType)
            try map("size", &size, 0...Int.max)
            try map("persistentFile", &persistentFile)
        }
    }
}
