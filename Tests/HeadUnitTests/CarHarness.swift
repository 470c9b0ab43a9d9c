import HeadUnit
import JSONCodec
import SDLModel
import SimulatorHost
import Testing

/// A head unit with several apps, each a JSON-RPC peer of its own, and a driver (a peer of
/// its own that registers nothing) for `User.*` and `Sim.*`, without a process.
///
///     let car = CarHarness()
///     let radio = car.connect()
///     radio.register("Radio", appID: "radio-1", media: true)
///     let maps = car.connect()
///     maps.register("Maps", appID: "maps-1")
///     car.drive("User.ActivateApp", ["appID": "maps-1"])
///     #expect(radio.levels == ["LIMITED"])
final class CarHarness {
    let host: EngineHost
    let driver: AppPeer

    init(autoActivate: Bool = true, maxApps: Int = EngineConfiguration.defaultMaxApps) {
        host = EngineHost(
            engine: HeadUnitEngine(
                configuration: EngineConfiguration(clock: .virtual, autoActivate: autoActivate, maxApps: maxApps), store: MemoryFileStore()))
        driver = AppPeer(host: host)
    }

    var engine: HeadUnitEngine { host.engine }

    /// A new peer, an app to be.
    func connect() -> AppPeer { AppPeer(host: host) }

    /// A request of the driver's; returns its result (null if unanswered or an error).
    @discardableResult
    func drive(_ method: String, _ params: JSONObject = [:]) -> JSON { driver.send(method, params) }

    /// `Sim.GetState`, showing the app `appID` at the top level when given.
    func state(of appID: String? = nil) -> JSON {
        drive("Sim.GetState", appID.map { ["appID": .string($0)] } ?? [:])
    }

    /// `Sim.GetState`'s entry in `apps` for `appID`.
    func status(of appID: String) -> JSON? {
        state()["apps"]?.arrayValue?.first { $0["appID"] == .string(appID) }
    }
}

/// One JSON-RPC peer of the car: what it sends, and what it received since last asked.
final class AppPeer {
    let session: SimulatorSession
    private var nextID: Int64 = 1
    /// Every message received and not yet taken, oldest first.
    private(set) var inbox: [JSON] = []

    init(host: EngineHost) {
        session = SimulatorSession(host: host)
    }

    /// Sends a request; returns its id (the reply may come later: `reply(to:)`).
    @discardableResult
    func start(_ method: String, _ params: JSONObject = [:]) -> Int64 {
        let id = nextID
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if !params.isEmpty { message["params"] = .object(params) }
        session.receive(Array((JSON.object(message).serializedString + "\n").utf8))
        collect()
        return id
    }

    /// Sends a request and returns its result, taking it from the inbox.
    @discardableResult
    func send(_ method: String, _ params: JSONObject = [:], sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
        let id = start(method, params)
        guard let result = reply(to: id) else {
            Issue.record("\(method) was not answered at once", sourceLocation: sourceLocation)
            return .null
        }
        return result
    }

    /// The result of the reply to `id`, taken from the inbox; nil when it has not come.
    func reply(to id: Int64) -> JSON? {
        collect()
        guard let index = inbox.firstIndex(where: { $0["id"] == .integer(id) && $0["method"] == nil }) else { return nil }
        return inbox.remove(at: index)["result"] ?? .null
    }

    /// Registers an app; returns the RegisterAppInterface result.
    @discardableResult
    func register(
        _ name: String, appID: String, media: Bool = false, types: [String]? = nil, extra: JSONObject = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSON {
        var params: JSONObject = [
            "appName": .string(name), "appID": .string(appID), "isMediaApplication": .bool(media), "languageDesired": "EN-US",
            "hmiDisplayLanguageDesired": "EN-US", "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
        ]
        if let types { params["appHMIType"] = .array(types.map { .string($0) }) }
        for member in extra { params[member.key] = member.value }
        return send("RegisterAppInterface", params, sourceLocation: sourceLocation)
    }

    /// The notifications received since last asked, taken from the inbox.
    func notifications(_ method: String? = nil) -> [JSON] {
        collect()
        let taken = inbox.filter { $0["id"] == nil && (method == nil || $0["method"] == .string(method!)) }
        inbox.removeAll { $0["id"] == nil && (method == nil || $0["method"] == .string(method!)) }
        return taken
    }

    /// The HMI levels of the OnHMIStatus received since last asked, taking them.
    var levels: [String] { notifications("OnHMIStatus").compactMap { $0["params"]?["hmiLevel"]?.stringValue } }

    /// The params of the OnHMIStatus received since last asked, taking them.
    var statuses: [JSON] { notifications("OnHMIStatus").compactMap { $0["params"] } }

    /// Drops everything received so far.
    func forget() {
        collect()
        inbox.removeAll()
    }

    private func collect() {
        let text = String(decoding: session.output, as: UTF8.self)
        session.output.removeAll()
        for line in text.split(separator: "\n") {
            inbox.append((try? JSON.parse(String(line))) ?? .string("not JSON: \(line)"))
        }
    }
}
