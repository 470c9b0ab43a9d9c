import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift concurrency's cooperative
/// pool. Swift Testing runs every test on that pool, which has one thread per core (two on
/// CI): a test that blocks its thread — waiting for a process, reading a pipe to its end —
/// holds one of them, and two such tests stall every async test in the process until they
/// end (tests on a test clock then overran their time limits by minutes under load).
/// Put it on every suite whose tests block: `@Suite(.ownThreads)`.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(ThreadPerJob.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// The suite's tests run on threads of their own, not on the cooperative pool.
    public static var ownThreads: Self { OwnThreads() }
}

/// Runs each job on a new thread: a job that blocks holds only that thread.
private final class ThreadPerJob: TaskExecutor {
    static let shared = ThreadPerJob()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}
