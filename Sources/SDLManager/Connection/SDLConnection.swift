import JSONCodec
import JSONRPC
import Logging
import SDLModel

/// A JSON-RPC 2.0 client for a head unit (PROTOCOL.md) over any pair of byte streams.
///
/// Requests get ids of their own and can be pipelined: replies are matched by id, in
/// whatever order they come. Each request has a timeout that fails it alone; a closed
/// or crashed peer fails every pending request at once. Notifications are delivered as
/// async sequences. The bytes move while `run(reading:writingTo:)` runs (see
/// `withConnection` and `SimulatorProcess` for scoped ways to run it): they are read,
/// framed and parsed, and written, at the edge, outside ``SDLActor``, which the reader
/// enters once per chunk it reads.
@SDLActor public final class SDLConnection {
    /// Timeouts, the longest line accepted, and the logger.
    public struct Configuration: Sendable {
        /// How long a request waits for its reply unless `send` is given a timeout.
        public var defaultTimeout: Duration
        /// Incoming lines longer than this are dropped (the request they answer then times out).
        public var maximumLineBytes: Int
        /// Where the connection logs what it sends and receives.
        public var logger: Logger
        let timekeeper: Timekeeper

        /// `clock` measures timeouts: a test can pass a clock it moves itself.
        public init<C: Clock>(
            defaultTimeout: Duration = .seconds(10), clock: C = ContinuousClock(), maximumLineBytes: Int = 16 << 20,
            logger: Logger = Logger(label: "sdl.connection")
        ) where C.Duration == Duration {
            self.defaultTimeout = defaultTimeout
            self.maximumLineBytes = maximumLineBytes
            self.logger = logger
            self.timekeeper = Timekeeper(clock)
        }
    }

    private struct PendingRequest {
        let method: String
        let timeout: Duration
        /// Called once with the reply's `result` or the error that ends the wait.
        var complete: (Result<JSON, any Error>) -> Void
        /// Its caller stopped waiting; its answer may still come and is then dropped.
        var isAbandoned = false
    }

    /// The replies to a batch of requests, handed over together once the last one is in.
    private final class ReplyCollector {
        private var outcomes: [Result<JSON, any Error>?]
        private var missing: Int
        private var continuation: CheckedContinuation<[Result<JSON, any Error>], Never>?

        init(count: Int) {
            outcomes = Array(repeating: nil, count: count)
            missing = count
        }

        func complete(_ index: Int, _ outcome: Result<JSON, any Error>) {
            guard outcomes[index] == nil else { return }
            outcomes[index] = outcome
            missing -= 1
            if missing == 0, let continuation { continuation.resume(returning: outcomes.map { $0! }) }
        }

        /// Hands every reply to `continuation` once the last one is in (at once if it is).
        func handOver(to continuation: CheckedContinuation<[Result<JSON, any Error>], Never>) {
            if missing == 0 {
                continuation.resume(returning: outcomes.map { $0! })
            } else {
                self.continuation = continuation
            }
        }
    }

    /// How this connection runs.
    public nonisolated let configuration: Configuration
    var logger: Logger { configuration.logger }
    private var pending: [Int64: PendingRequest] = [:]
    private var nextID: Int64 = 1
    /// Requests written since they were last handed to `outgoing`.
    var output: [UInt8] = []
    /// What the writer at the edge takes to the sink.
    nonisolated let outgoing = OutgoingBytes()
    private var deadlines = DeadlineHeap()
    private var timer: DeadlineTimer
    var subscribers: [Int: Subscriber] = [:]
    var nextSubscriber = 0
    private var requestCounts: [String: Int] = [:]
    var notificationCounts: [String: Int] = [:]
    /// Why the connection ended; nil while it is open.
    public private(set) var closeReason: String?

