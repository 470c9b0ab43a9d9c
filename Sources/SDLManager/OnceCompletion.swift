/// An outcome that is set exactly once and can be awaited by any number of tasks.
/// Later attempts to set it are ignored, which is what lets a watchdog, a cancel and the
/// work itself race to finish an operation without finishing it twice.
@SDLActor final class OnceCompletion<Value: Sendable> {
    typealias Outcome = Result<Value, any Error>

    private var outcome: Outcome?
    private var waiters: [CheckedContinuation<Outcome, Never>] = []
    private var handlers: [(Outcome) -> Void] = []

    nonisolated init() {}

    var isFinished: Bool { outcome != nil }

    /// Sets the outcome; false if it was already set. Handlers run at once, waiters resume after.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        guard self.outcome == nil else { return false }
        self.outcome = outcome
        let (handlers, waiters) = (self.handlers, self.waiters)
        self.handlers = []
        self.waiters = []
        for handler in handlers { handler(outcome) }
        for waiter in waiters { waiter.resume(returning: outcome) }
        return true
    }

    /// Runs `handler` with the outcome once it is set (at once if it is).
    func whenFinished(_ handler: @escaping (Outcome) -> Void) {
        if let outcome { handler(outcome) } else { handlers.append(handler) }
    }

    /// The outcome; waits until it is set.
    var result: Outcome {
        get async {
            if let outcome { return outcome }
            return await withCheckedContinuation { waiters.append($0) }
        }
    }

    var value: Value {
        get async throws { try await result.get() }
    }
}
