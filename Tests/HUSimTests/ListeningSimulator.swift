import Foundation
import JSONCodec

/// `hu-sim --listen 127.0.0.1:0` (and with `web`, `--web 127.0.0.1:0`) as a test runs it: the
/// ports it printed, and its stdin/stdout JSON-RPC side for playing the driver and reading
/// `Sim.GetState`.
final class ListeningSimulator {
    let process: LiveProcess
    /// Where SDL apps connect.
    let port: UInt16
    /// Where browsers connect, with `web`.
    private(set) var webPort: UInt16 = 0
    private var nextID = 1

    init(_ arguments: [String] = [], web: Bool = false) throws {
        process = try LiveProcess(
            "hu-sim", executable: SimulatorProcess.executable,
            arguments: ["--clock", "virtual", "--listen", "127.0.0.1:0"] + (web ? ["--web", "127.0.0.1:0"] : []) + arguments)
        let line = try process.waitForLine(.stderr, "the port it listens on", seconds: 20) { $0.contains("listening for SDL apps on") }
        guard let port = line.split(separator: ":").last.flatMap({ UInt16($0) }) else {
            throw LiveProcessError("no port in: \(line)")
        }
        self.port = port
        if web {
            let page = try process.waitForLine(.stderr, "the page's URL", seconds: 20) { $0.contains("the head unit's page is at") }
            guard let webPort = page.split(separator: ":").last.flatMap({ UInt16($0.dropLast()) }) else {
                throw LiveProcessError("no port in: \(page)")
            }
            self.webPort = webPort
        }
    }

    /// The page's address.
    var pageURL: String { "http://127.0.0.1:\(webPort)/" }

    /// Sends a request on stdin and returns its reply's `result`.
    @discardableResult
    func call(_ method: String, _ params: JSON? = nil) throws -> JSON {
        let id = nextID
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method)]
        if let params { message["params"] = params }
        try process.send(JSON.object(message).serializedString)
        let reply = try process.waitForLine(.stdout, "the reply to \(method) (id \(id))", seconds: 20) {
            (try? JSON.parse($0))?["id"] == .integer(Int64(id))
        }
        return (try? JSON.parse(reply))?["result"] ?? .null
    }

    var state: JSON {
        get throws { try call("Sim.GetState") }
    }

    /// Polls `Sim.GetState` until `condition` holds (bounded); returns the state that satisfied it.
    @discardableResult
    func waitForState(_ what: String, seconds: Double = 20, _ condition: (JSON) -> Bool) throws -> JSON {
        let deadline = Date().addingTimeInterval(seconds)
        var last = JSON.null
        while Date() < deadline {
            last = try state
            if condition(last) { return last }
            usleep(20_000)
        }
        throw LiveProcessError("Sim.GetState never showed \(what) within \(seconds) s; last: \(last.serializedString.prefix(800))")
    }

    /// Waits (bounded) until at least `count` of hu-sim's log lines (stderr) contain `text`.
    func waitForLog(_ text: String, count: Int, seconds: Double = 10) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while process.all(.stderr).filter({ $0.contains(text) }).count < count {
            guard Date() < deadline else { throw LiveProcessError("fewer than \(count) log lines with \"\(text)\" within \(seconds) s") }
            usleep(10_000)
        }
    }
}
