import Glibc
import Synchronization

/// A child's pipes from async code: blocking reads and writes on threads of their own, so
/// no task of the cooperative pool ever waits in `read(2)` or `write(2)`.
extension ChildProcess {
    /// What `descriptor` gives until its end, chunk by chunk as it is read (on a thread of
    /// its own); the descriptor is closed at the end.
    public static func chunks(of descriptor: Int32, chunkSize: Int = 1 << 16) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        startThread {
            var buffer = [UInt8](repeating: 0, count: chunkSize)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(Array(buffer[..<count]))
            }
            close(descriptor)
            continuation.finish()
        }
        return stream
    }
}

/// Writes to a descriptor (a child's stdin) in order, on a thread of its own: `write`
/// returns once its bytes are written, or throws once the reader is gone (EPIPE).
public final class PipeWriter: Sendable {
    /// The reader closed its end: nothing more can be written.
    public struct Closed: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    private struct State {
        var pending: [(bytes: [UInt8], written: CheckedContinuation<Closed?, Never>)] = []
        var finishing = false
        var failure: Closed?
    }

    private let state = Mutex(State())
    /// Counts what the thread has to do: a write, or the end.
    nonisolated(unsafe) private let work = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    /// A writer owning `descriptor`: it closes it after `finish()` and what was written before.
    public init(_ descriptor: Int32) {
        sem_init(work, 0, 0)
        startThread { [self] in run(descriptor) }
    }

    deinit {
        sem_destroy(work)
        work.deallocate()
    }

    /// Writes every byte of `bytes`, after those written before.
    public func write(_ bytes: [UInt8]) async throws(Closed) {
        let failure = await withCheckedContinuation { (written: CheckedContinuation<Closed?, Never>) in
            let refused = state.withLock { state -> Closed? in
                if let failure = state.failure { return failure }
                if state.finishing { return Closed(description: "the writer was finished") }
                state.pending.append((bytes, written))
                return nil
            }
            if let refused { written.resume(returning: refused) } else { sem_post(work) }
        }
        if let failure { throw failure }
    }

    /// Writes what is queued, then closes the descriptor: the reader sees the end.
    public func finish() {
        let first = state.withLock { state in
            defer { state.finishing = true }
            return !state.finishing
        }
        if first { sem_post(work) }
    }

    private func run(_ descriptor: Int32) {
        while true {
            while sem_wait(work) != 0 {}
            let next = state.withLock { state -> (bytes: [UInt8], written: CheckedContinuation<Closed?, Never>)? in
                state.pending.isEmpty ? nil : state.pending.removeFirst()
            }
            guard let (bytes, written) = next else { break }  // finished, nothing left
            if let failure = state.withLock({ $0.failure }) {
                written.resume(returning: failure)
                continue
            }
            let failure = Self.writeAll(bytes, to: descriptor)
            if let failure { state.withLock { $0.failure = failure } }
            written.resume(returning: failure)
        }
        close(descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Closed? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return Closed(description: "writing failed: \(String(cString: strerror(errno)))") }
                offset += count
            }
            return nil
        }
    }
}

/// Runs `body` on a new thread of its own, detached.
func startThread(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { context in
        let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
        body.run()
        return nil
    }, box)
    precondition(result == 0, "pthread_create failed: \(result)")
    pthread_detach(thread)
}

private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
