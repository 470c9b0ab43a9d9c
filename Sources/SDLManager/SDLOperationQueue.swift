import Logging
import Synchronization

/// Why an operation ended without its own result or error.
public enum SDLOperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Cancelled by its submitter, while queued or while running.
    case cancelled
    /// The queue was shut down (the manager stopped): nothing more runs.
    case shutDown(reason: String)
    /// It ran longer than its watchdog allows; the queue moved on.
    case watchdogExpired(operation: String, after: Duration)

    /// True for the ways an operation is cancelled rather than failing.
    public var isCancellation: Bool {
        switch self {
        case .cancelled, .shutDown: true
        case .watchdogExpired: false
        }
    }

    public var description: String {
        switch self {
        case .cancelled: "the operation was cancelled"
        case .shutDown(let reason): "the operation was cancelled: \(reason)"
        case .watchdogExpired(let operation, let after): "\(operation) did not finish within \(after)"
        }
    }
}

/// A serial queue of async operations, as sdl_ios's managers have one, but one that
/// never jams: operations wait while the queue is suspended (the head unit not ready),
/// each has a watchdog, and each finishes exactly once — with its result, its error,
/// `.cancelled`, `.watchdogExpired` or `.shutDown` — whatever races to end it.
public final class SDLOperationQueue: Sendable {
    /// An operation whatever its value's type: its body runs and ends it, or the queue ends it.
    private struct Entry: Sendable {
        let id: Int
        let name: String
        let watchdog: Duration
        /// Runs the body; returns what sets the operation's outcome to the body's.
        let run: @Sendable () async -> @Sendable () -> Void
        /// Ends the operation with the queue's own error (cancelled, watchdog, shut down).
        let fail: @Sendable (any Error) -> Void

        init<Value: Sendable>(
            id: Int, name: String, watchdog: Duration, body: @escaping @Sendable () async throws -> Value,
            completion: OnceCompletion<Value>
        ) {
            self.id = id
            self.name = name
            self.watchdog = watchdog
            self.run = {
                let outcome: Result<Value, any Error>
                do {
                    outcome = .success(try await body())
                } catch {
                    outcome = .failure(error)
                }
                return { completion.finish(outcome) }
            }
            self.fail = { completion.finish(.failure($0)) }
        }
    }

    private struct Running {
        let entry: Entry
        let work: Task<Void, Never>
        var watchdog: Task<Void, Never>
        var deadline: Duration
        /// While it waits for work elsewhere: the watchdog's time left.
        var pausedWithLeft: Duration?

        func stop() {
            work.cancel()
            watchdog.cancel()
        }
    }

    private struct State {
        var waiting: [Entry] = []
        var running: Running?
        var isSuspended: Bool
        var shutDownReason: String?
        var nextID = 1
    }

    private let state: Mutex<State>
    private let timekeeper: Timekeeper
    private let logger: Logger
    /// The watchdog of an operation submitted without one.
    public let defaultWatchdog: Duration

    /// `clock` runs the watchdogs; a new queue is suspended unless told otherwise.
    public convenience init<C: Clock>(
        clock: C = ContinuousClock(), defaultWatchdog: Duration = .seconds(30), suspended: Bool = true,
        logger: Logger = Logger(label: "sdl.queue")
    ) where C.Duration == Duration {
        self.init(timekeeper: Timekeeper(clock), defaultWatchdog: defaultWatchdog, suspended: suspended, logger: logger)
    }

    init(timekeeper: Timekeeper, defaultWatchdog: Duration, suspended: Bool = true, logger: Logger) {
        self.state = Mutex(State(isSuspended: suspended))
        self.timekeeper = timekeeper
        self.defaultWatchdog = defaultWatchdog
        self.logger = logger
    }

    /// Queues `body`; it runs after every operation submitted before it, once the queue is not suspended.
    public func submit<Value: Sendable>(
        _ name: String, watchdog: Duration? = nil, _ body: @escaping @Sendable () async throws -> Value
    ) -> SDLOperation<Value> {
        let completion = OnceCompletion<Value>()
        let (id, refusal) = state.withLock { state -> (Int, String?) in
            let id = state.nextID
            state.nextID += 1
            if let reason = state.shutDownReason { return (id, reason) }
            state.waiting.append(
                Entry(id: id, name: name, watchdog: watchdog ?? defaultWatchdog, body: body, completion: completion))
            startNextIfIdle(&state)
            return (id, nil)
        }
        if let refusal { completion.finish(.failure(SDLOperationError.shutDown(reason: refusal))) }
        return SDLOperation(id: id, name: name, completion: completion, queue: self)
    }

    /// Submits `body` and waits for it; cancelling the waiting task cancels the operation.
    public func run<Value: Sendable>(
        _ name: String, watchdog: Duration? = nil, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let operation = submit(name, watchdog: watchdog, body)
        return try await withTaskCancellationHandler {
            try await operation.value
        } onCancel: {
            operation.cancel()
        }
    }

    /// Operations waiting to run (not counting the running one).
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Whether an operation is running.
    public var isRunning: Bool { state.withLock { $0.running != nil } }

    /// Whether it holds back operations that have not started.
    public var isSuspended: Bool { state.withLock { $0.isSuspended } }

