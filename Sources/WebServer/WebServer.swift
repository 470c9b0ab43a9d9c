import Glibc
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// `hu-sim --web`: serves the head unit's page, its assets and the app's uploaded images, and
/// a WebSocket (`/socket`) per open page, on SwiftNIO's thread.
///
/// It knows nothing of the engine, which runs on hu-sim's `poll(2)` loop thread: what the
/// browsers do arrives there as `WebEvent`s in one queue, in order, with a byte on
/// `wakeDescriptor` to wake the loop; what the loop sends goes out through `WebClient.send`,
/// which NIO carries to its own thread. No lock is held around the engine.
public final class WebServer: Sendable {
    /// Where it listens, as `host:port` (port 0 resolved), and its page's address.
    public let address: String
    public var url: String { "http://\(address)/" }
    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    private let inbox: WebInbox

    /// Readable when events are waiting: the loop polls it and then calls `takeEvents`.
    public var wakeDescriptor: Int32 { inbox.readEnd }

    /// Binds `host:port` (port 0: any free port). Only the page, its assets, `/files/NAME`
    /// and `/socket` are served; anything else is a 4xx and a log line.
    public init(host: String, port: Int, logger: Logger) throws(WebServerError) {
        let inbox: WebInbox
        do {
            inbox = try WebInbox()
        } catch {
            throw WebServerError("cannot make the web server's wake pipe: \(error)")
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let site = Site(isLoopback: Site.isLoopback(host), inbox: inbox, logger: logger)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try site.configure(channel) }
            }
        do {
            listener = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw WebServerError("cannot listen on \(host):\(port) for browsers: \(error)")
        }
        guard let bound = listener.localAddress, let boundPort = bound.port else {
            try? group.syncShutdownGracefully()
            throw WebServerError("cannot tell where the web server listens")
        }
        let boundHost = bound.ipAddress ?? host
        address = boundHost.contains(":") ? "[\(boundHost)]:\(boundPort)" : "\(boundHost):\(boundPort)"
        self.group = group
        self.inbox = inbox
    }

    /// What the browsers did since the last call, oldest first.
    public func takeEvents() -> [WebEvent] { inbox.take() }

    /// Closes every connection and stops NIO's thread; file requests still waiting are
    /// answered "not found".
    public func shutdown() {
        try? listener.close().wait()
        // Answered while NIO's thread still runs (a promise left unanswered is a bug NIO traps);
        // again after, for any a connection asked for meanwhile.
        for case .file(_, let reply) in inbox.take() { reply.send(nil) }
        try? group.syncShutdownGracefully()
        for case .file(_, let reply) in inbox.take() { reply.send(nil) }
        inbox.close()
    }
}

/// What a browser did, for the loop.
public enum WebEvent: Sendable {
    /// A page opened its WebSocket.
    case connected(WebClient)
    /// A text message from a page: one JSON-RPC request (or batch).
    case message(WebClient, [UInt8])
    /// The page can take output again after it stopped reading for a while: what was held
    /// back (the state) is due.
    case writable(WebClient)
    case disconnected(WebClient)
    /// `GET /files/NAME`: the app's uploaded file of that name, if it has one. Answer each once.
    case file(name: String, reply: FileReply)
}

/// An open page's WebSocket.
public struct WebClient: Sendable, Hashable, CustomStringConvertible {
    public let id: Int
    /// Where the browser connected from.
    public let name: String
    let channel: any Channel

    /// Sends `text` (UTF-8, e.g. JSON lines) as one text message; from any thread.
    public func send(_ text: [UInt8]) {
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(bytes: text)), promise: nil)
    }

    /// False while the browser does not read what it was sent (NIO holds more than its
    /// high-water mark): send it only what it must have. Its input is not read meanwhile.
    public var isWritable: Bool { channel.isWritable }

    public var description: String { "browser \(id) (\(name))" }

    public static func == (a: WebClient, b: WebClient) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The answer to a `GET /files/NAME`.
public struct FileReply: Sendable {
    let promise: EventLoopPromise<ServedFile?>

    /// The file, or nil for a 404.
    public func send(_ file: ServedFile?) { promise.succeed(file) }
}

public struct ServedFile: Sendable {
    public var bytes: [UInt8]
    public var contentType: String

    public init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }
}

public struct WebServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The queue from NIO's thread to the loop, and the pipe that wakes the loop. A byte is
/// written only when the queue goes from empty to not, so the pipe never fills.
final class WebInbox: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    private let queue = Mutex(Queue())

    private struct Queue {
        var events: [WebEvent] = []
        var bytes = 0
    }

    /// Past this many bytes of messages not yet taken by the loop, a browser sending more is
    /// disconnected: the loop is busy, and a page has no reason to send that much.
    static let maximumQueuedBytes = 8 << 20

    init() throws(WebServerError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WebServerError(String(cString: strerror(errno))) }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Queues `event`; false (and nothing queued) when it would pass the byte limit.
    @discardableResult
    func post(_ event: WebEvent) -> Bool {
        let size = if case .message(_, let bytes) = event { bytes.count } else { 0 }
        return queue.withLock { queue in
            guard size == 0 || queue.bytes + size <= Self.maximumQueuedBytes else { return false }
            queue.events.append(event)
            queue.bytes += size
            if queue.events.count == 1 {
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
            return true
        }
    }

    func take() -> [WebEvent] {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &sink, sink.count) > 0 {}
        return queue.withLock { queue in
            defer { queue = Queue() }
            return queue.events
        }
    }

    func close() {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }
}
