import Glibc
import HeadUnit
import JSONCodec
import JSONRPC
import SDLModel
import SimulatorHost
import WebServer

/// `--web`: the browsers' door, on the loop's thread. The server (on NIO's thread) queues
/// what the pages do and wakes the loop through `pollDescriptor`; here each page's requests
/// go to the engine through its `BrowserSession`, in the order they arrived from all pages,
/// between the loop's other input. After every round the loop calls `publish`: the head
/// unit's state, when it changed, goes to every page.
final class WebBridge {
    let server: WebServer
    private let host: EngineHost
    private let clock: EngineClock
    private var pages: [WebClient: BrowserSession] = [:]
    /// The last `Web.State` message sent to the pages.
    private var lastState: [UInt8] = []
    /// Pages that were not reading when the state changed: they get the latest once they do.
    private var behind: Set<WebClient> = []
    /// A page acted since the loop last asked (for the console's screen and the apps' output).
    private var hadActivity = false
    /// `--trace`: each page's messages either way, the state pushed to it (counted, not
    /// copied), its coming and going, and the files fetched.
    var trace: WireTrace?

    init(server: WebServer, host: EngineHost, clock: EngineClock) {
        self.server = server
        self.host = host
        self.clock = clock
    }

    var pollDescriptor: pollfd { pollfd(fd: server.wakeDescriptor, events: Int16(POLLIN), revents: 0) }

    func takeActivity() -> Bool {
        defer { hadActivity = false }
        return hadActivity
    }

    /// Handles what the pages did since the last call, in order.
    func handleEvents() {
        for event in server.takeEvents() {
            switch event {
            case .connected(let client):
                trace?.event("connected", page: client.traced)
                var greeting: [UInt8] = []
                MessageWriter.writeCall(method: "Web.Hello", params: ["clock": .string(clock.rawValue)], into: &greeting)
                greeting.append(UInt8(ascii: "\n"))
                client.send(greeting)
                trace?.lines(.out, in: greeting, page: client.traced)
                // The newcomer gets the state now, the others only if it changed.
                behind.insert(client)
                pages[client] = BrowserSession(host: host)
                publish()
            case .message(let client, let bytes):
                guard let page = pages[client] else { continue }
                trace?.message(.in, bytes, page: client.traced)
                page.receive(bytes)
                hadActivity = true
                send(page, to: client)
            case .writable(let client):
                if behind.remove(client) != nil { sendState(lastState, to: client) }
            case .disconnected(let client):
                trace?.event("disconnected", page: client.traced)
                pages.removeValue(forKey: client)?.close()
                behind.remove(client)
            case .file(let name, let reply):
                let file = host.engine.uploadedFile(named: name).map { ServedFile(bytes: $0.bytes, contentType: Self.contentType(of: $0.fileType)) }
                trace?.event("GET /files/\(name): " + (file.map { "\($0.bytes.count) bytes, \($0.contentType)" } ?? "not found"), page: nil)
                reply.send(file)
            }
        }
    }

    /// Sends each page what is due: answers that came late, and the state if it changed
    /// (or to a page that has not had the latest).
    func publish() {
        guard !pages.isEmpty else { return }
        for (client, page) in pages { send(page, to: client) }
        let message = stateMessage()
        let due = message == lastState ? Array(behind) : Array(pages.keys)
        lastState = message
        for client in due {
            if client.isWritable {
                sendState(message, to: client)
                behind.remove(client)
            } else {
                behind.insert(client)
            }
        }
    }

    func shutdown() {
        for page in pages.values { page.close() }
        pages.removeAll()
        server.shutdown()
    }

    private func send(_ page: BrowserSession, to client: WebClient) {
        guard !page.output.isEmpty else { return }
        client.send(page.output)
        trace?.lines(.out, in: page.output, page: client.traced)
        page.output.removeAll(keepingCapacity: true)
    }

    private func sendState(_ message: [UInt8], to client: WebClient) {
        client.send(message)
        trace?.state(byteCount: message.count, to: client.traced)
    }

    /// The head unit's state as the page receives it: `Sim.GetState`'s result, read from
    /// the engine itself (no request, no parsing), as a `Web.State` notification line.
    private func stateMessage() -> [UInt8] {
        var message: [UInt8] = []
        MessageWriter.writeCall(method: "Web.State", params: host.engine.state.parameters, into: &message)
        message.append(UInt8(ascii: "\n"))
        return message
    }

    static func contentType(of type: FileType) -> String {
        switch type {
        case .graphicPNG: "image/png"
        case .graphicJPEG: "image/jpeg"
        case .graphicBMP: "image/bmp"
        case .audioWave: "audio/wav"
        case .audioMP3: "audio/mpeg"
        case .audioAAC: "audio/aac"
        case .json: "application/json"
        default: "application/octet-stream"
        }
    }
}

extension WebClient {
    /// The page as the trace names it: the number the log gives it, and its address.
    fileprivate var traced: WireTrace.Page { WireTrace.Page(number: id, address: name) }
}
