// The simulated driver (`User.*`) and the simulator's controls (`Sim.*`), PROTOCOL.md §5.

public struct UserKeyboardEvent: SDLRequest, Hashable {
    public static let method = "User.KeyboardEvent"
    public static let functionID = 0

    public var event = KeyboardEvent.keypress
    public var data: String?

    public init() {}

    public init(_ event: KeyboardEvent, data: String? = nil) {
        self.event = event
        self.data = data
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("event", &event)
        try map("data", &data, 0...100_000)
    }
}

public struct UserSelectChoice: SDLRequest, Hashable {
    public static let method = "User.SelectChoice"
    public static let functionID = 0

    public var choiceID: Int?
    public var menuName: String?

    public init() {}

    public init(choiceID: Int) { self.choiceID = choiceID }
    public init(menuName: String) { self.menuName = menuName }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("choiceID", &choiceID, 0...65535)
        try map("menuName", &menuName, 1...500)
    }
}

public struct UserSelectAutocomplete: SDLRequest, Hashable {
    public static let method = "User.SelectAutocomplete"
    public static let functionID = 0

    public var index: Int?
    public var text: String?

    public init() {}

    public init(index: Int) { self.index = index }
    public init(text: String) { self.text = text }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("index", &index, 0...99)
        try map("text", &text, 1...1000)
    }
}

public struct UserSpeak: SDLRequest, Hashable {
    public static let method = "User.Speak"
    public static let functionID = 0

    public var utterance = ""

    public init() {}

    public init(_ utterance: String) { self.utterance = utterance }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("utterance", &utterance, 1...500)
    }
}

public struct UserClose: SDLRequest, Hashable {
    public static let method = "User.Close"
    public static let functionID = 0
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

public struct UserActivate: SDLRequest, Hashable {
    public static let method = "User.Activate"
    public static let functionID = 0
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
}

public struct UserDeactivate: SDLRequest, Hashable {
    public static let method = "User.Deactivate"
    public static let functionID = 0
    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
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

/// The head unit's screen and store (its `Response` is in SimulatorState.swift).
public struct SimGetState: SDLRequest, Hashable {
    /// The RPC's name on the wire.
    public static let method = "Sim.GetState"
    public static let functionID = 0
    public init() {}
    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}
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

    public init() {}

    public init(method: String, resultCode: ResultCode? = nil, info: String? = nil, delayMs: Int? = nil, drop: Bool? = nil, count: Int = 1) {
        self.method = method
        self.resultCode = resultCode
        self.info = info
        self.delayMs = delayMs
        self.drop = drop
        self.count = count
    }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("method", &method, 1...100)
        try map("resultCode", &resultCode)
        try map("info", &info, 1...1000)
        try map("delayMs", &delayMs, 0...1_000_000_000)
        try map("drop", &drop)
        try map("count", &count, 1...1_000_000, default: 1)
    }
}
