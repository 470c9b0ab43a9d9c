import Foundation
import Synchronization

/// Runs many fixtures, `jobs` at a time, each against its own simulator process.
public enum Suite {
    /// Runs every fixture and returns the results in the order given. `report` is called
    /// once per fixture, in that same order, as soon as it and all before it are done.
    /// Once `stopAfterFailures` fixtures have failed no more are started: the results are
    /// then those of the fixtures run, a prefix of `files`.
    public static func run(
        _ files: [FixtureFile], runner: FixtureRunner, jobs: Int, stopAfterFailures: Int? = nil,
        report: @escaping @Sendable (FixtureResult) -> Void
    ) -> [FixtureResult] {
        signal(SIGPIPE, SIG_IGN)  // a simulator that dies must fail its fixture, not end the run
        let progress = Mutex(Progress(count: files.count, stopAfterFailures: stopAfterFailures ?? .max))
        let workers = DispatchGroup()
        for _ in 0..<max(1, min(jobs, files.count)) {
            workers.enter()
            let worker = Thread {
                while let index = progress.withLock({ $0.take() }) {
                    let result = runner.run(files[index])
                    progress.withLock { state in
                        for ready in state.finish(index, result) { report(ready) }
                    }
                }
                workers.leave()
            }
            worker.start()
        }
        workers.wait()
        return progress.withLock { $0.results.compactMap { $0 } }
    }

    /// Which fixtures are taken, and the results waiting to be reported in order.
    private struct Progress: ~Copyable {
        var next = 0
        var reported = 0
        var failed = 0
        let stopAfterFailures: Int
        var results: [FixtureResult?]

        init(count: Int, stopAfterFailures: Int) {
            results = Array(repeating: nil, count: count)
            self.stopAfterFailures = stopAfterFailures
        }

        mutating func take() -> Int? {
            guard next < results.count, failed < stopAfterFailures else { return nil }
            defer { next += 1 }
            return next
        }

        /// Stores a result; returns those now ready to report, in order.
        mutating func finish(_ index: Int, _ result: FixtureResult) -> [FixtureResult] {
            results[index] = result
            if result.failed { failed += 1 }
            var ready: [FixtureResult] = []
            while reported < results.count, let result = results[reported] {
                ready.append(result)
                reported += 1
            }
            return ready
        }
    }
}

/// Counts of a finished run, and its summary line.
public struct SuiteSummary: Sendable, Equatable {
    public let passed: Int
    public let failed: Int
    public let skipped: Int
    /// Fixtures never started: the run stopped after too many failures.
    public let notRun: Int

    /// The counts of `results`, out of `count` fixtures (all of them were run by default).
    public init(_ results: [FixtureResult], of count: Int? = nil) {
        passed = results.filter(\.passed).count
        failed = results.filter(\.failed).count
        skipped = results.count - passed - failed
        notRun = (count ?? results.count) - results.count
    }

    /// `N passed, N failed`, plus `, N skipped` and `, N not run` when there are any.
    public var line: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") + (notRun > 0 ? ", \(notRun) not run" : "")
    }
}
