import Logging

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

/// The manager's one queue of async operations, as sdl_ios's managers share one processing
/// queue, but one that never jams: operations wait while the queue is suspended (the head
/// unit not ready), each has a watchdog, and each finishes exactly once — with its result,
/// its error, `.cancelled`, `.watchdogExpired` or `.shutDown` — whatever races to end it.
///
/// It runs one operation at a time of each of its two lanes: the app's and the managers'
/// work (choice sets, keyboards, the app's own operations), and the file manager's uploads
/// and deletes, which go on while a keyboard waits for the driver. An operation that waits
/// for uploads says so (`whileWaitingForFiles`), and its watchdog stops meanwhile: the
/// uploads have watchdogs of their own.
@SDLActor public final class SDLOperationQueue {
    /// Where an operation runs: each lane runs its operations one at a time, in order.
    enum Lane: CaseIterable {
        case main
        case files
    }

    /// An operation whatever its value's type: its body runs and ends it, or the queue ends it.
    private struct Entry {
        let id: Int
        let name: String
        let lane: Lane
        let watchdog: Duration
        /// Runs the body; returns what sets the operation's outcome to the body's.
        let run: @SDLActor (_ id: Int) async -> () -> Void
        /// Ends the operation with the queue's own error (cancelled, watchdog, shut down).
        let fail: @SDLActor (any Error) -> Void

