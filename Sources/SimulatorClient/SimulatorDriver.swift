import JSONCodec
import SDLManager
import SDLModel

/// Where a driver's requests go: the connection to a simulator (hu-sim reads the driver's
/// requests on the same stdin as the app's), or a simulator running in the same process.
public protocol SimulatorChannel: Sendable {
    /// Sends the request `method` with `params` and returns its JSON-RPC `result` as it came.
    func perform(_ method: String, params: JSONObject) async throws -> JSON
}

extension SDLConnection: SimulatorChannel {
    public nonisolated func perform(_ method: String, params: JSONObject) async throws -> JSON {
        try await request(method, params: params)
    }
}

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

    /// Where its requests go.
    public let channel: any SimulatorChannel

    /// A driver sending its requests over `connection`, beside the app's.
    public init(_ connection: SDLConnection) { self.channel = connection }

    /// A driver sending its requests through `channel`.
    public init(channel: any SimulatorChannel) { self.channel = channel }

    /// Sends `request` (one of the simulator's, or any other) and returns its response;
    /// `success: false` throws `SDLResultError`.
    @discardableResult
    public func send<R: SDLRequest>(_ request: R) async throws -> SDLResponse<R.ResponseParameters> {
        try SDLConnection.checkedResponse(try await channel.perform(R.method, params: request.parameters), method: R.method)
    }

    /// Types `text` on the on-screen keyboard (`BS` is a backspace).
    public func type(_ text: String) async throws {
        try await send(UserKeyboardEvent(.keypress, data: text))
    }

    /// Submits what is on the keyboard.
    public func submit() async throws {
        try await send(UserKeyboardEvent(.entrySubmitted))
    }

    /// Taps the visible choice with this menu name.
    public func tap(_ menuName: String) async throws {
        try await send(UserSelectChoice(menuName: menuName))
    }

    public func tap(choiceID: Int) async throws {
        try await send(UserSelectChoice(choiceID: choiceID))
    }

    /// Says a voice command.
    public func say(_ utterance: String) async throws {
        try await send(UserSpeak(utterance))
    }

    /// Closes what is on screen (the back button): the interaction ends ABORTED.
    public func close() async throws {
        try await send(UserClose())
    }

    /// Brings the app to FULL.
    public func activate() async throws {
        try await send(UserActivate())
    }

    /// Sends the app to BACKGROUND.
    public func deactivate() async throws {
        try await send(UserDeactivate())
    }

    /// Moves the virtual clock on, firing every timer due; returns the new clock in ms.
    @discardableResult
    public func advance(by duration: Duration) async throws -> Int {
        try await send(SimAdvanceTime(ms: milliseconds(duration))).parameters.clockMs
    }

    /// The head unit's screen and store.
    public func state() async throws -> SimGetState.Response {
        try await send(SimGetState()).parameters
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
        try await send(injection)
    }

    /// A fresh head unit: the app is unregistered (MASTER_RESET) and persistent files stay.
    public func reset() async throws {
        try await send(SimReset())
    }
}

private func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}
