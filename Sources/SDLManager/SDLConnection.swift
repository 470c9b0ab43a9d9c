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
/// `withConnection` and `SimulatorProcess` for scoped ways to run it).
public actor SDLConnection {
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
        /// Called once, on the connection, with the reply's `result` or the error that ends the wait.
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

    private struct Subscriber {
        let methods: Set<String>
        let deliver: @Sendable (String, JSONObject) -> Void
        let finish: @Sendable () -> Void
    }

    /// How this connection runs.
    public nonisolated let configuration: Configuration
    private var logger: Logger { configuration.logger }
    private var pending: [Int64: PendingRequest] = [:]
    private var nextID: Int64 = 1
    private var output: [UInt8] = []
    private var writerWaiting: CheckedContinuation<Void, Never>?
    /// Bytes taken from `output` for the sink, and how many of them the sink has taken.
    private var bytesTaken = 0
    private var bytesWritten = 0
    private var flushWaiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var deadlines = DeadlineHeap()
    private var timer: (deadline: Duration, task: Task<Void, Never>)?
    private var subscribers: [Int: Subscriber] = [:]
    private var nextSubscriber = 0
    private var requestCounts: [String: Int] = [:]
    private var notificationCounts: [String: Int] = [:]
    private var framer: LineFramer
    /// Why the connection ended; nil while it is open.
    public private(set) var closeReason: String?

    /// A connection; its bytes move once `run(reading:writingTo:)` runs.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.framer = LineFramer(maximumLineBytes: configuration.maximumLineBytes)
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
    public nonisolated func send<R: SDLRequest>(
        _ request: R, timeout: Duration? = nil
    ) async throws -> SDLResponse<R.ResponseParameters> {
        let result = try await self.request(R.method, params: request.parameters, timeout: timeout)
        return try Self.checkedResponse(result, method: R.method)
    }

    /// Reads a JSON-RPC result as an SDL response: a malformed one throws
    /// `SDLConnectionError.malformedResponse`, `success: false` throws `SDLResultError`.
    package static func checkedResponse<P: SDLStruct>(_ result: JSON, method: String) throws -> SDLResponse<P> {
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
                wakeWriter()
            }
        } onCancel: {
            Task { await self.abandon(id..<(id + 1)) }
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
                    wakeWriter()
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
            wakeWriter()
            return await withCheckedContinuation { replies.handOver(to: $0) }
        } onCancel: {
            Task { await self.abandon(ids) }
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

    // MARK: Notifications

    /// Every later notification of type `N`, in the order the head unit sent them.
    public func notifications<N: SDLNotification>(_ type: N.Type) -> AsyncStream<N> {
        let (stream, continuation) = AsyncStream.makeStream(of: N.self)
        let logger = logger
        subscribe(methods: [N.method], continuation) { _, params in
            do {
                continuation.yield(try N(parameters: params))
            } catch {
                logger.warning("dropped a malformed \(N.method): \(error)")
            }
        }
        return stream
    }

    /// Every later notification of any of `types`, in the order the head unit sent them.
    public func notifications(_ types: [any SDLNotification.Type]) -> AsyncStream<any SDLNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: (any SDLNotification).self)
        let byMethod = Dictionary(types.map { ($0.method, $0) }, uniquingKeysWith: { first, _ in first })
        let logger = logger
        subscribe(methods: Set(byMethod.keys), continuation) { method, params in
            do {
                continuation.yield(try decodeNotification(byMethod[method]!, params))
            } catch {
                logger.warning("dropped a malformed \(method): \(error)")
            }
        }
        return stream
    }

    private func subscribe<Element>(
        methods: Set<String>, _ continuation: AsyncStream<Element>.Continuation,
        deliver: @escaping @Sendable (String, JSONObject) -> Void
    ) {
        guard closeReason == nil else { return continuation.finish() }
        let key = nextSubscriber
        nextSubscriber += 1
        subscribers[key] = Subscriber(methods: methods, deliver: deliver, finish: { continuation.finish() })
        continuation.onTermination = { _ in Task { await self.unsubscribe(key) } }
    }

    private func unsubscribe(_ key: Int) { subscribers[key] = nil }

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
        timer?.task.cancel()
        timer = nil
        deadlines = DeadlineHeap()
        for waiter in flushWaiters { waiter.continuation.resume() }
        flushWaiters = []
        for subscriber in subscribers.values { subscriber.finish() }
        subscribers = [:]
        wakeWriter()
    }

    /// Returns once everything written so far is with the byte sink (or the connection has
    /// ended): a peer then asked something on another channel has these requests first.
    public func flushed() async {
        let target = bytesTaken + output.count
        guard bytesWritten < target, closeReason == nil else { return }
        await withCheckedContinuation { flushWaiters.append((target, $0)) }
    }

    private func wrote(_ count: Int) {
        bytesWritten += count
        let due = flushWaiters.filter { $0.upTo <= bytesWritten }
        flushWaiters.removeAll { $0.upTo <= bytesWritten }
        for waiter in due { waiter.continuation.resume() }
    }

    // MARK: Timeouts

    private func schedule(_ deadline: Duration, id: Int64) {
        deadlines.insert(deadline, id: id)
        armTimer()
    }

    /// One timer, set for the earliest deadline; it is replaced only by an earlier one.
    private func armTimer() {
        guard let earliest = deadlines.earliest else { return }
        if let timer, timer.deadline <= earliest { return }
        timer?.task.cancel()
        let sleep = configuration.timekeeper.sleep
        timer = (
            earliest,
            Task { [weak self] in
                do { try await sleep(earliest) } catch { return }
                await self?.expireDueRequests()
            }
        )
    }

    private func expireDueRequests() {
        timer = nil
        for id in deadlines.popDue(at: configuration.timekeeper.now()) {
            guard let request = pending.removeValue(forKey: id), !request.isAbandoned else { continue }
            logger.debug("\(request.method) (id \(id)) timed out after \(request.timeout)")
            request.complete(.failure(SDLConnectionError.timedOut(method: request.method, after: request.timeout)))
        }
        armTimer()
    }

    // MARK: Moving bytes

    /// Reads replies and notifications from `incoming` and writes requests to `sink` until
    /// the connection is closed (by `close`, or by the end of `incoming`).
    public nonisolated func run<Incoming: AsyncSequence & Sendable>(
        reading incoming: Incoming, writingTo sink: some ByteSink
    ) async where Incoming.Element: ByteChunk {
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await chunk in incoming { await self.receive(chunk) }
                        await self.endOfInput(nil)
                    } catch {
                        await self.endOfInput(error)
                    }
                }
                group.addTask {
                    while let bytes = await self.takeOutput() {
                        do {
                            try await sink.write(bytes)
                        } catch {
                            await self.close(reason: "writing to the head unit failed: \(error)")
                        }
                        await self.wrote(bytes.count)
                    }
                    await sink.finish()
                }
            }
        } onCancel: {
            Task { await self.close(reason: "the connection's task was cancelled") }
        }
    }

    private func wakeWriter() {
        writerWaiting?.resume()
        writerWaiting = nil
    }

    /// The bytes written since the last call; nil once the connection is closed and flushed.
    private func takeOutput() async -> [UInt8]? {
        while output.isEmpty {
            if closeReason != nil { return nil }
            await withCheckedContinuation { writerWaiting = $0 }
        }
        var bytes: [UInt8] = []
        swap(&bytes, &output)
        bytesTaken += bytes.count
        return bytes
    }

    private func receive(_ chunk: some ByteChunk) {
        chunk.withBytes { bytes in
            framer.feed(bytes) { line in handle(line) }
        }
    }

    private func endOfInput(_ error: (any Error)?) {
        framer.finish { line in handle(line) }
        if let error {
            close(reason: "reading from the head unit failed: \(error)")
        } else {
            close(reason: "the head unit closed the connection")
        }
    }

    private func handle(_ line: LineFramer.Line) {
        guard case .text(let bytes) = line else {
            logger.error("dropped a line longer than \(configuration.maximumLineBytes) bytes")
            return
        }
        if let id = PlainSuccessReply.id(in: bytes) {
            return answer(.integer(id), with: .success(PlainSuccessReply.result), message: PlainSuccessReply.message(id))
        }
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            logger.error("dropped a line that is not JSON: \(error)")
            return
        }
        if case .array(let batch) = json {
            batch.forEach(dispatch)
        } else {
            dispatch(json)
        }
    }

    private func dispatch(_ message: JSON) {
        switch IncomingMessage(message) {
        case .response(let id, let outcome):
            answer(id, with: outcome, message: message)
        case .call(let method, let params, nil):
            notificationCounts[method, default: 0] += 1
            for subscriber in subscribers.values where subscriber.methods.contains(method) {
                subscriber.deliver(method, params)
            }
        case .call(let method, _, let id?):
            // A head unit sends the app no requests (PROTOCOL.md §4); answer as JSON-RPC says.
            MessageWriter.writeResponse(id: id, outcome: .failure(.methodNotFound(method)), into: &output)
            output.append(0x0A)
            wakeWriter()
        case .invalid(let error, _):
            logger.warning("dropped an invalid message (\(error.message)): \(message)")
        }
    }
}