    /// A connection; its bytes move once `run(reading:writingTo:)` runs.
    public nonisolated init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.timer = DeadlineTimer(configuration.timekeeper)
    }

    /// Whether the connection has closed: every request now fails at once.
    public var isClosed: Bool { closeReason != nil }

    /// How many requests of `method` this connection has sent.
    public func requestsSent(_ method: String) -> Int { requestCounts[method, default: 0] }

    /// How many notifications of `method` have come in (and were handed to their subscribers).
    public func notificationsReceived(_ method: String) -> Int { notificationCounts[method, default: 0] }

    /// How many requests of `type` were sent.
    public func requestsSent<R: SDLRequest>(_ type: R.Type) -> Int { requestsSent(R.method) }

    // MARK: Requests

    /// Sends an SDL request and returns its response; `success: false` throws `SDLResultError`.
    public func send<R: SDLRequest>(_ request: R, timeout: Duration? = nil) async throws -> SDLResponse<R.ResponseParameters> {
        let result = try await self.request(R.method, params: request.parameters, timeout: timeout)
        return try Self.checkedResponse(result, method: R.method)
    }

    /// Reads a JSON-RPC result as an SDL response: a malformed one throws
    /// `SDLConnectionError.malformedResponse`, `success: false` throws `SDLResultError`.
    package nonisolated static func checkedResponse<P: SDLStruct>(_ result: JSON, method: String) throws -> SDLResponse<P> {
        let response: SDLResponse<P>
        do {
            response = try SDLResponse(result: result)
        } catch {
            throw SDLConnectionError.malformedResponse(method: method, detail: error.description)
        }
        guard response.success else {
            throw SDLResultError(method: method, resultCode: response.resultCode, info: response.info)
        }
        return response
    }

    /// Sends any JSON-RPC request and returns its `result` as it came.
    public func request(_ method: String, params: JSONObject? = nil, timeout: Duration? = nil) async throws -> JSON {
        if let closeReason { throw SDLConnectionError.disconnected(method: method, reason: closeReason) }
        let id = nextID
        nextID += 1
        let timeout = timeout ?? configuration.defaultTimeout
        let deadline = configuration.timekeeper.now() + timeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                write(method, params: params, id: id, timeout: timeout, deadline: deadline) { continuation.resume(with: $0) }
                handOverOutput()
            }
        } onCancel: {
            Task { @SDLActor in self.abandon(id..<(id + 1)) }
        }
    }

    /// Sends every request at once and awaits all their answers, in the requests' order,
    /// each answer on its own: one request failing or timing out fails only that one.
    /// Cheaper than a task per `send` when many go out together (a choice set preload). The
    /// first requests go out while the rest are still being encoded.
    public func send<R: SDLRequest>(
        all requests: [R], timeout: Duration? = nil
    ) async -> [Result<SDLResponse<R.ResponseParameters>, any Error>] {
        let results = await request(R.method, batchOfParams: requests.lazy.map(\.parameters), timeout: timeout)
        return results.map { result in
            result.flatMap { json in Result { try Self.checkedResponse(json, method: R.method) } }
        }
    }

    /// Requests written between two chances for the writer to send them: the head unit starts
    /// on a big batch while the rest is encoded, instead of after all of it.
    static let batchSlice = 256

    private func request(
        _ method: String, batchOfParams batch: some Collection<JSONObject>, timeout: Duration?
    ) async -> [Result<JSON, any Error>] {
        guard !batch.isEmpty else { return [] }
        if let closeReason {
            return Array(repeating: .failure(SDLConnectionError.disconnected(method: method, reason: closeReason)), count: batch.count)
        }
        let ids = nextID..<(nextID + Int64(batch.count))
        nextID = ids.upperBound
        let timeout = timeout ?? configuration.defaultTimeout
        let deadline = configuration.timekeeper.now() + timeout
        let replies = ReplyCollector(count: batch.count)
        return await withTaskCancellationHandler {
            for (index, params) in batch.enumerated() {
                if index > 0, index % Self.batchSlice == 0 {
                    handOverOutput()
                    // Lets the answers to the first slices in, and the rest of the domain run.
                    await Task.yield()
                }
                if let closeReason {
                    // Closed while this batch was being written: what is not written fails now.
                    replies.complete(index, .failure(SDLConnectionError.disconnected(method: method, reason: closeReason)))
                } else if Task.isCancelled {
                    replies.complete(index, .failure(CancellationError()))
                } else {
                    write(method, params: params, id: ids.lowerBound + Int64(index), timeout: timeout, deadline: deadline) {
                        replies.complete(index, $0)
                    }
                }
            }
            handOverOutput()
            return await withCheckedContinuation { replies.handOver(to: $0) }
        } onCancel: {
            Task { @SDLActor in self.abandon(ids) }
        }
    }

    /// Puts a request in the output and waits for its answer: `complete` gets it, or the
    /// error that ends the wait (timeout at `deadline`, cancellation, the connection closing).
    private func write(
        _ method: String, params: JSONObject?, id: Int64, timeout: Duration, deadline: Duration,
        complete: @escaping (Result<JSON, any Error>) -> Void
    ) {
        pending[id] = PendingRequest(method: method, timeout: timeout, complete: complete)
        requestCounts[method, default: 0] += 1
        MessageWriter.writeCall(method: method, params: params, id: .integer(id), into: &output)
        output.append(0x0A)
        schedule(deadline, id: id)
    }

    /// Hands what was written to the writer at the edge.
    func handOverOutput() {
        guard !output.isEmpty else { return }
        outgoing.append(&output)
    }

    /// Fails the requests with `CancellationError` but keeps them until their answer or their
    /// deadline comes: an answer the app caused is recognised as such when it comes late.
    private func abandon(_ ids: Range<Int64>) {
        for id in ids {
            guard var request = pending[id], !request.isAbandoned else { continue }
            request.complete(.failure(CancellationError()))
            request.complete = { _ in }
            request.isAbandoned = true
            pending[id] = request
        }
    }

    /// Completes the request a response answers; `message` is the whole response, for the log.
    func answer(_ id: JSON, with outcome: Result<JSON, RPCError>, message: @autoclosure () -> JSON) {
        guard case .integer(let number) = id, let request = pending.removeValue(forKey: number) else {
            logger.warning("a reply to no pending request: \(message())")
            return
        }
        guard !request.isAbandoned else {
            logger.debug("the answer to \(request.method) (id \(number)) came after the app stopped waiting for it")
            return
        }
        switch outcome {
        case .success(let result): request.complete(.success(result))
        case .failure(let error):
            request.complete(.failure(SDLConnectionError.protocolError(method: request.method, error)))
        }
    }

    // MARK: Closing

    /// Ends the connection: every pending request fails with `reason`, notification
    /// sequences end, and the output ends once what was written is flushed.
    public func close(reason: String = "the app closed the connection") {
        guard closeReason == nil else { return }
        closeReason = reason
        let failed = pending
        pending = [:]
        if !failed.isEmpty { logger.debug("connection closed with \(failed.count) requests pending: \(reason)") }
        for request in failed.values {
            request.complete(.failure(SDLConnectionError.disconnected(method: request.method, reason: reason)))
        }
        timer.cancel()
        deadlines = DeadlineHeap()
        let ended = subscribers.values
        subscribers = [:]
        for subscriber in ended { subscriber.end(reason) }
        handOverOutput()
        outgoing.close()
    }

    /// Returns once everything written so far is with the byte sink (or the connection has
    /// ended): a peer then asked something on another channel has these requests first.
    public func flushed() async {
        handOverOutput()
        await outgoing.flushed()
    }

    // MARK: Timeouts

    private func schedule(_ deadline: Duration, id: Int64) {
        deadlines.insert(deadline, id: id)
        setTimer()
    }

    private func setTimer() {
        timer.set(for: deadlines.earliest) { [weak self] in self?.expireDueRequests() }
    }

    private func expireDueRequests() {
        timer.fired()
        for id in deadlines.popDue(at: configuration.timekeeper.now()) {
            guard let request = pending.removeValue(forKey: id), !request.isAbandoned else { continue }
            logger.debug("\(request.method) (id \(id)) timed out after \(request.timeout)")
            request.complete(.failure(SDLConnectionError.timedOut(method: request.method, after: request.timeout)))
        }
        setTimer()
    }
}
