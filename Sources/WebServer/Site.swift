import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
import Synchronization

/// What the server serves and to whom: the routes, the checks every request passes, and
/// each connection's pipeline.
final class Site: Sendable {
    let isLoopback: Bool
    let inbox: WebInbox
    let logger: Logger
    private let connections = Atomic(0)
    private let nextClient = Atomic(1)

    /// Connections beyond this are closed at once (with a log line): a page needs one
    /// WebSocket and a few requests at a time.
    static let maximumConnections = 64
    /// The largest WebSocket message a page may send: its actions are a few hundred bytes.
    static let maximumMessageBytes = 1 << 20
    /// Images the app uploaded past this size are not served (the loop reads them whole).
    static let maximumFileBytes = 16 << 20

    init(isLoopback: Bool, inbox: WebInbox, logger: Logger) {
        self.isLoopback = isLoopback
        self.inbox = inbox
        self.logger = logger
    }

    // MARK: Pipelines

    /// HTTP/1.1 with the WebSocket upgrade on `/socket`; a request that does not upgrade
    /// goes to the page handler.
    func configure(_ channel: any Channel) throws {
        let open = connections.wrappingAdd(1, ordering: .relaxed).newValue
        channel.closeFuture.whenComplete { [self] _ in connections.wrappingSubtract(1, ordering: .relaxed) }
        guard open <= Self.maximumConnections else {
            logger.warning("web: refused a connection from \(Self.describe(channel.remoteAddress)): \(Self.maximumConnections) already open")
            channel.close(promise: nil)
            return
        }
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: Self.maximumMessageBytes,
            shouldUpgrade: { [self] channel, head in
                channel.eventLoop.makeSucceededFuture(refusal(of: head, upgrading: true) == nil ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { [self] channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 64,
                            maxAccumulatedFrameSize: Self.maximumMessageBytes),
                        SocketHandler(site: self, id: nextClient.wrappingAdd(1, ordering: .relaxed).oldValue))
                }
            })
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withServerUpgrade: (
                upgraders: [upgrader],
                completionHandler: { context in _ = context.pipeline.removeHandler(name: PageHandler.name) }
            ))
        try channel.pipeline.syncOperations.addHandler(PageHandler(site: self), name: PageHandler.name)
    }

    // MARK: Checks

    struct Refusal {
        let status: HTTPResponseStatus
        let why: String
    }

    /// Why `head` is not served, if it is not. Listening on loopback, the Host must be a
    /// loopback name: a page from elsewhere whose name was made to resolve to 127.0.0.1
    /// (DNS rebinding) gets nothing. A WebSocket must come from this site's own page
    /// (Origin), so no other page the person has open can drive the head unit.
    func refusal(of head: HTTPRequestHead, upgrading: Bool) -> Refusal? {
        let host = head.headers.first(name: "host") ?? ""
        if isLoopback, !Self.isLoopback(Self.hostName(ofAuthority: host)) {
            return Refusal(status: .forbidden, why: "Host \"\(host)\" is not a loopback name")
        }
        if upgrading {
            guard Self.path(of: head.uri) == "/socket" else { return Refusal(status: .notFound, why: "no WebSocket at \(head.uri)") }
            if let origin = head.headers.first(name: "origin"), Self.authority(ofOrigin: origin) != host.lowercased() {
                return Refusal(status: .forbidden, why: "a WebSocket from another site (Origin \(origin))")
            }
        }
        return nil
    }

    static func path(of uri: String) -> Substring {
        uri[..<(uri.firstIndex { $0 == "?" || $0 == "#" } ?? uri.endIndex)]
    }

    /// `http://host:port` → `host:port`.
    static func authority(ofOrigin origin: String) -> String? {
        let parts = origin.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].hasSuffix(":"), parts[1].isEmpty else { return nil }
        return parts[2].lowercased()
    }

    /// `host:port`, `[::1]:port` or `host` → the host.
    static func hostName(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        return String(authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host.hasPrefix("127.") || host.hasSuffix(".localhost")
    }

    static func describe(_ address: SocketAddress?) -> String {
        guard let address, let ip = address.ipAddress, let port = address.port else { return "?" }
        return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }
}

