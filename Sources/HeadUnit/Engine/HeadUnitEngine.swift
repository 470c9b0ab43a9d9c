import JSONCodec
import JSONRPC

/// What the engine asks its host to send.
public enum EngineOutput: Sendable {
    case answer(ReplyAddress, Result<JSON, RPCError>)
    case notification(method: String, params: JSONObject)
}

/// The head unit: SDL Core's checks, the HMI's behaviour and the simulated driver, as a
/// deterministic state machine. Calls and clock ticks go in; answers and notifications
/// come out through `takeOutput()`. It reads no clock and does no I/O of its own.
public final class HeadUnitEngine {
    private var outbox: [EngineOutput] = []

    public init() {
        outbox.reserveCapacity(8)
    }

    public func handle(_ call: Call) {
        guard let address = call.replyTo else { return }
        outbox.append(.answer(address, .failure(.methodNotFound(call.method))))
    }

    public func advanceClock(to now: Int64) {}

    /// When the next timer is due, on the clock `advanceClock(to:)` speaks of.
    public var nextDeadline: Int64? { nil }

    public func disconnect() {}

    /// Hands over the messages produced since the last call, oldest first.
    public func drainOutput(_ body: (EngineOutput) -> Void) {
        guard !outbox.isEmpty else { return }
        for message in outbox { body(message) }
        outbox.removeAll(keepingCapacity: true)
    }
}
