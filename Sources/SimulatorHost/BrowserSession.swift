import HeadUnit
import JSONRPC

/// One open page of `hu-sim --web`: a door like stdin, with a peer of its own. Each message
/// from the page is a JSON-RPC request (or batch), passed to the engine as the same request
/// on stdin would be — but only what a person at the head unit does (`methods`): a page
/// never speaks for the app. Answers go back to the page that asked, in `output`.
public final class BrowserSession: EnginePeer {
    /// The simulated user's actions and the simulator's clock and faults (PROTOCOL.md §5).
    public static let methods: Set<String> = [
        "User.KeyboardEvent", "User.SelectChoice", "User.SelectAutocomplete", "User.Speak", "User.Close",
        "User.Activate", "User.Deactivate", "Sim.AdvanceTime", "Sim.InjectFault",
    ]

    private let host: EngineHost
    public let peer: PeerID
    private var router = ReplyRouter()
    /// Requests not yet answered, by the number the engine knows them by.
    private var waiting: [UInt64: ReplyAddress] = [:]
    private var lastNumber: UInt64 = 0

    /// JSON-RPC lines for the page. The host empties it.
    public var output: [UInt8] = []

    public init(host: EngineHost) {
        self.host = host
        peer = host.newPeerID()
        host.attach(self, as: peer, door: nil)
    }

    /// One message from the page.
    public func receive(_ message: [UInt8]) {
        let received = message.withUnsafeBytes { router.receive(line: $0, output: &output) }
        switch received {
        case .nothing: break
        case .call(let call): pass(call)
        case .batch(var calls):
            while let call = calls.next(&router) { pass(call) }
            router.finish(calls, output: &output)
        }
    }

    /// The page closed: answers it still waits for are dropped with it.
    public func close() {
        host.detach(peer)
        waiting.removeAll()
    }

    private func pass(_ call: Call) {
        guard Self.methods.contains(call.method) else {
            if let address = call.replyTo {
                let refusal = RPCError(code: -32601, message: "Method not found: \(call.method) is not something a person at the head unit does")
                router.answer(address, .failure(refusal), output: &output)
            }
            return
        }
        var number: UInt64?
        if let address = call.replyTo {
            lastNumber &+= 1
            waiting[lastNumber] = address
            number = lastNumber
        }
        host.call(EngineCall(method: call.method, params: call.params, peer: peer, replyNumber: number), from: self)
    }

    // MARK: EnginePeer

    public func deliver(_ answer: EngineAnswer, to number: UInt64) {
        guard let address = waiting.removeValue(forKey: number) else { return }
        switch answer {
        case .result(let result): router.answer(address, .success(.object(result.json)), output: &output)
        case .unknownMethod(let method): router.answer(address, .failure(.methodNotFound(method)), output: &output)
        case .dropped: break
        }
    }

    /// No app registers from a page, so nothing is addressed to it.
    public func deliver(_ notification: SDLNotificationMessage) {}
}
