import Glibc
import JSONCodec
import SDLModel
import SDLProtocol

/// A fixture's app side over SDL's own transport (`hu-conform --transport sdl`): the
/// fixture's SDL requests go out as RPC messages on a TCP connection to `hu-sim --listen`,
/// and what comes back is shown to the fixture as the JSON-RPC messages the stdio door would
/// have written — a response with the request's own `id`, a notification with its name — so
/// one suite checks both doors. Every wait ends at the fixture's deadline. `hu-bench apps`
/// drives its other apps through it too.
public final class SDLChannel {
    private var descriptor: Int32 = -1
    private let deadline: ContinuousClock.Instant
    private var reader = FrameReader(maximumDataSize: 1 << 24)
    private var assembler = MessageAssembler(maximumMessageSize: 1 << 28)
    private var received: [JSON] = []
    private var heartbeatACKs = 0
    private var nextCorrelation: UInt32 = 1
    private var nextMessageID: UInt32 = 1
    /// The JSON-RPC `id` each correlation ID stands for.
    private var ids: [UInt32: JSON] = [:]

    /// Connects to `hu-sim --listen` on `port` and starts the RPC service, all by `deadline`.
    public init(port: UInt16, deadline: ContinuousClock.Instant) throws(SimulatorFailure) {
        self.deadline = deadline
        guard let descriptor = LoopbackSocket.connect(port: port) else { throw .ended }
        self.descriptor = descriptor
        // A version 1 header with the version wanted in its payload, as SDL's app libraries
        // start (the protocol spec's version negotiation); the ACK and all after it are version 5.
        try write(Frame.control(.startService, version: 1, serviceType: ServiceType.rpc, sessionID: 0, bson: ["protocolVersion": .string("5.4.0")]).bytes)
        while true {
            try pump()
            if started { return }
        }
    }

    deinit { close() }

    private var started = false

    /// Closes the connection at once (the simulator sees the app vanish).
    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Ends the connection as an app that goes away ends it, and waits (to the deadline)
    /// for the simulator to close its side: once it has, it has seen the app go, so what
    /// the fixture sends next comes after.
    func disconnect() throws(SimulatorConnection.Failure) {
        guard descriptor >= 0 else { return }
        shutdown(descriptor, Int32(SHUT_WR))
        while true {
            do { try pump() } catch {
                guard case .ended = error else { throw error }
                break
            }
        }
        close()
    }

    /// Whether a fixture's message goes over SDL: a request (with an `id`) of a function of
    /// the mobile API.
    static func carries(_ message: JSON) -> Bool {
        guard let method = message["method"]?.stringValue, message["id"] != nil else { return false }
        return FunctionID.id(of: method) != nil
    }

    /// Why a fixture cannot run over SDL, if it cannot: what it sends has no SDL form.
    static func unsupported(_ steps: [Step]) -> String? {
        for step in steps where step.app == nil {
            switch step.action {
            case .sendRaw: return "it sends raw lines, which SDL's transport does not carry"
            case .send(let message):
                if message["method"]?.stringValue == CreateInteractionChoiceSet.aliasMethod {
                    // It would go to stdin, where no app registered: it acts on the app registered from there.
                    return "it sends \(CreateInteractionChoiceSet.aliasMethod), a name only the JSON-RPC door knows, as its app's request"
                }
                guard FunctionID.id(of: message["method"]?.stringValue ?? "") != nil else {
                    if message.arrayValue != nil { return "it sends a JSON-RPC batch, which SDL's transport does not carry" }
                    continue
                }
                if let problem = problem(sending: message) { return "it sends \(problem)" }
            default: continue
            }
        }
        return nil
    }

    /// What keeps `message` from going over SDL as a request, if anything.
    static func problem(sending message: JSON) -> String? {
        guard let method = message["method"]?.stringValue, FunctionID.id(of: method) != nil else {
            return "\(message["method"]?.stringValue.map { "\($0) is not" } ?? "this message is not") a request of the mobile API"
        }
        if message["id"] == nil { return "\(method) as a notification, which SDL has no form for" }
        if message["jsonrpc"] != "2.0" { return "\(method) in a broken JSON-RPC envelope" }
        if let params = message["params"], params.objectValue == nil { return "\(method) with params that are not an object" }
        return nil
    }

