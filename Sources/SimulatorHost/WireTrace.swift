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
///     {"clockMs":9,"door":"web","page":1,"address":"127.0.0.1:50320","dir":"in","message":{"jsonrpc":"2.0","id":3,"method":"User.SelectChoice",...}}
///     {"clockMs":9,"door":"web","page":1,"address":"127.0.0.1:50320","dir":"out","method":"Web.State","bytes":1874}
///
/// A line that is JSON is written as it came (`message`), byte for byte; anything else as
/// a string (`text`). The state pushed to a page is named and counted, not copied: it is
/// `Sim.GetState`'s result, sent whole to every page after every change. Nothing is traced,
/// and nothing costs, unless a trace is set.
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
        line(direction, bytes, from: .stdio)
    }

    /// Every line in `bytes` (output the JSON-RPC door wrote), in order.
    func lines(_ direction: Direction, in bytes: ArraySlice<UInt8>) {
        lines(direction, in: bytes, from: .stdio)
    }

    /// An input line over the limit, skipped unread.
    public func tooLongLine(byteCount: Int) {
        var entry = head(.stdio, .in)
        entry += Array(",\"tooLongBytes\":\(byteCount)".utf8)
        finish(&entry)
    }

    // MARK: SDL

    /// An RPC message of the app connected from `app`.
    public func message(_ direction: Direction, _ message: RPCMessage, app: String) {
        var entry = head(.app(app), direction)
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
        event(text, from: .app(app))
    }

    // MARK: Browser pages

    /// A page of `--web`, as its lines name it: its WebSocket's number (from 1, in the order
    /// pages connected, as the log counts them) and the address it connected from.
    public struct Page: Sendable {
        public let number: Int
        public let address: String

        public init(number: Int, address: String) {
            self.number = number
            self.address = address
        }
    }

    /// One message from `page` or to it, whole: a request or a batch, which may span lines.
    public func message(_ direction: Direction, _ bytes: [UInt8], page: Page) {
        line(direction, bytes, from: .page(page))
    }

    /// Every JSON-RPC line in `bytes`, messages from `page` or to it.
    public func lines(_ direction: Direction, in bytes: [UInt8], page: Page) {
        lines(direction, in: bytes[...], from: .page(page))
    }

    /// The head unit's state (`Web.State`, `byteCount` bytes) sent to `page`: named and
    /// counted, not copied.
    public func state(byteCount: Int, to page: Page) {
        var entry = head(.page(page), .out)
        entry += Array(",\"method\":\"Web.State\",\"bytes\":\(byteCount)".utf8)
        finish(&entry)
    }

    /// What happened to `page` besides messages (connected, disconnected), or to the web
    /// door itself (an uploaded file fetched by name) when `page` is nil.
    public func event(_ text: String, page: Page?) {
        event(text, from: page.map(Source.page) ?? .web)
    }

    // MARK: Writing

    /// The door a line crossed, and who on it.
    private enum Source {
        case stdio
        case app(String)
        case page(Page)
        /// The web door without a page: its HTTP requests.
        case web
    }

    private func line(_ direction: Direction, _ bytes: some Collection<UInt8>, from source: Source) {
        var entry = head(source, direction)
        appendPayload(Array(bytes), into: &entry)
        finish(&entry)
    }

    private func lines(_ direction: Direction, in bytes: ArraySlice<UInt8>, from source: Source) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            line(direction, bytes[start..<end], from: source)
            start = end + 1
        }
    }

    private func event(_ text: String, from source: Source) {
        var entry = head(source, nil)
        entry += Array(",\"event\":".utf8) + JSON.string(text).serialized
        finish(&entry)
    }

    private func head(_ source: Source, _ direction: Direction?) -> [UInt8] {
        var entry = Array("{\"clockMs\":\(clock())".utf8)
        switch source {
        case .stdio: entry += Array(",\"door\":\"stdio\"".utf8)
        case .app(let app): entry += Array(",\"door\":\"sdl\",\"app\":".utf8) + JSON.string(app).serialized
        case .page(let page):
            entry += Array(",\"door\":\"web\",\"page\":\(page.number),\"address\":".utf8) + JSON.string(page.address).serialized
        case .web: entry += Array(",\"door\":\"web\"".utf8)
        }
        if let direction { entry += Array(",\"dir\":\"\(direction.rawValue)\"".utf8) }
        return entry
    }

    /// JSON as it came (written again on one line if it spans several: a page's message or
    /// an app's JSON may), else the bytes as text.
    private func appendPayload(_ bytes: [UInt8], into entry: inout [UInt8]) {
        if !bytes.isEmpty, let json = try? JSON.parse(bytes) {
            let spansLines = bytes.contains { $0 == 0x0A || $0 == 0x0D }
            entry += Array(",\"message\":".utf8) + (spansLines ? json.serialized : bytes)
        } else {
            entry += Array(",\"text\":".utf8) + JSON.string(String(decoding: bytes, as: UTF8.self)).serialized
        }
    }

    private func finish(_ entry: inout [UInt8]) {
        entry += Array("}\n".utf8)
        write(entry)
    }
}
