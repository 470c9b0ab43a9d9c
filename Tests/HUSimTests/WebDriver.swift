import Foundation
import JSONCodec
import TestSupport

/// A real browser for the tests: Debian's headless `chromium`, driven through `chromedriver`
/// with WebDriver's HTTP JSON protocol (W3C). Every command and every wait is bounded, and
/// fails naming what it waited for.
final class WebDriver {
    private let driver: LiveProcess
    private let port: UInt16
    private let session: String

    static let chromedriver = "/usr/bin/chromedriver"
    static let chromium = "/usr/bin/chromium"
    /// Why the browser tests cannot run here, if they cannot (tools/setup installs both).
    static var missing: String? {
        let absent = [chromedriver, chromium].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        return absent.isEmpty ? nil : "\(absent.joined(separator: " and ")) not installed (tools/setup installs chromium and chromium-driver)"
    }

    init(width: Int = 1280, height: Int = 900) throws {
        let started: String
        // Its port 0 is a port it picks itself, taken at times by the time it binds it
        // ("IPv4 port not available"): a few tries.
        var attempt = 1
        while true {
            let process = try LiveProcess("chromedriver", executable: URL(fileURLWithPath: Self.chromedriver), arguments: ["--port=0"])
            do {
                started = try process.waitForLine(.stdout, "chromedriver's port", seconds: 20) { $0.contains("started successfully on port") }
                driver = process
                break
            } catch where attempt < 3 && "\(error)".contains("port not available") {
                attempt += 1
            }
        }
        guard let port = started.split(separator: " ").last.flatMap({ UInt16($0.trimmingCharacters(in: .punctuationCharacters)) }) else {
            throw LiveProcessError("no port in: \(started)")
        }
        self.port = port
        let capabilities: JSON = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": .string(Self.chromium),
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                            .string("--window-size=\(width),\(height)"),
                        ],
                    ],
                ]
            ]
        ]
        session = try Self.command(port: port, "POST", "/session", capabilities, seconds: 60)["sessionId"]?.stringValue ?? ""
        guard !session.isEmpty else { throw LiveProcessError("chromedriver started no session") }
    }

    deinit {
        _ = try? Self.command(port: port, "DELETE", "/session/\(session)", nil, seconds: 20)
        _ = driver.terminate()
    }

    // MARK: Commands

    func open(_ url: String) throws { try command("POST", "/url", ["url": .string(url)]) }

    /// The element `selector` matches, once one does (bounded).
    @discardableResult
    func waitForElement(_ selector: String, seconds: Double = 15) throws -> Element {
        let deadline = Date().addingTimeInterval(seconds)
        var lastError = ""
        while Date() < deadline {
            do {
                let found = try command("POST", "/element", ["using": "css selector", "value": .string(selector)])
                if let id = found[Element.key]?.stringValue { return Element(driver: self, id: id) }
            } catch {
                lastError = "\(error)"
            }
            usleep(50_000)
        }
        throw LiveProcessError("the page never showed \(selector) within \(seconds) s (\(lastError)); it shows: \((try? text(of: "body")) ?? "?")")
    }

    /// Clicks what `selector` finds, finding it again when the page redrew it between the
    /// finding and the click (WebDriver's "stale element reference"), within `seconds`.
    func click(_ selector: String, seconds: Double = 15) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            do {
                return try waitForElement(selector, seconds: seconds).click()
            } catch let error as LiveProcessError where "\(error)".contains("stale element") && Date() < deadline {
                usleep(50_000)
            }
        }
    }

    /// Waits (bounded) until `script` (a JavaScript function body) returns true.
    func waitUntil(_ what: String, seconds: Double = 15, _ script: String) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try execute(script) == .bool(true) { return }
            usleep(50_000)
        }
        throw LiveProcessError("the page never showed \(what) within \(seconds) s; it shows: \((try? text(of: "body")) ?? "?")")
    }

    @discardableResult
    func execute(_ script: String, _ arguments: [JSON] = []) throws -> JSON {
        try command("POST", "/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    func text(of selector: String) throws -> String {
        try execute("const e = document.querySelector(arguments[0]); return e ? e.innerText : null;", [.string(selector)]).stringValue ?? ""
    }

    /// A screenshot of the window, decoded.
    func screenshot() throws -> (png: [UInt8], image: PNGImage) {
        guard let encoded = try command("GET", "/screenshot", nil).stringValue, let png = Data(base64Encoded: encoded) else {
            throw LiveProcessError("chromedriver sent no screenshot")
        }
        return (Array(png), try PNGImage(Array(png)))
    }

    struct Element {
        static let key = "element-6066-11e4-a52e-4f735466cecf"
        let driver: WebDriver
        let id: String

        func click() throws { try driver.command("POST", "/element/\(id)/click", [:]) }
        func type(_ text: String) throws { try driver.command("POST", "/element/\(id)/value", ["text": .string(text)]) }
        func clear() throws { try driver.command("POST", "/element/\(id)/clear", [:]) }
        var text: String { get throws { try driver.command("GET", "/element/\(id)/text", nil).stringValue ?? "" } }
    }

    @discardableResult
    private func command(_ method: String, _ path: String, _ body: JSON?) throws -> JSON {
        try Self.command(port: port, method, "/session/\(session)\(path)", body, seconds: 30)
    }

    /// One WebDriver command; its `value`, or an error naming WebDriver's.
    private static func command(port: UInt16, _ method: String, _ path: String, _ body: JSON?, seconds: Double) throws -> JSON {
        let client = try WebTestClient(port: port)
        let response = try client.request(
            path, method: method, headers: ["Host": "127.0.0.1:\(port)", "Connection": "close"], body: body.map { $0.serialized },
            seconds: seconds)
        let reply = (try? JSON.parse(response.text)) ?? .null
        guard response.status == 200 else {
            throw LiveProcessError("WebDriver \(method) \(path): \(response.status) \(reply["value"]?["message"]?.stringValue ?? response.text)")
        }
        return reply["value"] ?? .null
    }
}