    /// Sends a fixture's request as an RPC request.
    public func send(_ message: JSON) throws(SimulatorFailure) {
        let correlation = nextCorrelation
        nextCorrelation += 1
        ids[correlation] = message["id"] ?? .null
        let functionID = UInt32(FunctionID.id(of: message["method"]?.stringValue ?? "") ?? 0)
        let rpc = RPCMessage(kind: .request, functionID: functionID, correlationID: correlation, json: (message["params"] ?? [:]).serialized)
        var bytes: [UInt8] = []
        MessageFragmenter.write(Message(serviceType: ServiceType.rpc, sessionID: sessionID, messageID: nextMessageID, payload: rpc.payload), mtu: mtu, into: &bytes)
        nextMessageID += 1
        try write(bytes)
    }

    private var sessionID: UInt8 = 0
    private var mtu = 1500

    /// The next message from the head unit, as JSON-RPC. OnPermissionsChange, which only
    /// this door sends, is left out.
    public func nextMessage() throws(SimulatorFailure) -> JSON {
        while received.isEmpty { try pump() }
        return received.removeFirst()
    }

    /// A Heartbeat: its ACK must come before any other message (nothing was still to come).
    /// Returns the messages that came first, if any.
    func barrier() throws(SimulatorConnection.Failure) -> [JSON] {
        let before = heartbeatACKs
        try write(Frame.control(.heartbeat, serviceType: ServiceType.control, sessionID: sessionID).bytes)
        while heartbeatACKs == before { try pump() }
        defer { received.removeAll() }
        return received
    }

    // MARK: I/O

    private func write(_ bytes: [UInt8]) throws(SimulatorConnection.Failure) {
        var offset = 0
        while offset < bytes.count {
            guard descriptor >= 0 else { throw .ended }
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                try pump(waitingToWrite: true)
            } else {
                throw .ended
            }
        }
    }

    private func pump(waitingToWrite: Bool = false) throws(SimulatorConnection.Failure) {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero, descriptor >= 0 else { throw remaining > .zero ? .ended : .timedOut }
        let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN | (waitingToWrite ? POLLOUT : 0)), revents: 0)
        guard poll(&fd, 1, milliseconds) > 0 else { return }
        guard fd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
        guard count > 0 else { throw .ended }
        var frames: [Frame] = []
        do { try reader.feed(buffer[..<count]) { frames.append($0) } } catch { throw .ended }
        for frame in frames { take(frame) }
    }

    private func take(_ frame: Frame) {
        if frame.header.frameType == .control {
            switch ControlFrameInfo(rawValue: frame.header.frameInfo) {
            case .startServiceACK:
                sessionID = frame.header.sessionID
                if let mtu = (try? BSONDocument(bytes: frame.payload))?["mtu"]?.integerValue { self.mtu = Int(mtu) }
                started = true
            case .heartbeatACK: heartbeatACKs += 1
            default: received.append(["jsonrpc": "2.0", "method": .string("hu-conform: an unexpected control frame 0x\(String(frame.header.frameInfo, radix: 16))")])
            }
            return
        }
        guard let message = try? assembler.take(frame) else { return }
        guard let rpc = try? RPCMessage(payload: message.payload) else {
            return received.append(["jsonrpc": "2.0", "method": "hu-conform: an RPC message with a broken binary header"])
        }
        let json = (try? JSON.parse(rpc.json)) ?? .string(String(decoding: rpc.json, as: UTF8.self))
        switch rpc.kind {
        case .response:
            received.append(["jsonrpc": "2.0", "id": ids[rpc.correlationID] ?? .integer(Int64(rpc.correlationID)), "result": json])
        case .notification:
            let name = FunctionID.name(of: Int(rpc.functionID)) ?? "function \(rpc.functionID)"
            if name != OnPermissionsChange.method { received.append(["jsonrpc": "2.0", "method": .string(name), "params": json]) }
        case .request:
            received.append(["jsonrpc": "2.0", "method": "hu-conform: a request from the head unit", "params": json])
        }
    }
}
