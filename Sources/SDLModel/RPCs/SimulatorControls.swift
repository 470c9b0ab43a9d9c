// The simulated driver (`User.*`) and the simulator's controls (`Sim.*`), PROTOCOL.md §5, §9.
// Each `User.*` action acts on the app whose interaction is on screen, else on the app in
// FULL; its optional `appID` names another.

/// The longest appID MOBILE_API.xml allows.
let appIDLength = 1...100

public struct UserKeyboardEvent: SDLRequest, Hashable {
    public static let method = "User.KeyboardEvent"
    public static let functionID = 0

    public var event = KeyboardEvent.keypress
    public var data: String?
    public var appID: String?

    public init() {}

    public init(_ event: KeyboardEvent, data: String? = nil) {
        self.event = event
        self.data = data
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("event", &event)
        try map("data", &data, 0...100_000)
        try map("appID", &appID, appIDLength)
    }
}

public struct UserSelectChoice: SDLRequest, Hashable {
    public static let method = "User.SelectChoice"
    public static let functionID = 0

    public var choiceID: Int?
    public var menuName: String?
    public var appID: String?

    public init() {}

    public init(choiceID: Int) { self.choiceID = choiceID }
    public init(menuName: String) { self.menuName = menuName }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("choiceID", &choiceID, 0...65535)
        try map("menuName", &menuName, 1...500)
        try map("appID", &appID, appIDLength)
    }
}

public struct UserSelectAutocomplete: SDLRequest, Hashable {
    public static let method = "User.SelectAutocomplete"
    public static let functionID = 0

    public var index: Int?
    public var text: String?
    public var appID: String?

    public init() {}

    public init(index: Int) { self.index = index }
    public init(text: String) { self.text = text }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("index", &index, 0...99)
        try map("text", &text, 1...1000)
        try map("appID", &appID, appIDLength)
    }
}

public struct UserSpeak: SDLRequest, Hashable {
    public static let method = "User.Speak"
    public static let functionID = 0

    public var utterance = ""
    public var appID: String?

    public init() {}

    public init(_ utterance: String) { self.utterance = utterance }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("utterance", &utterance, 1...500)
        try map("appID", &appID, appIDLength)
    }
}

public struct UserClose: SDLRequest, Hashable {
    public static let method = "User.Close"
    public static let functionID = 0
    public var appID: String?
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
    }
}

/// The driver picks the app: the app registered over stdin unless `appID` names another.
public struct UserActivate: SDLRequest, Hashable {
    public static let method = "User.Activate"
    public static let functionID = 0
    public var appID: String?
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
    }
}

/// The driver leaves the app in FULL for the home screen: the app registered over stdin
/// unless `appID` names another.
public struct UserDeactivate: SDLRequest, Hashable {
    public static let method = "User.Deactivate"
    public static let functionID = 0
    public var appID: String?
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
    }
}

/// The driver picks the app `appID` in the app list: it goes to FULL, the others move as Core moves them.
public struct UserActivateApp: SDLRequest, Hashable {
    public static let method = "User.ActivateApp"
    public static let functionID = 0
    /// The app picked.
    public var appID = ""
    public init() {}
    /// The driver picks `appID`.
    public init(appID: String) { self.appID = appID }
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
    }
}

/// Why the driver closed an app (the HMI's `Common.ApplicationExitReason`, the two a driver causes).
public enum ApplicationExitReason: String, SDLEnum {
    /// The driver closed it (`USER_EXIT`).
    case userExit = "USER_EXIT"
    /// The car closed it while driving (`DRIVER_DISTRACTION_VIOLATION`).
    case driverDistractionViolation = "DRIVER_DISTRACTION_VIOLATION"
}

/// The driver closes the app `appID`: it goes to NONE and stays registered.
public struct UserExitApp: SDLRequest, Hashable {
    public static let method = "User.ExitApp"
    public static let functionID = 0
    /// The app closed.
    public var appID = ""
    /// Why (`USER_EXIT` unless given).
    public var reason = ApplicationExitReason.userExit
    public init() {}
    /// The driver closes `appID` for `reason`.
    public init(appID: String, reason: ApplicationExitReason = .userExit) {
        self.appID = appID
        self.reason = reason
    }
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
        try map("reason", &reason, default: .userExit)
    }
}

