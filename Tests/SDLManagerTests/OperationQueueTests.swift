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
        var operations: [SDLOperation<Int>] = []
        for number in 0..<5 {
            operations.append(
                await queue.submit("op \(number)") {
                    log.append("start \(number)")
                    await Task.yield()
                    log.append("end \(number)")
                    return number
                })
        }
        for (number, operation) in operations.enumerated() { #expect(try await operation.value == number) }
        #expect(log.entries == (0..<5).flatMap { ["start \($0)", "end \($0)"] })
    }

    @Test func aSuspendedQueueHoldsItsWorkUntilResumed() async throws {
        let queue = SDLOperationQueue(clock: TestClock())
        let log = Log()
        let operation = await queue.submit("waits") { log.append("ran") }
        // An operation starts only when the queue hands it out: nothing runs, nothing was started.
        #expect(await queue.waitingCount == 1)
        #expect(await !queue.isRunning)
        #expect(log.entries.isEmpty)
        await queue.resume()
        try await operation.value
        #expect(log.entries == ["ran"])
    }

    @Test func aWatchdogEndsAHungOperationAndTheQueueMovesOn() async throws {
        let clock = TestClock()
        let queue = SDLOperationQueue(clock: clock, defaultWatchdog: .seconds(30), suspended: false)
        let hang = Latch()
        let hung = await queue.submit("hung") { await hang.wait() }
        let next = await queue.submit("next") { "ran" }
        #expect(try await eventually { await hang.waiters == 1 })
        await clock.advance(by: .seconds(31))
        await #expect(throws: SDLOperationError.watchdogExpired(operation: "hung", after: .seconds(30))) { try await hung.value }
        #expect(try await next.value == "ran")
        await hang.open()
    }

    @Test func timeSpentWaitingForTheFilesLaneDoesNotCountAgainstTheWatchdog() async throws {
        let clock = TestClock()
        let queue = SDLOperationQueue(clock: clock, defaultWatchdog: .seconds(30), suspended: false)
        let upload = Latch()
        let afterwards = Latch()
        let files = await queue.submit("an upload", lane: .files, watchdog: .seconds(600)) { _ in await upload.wait() }
        let waits = Log()
        let operation = await queue.submit("waits for an upload", lane: .main) { id in
            await queue.whileWaitingForFiles(operation: id) {
                waits.append("waiting")
                _ = try? await files.value
            }
            await afterwards.wait()
            return "done"
        }
        // Its watchdog stopped as it began to wait, before the line was written.
        #expect(try await eventually { await upload.waiters == 1 && waits.entries == ["waiting"] })
        // A minute waiting for the files lane: the watchdog is stopped meanwhile.
        await clock.advance(by: .seconds(60))
        await upload.open()
        #expect(try await eventually { await afterwards.waiters == 1 })
        await clock.advance(by: .seconds(20))
        #expect(await !operation.isFinished)
        // Its own time again counts: 20 s of the 30 are gone.
        await clock.advance(by: .seconds(11))
        await #expect(throws: SDLOperationError.watchdogExpired(operation: "waits for an upload", after: .seconds(30))) {
            try await operation.value
        }
        await afterwards.open()
    }

    @Test func theFilesLaneRunsBesideTheMainOne() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let keyboard = Latch()
        let onScreen = await queue.submit("a keyboard on screen") { await keyboard.wait() }
        let upload = await queue.submit("an upload", lane: .files) { _ in "uploaded" }
        #expect(try await upload.value == "uploaded")
        #expect(await !onScreen.isFinished)
        await keyboard.open()
        try await onScreen.value
    }

    @Test func anOperationFinishesExactlyOnceWhateverRacesToEndIt() async throws {
        let clock = TestClock()
        let queue = SDLOperationQueue(clock: clock, defaultWatchdog: .seconds(1), suspended: false)
        let done = await queue.submit("done") { 42 }
        #expect(try await done.value == 42)
        await done.cancel()
        await clock.advance(by: .seconds(5))
        #expect(try await done.value == 42)
    }

    @Test func aCancelledQueuedOperationNeverRuns() async throws {
        let queue = SDLOperationQueue(clock: TestClock())
        let log = Log()
        let first = await queue.submit("first") { log.append("first") }
        let second = await queue.submit("second") { log.append("second") }
        await second.cancel()
        await queue.resume()
        try await first.value
        await #expect(throws: SDLOperationError.cancelled) { try await second.value }
        #expect(log.entries == ["first"])
    }

    @Test func aCancelledRunningOperationEndsAtOnceEvenIfItIgnoresCancellation() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let hang = Latch()
        let stubborn = await queue.submit("stubborn") { await hang.wait() }
        let next = await queue.submit("next") { "ran" }
        #expect(try await eventually { await hang.waiters == 1 })
        await stubborn.cancel()
        await #expect(throws: SDLOperationError.cancelled) { try await stubborn.value }
        #expect(try await next.value == "ran")
        await hang.open()
    }

    @Test func runCancelsTheOperationWhenItsCallerIsCancelled() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let caller = Task { try await queue.run("long") { try await Task.sleep(for: .seconds(60)) } }
        #expect(try await eventually { await queue.isRunning })
        caller.cancel()
        await #expect(throws: SDLOperationError.cancelled) { try await caller.value }
        #expect(try await eventually { await !queue.isRunning })
    }

    @Test func shutdownFinishesEveryQueuedAndRunningOperationAndRefusesMore() async throws {
        let queue = SDLOperationQueue(clock: TestClock(), suspended: false)
        let wasCancelled = Mutex(false)
        let running = await queue.submit("running") {
            do { try await Task.sleep(for: .seconds(60)) } catch { wasCancelled.withLock { $0 = true } }
        }
        var waiting: [SDLOperation<Int>] = []
        for number in 0..<10 { waiting.append(await queue.submit("waiting \(number)") { number }) }
        #expect(try await eventually { await queue.isRunning })
        await queue.shutDown(reason: "test over")
        let shutDown = SDLOperationError.shutDown(reason: "test over")
        await #expect(throws: shutDown) { try await running.value }
        for operation in waiting { await #expect(throws: shutDown) { try await operation.value } }
        #expect(try await eventually { wasCancelled.withLock { $0 } })
        let late = await queue.submit("late") { 1 }
        await #expect(throws: shutDown) { try await late.value }
        #expect(await queue.waitingCount == 0)
    }
}

/// Lines written by operations, in order.
final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
}