    /// Holds back operations that have not started; a running one goes on.
    public func suspend() { state.withLock { $0.isSuspended = true } }

    /// Starts holding operations again: the next waiting one starts.
    public func resume() {
        state.withLock { state in
            state.isSuspended = false
            startNextIfIdle(&state)
        }
    }

    /// Finishes the running operation and every waiting one with `.shutDown(reason)`, and
    /// every later one at once; the running operation's task is cancelled.
    public func shutDown(reason: String) {
        let (running, waiting) = state.withLock { state -> (Running?, [Entry]) in
            if state.shutDownReason == nil { state.shutDownReason = reason }
            defer {
                state.running = nil
                state.waiting = []
            }
            return (state.running, state.waiting)
        }
        let error = SDLOperationError.shutDown(reason: reason)
        if let running {
            running.entry.fail(error)
            running.stop()
        }
        for entry in waiting { entry.fail(error) }
    }

    func cancel(_ id: Int) {
        let removed = state.withLock { state -> Entry? in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiting.remove(at: index)
        }
        if let removed {
            removed.fail(SDLOperationError.cancelled)
        } else {
            finishRunning(id) { $0.fail(SDLOperationError.cancelled) }
        }
    }

    /// Ends the running operation `id` (if it still is) and starts the next one. The
    /// outcome is set before the work is cancelled, so the work's own reaction to the
    /// cancellation can never become the outcome.
    private func finishRunning(_ id: Int, with finish: (Entry) -> Void) {
        let finished = state.withLock { state -> Running? in
            guard let running = state.running, running.entry.id == id else { return nil }
            state.running = nil
            startNextIfIdle(&state)
            return running
        }
        guard let finished else { return }
        finish(finished.entry)
        finished.stop()
    }

    private func startNextIfIdle(_ state: inout State) {
        guard state.running == nil, !state.isSuspended, state.shutDownReason == nil, !state.waiting.isEmpty else { return }
        let entry = state.waiting.removeFirst()
        let deadline = timekeeper.now() + entry.watchdog
        let mark = RunningOperation(queue: ObjectIdentifier(self), id: entry.id)
        let work = Task {
            let setOutcome = await Self.$runningOperation.withValue(mark) { await entry.run() }
            self.finishRunning(entry.id) { _ in setOutcome() }
        }
        state.running = Running(entry: entry, work: work, watchdog: watchdog(for: entry, until: deadline), deadline: deadline)
    }

    private func watchdog(for entry: Entry, until deadline: Duration) -> Task<Void, Never> {
        let sleep = timekeeper.sleep
        let logger = logger
        return Task {
            do { try await sleep(deadline) } catch { return }
            logger.warning("\(entry.name) did not finish within \(entry.watchdog): the queue moves on")
            self.finishRunning(entry.id) { $0.fail(SDLOperationError.watchdogExpired(operation: entry.name, after: entry.watchdog)) }
        }
    }

    // MARK: Waiting elsewhere

    private struct RunningOperation: Sendable {
        let queue: ObjectIdentifier
        let id: Int
    }

    /// The operation the current task runs for, if any.
    @TaskLocal private static var runningOperation: RunningOperation?

    /// Runs `body` with the watchdog of this queue's operation that calls it stopped meanwhile:
    /// for waiting on work that has watchdogs of its own (an upload on the file manager's
    /// queue, which may first wait for the uploads before it). Called from anything but this
    /// queue's running operation, it just runs `body`.
    func waitingElsewhere<Value: Sendable>(_ body: @Sendable () async -> Value) async -> Value {
        guard let mark = Self.runningOperation, mark.queue == ObjectIdentifier(self) else { return await body() }
        let now = timekeeper.now()
        state.withLock { state in
            guard var running = state.running, running.entry.id == mark.id, running.pausedWithLeft == nil else { return }
            running.watchdog.cancel()
            running.pausedWithLeft = max(.zero, running.deadline - now)
            state.running = running
        }
        let value = await body()
        let restart = timekeeper.now()
        state.withLock { state in
            guard var running = state.running, running.entry.id == mark.id, let left = running.pausedWithLeft else { return }
            running.deadline = restart + left
            running.pausedWithLeft = nil
            running.watchdog = watchdog(for: running.entry, until: running.deadline)
            state.running = running
        }
        return value
    }
}

/// A submitted operation: await its value, or cancel it.
public struct SDLOperation<Value: Sendable>: Sendable {
    /// The operation's number, in the order queued.
    public let id: Int
    /// The name logs and the watchdog give it.
    public let name: String
    let completion: OnceCompletion<Value>
    let queue: SDLOperationQueue

    /// The operation's result; waits until it has finished.
    public var value: Value {
        get async throws { try await completion.value }
    }

    /// The operation's result; waits until it finishes.
    public var result: Result<Value, any Error> {
        get async { await completion.outcome }
    }

    /// Whether it has finished.
    public var isFinished: Bool { completion.isFinished }

    /// Cancels it: a waiting operation never runs, a running one's task is cancelled;
    /// either way it finishes at once with `SDLOperationError.cancelled`.
    public func cancel() { queue.cancel(id) }
}