public struct SimAdvanceTime: SDLRequest, Hashable {
    public static let method = "Sim.AdvanceTime"
    public static let functionID = 0

    public var ms = 0

    public init() {}

    public init(ms: Int) { self.ms = ms }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("ms", &ms, 0...1_000_000_000)
    }

    /// The clock after the move.
    public struct Response: SDLStruct, Hashable {
        public var clockMs = 0

        public init() {}

        public init(clockMs: Int) { self.clockMs = clockMs }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("clockMs", &clockMs, 0...Int.max)
        }
    }
    public typealias ResponseParameters = Response
}

/// The head unit's screen and store (its `Response` is in SimulatorState.swift): the top
/// level shows the app registered over stdin, or the app `appID` names.
public struct SimGetState: SDLRequest, Hashable {
    /// The RPC's name on the wire.
    public static let method = "Sim.GetState"
    public static let functionID = 0
    /// The app to show at the top level.
    public var appID: String?
    public init() {}
    /// The state showing the app `appID`.
    public init(appID: String?) { self.appID = appID }
    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
    }
    /// The answer: the head unit's state.
    public typealias ResponseParameters = Response
}

public struct SimReset: SDLRequest, Hashable {
    public static let method = "Sim.Reset"
    public static let functionID = 0
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

public struct SimInjectFault: SDLRequest, Hashable {
    public static let method = "Sim.InjectFault"
    public static let functionID = 0

    public var method = ""
    public var resultCode: ResultCode?
    public var info: String?
    public var delayMs: Int?
    public var drop: Bool?
    public var count = 1
    /// The app whose calls the fault takes; without it, the next calls of any app.
    public var appID: String?

    public init() {}

    public init(
        method: String, resultCode: ResultCode? = nil, info: String? = nil, delayMs: Int? = nil, drop: Bool? = nil, count: Int = 1,
        appID: String? = nil
    ) {
        self.method = method
        self.resultCode = resultCode
        self.info = info
        self.delayMs = delayMs
        self.drop = drop
        self.count = count
        self.appID = appID
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("method", &method, 1...100)
        try map("resultCode", &resultCode)
        try map("info", &info, 1...1000)
        try map("delayMs", &delayMs, 0...1_000_000_000)
        try map("drop", &drop)
        try map("count", &count, 1...1_000_000, default: 1)
        try map("appID", &appID, appIDLength)
    }
}

/// Registers a simulated app: no peer drives it and nothing is sent to it, but it takes
/// the screen and the audio as a registered app would.
public struct SimAddApp: SDLRequest, Hashable {
    public static let method = "Sim.AddApp"
    public static let functionID = 0

    /// Its name, checked against the others' as a registration's is.
    public var appName = ""
    /// Its ID.
    public var appID = ""
    /// Its app types (NAVIGATION, COMMUNICATION, PROJECTION play audio and take LIMITED).
    public var appHMIType: [AppHMIType]?
    /// Whether it plays media.
    public var isMediaApplication = false

    public init() {}

    /// A simulated app named `appName` with ID `appID`.
    public init(appName: String, appID: String, appHMIType: [AppHMIType]? = nil, isMediaApplication: Bool = false) {
        self.appName = appName
        self.appID = appID
        self.appHMIType = appHMIType
        self.isMediaApplication = isMediaApplication
    }

    // The limits of RegisterAppInterface's parameters of the same names.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appName", &appName, 1...100)
        try map("appID", &appID, appIDLength)
        try map("appHMIType", &appHMIType, count: 1...100)
        try map("isMediaApplication", &isMediaApplication, default: false)
    }

    /// The app added.
    public struct Response: SDLStruct, Hashable {
        /// Its ID.
        public var appID = ""

        public init() {}

        /// The app `appID` was added.
        public init(appID: String) { self.appID = appID }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("appID", &appID, appIDLength)
        }
    }
    public typealias ResponseParameters = Response
}

/// Unregisters a simulated app.
public struct SimRemoveApp: SDLRequest, Hashable {
    public static let method = "Sim.RemoveApp"
    public static let functionID = 0

    /// The simulated app to remove.
    public var appID = ""

    public init() {}

    /// Removes the simulated app `appID`.
    public init(appID: String) { self.appID = appID }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("appID", &appID, appIDLength)
    }
}
