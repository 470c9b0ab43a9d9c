/// A value's observers, each an `AsyncStream` that starts with the value at the time it was
/// asked for and then gets every change, until the owner finishes them all. A stream its
/// consumer dropped is let go at the next change.
@SDLActor final class Broadcast<Value: Sendable> {
    private var observers: [AsyncStream<Value>.Continuation] = []
    private var isFinished = false

    nonisolated init() {}

    /// A stream starting with `current`; one that has already finished if `finish()` was called.
    func stream(startingWith current: Value) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        continuation.yield(current)
        if isFinished { continuation.finish() } else { observers.append(continuation) }
        return stream
    }

    /// Whether anyone may be listening (so the owner can skip building a value nobody gets).
    var hasObservers: Bool { !observers.isEmpty }

    func yield(_ value: Value) {
        observers.removeAll { observer in
            if case .terminated = observer.yield(value) { true } else { false }
        }
    }

    /// Ends every stream, and every later one at once.
    func finish() {
        isFinished = true
        for observer in observers { observer.finish() }
        observers = []
    }
}