/// Plain HTTP: the page, its assets and the app's files, each by exact name; GET (and
/// HEAD) only. Request bodies are read past, never kept.
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    static let name = "hu-sim page"

    private let site: Site
    private var head: HTTPRequestHead?

    init(site: Site) { self.site = site }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A refused upgrade is reported here, then handed on as a plain request: `respond` answers it.
        if error is NIOWebSocketUpgradeError { return }
        // NIO has answered a malformed request with 400 already (HTTPServerProtocolErrorHandler).
        site.logger.notice("web: \(Site.describe(context.remoteAddress)): bad request (\(error)); closed")
        context.close(promise: nil)
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard head.method == .GET || head.method == .HEAD else {
            return refuse(head, .methodNotAllowed, "only GET is served", context: context, extra: [("Allow", "GET, HEAD")])
        }
        if let refusal = site.refusal(of: head, upgrading: false) {
            return refuse(head, refusal.status, refusal.why, context: context)
        }
        let path = Site.path(of: head.uri)
        if let asset = PageAssets.asset(at: path) {
            return send(asset.bytes, type: asset.contentType, for: head, context: context, extra: PageAssets.pageHeaders)
        }
        if path == "/socket" {
            // Not upgraded: either no upgrade was asked for, or it was refused, and why.
            let refusal = site.refusal(of: head, upgrading: true) ?? .init(status: .badRequest, why: "/socket takes a WebSocket upgrade")
            return refuse(head, refusal.status, refusal.why, context: context)
        }
        guard path.hasPrefix("/files/") else { return refuse(head, .notFound, "no such page", context: context) }
        guard let name = PercentDecoding.decode(path.dropFirst("/files/".count)), !name.isEmpty else {
            return refuse(head, .badRequest, "the file name is not valid percent-encoded UTF-8", context: context)
        }
        let promise = context.eventLoop.makePromise(of: ServedFile?.self)
        site.inbox.post(.file(name: name, reply: FileReply(promise: promise)))
        promise.futureResult.assumeIsolated().whenSuccess { [self] file in
            guard let file else { return self.refuse(head, .notFound, "the app has no file by that name", context: context) }
            guard file.bytes.count <= Site.maximumFileBytes else {
                return self.refuse(head, .payloadTooLarge, "\(file.bytes.count) bytes is more than served", context: context)
            }
            self.send(file.bytes, type: file.contentType, for: head, context: context, extra: [("Cache-Control", "no-store")])
        }
    }

    private func refuse(
        _ head: HTTPRequestHead, _ status: HTTPResponseStatus, _ why: String, context: ChannelHandlerContext,
        extra: [(String, String)] = []
    ) {
        site.logger.notice("web: \(Site.describe(context.remoteAddress)): \(status.code) for \(head.method) \(head.uri.prefix(200)): \(why)")
        send(Array("\(status.code) \(status.reasonPhrase): \(why)\n".utf8), status: status, type: "text/plain; charset=utf-8", for: head, context: context, extra: extra)
    }

    private func send(
        _ body: [UInt8], status: HTTPResponseStatus = .ok, type: String, for request: HTTPRequestHead,
        context: ChannelHandlerContext, extra: [(String, String)]
    ) {
        var headers = HTTPHeaders([
            ("Content-Type", type), ("Content-Length", String(body.count)), ("X-Content-Type-Options", "nosniff"),
        ])
        headers.add(contentsOf: extra)
        if !request.isKeepAlive || status.code >= 400 { headers.add(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        if request.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !request.isKeepAlive || status.code >= 400 { done.assumeIsolated().whenComplete { _ in context.close(promise: nil) } }
    }
}

/// One page's WebSocket: text messages in (to the loop), text messages out (from the loop).
final class SocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let site: Site
    private let id: Int
    private var client: WebClient?

    init(site: Site, id: Int) {
        self.site = site
        self.id = id
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let client = WebClient(id: id, name: Site.describe(context.remoteAddress), channel: context.channel)
        self.client = client
        site.logger.notice("web: \(client) connected")
        site.inbox.post(.connected(client))
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let client {
            site.logger.notice("web: \(client) disconnected")
            site.inbox.post(.disconnected(client))
        }
        client = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            guard let client else { return }
            var data = frame.unmaskedData
            let bytes = data.readBytes(length: data.readableBytes) ?? []
            guard site.inbox.post(.message(client, bytes)) else {
                return close(context, .policyViolation, "sends faster than the head unit takes it")
            }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            close(context, .normalClosure, nil)
        case .pong:
            break
        default:
            close(context, .unacceptableData, "sent a \(frame.opcode) message; the page speaks JSON text")
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // A page that does not read its output is not read either, so neither side grows.
        let writable = context.channel.isWritable
        context.channel.setOption(ChannelOptions.autoRead, value: writable).whenFailure { _ in }
        if writable, let client { site.inbox.post(.writable(client)) }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        close(context, .protocolError, "\(error)")
    }

    private func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode, _ why: String?) {
        if let why, let client { site.logger.notice("web: \(client) \(why); closed") }
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// `%XX` escapes in a URL path segment, decoded; nil when they do not make UTF-8.
enum PercentDecoding {
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
