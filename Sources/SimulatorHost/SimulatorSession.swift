import HeadUnit
import JSONCodec
import JSONRPC
import SDLModel

/// The simulator between two byte streams of JSON-RPC lines, with no I/O of its own: bytes
/// in, bytes out. It maps each request to an `EngineCall` and the engine's SDL answers and
/// notifications to JSON-RPC responses and notifications (PROTOCOL.md).
///
/// The host (the `hu-sim` executable, or a test) feeds it what it reads and writes out
/// what it produces; like SwiftNIO's EmbeddedChannel, a test drives it without a process.
/// Output follows input: what a line causes is in `output` before the next line is read.
public final class SimulatorSession: EnginePeer {
    public let host: EngineHost
    public var engine: HeadUnitEngine { host.engine }
    public let peer: PeerID
    private var framer: LineFramer
    private let maximumLineBytes: Int
    private var router = ReplyRouter()
    /// The request being handled now: most are answered during their own call, so their
    /// address never needs a table.
    private var current: (number: UInt64, address: ReplyAddress)?
    /// Requests answered later (an interaction, a delayed answer), by their number.
    private var waiting: [UInt64: ReplyAddress] = [:]
    private var lastNumber: UInt64 = 0

    /// Bytes to write to the peer, in order. The host empties it.
    public var output: [UInt8] = []

    /// When `output` grows past this while a chunk is read, `drain` is asked to take it,
    /// so a peer that sends much and reads slowly cannot make the simulator hold much.
    public var outputHighWater = 1 << 16
    public var drain: ((inout [UInt8]) -> Void)?

    /// `--trace`: each line read, and each line written as it is written.
    public var trace: WireTrace?

    /// A session of its own on `engine`.
    public convenience init(engine: HeadUnitEngine, maximumLineBytes: Int = 16 << 20) {
        self.init(host: EngineHost(engine: engine), maximumLineBytes: maximumLineBytes)
    }

    /// A session on the engine of `host`, beside its other peers.
    public init(host: EngineHost, maximumLineBytes: Int = 16 << 20) {
        self.host = host
        peer = host.newPeerID()
        self.framer = LineFramer(maximumLineBytes: maximumLineBytes)
        self.maximumLineBytes = maximumLineBytes
        output.reserveCapacity(1 << 16)
        host.attach(self, as: peer, door: .stdio)
    }

    /// True while part of a line has been read and its end has not.
    public var hasPartialLine: Bool { framer.hasPartialLine }

    /// The head unit's screen and store, as `Sim.GetState` reports them.
    public var state: SimGetState.Response { engine.state }

    /// Reads the next bytes from the peer.
    public func receive(_ chunk: UnsafeRawBufferPointer) {
        framer.feed(chunk) { line in handle(line) }
    }

    public func receive(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receive($0) }
    }

    /// The peer's stream ended: a last unterminated line still counts, then the peer is
    /// gone (an app registered from it ends: pending interactions end, non-persistent
    /// files go), and every answer is out.
    public func endOfInput() {
        framer.finish { line in handle(line) }
        host.detach(peer)
    }

    /// Real clock only: time has moved on to `now`; timers due by then fire.
    public func advanceClock(to now: Int64) {
        host.advanceClock(to: now)
    }

    /// Handles one line framed by the caller (the console frames its input itself).
    public func handle(_ line: LineFramer.Line) {
        switch line {
        case .tooLong:
            let start = output.count
            router.rejectTooLongLine(limit: maximumLineBytes, output: &output)
            if let trace { trace.lines(.out, in: output[start...], appID: tracedAppID) }
        case .endOfTooLongLine(let count):
            trace?.tooLongLine(byteCount: count)
        case .text(let bytes):
            if let trace { trace.line(.in, bytes, appID: tracedAppID) }
            let start = output.count
            let received = router.receive(line: bytes, output: &output)
            if let trace { trace.lines(.out, in: output[start...], appID: tracedAppID) }
            switch received {
            case .nothing: break
            case .call(let call): pass(call)
            case .batch(var calls):
                while let call = calls.next(&router) {
                    pass(call)
                    drainIfFull()
                }
                let batchStart = output.count
                router.finish(calls, output: &output, drain: routerDrain)
                if let trace { trace.lines(.out, in: output[batchStart...], appID: tracedAppID) }
            }
        }
        drainIfFull()
    }

    /// The app registered from this door, as the trace names it.
    private var tracedAppID: String? { engine.appID(registeredFrom: peer) }

    /// What the router may write a long batch's array through: while tracing, nothing, so
    /// the trace sees the array whole (the line is as long as the batch that asked for it).
    private var routerDrain: OutputDrain? { trace == nil ? drain : nil }

    private func drainIfFull() {
        if output.count > outputHighWater, let drain { drain(&output) }
    }

    private func pass(_ call: Call) {
        guard let address = call.replyTo else {
            host.call(EngineCall(method: call.method, params: call.params, peer: peer, replyNumber: nil), from: self)
            return
        }
        lastNumber &+= 1
        current = (lastNumber, address)
        host.call(EngineCall(method: call.method, params: call.params, peer: peer, replyNumber: lastNumber), from: self)
        if let current {
            waiting[current.number] = current.address
            self.current = nil
        }
    }

    // MARK: EnginePeer

    public func deliver(_ answer: EngineAnswer, to number: UInt64) {
        let address: ReplyAddress
        if let current, current.number == number {
            address = current.address
            self.current = nil
        } else if let waited = waiting.removeValue(forKey: number) {
            address = waited
        } else {
            return
        }
        let start = output.count
        switch answer {
        case .result(let result):
            if let bytes = result.serializedJSON {
                router.answer(address, serializedResult: bytes, output: &output, drain: routerDrain)
            } else {
                router.answer(address, .success(.object(result.json)), output: &output, drain: routerDrain)
            }
        case .unknownMethod(let method):
            router.answer(address, .failure(.methodNotFound(method)), output: &output, drain: routerDrain)
        case .dropped:
            break
        }
        if let trace { trace.lines(.out, in: output[start...], appID: tracedAppID) }
        // One call can answer thousands (`Sim.AdvanceTime` firing every delayed answer).
        drainIfFull()
    }

    public func deliver(_ notification: SDLNotificationMessage) {
        let start = output.count
        MessageWriter.writeCall(method: notification.method, params: notification.parameters, into: &output)
        output.append(UInt8(ascii: "\n"))
        if let trace { trace.lines(.out, in: output[start...], appID: tracedAppID) }
        drainIfFull()
    }
}
