import Logging

/// Awaits an interaction's `result`; cancelling the awaiting task asks `cancel` to end the
/// interaction (`what` names it in the log when it cannot be ended).
@SDLActor func resultCancellingWithTask<Result: Sendable>(
    of what: String, logger: Logger, result: () async -> Result, cancel: @escaping @SDLActor () async throws -> Void
) async -> Result {
    await withTaskCancellationHandler {
        await result()
    } onCancel: {
        Task { @SDLActor in
            do {
                try await cancel()
            } catch {
                logger.notice("the awaiting task was cancelled, but the \(what) goes on: \(error)")
            }
        }
    }
}
