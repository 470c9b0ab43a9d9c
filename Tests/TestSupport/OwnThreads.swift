import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift concurrency's cooperative
/// pool. Swift Testing runs every test on that pool, which has one thread per core (two on
/// CI): a test that blocks its thread — waiting for a process, reading a pipe to its end —
/// holds one of them, and two such tests stall every async test in the process until they
/// end (tests on a test clock then overran their time limits by minutes under load).
/// At most `OwnThreadsGate.width` such tests run at once: dozens of them side by side, each
/// starting simulators, hung the run (tests waited on each other's processes for minutes).
/// Put it on every suite whose tests block: `@Suite(.ownThreads)`.
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope takes no place: only its tests (each case) wait for one.
        guard testCase != nil else { return try await function() }
        await OwnThreadsGate.shared.enter()
        defer { Task { await OwnThreadsGate.shared.leave() } }
        try await withTaskExecutorPreference(ThreadPerJob.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    /// The suite's tests run on threads of their own, not on the cooperative pool.
    public static var ownThreads: Self { OwnThreads() }
}

/// How many blocking tests run at once; the rest wait their turn without holding a thread.
actor OwnThreadsGate {
    static let shared = OwnThreadsGate()
    static let width = 4

    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard running >= Self.width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the next test waiting, or frees it.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
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
