import JSONCodec
import JSONRPC
import Logging
import Synchronization

/// The connection's edge: the bytes read from the head unit, framed and parsed outside
/// ``SDLActor``, which the reader enters once per chunk; and the bytes written, which the
/// domain hands to the writer through `OutgoingBytes` without waiting for it.
extension SDLConnection {
    /// Reads replies and notifications from `incoming` and writes requests to `sink` until
    /// the connection is closed (by `close`, or by the end of `incoming`).
    public nonisolated func run<Incoming: AsyncSequence & Sendable>(
        reading incoming: Incoming, writingTo sink: some ByteSink
    ) async where Incoming.Element: ByteChunk {
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.read(incoming) }
                group.addTask { await self.write(to: sink) }
            }
        } onCancel: {
            Task { @SDLActor in self.close(reason: "the connection's task was cancelled") }
        }
    }

    private nonisolated func read<Incoming: AsyncSequence>(_ incoming: Incoming) async where Incoming.Element: ByteChunk {
        var decoder = IncomingDecoder(maximumLineBytes: configuration.maximumLineBytes, logger: configuration.logger)
        let failure: (any Error)?
        do {
            for try await chunk in incoming {
                let arrivals = decoder.decode(chunk)
                if !arrivals.isEmpty { await receive(arrivals) }
            }
            failure = nil
        } catch {
            failure = error
        }
        await endOfInput(decoder.finish(), failure)
    }

    private func endOfInput(_ arrivals: [Arrival], _ error: (any Error)?) {
        receive(arrivals)
        if let error {
            close(reason: "reading from the head unit failed: \(error)")
        } else {
            close(reason: "the head unit closed the connection")
        }
    }

    private nonisolated func write(to sink: some ByteSink) async {
        while let bytes = await outgoing.take() {
            do {
                try await sink.write(bytes)
            } catch {
                await close(reason: "writing to the head unit failed: \(error)")
            }
            outgoing.wrote(bytes.count)
        }
        await sink.finish()
    }

    /// Runs a connection over `incoming`/`sink` for the duration of `body`, then closes it
    /// (pending requests fail, the sink is finished) and stops reading.
    @discardableResult
    public nonisolated static func withConnection<Incoming: AsyncSequence & Sendable, Result>(
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

/// One message from the head unit, framed and parsed at the edge.
enum Arrival: Sendable {
    /// The plain success reply to the request of this id, recognised by its bytes.
    case plainSuccess(Int64)
    /// Any other message (each element of a batch line is one), and its JSON for the log.
    case message(IncomingMessage, JSON)
}

/// Frames and parses what the head unit sends, outside the domain; drops, with a log line,
/// what is no message.
struct IncomingDecoder {
    private var framer: LineFramer
    private let maximumLineBytes: Int
    private let logger: Logger

    init(maximumLineBytes: Int, logger: Logger) {
        framer = LineFramer(maximumLineBytes: maximumLineBytes)
        self.maximumLineBytes = maximumLineBytes
        self.logger = logger
    }

    mutating func decode(_ chunk: some ByteChunk) -> [Arrival] {
        var arrivals: [Arrival] = []
        let (limit, logger) = (maximumLineBytes, logger)
        chunk.withBytes { bytes in
            framer.feed(bytes) { line in Self.decode(line, limit: limit, logger: logger, into: &arrivals) }
        }
        return arrivals
    }

    /// The last line, if the stream ended without its line feed.
    mutating func finish() -> [Arrival] {
        var arrivals: [Arrival] = []
        let (limit, logger) = (maximumLineBytes, logger)
        framer.finish { line in Self.decode(line, limit: limit, logger: logger, into: &arrivals) }
        return arrivals
    }

    private static func decode(_ line: LineFramer.Line, limit maximumLineBytes: Int, logger: Logger, into arrivals: inout [Arrival]) {
        guard case .text(let bytes) = line else {
            if case .tooLong = line { logger.error("dropped a line longer than \(maximumLineBytes) bytes") }
            return
        }
        if let id = PlainSuccessReply.id(in: bytes) { return arrivals.append(.plainSuccess(id)) }
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            logger.error("dropped a line that is not JSON: \(error)")
            return
        }
        if case .array(let batch) = json {
            for element in batch { arrivals.append(.message(IncomingMessage(element), element)) }
        } else {
            arrivals.append(.message(IncomingMessage(json), json))
        }
    }
}

/// The bytes the domain has written and the writer at the edge has not taken yet: the one
/// place the two share, under a lock held only to hand bytes over. The domain never waits
/// for the writer; the writer waits here for bytes.
final class OutgoingBytes: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var isClosed = false
        var writer: CheckedContinuation<Void, Never>?
        /// Bytes handed over since the start, and how many of them the sink has taken.
        var handedOver = 0
        var written = 0
        var flushWaiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Takes `bytes` (leaving it empty) for the writer.
    func append(_ bytes: inout [UInt8]) {
        let writer = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.isClosed else { return nil }
            state.handedOver += bytes.count
            if state.bytes.isEmpty { swap(&state.bytes, &bytes) } else { state.bytes += bytes }
            defer { state.writer = nil }
            return state.writer
        }
        bytes.removeAll(keepingCapacity: true)
        writer?.resume()
    }

    /// No more bytes come; the writer takes what is left, then ends.
    func close() {
        let (writer, waiters) = state.withLock { state in
            state.isClosed = true
            defer {
                state.writer = nil
                state.flushWaiters = []
            }
            return (state.writer, state.flushWaiters)
        }
        writer?.resume()
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// The bytes handed over since the last call; nil once closed and emptied.
    func take() async -> [UInt8]? {
        enum Next {
            case bytes([UInt8])
            case end
            case wait
        }
        while true {
            let next = state.withLock { state -> Next in
                if !state.bytes.isEmpty {
                    var bytes: [UInt8] = []
                    swap(&bytes, &state.bytes)
                    return .bytes(bytes)
                }
                return state.isClosed ? .end : .wait
            }
            switch next {
            case .bytes(let bytes): return bytes
            case .end: return nil
            case .wait:
                await withCheckedContinuation { (writer: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state -> Bool in
                        if !state.bytes.isEmpty || state.isClosed { return true }
                        state.writer = writer
                        return false
                    }
                    if ready { writer.resume() }
                }
            }
        }
    }

    /// The sink took `count` bytes.
    func wrote(_ count: Int) {
        let due = state.withLock { state in
            state.written += count
            let written = state.written
            defer { state.flushWaiters.removeAll { $0.upTo <= written } }
            return state.flushWaiters.filter { $0.upTo <= written }
        }
        for waiter in due { waiter.continuation.resume() }
    }

    /// Returns once every byte handed over so far has been written (or the connection ended).
    func flushed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.isClosed || state.written >= state.handedOver { return true }
                state.flushWaiters.append((state.handedOver, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}
