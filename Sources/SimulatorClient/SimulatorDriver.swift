import JSONCodec
import SDLManager
import SDLModel

/// The simulated driver and the simulator's controls (PROTOCOL.md §5), so an app test reads:
///
/// ```swift
/// let user = SimulatorDriver(connection)
/// try await user.type("Ber")
/// try await user.tap("Berlin")
/// try await user.advance(by: .seconds(10))
/// ```
/// Each action throws `SDLResultError` when the head unit cannot take it (e.g. `IGNORED`
/// when nothing is on screen).
public struct SimulatorDriver: Sendable {
    /// What an injected fault does to the next calls of a method.
    public enum Fault: Sendable, Equatable {
        /// Answers with this result (the HMI's answer where Core waits for the HMI).
        case result(ResultCode, info: String? = nil)
        /// Holds the answer back by this much simulated time.
        case delay(Duration)
        /// Never answers: the app's own timeout must save it.
        case drop
    }

    public let connection: SDLConnection

    public init(_ connection: SDLConnection) { self.connection = connection }

    /// Types `text` on the on-screen keyboard (`BS` is a backspace).
    public func type(_ text: String) async throws {
        _ = try await connection.send(UserKeyboardEvent(.keypress, data: text))
    }

    /// Submits what is on the keyboard.
    public func submit() async throws {
        _ = try await connection.send(UserKeyboardEvent(.entrySubmitted))
    }

    /// Taps the visible choice with this menu name.
    public func tap(_ menuName: String) async throws {
        _ = try await connection.send(UserSelectChoice(menuName: menuName))
    }

    public func tap(choiceID: Int) async throws {
        _ = try await connection.send(UserSelectChoice(choiceID: choiceID))
    }

    /// Says a voice command.
    public func say(_ utterance: String) async throws {
        _ = try await connection.send(UserSpeak(utterance))
    }

    /// Closes what is on screen (the back button): the interaction ends ABORTED.
    public func close() async throws {
        _ = try await connection.send(UserClose())
    }

    /// Brings the app to FULL.
    public func activate() async throws {
        _ = try await connection.send(UserActivate())
    }

    /// Sends the app to BACKGROUND.
    public func deactivate() async throws {
        _ = try await connection.send(UserDeactivate())
    }

    /// Moves the virtual clock on, firing every timer due; returns the new clock in ms.
    @discardableResult
    public func advance(by duration: Duration) async throws -> Int {
        let result = try await simulatorRequest(SimAdvanceTime(ms: milliseconds(duration)))
        return result["clockMs"]?.integerValue.map(Int.init) ?? 0
    }

    /// The head unit's screen and store.
    public func state() async throws -> SimulatorState {
        SimulatorState(try await simulatorRequest(SimGetState()))
    }

    /// Makes the next `count` calls of `request` fail, come late, or never be answered.
    public func injectFault<R: SDLRequest>(_ fault: Fault, on request: R.Type, count: Int = 1) async throws {
        var injection = SimInjectFault(method: R.method, count: count)
        switch fault {
        case .result(let code, let info):
            injection.resultCode = code
            injection.info = info
        case .delay(let duration):
            injection.delayMs = milliseconds(duration)
        case .drop:
            injection.drop = true
        }
        _ = try await connection.send(injection)
    }

    /// A fresh head unit: the app is unregistered (MASTER_RESET) and persistent files stay.
    public func reset() async throws {
        _ = try await connection.send(SimReset())
    }

    /// Sends a Sim.* request and returns its whole result (it carries more than SDL's fields).
    private func simulatorRequest<R: SDLRequest>(_ request: R) async throws -> JSONObject {
        let result = try await connection.request(R.method, params: request.parameters)
        let _: SDLResponse<NoParameters> = try SDLConnection.checkedResponse(result, method: R.method)
        return result.objectValue ?? JSONObject()
    }
}

/// What `Sim.GetState` reports (PROTOCOL.md §5), with the fields tests use most typed.
public struct SimulatorState: Sendable {
    public struct File: Sendable, Equatable {
        public let name: String
        public let fileType: String
        public let size: Int
        public let isPersistent: Bool

        public init(name: String, fileType: String, size: Int, isPersistent: Bool) {
            self.name = name
            self.fileType = fileType
            self.size = size
            self.isPersistent = isPersistent
        }
    }

    public struct Choice: Sendable, Equatable {
        public let choiceID: Int
        public let menuName: String

        public init(choiceID: Int, menuName: String) {
            self.choiceID = choiceID
            self.menuName = menuName
        }
    }

    public struct Interaction: Sendable {
        public let layout: String?
        public let initialText: String?
        /// After search filtering.
        public let visibleChoices: [Choice]
        public let keyboardText: String?
        public let autoCompleteList: [String]
        public let msLeft: Int?
    }

    public let clockMs: Int
    public let isRegistered: Bool
    public let hmiLevel: HMILevel?
    public let systemContext: SystemContext?
    /// What is on screen; nil when nothing is.
    public let interaction: Interaction?
    public let files: [File]
    public let quotaBytes: Int?
    public let usedBytes: Int?
    /// The whole result, for what is not typed here.
    public let json: JSONObject

    init(_ json: JSONObject) {
        self.json = json
        clockMs = json["clockMs"]?.int ?? 0
        isRegistered = json["registered"]?.boolValue ?? false
        hmiLevel = json["hmiLevel"]?.stringValue.flatMap(HMILevel.init(rawValue:))
        systemContext = json["systemContext"]?.stringValue.flatMap(SystemContext.init(rawValue:))
        quotaBytes = json["quotaBytes"]?.int
        usedBytes = json["usedBytes"]?.int
        files = (json["files"]?.arrayValue ?? []).compactMap { file in
            guard let name = file["syncFileName"]?.stringValue else { return nil }
            return File(
                name: name, fileType: file["fileType"]?.stringValue ?? "", size: file["size"]?.int ?? 0,
                isPersistent: file["persistentFile"]?.boolValue ?? false)
        }
        interaction = json["interaction"]?.objectValue.map { screen in
            Interaction(
                layout: screen["layout"]?.stringValue, initialText: screen["initialText"]?.stringValue,
                visibleChoices: (screen["visibleChoices"]?.arrayValue ?? []).compactMap { choice in
                    guard let id = choice["choiceID"]?.int, let name = choice["menuName"]?.stringValue else { return nil }
                    return Choice(choiceID: id, menuName: name)
                },
                keyboardText: screen["keyboardText"]?.stringValue,
                autoCompleteList: (screen["autoCompleteList"]?.arrayValue ?? []).compactMap(\.stringValue),
                msLeft: screen["msLeft"]?.int)
        }
    }
}

private func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}

extension JSON {
    fileprivate var int: Int? { integerValue.map(Int.init) }
}
