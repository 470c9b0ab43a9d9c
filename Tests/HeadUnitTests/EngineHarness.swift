import HeadUnit
import SimulatorHost
import JSONCodec
import SDLModel
import Testing

/// Drives a head unit the way a peer does, without a process: JSON lines go into a
/// `SimulatorSession`, and every message that comes out is kept, parsed, in order.
///
///     let hu = EngineHarness()
///     hu.register()
///     hu.createSet(id: 1, choices: [choice(1, "Berlin", vr: ["Berlin"])])
///     let pick = hu.start("PerformInteraction", performParams(sets: [1]))
///     hu.send("User.SelectChoice", ["choiceID": 1])
///     #expect(hu.result(of: pick)?["choiceID"] == 1)
final class EngineHarness {
    let engine: HeadUnitEngine
    let session: SimulatorSession
    /// Every message the head unit wrote, oldest first.
    private(set) var transcript: [JSON] = []
    /// The messages caused by the last line sent.
    private(set) var lastOutput: [JSON] = []
    private var nextID: Int64 = 1

    init(profile: Profile = .full, autoActivate: Bool = true, quotaBytes: Int = 100 << 20) {
        engine = HeadUnitEngine(
            configuration: EngineConfiguration(profile: profile, clock: .virtual, autoActivate: autoActivate, quotaBytes: quotaBytes),
            store: MemoryFileStore())
        session = SimulatorSession(engine: engine)
    }

    /// A request the test sent; its reply may come later.
    struct Pending {
        let id: Int64
    }

    // MARK: Sending

    /// Sends one raw line (no newline needed) and returns the messages it caused.
    @discardableResult
    func line(_ text: String) -> [JSON] {
        let before = transcript.count
        session.receive(Array((text + "\n").utf8))
        collect()
        lastOutput = Array(transcript[before...])
        return lastOutput
    }

    /// Sends a request and returns at once; read its reply later with `result(of:)`.
    @discardableResult
    func start(_ method: String, _ params: JSON? = nil) -> Pending {
        let id = nextID
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { message["params"] = params }
        line(JSON.object(message).serializedString)
        return Pending(id: id)
    }

    /// Sends a request and returns its reply's `result`; records an issue if the request
    /// was not answered at once, or was answered with a JSON-RPC error.
    @discardableResult
    func send(_ method: String, _ params: JSON? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
        let pending = start(method, params)
        guard let reply = lastOutput.first(where: { $0["id"] == .integer(pending.id) }) else {
            Issue.record("\(method) was not answered at once; it caused \(lastOutput)", sourceLocation: sourceLocation)
            return .null
        }
        guard let result = reply["result"] else {
            Issue.record("\(method) was answered with an error: \(reply)", sourceLocation: sourceLocation)
            return .null
        }
        return result
    }

    /// The app's end of input (the peer closed stdin).
    func endOfInput() {
        let before = transcript.count
        session.endOfInput()
        collect()
        lastOutput = Array(transcript[before...])
    }

    // MARK: Reading

    /// The `result` of the reply to `request`, if it has been answered.
    func result(of request: Pending) -> JSON? {
        replies(to: request).first?["result"]
    }

    /// Every reply to `request` (a request must be answered exactly once).
    func replies(to request: Pending) -> [JSON] {
        transcript.filter { $0["id"] == .integer(request.id) && $0["method"] == nil }
    }

    /// The notifications caused by the last line, oldest first.
    var notifications: [JSON] { lastOutput.filter(Self.isNotification) }

    /// The notifications named `method` caused by the last line.
    func notifications(_ method: String) -> [JSON] { notifications.filter { $0["method"] == .string(method) } }

    /// The params of every `OnKeyboardInput` caused by the last line.
    var keyboardInputs: [JSON] { notifications("OnKeyboardInput").compactMap { $0["params"] } }

    /// The system context of every `OnHMIStatus` caused by the last line.
    var systemContexts: [String] {
        notifications("OnHMIStatus").compactMap { $0["params"]?["systemContext"]?.stringValue }
    }

    /// `Sim.GetState`'s result.
    var state: JSON { send("Sim.GetState") }

    /// The interaction on screen, as `Sim.GetState` reports it (null when none).
    var interaction: JSON { state["interaction"] ?? .null }

    private func collect() {
        let text = String(decoding: session.output, as: UTF8.self)
        session.output.removeAll()
        for line in text.split(separator: "\n") {
            transcript.append((try? JSON.parse(String(line))) ?? .string("not JSON: \(line)"))
        }
    }

