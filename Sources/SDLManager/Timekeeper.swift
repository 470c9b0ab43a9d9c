import Synchronization

/// The clock a connection or a manager measures timeouts with, erased to durations since
/// it was created, so any `Clock<Duration>` (a real one, or a test clock) can be injected.
struct Timekeeper: Sendable {
    /// Time elapsed since the timekeeper was made; never earlier than a deadline a sleep
    /// has returned for.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given point; returns at once if it already has.
    let sleep: @Sendable (_ until: Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        let passed = PassedDeadline()
        let now: @Sendable () -> Duration = { max(start.duration(to: clock.now), passed.latest) }
        self.now = now
        sleep = { deadline in
            guard now() < deadline else { return }
            // A test clock (swift-clocks' TestClock) holds a sleep until the very instant it
            // stands at until it is moved again: had it been moved exactly to the deadline
            // between the look above and this call, the deadline would never come. A sleep
            // until one attosecond earlier returns at once then, and is woken by any move
            // that reaches the deadline otherwise.
            try await clock.sleep(until: start.advanced(by: deadline - .attosecond), tolerance: nil)
            passed.raise(to: deadline)
        }
    }

    /// The latest deadline a sleep returned for: the clock may stand an attosecond before it.
    private final class PassedDeadline: Sendable {
        private let deadline = Mutex(Duration.zero)

        var latest: Duration { deadline.withLock { $0 } }

        func raise(to point: Duration) {
            deadline.withLock { $0 = max($0, point) }
        }
    }
}

extension Duration {
    fileprivate static let attosecond = Duration(secondsComponent: 0, attosecondsComponent: 1)
}
