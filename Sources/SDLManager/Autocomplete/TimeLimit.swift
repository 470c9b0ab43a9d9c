import Synchronization

/// Runs `operation` until the timekeeper reaches `deadline` at the latest. The operation runs
/// in its own task, so one that ignores cancellation cannot hold the caller past the
/// deadline; its late result is dropped. Providers call it from anywhere, outside the
/// manager's domain: who comes first (the work, the timer, a cancel) is settled under a lock.
func withDeadline<Value: Sendable>(
    _ deadline: Duration, on timekeeper: Timekeeper, _ operation: @escaping @Sendable () async throws -> Value
) async throws(TimeLimitFailure) -> Value {
    let race = FirstOutcome<Value>()
    let outcome = await withTaskCancellationHandler {
        await race.outcome(
            of: [
                { do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) } },
                {
                    do { try await timekeeper.sleep(deadline) } catch { return }
                    race.finish(.failure(TimeLimitFailure.timedOut))
                },
            ])
    } onCancel: {
        race.finish(.failure(TimeLimitFailure.cancelled))
    }
    switch outcome {
    case .success(let value): return value
    case .failure(let failure as TimeLimitFailure): throw failure
    case .failure(let error): throw .failed(error)
    }
}

enum TimeLimitFailure: Error {
    case timedOut
    case cancelled
    case failed(any Error)
}

/// The first outcome of racing tasks; the later ones are dropped and the tasks cancelled.
private final class FirstOutcome<Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, any Error>

    private struct State {
        var outcome: Outcome?
        var waiter: CheckedContinuation<Outcome, Never>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Starts a task for each of `racers` (unless it is over already) and waits for the first outcome.
    func outcome(of racers: [@Sendable () async -> Void]) async -> Outcome {
        await withCheckedContinuation { continuation in
            let early = state.withLock { state -> Outcome? in
                if state.outcome == nil { state.waiter = continuation }
                return state.outcome
            }
            if let early { return continuation.resume(returning: early) }
            let tasks = racers.map { racer in Task { await racer() } }
            let over = state.withLock { state -> Bool in
                state.tasks = tasks
                return state.outcome != nil
            }
            if over { for task in tasks { task.cancel() } }
        }
    }

    func finish(_ outcome: Outcome) {
        let (waiter, tasks) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, [Task<Void, Never>]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer {
                state.waiter = nil
                state.tasks = []
            }
            return (state.waiter, state.tasks)
        }
        waiter?.resume(returning: outcome)
        for task in tasks { task.cancel() }
    }
}
