/// The clock a connection or a manager measures timeouts with, erased to durations since
/// it was created, so any `Clock<Duration>` (a real one, or a test clock) can be injected.
struct Timekeeper: Sendable {
    /// Time elapsed since the timekeeper was made.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given point; returns at once if it already has.
    let sleep: @Sendable (_ until: Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleep = { deadline in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
    }
}
