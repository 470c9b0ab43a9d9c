import Clocks
import SDLManager
import SDLModel
import Synchronization
import Testing

/// Deadlines on an injected clock fire however the clock's moves and the timers interleave;
/// in particular when the clock reaches a deadline exactly while its timer is going to sleep
/// (a test clock holds a sleep until the instant it stands at until its next move).
@Suite(.timeLimit(.minutes(1))) struct DeadlineTests {
    @Test func aLookupsTimeLimitReachedAsItsTimerGoesToSleepStillEndsIt() async throws {
        let clock = ClockMovedAsASleepBegins(to: .seconds(2))
        let gate = Latch()
        let remote = RemoteAutocompleteProvider(timeLimit: .seconds(2), clock: clock) { _ in
            await gate.wait()
            return []
        }
        await #expect(throws: RemoteAutocompleteError.timedOut(query: "slow", after: .seconds(2))) {
            try await remote.suggestions(for: "slow")
        }
        await gate.open()
    }

    @Test func aDebounceReachedAsItsTimerGoesToSleepStillLooksUp() async throws {
        let clock = ClockMovedAsASleepBegins(to: .milliseconds(200))
        let provider = ClosureProvider { [Suggestion(text: $0 + "lin")] }
        let loop = AutocompleteLoop(provider: provider, clock: clock) { _ in }
        await loop.textChanged("Ber")
        #expect(try await eventually { await loop.state == .showing([Suggestion(text: "Berlin")]) })
    }

    @Test func aRequestsTimeoutReachedAsItsTimerGoesToSleepStillFailsIt() async throws {
        let clock = ClockMovedAsASleepBegins(to: .seconds(10))
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { _, _ in .drop }
        try await SDLConnection.withConnection(
            reading: headUnit.output, writingTo: headUnit.sink,
            configuration: SDLConnection.Configuration(defaultTimeout: .seconds(10), clock: clock, logger: quietLogger)
        ) { connection in
            await #expect(throws: SDLConnectionError.timedOut(method: "DeleteFile", after: .seconds(10))) {
                try await connection.send(DeleteFile("never-answered"))
            }
        }
    }
}

/// A test clock that is moved to `instant` by someone else just as the first sleep on it
/// begins: the moment between a timer reading the time and going to sleep, made certain.
final class ClockMovedAsASleepBegins: Clock, Sendable {
    typealias Instant = TestClock<Duration>.Instant
    private let clock = TestClock()
    private let instant: Instant
    private let moved = Mutex(false)

    init(to elapsed: Duration) { instant = Instant(offset: elapsed) }

    var now: Instant { clock.now }
    var minimumResolution: Duration { clock.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let first = moved.withLock { moved in
            defer { moved = true }
            return !moved
        }
        if first { await clock.advance(to: instant) }
        try await clock.sleep(until: deadline, tolerance: tolerance)
    }
}
