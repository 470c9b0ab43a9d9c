import Synchronization

/// Keeps the managers' calls in the order they were made on their way into the queue: a
/// call may suspend before it queues its operation (uploading a choice set's artwork), and
/// a later call — a choice set's or a keyboard's — must not get its operation queued first.
final class SubmissionOrder: Sendable {
    private let tail = Mutex<Task<Void, Never>?>(nil)

    /// Runs `step` after the steps of every earlier call.
    @discardableResult
    func after<Value: Sendable>(_ step: @escaping @Sendable () async -> Value) -> Task<Value, Never> {
        tail.withLock { tail in
            let previous = tail
            let task = Task {
                await previous?.value
                return await step()
            }
            tail = Task { _ = await task.value }
            return task
        }
    }
}
