import JSONCodec
import SDLModel
import SDLProtocol

/// `hu-sim --trace`: everything that crosses the simulator's doors, in the order it
/// crosses, each as one JSON line stamped with the engine's clock:
///
///     {"clockMs":0,"door":"stdio","dir":"in","message":{"jsonrpc":"2.0","id":1,"method":"Sim.GetState"}}
///     {"clockMs":0,"door":"stdio","dir":"out","message":{"jsonrpc":"2.0","id":1,"result":{...}}}
///     {"clockMs":0,"door":"stdio","dir":"in","text":"not json"}
///     {"clockMs":0,"door":"stdio","dir":"in","tooLongBytes":20000000}
///     {"clockMs":5,"door":"sdl","app":"127.0.0.1:50312","event":"connected"}
///     {"clockMs":5,"door":"sdl","app":"127.0.0.1:50312","dir":"in","kind":"request","function":"PerformInteraction","functionID":10,"correlationID":4,"message":{...},"bulkBytes":0}
///
/// A line that is JSON is written as it came (`message`), byte for byte; anything else as
/// a string (`text`). Nothing is traced, and nothing costs, unless a trace is set.
public final class WireTrace {
    public enum Direction: String, Sendable {
        case `in`, out
    }

    private let clock: () -> Int64
    private let write: ([UInt8]) -> Void

    /// `clock` reads the engine's clock; `write` takes each finished line, newline included.
    public init(clock: @escaping () -> Int64, write: @escaping ([UInt8]) -> Void) {
        self.clock = clock
        self.write = write
    }

    // MARK: stdio

    /// A line of the JSON-RPC door, without its newline.
    public func line(_ direction: Direction, _ bytes: some Collection<UInt8>) {
        var entry = head("stdio", direction)
        appendPayload(Array(bytes), into: &entry)
        finish(&entry)
    }

    /// Every line in `bytes` (output the JSON-RPC door wrote), in order.
    func lines(_ direction: Direction, in bytes: ArraySlice<UInt8>) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            line(direction, bytes[start..<end])
            start = end + 1
        }
    }

    /// An input line over the limit, skipped unread.
    public func tooLongLine(byteCount: Int) {
        var entry = head("stdio", .in)
        entry += Array(",\"tooLongBytes\":\(byteCount)".utf8)
        finish(&entry)
    }

    // MARK: SDL

    /// An RPC message of the app connected from `app`.
    public func message(_ direction: Direction, _ message: RPCMessage, app: String) {
        var entry = head("sdl", direction, app: app)
        let function = FunctionID.name(of: Int(message.functionID)).map { JSON.string($0).serializedString } ?? "null"
        entry += Array(",\"kind\":\"\(message.kind)\",\"function\":\(function),\"functionID\":\(message.functionID)".utf8)
        entry += Array(",\"correlationID\":\(message.correlationID)".utf8)
        appendPayload(message.json, into: &entry)
        entry += Array(",\"bulkBytes\":\(message.bulkData.count)".utf8)
        finish(&entry)
    }

    /// What happened to the connection from `app` besides messages: connected, service
    /// started or refused, a frame dropped, closed.
    public func event(_ text: String, app: String) {
        var entry = head("sdl", nil, app: app)
        entry += Array(",\"event\":".utf8) + JSON.string(text).serialized
        finish(&entry)
    }

    // MARK: Writing

    private func head(_ door: String, _ direction: Direction?, app: String? = nil) -> [UInt8] {
        var entry = Array("{\"clockMs\":\(clock()),\"door\":\"\(door)\"".utf8)
        if let app { entry += Array(",\"app\":".utf8) + JSON.string(app).serialized }
        if let direction { entry += Array(",\"dir\":\"\(direction.rawValue)\"".utf8) }
        return entry
    }

    /// JSON as it came, else the bytes as text.
    private func appendPayload(_ bytes: [UInt8], into entry: inout [UInt8]) {
        if !bytes.isEmpty, (try? JSON.parse(bytes)) != nil {
            entry += Array(",\"message\":".utf8) + bytes
        } else {
            entry += Array(",\"text\":".utf8) + JSON.string(String(decoding: bytes, as: UTF8.self)).serialized
        }
    }

    private func finish(_ entry: inout [UInt8]) {
        entry += Array("}\n".utf8)
        write(entry)
    }
}