    private static func isNotification(_ message: JSON) -> Bool { message["method"] != nil && message["id"] == nil }

    // MARK: Steps of a typical session

    /// Registers the app with the given SDL version; returns the RegisterAppInterface result.
    @discardableResult
    func register(version: (major: Int64, minor: Int64) = (8, 0), media: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
        send("RegisterAppInterface", registration(version: version, media: media), sourceLocation: sourceLocation)
    }

    /// Creates a choice set; returns the result.
    @discardableResult
    func createSet(id: Int64, choices: [JSON], sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
        send("CreateInteractionChoiceSet", ["interactionChoiceSetID": .integer(id), "choiceSet": .array(choices)], sourceLocation: sourceLocation)
    }

    /// Starts a PerformInteraction; it is answered when the interaction ends.
    @discardableResult
    func perform(
        sets: [Int64], mode: String = "MANUAL_ONLY", layout: String? = nil, timeout: Int64? = nil, cancelID: Int64? = nil,
        initialText: String = "Pick one"
    ) -> Pending {
        start("PerformInteraction", performParams(sets: sets, mode: mode, layout: layout, timeout: timeout, cancelID: cancelID, initialText: initialText))
    }

    /// Moves the virtual clock; returns the Sim.AdvanceTime result.
    @discardableResult
    func advance(ms: Int64) -> JSON { send("Sim.AdvanceTime", ["ms": .integer(ms)]) }

    @discardableResult
    func setKeyboard(_ properties: JSON) -> JSON { send("SetGlobalProperties", ["keyboardProperties": properties]) }

    @discardableResult
    func type(_ text: String) -> JSON { send("User.KeyboardEvent", ["event": "KEYPRESS", "data": .string(text)]) }

    @discardableResult
    func keyboardEvent(_ event: String, data: String? = nil) -> JSON {
        var params: JSONObject = ["event": .string(event)]
        if let data { params["data"] = .string(data) }
        return send("User.KeyboardEvent", .object(params))
    }

    @discardableResult
    func injectFault(_ params: JSON) -> JSON { send("Sim.InjectFault", params) }

    /// A registered app with one set of cities (IDs 1–3, voice commands) on a fresh head unit.
    static func withCities(profile: Profile = .full) -> EngineHarness {
        let hu = EngineHarness(profile: profile)
        hu.register()
        hu.createSet(id: 1, choices: cities)
        return hu
    }
}

// MARK: Building parameters

/// RegisterAppInterface's parameters.
func registration(version: (major: Int64, minor: Int64) = (8, 0), media: Bool = false) -> JSON {
    [
        "appName": "Demo", "appID": "demo-1", "isMediaApplication": .bool(media), "languageDesired": "EN-US",
        "hmiDisplayLanguageDesired": "EN-US",
        "syncMsgVersion": ["majorVersion": .integer(version.major), "minorVersion": .integer(version.minor)],
    ]
}

/// A choice, with voice commands when `vr` is given.
func choice(_ id: Int64, _ name: String, vr: [String]? = nil, extra: JSONObject = [:]) -> JSON {
    var object: JSONObject = ["choiceID": .integer(id), "menuName": .string(name)]
    if let vr { object["vrCommands"] = .array(vr.map { .string($0) }) }
    for member in extra { object[member.key] = member.value }
    return .object(object)
}

/// Berlin (1), Bern (2) and Paris (3), each with its name as voice command.
let cities: [JSON] = [choice(1, "Berlin", vr: ["Berlin"]), choice(2, "Bern", vr: ["Bern"]), choice(3, "Paris", vr: ["Paris"])]

/// PerformInteraction's parameters.
func performParams(
    sets: [Int64], mode: String = "MANUAL_ONLY", layout: String? = nil, timeout: Int64? = nil, cancelID: Int64? = nil,
    initialText: String = "Pick one", extra: JSONObject = [:]
) -> JSON {
    var object: JSONObject = [
        "initialText": .string(initialText), "interactionMode": .string(mode),
        "interactionChoiceSetIDList": .array(sets.map { .integer($0) }),
    ]
    if let layout { object["interactionLayout"] = .string(layout) }
    if let timeout { object["timeout"] = .integer(timeout) }
    if let cancelID { object["cancelID"] = .integer(cancelID) }
    for member in extra { object[member.key] = member.value }
    return .object(object)
}

extension JSON {
    /// `resultCode` of an SDL result.
    var code: String? { self["resultCode"]?.stringValue }
    var info: String? { self["info"]?.stringValue }
    var succeeded: Bool? { self["success"]?.boolValue }
}
