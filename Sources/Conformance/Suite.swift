import Foundation
import Synchronization

/// Runs many fixtures, `jobs` at a time, each against its own simulator process.
public enum Suite {
    /// Runs every fixture and returns the results in the order given. `report` is called
    /// once per fixture, in that same order, as soon as it and all before it are done.
    public static func run(
        _ files: [FixtureFile], runner: FixtureRunner, jobs: Int,
        report: @escaping @Sendable (FixtureResult) -> Void
    ) -> [FixtureResult] {
        signal(SIGPIPE, SIG_IGN)  // a simulator that dies must fail its fixture, not end the run
        let progress = Mutex(Progress(count: files.count))
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
        var results: [FixtureResult?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        mutating func take() -> Int? {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }

        /// Stores a result; returns those now ready to report, in order.
        mutating func finish(_ index: Int, _ result: FixtureResult) -> [FixtureResult] {
            results[index] = result
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

    public init(_ results: [FixtureResult]) {
        passed = results.filter(\.passed).count
        failed = results.filter(\.failed).count
        skipped = results.count - passed - failed
    }

    /// `N passed, N failed`, plus `, N skipped` when any were skipped.
    public var line: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}
