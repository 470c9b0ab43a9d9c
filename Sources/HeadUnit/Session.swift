import JSONCodec
import JSONRPC
import SDLModel

/// The simulator between two byte streams, with no I/O of its own: bytes in, bytes out.
///
/// The host (the `hu-sim` executable, or a test) feeds it what it reads and writes out
/// what it produces; like SwiftNIO's EmbeddedChannel, a test drives it without a process.
/// Output follows input: what a line causes is in `output` before the next line is read.
public final class SimulatorSession {
    public let engine: HeadUnitEngine
    private var framer: LineFramer
    private let maximumLineBytes: Int
    private var router = ReplyRouter()
    private var calls: [Call] = []

    /// Bytes to write to the peer, in order. The host empties it.
    public var output: [UInt8] = []

    /// When `output` grows past this while a chunk is read, `drain` is asked to take it,
    /// so a peer that sends much and reads slowly cannot make the simulator hold much.
    public var outputHighWater = 1 << 16
    public var drain: ((inout [UInt8]) -> Void)?

    public init(engine: HeadUnitEngine, maximumLineBytes: Int = 16 << 20) {
        self.engine = engine
        self.framer = LineFramer(maximumLineBytes: maximumLineBytes)
        self.maximumLineBytes = maximumLineBytes
        output.reserveCapacity(1 << 16)
        calls.reserveCapacity(8)
    }

    /// The head unit's screen and store, as `Sim.GetState` reports them.
    public var state: SimGetState.Response { engine.state }

    /// Reads the next bytes from the peer.
    public func receive(_ chunk: UnsafeRawBufferPointer) {
        framer.feed(chunk) { line in handle(line) }
    }

    public func receive(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receive($0) }
    }

    /// The peer's stream ended: a last unterminated line still counts, then the app is
    /// gone (pending interactions end, non-persistent files go), and every answer is out.
    public func endOfInput() {
        framer.finish { line in handle(line) }
        engine.disconnect()
        deliverEngineOutput()
    }

    /// Real clock only: time has moved on to `now`; timers due by then fire.
    public func advanceClock(to now: Int64) {
        engine.advanceClock(to: now)
        deliverEngineOutput()
    }

    private func handle(_ line: LineFramer.Line) {
        switch line {
        case .tooLong:
            router.rejectTooLongLine(limit: maximumLineBytes, output: &output)
        case .text(let bytes):
            router.receive(line: bytes, calls: &calls, output: &output)
            for call in calls {
                engine.handle(call)
                deliverEngineOutput()
            }
            calls.removeAll(keepingCapacity: true)
        }
        if output.count > outputHighWater, let drain { drain(&output) }
    }

    private func deliverEngineOutput() {
        engine.drainOutput { message in
            switch message {
            case .answer(let address, let outcome):
                router.answer(address, outcome, output: &output)
            case .notification(let method, let params):
                MessageWriter.writeCall(method: method, params: params, into: &output)
                output.append(UInt8(ascii: "\n"))
            }
        }
    }
}