        init<Value: Sendable>(
            id: Int, name: String, lane: Lane, watchdog: Duration, body: @escaping @SDLActor (Int) async throws -> Value,
            completion: OnceCompletion<Value>
        ) {
            self.id = id
            self.name = name
            self.lane = lane
            self.watchdog = watchdog
            self.run = { id in
                let outcome: Result<Value, any Error>
                do {
                    outcome = .success(try await body(id))
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
        /// When its watchdog ends it; nil while it waits for the files lane.
        var deadline: Duration?
        /// While it waits for the files lane: the watchdog's time left.
        var pausedWithLeft: Duration?
    }

    private var waiting: [Entry] = []
    private var running: [Lane: Running] = [:]
    /// One timer for every running operation's watchdog.
    private var timer: DeadlineTimer
    /// Whether it holds back operations that have not started.
    public private(set) var isSuspended: Bool
    private var shutDownReason: String?
    private var nextID = 1
    private let timekeeper: Timekeeper
    private let logger: Logger
    /// The watchdog of an operation submitted without one.
    public nonisolated let defaultWatchdog: Duration

    /// `clock` runs the watchdogs; a new queue is suspended unless told otherwise.
    public nonisolated convenience init<C: Clock>(
        clock: C = ContinuousClock(), defaultWatchdog: Duration = .seconds(30), suspended: Bool = true,
        logger: Logger = Logger(label: "sdl.queue")
    ) where C.Duration == Duration {
        self.init(timekeeper: Timekeeper(clock), defaultWatchdog: defaultWatchdog, suspended: suspended, logger: logger)
    }

    nonisolated init(timekeeper: Timekeeper, defaultWatchdog: Duration, suspended: Bool = true, logger: Logger) {
        self.isSuspended = suspended
        self.timekeeper = timekeeper
        self.timer = DeadlineTimer(timekeeper)
        self.defaultWatchdog = defaultWatchdog
        self.logger = logger
    }

    /// Queues `body`; it runs after every operation submitted before it, once the queue is not suspended.
    public func submit<Value: Sendable>(
        _ name: String, watchdog: Duration? = nil, _ body: @escaping @SDLActor () async throws -> Value
    ) -> SDLOperation<Value> {
        submit(name, lane: .main, watchdog: watchdog) { _ in try await body() }
    }

    /// Queues `body` in `lane`; the body is told its operation's ID (for `whileWaitingForFiles`).
    func submit<Value: Sendable>(
        _ name: String, lane: Lane, watchdog: Duration? = nil, _ body: @escaping @SDLActor (_ id: Int) async throws -> Value
    ) -> SDLOperation<Value> {
        let completion = OnceCompletion<Value>()
        let id = nextID
        nextID += 1
        if let shutDownReason {
            completion.finish(.failure(SDLOperationError.shutDown(reason: shutDownReason)))
        } else {
            waiting.append(
                Entry(id: id, name: name, lane: lane, watchdog: watchdog ?? defaultWatchdog, body: body, completion: completion))
            startNextIfIdle(lane)
        }
        return SDLOperation(id: id, name: name, completion: completion, queue: self)
    }

    /// Submits `body` and waits for it; cancelling the waiting task cancels the operation.
    public func run<Value: Sendable>(
        _ name: String, watchdog: Duration? = nil, _ body: @escaping @SDLActor () async throws -> Value
    ) async throws -> Value {
        let operation = submit(name, watchdog: watchdog, body)
        return try await withTaskCancellationHandler {
            try await operation.value
        } onCancel: {
            Task { @SDLActor in operation.cancel() }
        }
    }

    /// Operations waiting to run (not counting the running ones).
    public var waitingCount: Int { waiting.count }

    /// Whether an operation is running.
    public var isRunning: Bool { !running.isEmpty }

    /// Holds back operations that have not started; running ones go on.
    public func suspend() { isSuspended = true }

    /// Starts handing out operations again: the next waiting one of each lane starts.
    public func resume() {
        isSuspended = false
        for lane in Lane.allCases { startNextIfIdle(lane) }
    }

    /// Finishes the running operations and every waiting one with `.shutDown(reason)`, and
    /// every later one at once; the running operations' tasks are cancelled.
    public func shutDown(reason: String) {
        if shutDownReason == nil { shutDownReason = reason }
        let (stopped, dropped) = (running.values, waiting)
        running = [:]
        waiting = []
        let error = SDLOperationError.shutDown(reason: reason)
        for operation in stopped {
            operation.entry.fail(error)
            operation.work.cancel()
        }
        for entry in dropped { entry.fail(error) }
        timer.cancel()
    }

    /// Finishes every waiting operation with `.shutDown(reason)`, and every later one at once,
    /// but lets the running ones end on their own (or by their watchdogs): when the head unit
    /// is gone, the work under way ends with what the connection tells it.
    func close(reason: String) {
        if shutDownReason == nil { shutDownReason = reason }
        let dropped = waiting
        waiting = []
        for entry in dropped { entry.fail(SDLOperationError.shutDown(reason: reason)) }
    }

    func cancel(_ id: Int) {
        if let index = waiting.firstIndex(where: { $0.id == id }) {
            waiting.remove(at: index).fail(SDLOperationError.cancelled)
        } else {
            finishRunning(id) { $0.fail(SDLOperationError.cancelled) }
        }
    }

    /// Ends the running operation `id` (if it still is) and starts the next one of its
    /// lane. The outcome is set before the work is cancelled, so the work's own reaction to
    /// the cancellation can never become the outcome.
    private func finishRunning(_ id: Int, with finish: (Entry) -> Void) {
        guard let (lane, finished) = running.first(where: { $0.value.entry.id == id }) else { return }
        running[lane] = nil
        finish(finished.entry)
        finished.work.cancel()
        startNextIfIdle(lane)
    }

    private func startNextIfIdle(_ lane: Lane) {
        guard running[lane] == nil, !isSuspended, shutDownReason == nil,
            let index = waiting.firstIndex(where: { $0.lane == lane })
        else { return }
        let entry = waiting.remove(at: index)
        let work = Task {
            let setOutcome = await entry.run(entry.id)
            self.finishRunning(entry.id) { _ in setOutcome() }
        }
        running[lane] = Running(entry: entry, work: work, deadline: timekeeper.now() + entry.watchdog)
        setTimer()
    }

    // MARK: Watchdogs

    private func setTimer() {
        timer.set(for: running.values.compactMap(\.deadline).min()) { [weak self] in self?.expireWatchdogs() }
    }

    /// Ends every running operation past its deadline, and sets the timer for the next one.
    private func expireWatchdogs() {
        timer.fired()
        let now = timekeeper.now()
        for operation in running.values {
            guard let deadline = operation.deadline, deadline <= now else { continue }
            let entry = operation.entry
            logger.warning("\(entry.name) did not finish within \(entry.watchdog): the queue moves on")
            finishRunning(entry.id) { $0.fail(SDLOperationError.watchdogExpired(operation: entry.name, after: entry.watchdog)) }
        }
        setTimer()
    }

    // MARK: Waiting for the files lane

    /// Runs `body`, in which the running operation `id` waits for work of the files lane
    /// (uploads, which may first wait for the uploads before them), with its watchdog
    /// stopped meanwhile: that work has watchdogs of its own. If `id` no longer runs, just runs `body`.
    func whileWaitingForFiles<Value>(operation id: Int, _ body: @SDLActor () async -> Value) async -> Value {
        pauseWatchdog(of: id)
        let value = await body()
        restartWatchdog(of: id)
        return value
    }

    private func pauseWatchdog(of id: Int) {
        guard let lane = lane(running: id), var operation = running[lane], let deadline = operation.deadline else { return }
        operation.pausedWithLeft = max(.zero, deadline - timekeeper.now())
        operation.deadline = nil
        running[lane] = operation
    }

    private func restartWatchdog(of id: Int) {
        guard let lane = lane(running: id), var operation = running[lane], let left = operation.pausedWithLeft else { return }
        operation.deadline = timekeeper.now() + left
        operation.pausedWithLeft = nil
        running[lane] = operation
        setTimer()
    }

    private func lane(running id: Int) -> Lane? {
        running.first { $0.value.entry.id == id }?.key
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
    @SDLActor public var value: Value {
        get async throws { try await completion.value }
    }

    /// The operation's result; waits until it finishes.
    @SDLActor public var result: Result<Value, any Error> {
        get async { await completion.result }
    }

    /// Whether it has finished.
    @SDLActor public var isFinished: Bool { completion.isFinished }

    /// Cancels it: a waiting operation never runs, a running one's task is cancelled;
    /// either way it finishes at once with `SDLOperationError.cancelled`.
    @SDLActor public func cancel() { queue.cancel(id) }
}
