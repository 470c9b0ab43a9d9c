/// Runs `operation` until the timekeeper reaches `deadline` at the latest. The operation runs
/// in its own task, so one that ignores cancellation cannot hold the caller past the
/// deadline; its late result is dropped.
func withDeadline<Value: Sendable>(
    _ deadline: Duration, on timekeeper: Timekeeper, _ operation: @escaping @Sendable () async throws -> Value
) async throws(TimeLimitFailure) -> Value {
    let completion = OnceCompletion<Value>()
    let work = Task {
        do { completion.finish(.success(try await operation())) } catch { completion.finish(.failure(error)) }
    }
    let timer = Task {
        try await timekeeper.sleep(deadline)
        completion.finish(.failure(TimeLimitFailure.timedOut))
    }
    let outcome = await withTaskCancellationHandler {
        await completion.outcome
    } onCancel: {
        completion.finish(.failure(TimeLimitFailure.cancelled))
    }
    work.cancel()
    timer.cancel()
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
