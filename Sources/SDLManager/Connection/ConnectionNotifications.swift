import JSONCodec
import JSONRPC
import SDLModel

/// The head unit's notifications, handed out in the order it sent them, and what else
/// comes in that is not a reply.
extension SDLConnection {
    /// One who follows notifications: an app's stream, or a manager's handler.
    struct Subscriber {
        let methods: Set<String>
        /// Gets each notification of `methods` during the dispatch of the line that carried it.
        let deliver: (String, JSONObject) -> Void
        /// The connection ended, for this reason.
        let end: (String) -> Void
    }

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
        subscribe(methods: Set(types.map { $0.method }), continuation, deliver: decoding(types) { continuation.yield($0) })
        return stream
    }

    /// Calls `handle` with every later notification of any of `types`, while the line that
    /// carried it is dispatched (so before any reply after it), and `ended` once, when the
    /// connection closes: how the managers follow the head unit, without a task between.
    func follow(
        _ types: [any SDLNotification.Type], _ handle: @escaping (any SDLNotification) -> Void, ended: @escaping (String) -> Void
    ) {
        guard closeReason == nil else { return ended(closeReason!) }
        subscribers[nextSubscriber] = Subscriber(methods: Set(types.map { $0.method }), deliver: decoding(types, handle), end: ended)
        nextSubscriber += 1
    }

    /// Decodes each notification to its type (dropping a malformed one with a warning) for `body`.
    private func decoding(
        _ types: [any SDLNotification.Type], _ body: @escaping (any SDLNotification) -> Void
    ) -> (String, JSONObject) -> Void {
        let byMethod = Dictionary(types.map { ($0.method, $0) }, uniquingKeysWith: { first, _ in first })
        let logger = logger
        return { method, params in
            do {
                body(try decodeNotification(byMethod[method]!, params))
            } catch {
                logger.warning("dropped a malformed \(method): \(error)")
            }
        }
    }

    private func subscribe<Element>(
        methods: Set<String>, _ continuation: AsyncStream<Element>.Continuation, deliver: @escaping (String, JSONObject) -> Void
    ) {
        guard closeReason == nil else { return continuation.finish() }
        let key = nextSubscriber
        nextSubscriber += 1
        subscribers[key] = Subscriber(methods: methods, deliver: deliver, end: { _ in continuation.finish() })
        continuation.onTermination = { [weak self] _ in Task { @SDLActor in self?.subscribers[key] = nil } }
    }

    /// Hands the messages of one chunk from the head unit to those waiting for them, in order.
    func receive(_ arrivals: [Arrival]) {
        for arrival in arrivals {
            switch arrival {
            case .plainSuccess(let id):
                answer(.integer(id), with: .success(PlainSuccessReply.result), message: PlainSuccessReply.message(id))
            case .message(let message, let json):
                dispatch(message, json)
            }
        }
        handOverOutput()
    }

    private func dispatch(_ message: IncomingMessage, _ json: JSON) {
        switch message {
        case .response(let id, let outcome):
            answer(id, with: outcome, message: json)
        case .call(let method, let params, nil):
            notificationCounts[method, default: 0] += 1
            for subscriber in subscribers.values where subscriber.methods.contains(method) {
                subscriber.deliver(method, params)
            }
        case .call(let method, _, let id?):
            // A head unit sends the app no requests (PROTOCOL.md §4); answer as JSON-RPC says.
            MessageWriter.writeResponse(id: id, outcome: .failure(.methodNotFound(method)), into: &output)
            output.append(0x0A)
        case .invalid(let error, _):
            logger.warning("dropped an invalid message (\(error.message)): \(json)")
        }
    }
}

private func decodeNotification<N: SDLNotification>(_ type: N.Type, _ params: JSONObject) throws -> any SDLNotification {
    try N(parameters: params)
}
