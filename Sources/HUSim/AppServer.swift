import Glibc
import HeadUnit
import Logging
import SDLProtocol
import SimulatorHost

/// `--listen`: SDL apps connecting over TCP, each an `SDLAppSession` on the same engine as
/// stdin/stdout. All sockets are non-blocking and served from the stdio loop's `poll(2)`, on
/// its one thread: the engine stays deterministic, and no second event loop is needed.
///
/// One app at a time holds the head unit, as the engine has one app: while a connection has
/// its RPC service started (or an app registered over stdin), another connection's
/// StartService is NAKed with the reason, and that connection is closed.
final class AppServer {
    private let listener: Int32
    let address: String
    private let host: EngineHost
    private let configuration: ProtocolConnection.Configuration
    private let logger: Logger
    private var connections: [AppConnection] = []
    /// `--trace`: each app's messages and what happened to its connection.
    var trace: WireTrace?

    /// Past this much unsent output, a connection's input is not read (backpressure); past
    /// `maximumUnsentBytes`, the app has stopped reading and is disconnected.
    static let readPauseBytes = 1 << 20
    static let maximumUnsentBytes = 16 << 20
    private static let readSize = 1 << 16

    init(listeningOn endpoint: Endpoint, host: EngineHost, configuration: ProtocolConnection.Configuration, logger: Logger) throws(AppServerError) {
        (listener, address) = try Self.listen(on: endpoint)
        self.host = host
        self.configuration = configuration
        self.logger = logger
    }

    deinit { close(listener) }

    /// Something happened on a connection since the loop last asked (for the console's screen).
    private(set) var hadActivity = false

    // MARK: The loop's side

    /// What to wait for: new connections, input (unless paused), room for output.
    var pollDescriptors: [pollfd] {
        [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            + connections.map { connection in
                var events: Int32 = 0
                if connection.session.output.count < Self.readPauseBytes && !connection.closing { events |= POLLIN }
                if !connection.session.output.isEmpty { events |= POLLOUT }
                return pollfd(fd: connection.descriptor, events: Int16(events), revents: 0)
            }
    }

    /// Handles what `poll` reported for `pollDescriptors`, in the same order.
    func handle(_ ready: ArraySlice<pollfd>) {
        let snapshot = connections
        for (index, entry) in ready.enumerated() where entry.revents != 0 {
            if index == 0 {
                acceptAll()
            } else if let connection = snapshot.indices.contains(index - 1) ? snapshot[index - 1] : nil {
                if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(connection) }
            }
        }
        flush()
    }

    /// Writes what each connection has pending, as far as its socket takes it; closes the
    /// connections that are done or broken.
    func flush() {
        for connection in connections {
            write(connection)
            if connection.session.output.count > Self.maximumUnsentBytes {
                drop(connection, "the app stopped reading: \(connection.session.output.count) bytes unsent")
            } else if connection.closing && connection.session.output.isEmpty {
                drop(connection, nil)
            }
        }
        connections.removeAll { $0.descriptor < 0 }
    }

    /// The simulator is stopping: each app is told (OnAppInterfaceUnregistered, EndService),
    /// given a moment to read it, and disconnected.
    func shutdown() {
        for connection in connections where connection.session.isRPCServiceStarted { connection.session.shutdown() }
        var deadline = StdioLoop.monotonicMilliseconds() + 500
        while connections.contains(where: { !$0.session.output.isEmpty }), StdioLoop.monotonicMilliseconds() < deadline {
            var fds = connections.filter { !$0.session.output.isEmpty }.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            if poll(&fds, nfds_t(fds.count), 100) < 0 && errno != EINTR { break }
            for connection in connections { write(connection) }
            if connections.allSatisfy({ $0.descriptor < 0 }) { deadline = 0 }
        }
        for connection in connections where connection.descriptor >= 0 { drop(connection, nil) }
        connections.removeAll()
    }

    func takeActivity() -> Bool {
        defer { hadActivity = false }
        return hadActivity
    }

    // MARK: Connections

