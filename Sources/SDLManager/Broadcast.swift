import Synchronization

/// A value's observers, each an `AsyncStream` that starts with the value at the time it was
/// asked for and then gets every change, until the owner finishes them all. The owner (an
/// actor) yields in order; a stream its consumer drops stops being told.
final class Broadcast<Value: Sendable>: Sendable {
    private struct State {
        var observers: [Int: AsyncStream<Value>.Continuation] = [:]
        var nextKey = 0
        var isFinished = false
    }

    private let state = Mutex(State())

    /// A stream starting with `current`; one that has already finished if `finish()` was called.
    func stream(startingWith current: Value) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        continuation.yield(current)
        let key = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            state.nextKey += 1
            state.observers[state.nextKey] = continuation
            return state.nextKey
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.observers.removeValue(forKey: key) } }
        return stream
    }

    /// Whether anyone is listening (so the owner can skip building a value nobody gets).
    var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }

    func yield(_ value: Value) {
        for observer in state.withLock({ Array($0.observers.values) }) { observer.yield(value) }
    }

    /// Ends every stream, and every later one at once.
    func finish() {
        // Finished outside the lock: finishing runs the stream's onTermination, which takes it.
        let observers = state.withLock { state in
            state.isFinished = true
            defer { state.observers = [:] }
            return Array(state.observers.values)
        }
        for observer in observers { observer.finish() }
    }
}
