import Clocks
import Synchronization
import Testing

@testable import SDLManager

/// The serial queue: order, suspension, watchdogs, cancellation, shutdown — and that every
/// operation finishes exactly once, so the queue never jams.
@Suite(.timeLimit(.minutes(1))) struct OperationQueueTests {
    @Test func operationsRunOneAtATimeInTheOrderSubmitted() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let log = Log()
        let operations = (0..<5).map { number in
            queue.submit("op \(number)") {
                log.append("start \(number)")
                await Task.yield()
                log.append("end \(number)")
                return number
            }
        }
        for (number, operation) in operations.enumerated() { #expect(try await operation.value == number) }
        #expect(log.entries == (0..<5).flatMap { ["start \($0)", "end \($0)"] })
    }

    @Test func aSuspendedQueueHoldsItsWorkUntilResumed() async throws {
        let queue = SDLOperationQueue(clock: TestClock())
        let log = Log()
        let operation = queue.submit("waits") { log.append("ran") }
        try await Task.sleep(for: .milliseconds(20))
        #expect(log.entries.isEmpty)
        #expect(queue.waitingCount == 1)
        queue.resume()
        try await operation.value
        #expect(log.entries == ["ran"])
    }

    @Test func aWatchdogEndsAHungOperationAndTheQueueMovesOn() async throws {
        let clock = TestClock()
        let queue = SDLOperationQueue(clock: clock, defaultWatchdog: .seconds(30), suspended: false)
        let hung = queue.submit("hung") { await Gate().wait() }
        let next = queue.submit("next") { "ran" }
        #expect(try await eventually { queue.isRunning && queue.waitingCount == 1 })
        await clock.advance(by: .seconds(31))
        await #expect(throws: SDLOperationError.watchdogExpired(operation: "hung", after: .seconds(30))) { try await hung.value }
        #expect(try await next.value == "ran")
    }

    @Test func timeSpentWaitingOnAnotherQueueDoesNotCountAgainstTheWatchdog() async throws {
        let clock = TestClock()
        let queue = SDLOperationQueue(clock: clock, defaultWatchdog: .seconds(30), suspended: false)
        let elsewhere = Latch()
        let afterwards = Latch()
        let operation = queue.submit("waits for an upload") {
            await queue.waitingElsewhere { await elsewhere.wait() }
            await afterwards.wait()
            return "done"
        }
        #expect(try await eventually { await elsewhere.waiters == 1 })
        // A minute waiting elsewhere: the watchdog is stopped meanwhile.
        await clock.advance(by: .seconds(60))
        await elsewhere.open()
        #expect(try await eventually { await afterwards.waiters == 1 })
        await clock.advance(by: .seconds(20))
        #expect(!operation.isFinished)
        // Its own time again counts: 20 s of the 30 are gone.
        await clock.advance(by: .seconds(11))
        await #expect(throws: SDLOperationError.watchdogExpired(operation: "waits for an upload", after: .seconds(30))) {
            try await operation.value
        }
        await afterwards.open()
    }

    @Test func anOperationFinishesExactlyOnceWhateverRacesToEndIt() async throws {
        let clock = TestClock()
        let queue = SDLOperationQueue(clock: clock, defaultWatchdog: .seconds(1), suspended: false)
        let done = queue.submit("done") { 42 }
        #expect(try await done.value == 42)
        done.cancel()
        await clock.advance(by: .seconds(5))
        #expect(try await done.value == 42)
    }

    @Test func aCancelledQueuedOperationNeverRuns() async throws {
        let queue = SDLOperationQueue(clock: TestClock())
        let log = Log()
        let first = queue.submit("first") { log.append("first") }
        let second = queue.submit("second") { log.append("second") }
        second.cancel()
        queue.resume()
        try await first.value
        await #expect(throws: SDLOperationError.cancelled) { try await second.value }
        #expect(log.entries == ["first"])
    }

    @Test func aCancelledRunningOperationEndsAtOnceEvenIfItIgnoresCancellation() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let stubborn = queue.submit("stubborn") { await Gate().wait() }
        let next = queue.submit("next") { "ran" }
        #expect(try await eventually { queue.isRunning && queue.waitingCount == 1 })
        stubborn.cancel()
        await #expect(throws: SDLOperationError.cancelled) { try await stubborn.value }
        #expect(try await next.value == "ran")
    }

    @Test func runCancelsTheOperationWhenItsCallerIsCancelled() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let caller = Task { try await queue.run("long") { try await Task.sleep(for: .seconds(60)) } }
        #expect(try await eventually { queue.isRunning })
        caller.cancel()
        await #expect(throws: SDLOperationError.cancelled) { try await caller.value }
        #expect(try await eventually { !queue.isRunning })
    }

    @Test func shutdownFinishesEveryQueuedAndRunningOperationAndRefusesMore() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let wasCancelled = Mutex(false)
        let running = queue.submit("running") {
            do { try await Task.sleep(for: .seconds(60)) } catch { wasCancelled.withLock { $0 = true } }
        }
        let waiting = (0..<10).map { number in queue.submit("waiting \(number)") { number } }
        #expect(try await eventually { queue.isRunning })
        queue.shutDown(reason: "test over")
        let shutDown = SDLOperationError.shutDown(reason: "test over")
        await #expect(throws: shutDown) { try await running.value }
        for operation in waiting { await #expect(throws: shutDown) { try await operation.value } }
        #expect(try await eventually { wasCancelled.withLock { $0 } })
        let late = queue.submit("late") { 1 }
        await #expect(throws: shutDown) { try await late.value }
        #expect(queue.waitingCount == 0)
    }
}

/// Lines written by operations, in order.
final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
}

/// Work that never ends and ignores cancellation.
struct Gate {
    func wait() async { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
}