extension SDLConnection {
    /// Completes the request a response answers; `message` is the whole response, for the log.
    private func answer(_ id: JSON, with outcome: Result<JSON, RPCError>, message: @autoclosure () -> JSON) {
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
}

/// The reply most requests get, `{"jsonrpc":"2.0","id":N,"result":{"success":true,"resultCode":"SUCCESS"}}`
/// byte for byte as hu-sim writes it: recognised by its bytes instead of parsed (a preload of
/// 3,000 cells spent 14% of the manager's instructions parsing replies, 24 k each). Any
/// other spelling of the same reply is parsed as usual.
enum PlainSuccessReply {
    static let result = JSON.object(["success": .bool(true), "resultCode": .string("SUCCESS")])

    static func message(_ id: Int64) -> JSON {
        .object(["jsonrpc": .string("2.0"), "id": .integer(id), "result": result])
    }

    private static let prefix = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let suffix = Array(#","result":{"success":true,"resultCode":"SUCCESS"}}"#.utf8)

    /// The id of a plain success reply, or nil for any other line. The id is a JSON integer
    /// of 1 to 18 digits without a leading zero, so it always fits an `Int64`.
    static func id(in line: UnsafeRawBufferPointer) -> Int64? {
        let digitCount = line.count - prefix.count - suffix.count
        guard (1...18).contains(digitCount), line.starts(with: prefix), line.suffix(suffix.count).elementsEqual(suffix) else {
            return nil
        }
        let digits = line[prefix.count..<(prefix.count + digitCount)]
        guard digits.first != UInt8(ascii: "0") || digitCount == 1 else { return nil }
        var id: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            id = id * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return id
    }
}

private func decodeNotification<N: SDLNotification>(_ type: N.Type, _ params: JSONObject) throws -> any SDLNotification {
    try N(parameters: params)
}

extension SDLConnection {
    /// Runs a connection over `incoming`/`sink` for the duration of `body`, then closes it
    /// (pending requests fail, the sink is finished) and stops reading.
    @discardableResult
    public static func withConnection<Incoming: AsyncSequence & Sendable, Result>(
        reading incoming: Incoming, writingTo sink: some ByteSink, configuration: Configuration = Configuration(),
        _ body: (SDLConnection) async throws -> Result
    ) async throws -> Result where Incoming.Element: ByteChunk {
        let connection = SDLConnection(configuration: configuration)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await connection.run(reading: incoming, writingTo: sink) }
            defer { group.cancelAll() }
            do {
                let result = try await body(connection)
                await connection.close()
                return result
            } catch {
                await connection.close(reason: "the app stopped with an error: \(error)")
                throw error
            }
        }
    }
}