    private func acceptAll() {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let descriptor = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard descriptor >= 0 else {
                if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                    logger.warning("accepting a connection failed: \(String(cString: strerror(errno)))")
                }
                return
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let peerName = Endpoint.describe(storage)
            let connection = AppConnection(descriptor: descriptor, name: peerName)
            connection.session = SDLAppSession(host: host, configuration: configuration) { [unowned self, unowned connection] in
                self.refusal(for: connection)
            }
            connection.session.log = { [logger] (text: String) in logger.info("app \(peerName): \(text)") }
            connection.session.trace = trace
            connection.session.name = peerName
            connections.append(connection)
            logger.notice("app \(peerName) connected")
            trace?.event("connected", app: peerName)
            hadActivity = true
        }
    }

    /// Why `connection` may not start its RPC service now, if it may not.
    private func refusal(for connection: AppConnection) -> String? {
        if let other = connections.first(where: { $0 !== connection && $0.descriptor >= 0 && $0.session.isRPCServiceStarted }) {
            connection.closing = true
            return "hu-sim serves one app at a time, and the app connected from \(other.name) holds it; connect again once it has gone"
        }
        if let appPeer = host.engine.registeredAppPeer, appPeer != connection.session.peer {
            connection.closing = true
            return "hu-sim serves one app at a time, and an app registered over stdin holds it"
        }
        return nil
    }

    private func read(_ connection: AppConnection) {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(connection.descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EAGAIN || errno == EINTR { return }
            return drop(connection, "reading failed: \(String(cString: strerror(errno)))")
        }
        hadActivity = true
        if count == 0 { return drop(connection, nil) }
        connection.session.receive(buffer[..<count])
        if connection.session.closeReason != nil { connection.closing = true }
    }

    private func write(_ connection: AppConnection) {
        guard connection.descriptor >= 0, !connection.session.output.isEmpty else { return }
        let written = connection.session.output.withUnsafeBytes { Glibc.send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written > 0 {
            connection.session.output.removeFirst(written)
        } else if written < 0 && errno != EAGAIN && errno != EINTR {
            drop(connection, "writing failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Closes `connection`; the app registered from it, if any, ends as a disconnect ends it.
    private func drop(_ connection: AppConnection, _ reason: String?) {
        guard connection.descriptor >= 0 else { return }
        close(connection.descriptor)
        connection.descriptor = -1
        connection.session.output.removeAll()
        connection.session.endOfInput()
        hadActivity = true
        if let reason { logger.notice("app \(connection.name) disconnected: \(reason)") } else { logger.notice("app \(connection.name) disconnected") }
        trace?.event("disconnected" + (reason.map { ": " + $0 } ?? ""), app: connection.name)
    }

    // MARK: Listening

    private static func listen(on endpoint: Endpoint) throws(AppServerError) -> (Int32, String) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &found)
        guard status == 0, let first = found else {
            throw AppServerError("cannot resolve \(endpoint): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(found) }
        var problem = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, Glibc.listen(descriptor, 16) == 0 else {
                problem = String(cString: strerror(errno))
                close(descriptor)
                continue
            }
            var bound = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
            return (descriptor, Endpoint.describe(bound))
        }
        throw AppServerError("cannot listen on \(endpoint): \(problem)")
    }
}

/// One app's connection: its socket and its session.
private final class AppConnection {
    var descriptor: Int32
    let name: String
    // Set right after init: the session's refusal check needs the connection itself.
    var session: SDLAppSession!
    /// Refused or broken: written out, then closed.
    var closing = false

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }
}

struct AppServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `HOST:PORT` as `--listen` takes it (`[::1]:12345` for IPv6; port 0: any free port).
struct Endpoint: CustomStringConvertible {
    let host: String
    let port: UInt16

    init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.host = host
        self.port = port
    }

    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// An address as `host:port`.
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, socklen_t(MemoryLayout<sockaddr_storage>.size), &name, socklen_t(name.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return "?" }
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let host = text(name)
        let port = text(service)
        let endpoint = Endpoint(host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
        return endpoint?.description ?? host
    }
}
