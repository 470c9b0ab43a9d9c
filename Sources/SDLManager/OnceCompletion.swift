import Synchronization

/// An outcome that is set exactly once and can be awaited by any number of tasks.
/// Later attempts to set it are ignored, which is what lets a watchdog, a cancel and the
/// work itself race to finish an operation without finishing it twice.
final class OnceCompletion<Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, any Error>

    private enum State {
        case pending(waiters: [CheckedContinuation<Outcome, Never>], handlers: [@Sendable (Outcome) -> Void])
        case finished(Outcome)
    }

    private let state = Mutex(State.pending(waiters: [], handlers: []))

    var isFinished: Bool {
        state.withLock { if case .finished = $0 { true } else { false } }
    }

    /// Sets the outcome; false if it was already set.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        let toNotify = state.withLock { state -> ([CheckedContinuation<Outcome, Never>], [@Sendable (Outcome) -> Void])? in
            guard case .pending(let waiters, let handlers) = state else { return nil }
            state = .finished(outcome)
            return (waiters, handlers)
        }
        guard let (waiters, handlers) = toNotify else { return false }
        for handler in handlers { handler(outcome) }
        for waiter in waiters { waiter.resume(returning: outcome) }
        return true
    }

    /// Runs `handler` with the outcome once it is set (at once if it already is).
    func whenFinished(_ handler: @escaping @Sendable (Outcome) -> Void) {
        let finished = state.withLock { state -> Outcome? in
            switch state {
            case .finished(let outcome): return outcome
            case .pending(let waiters, let handlers):
                state = .pending(waiters: waiters, handlers: handlers + [handler])
                return nil
            }
        }
        if let finished { handler(finished) }
    }

    var outcome: Outcome {
        get async {
            await withCheckedContinuation { continuation in
                let finished = state.withLock { state -> Outcome? in
                    switch state {
                    case .finished(let outcome): return outcome
                    case .pending(let waiters, let handlers):
                        state = .pending(waiters: waiters + [continuation], handlers: handlers)
                        return nil
                    }
                }
                if let finished { continuation.resume(returning: finished) }
            }
        }
    }

    var value: Value {
        get async throws { try await outcome.get() }
    }
}
