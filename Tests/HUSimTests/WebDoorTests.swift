import Foundation
import JSONCodec
import Testing
import TestSupport

/// `hu-sim --web`: the page and its assets, the app's uploaded images by name, a WebSocket
/// per page pushing the head unit's state and taking the person's actions — and nothing
/// else: a bad request gets a 4xx and a log line, and everyone goes on being served.
@Suite(.ownThreads, .serialized) struct WebDoor {
    static let registration: JSON = [
        "appName": "Web", "appID": "web-1", "isMediaApplication": false, "languageDesired": "EN-US",
        "hmiDisplayLanguageDesired": "EN-US", "sdlMsgVersion": ["majorVersion": 8, "minorVersion": 0],
    ]

    /// Stdio and the page are still served after whatever a test did.
    private func stillServes(_ hu: ListeningSimulator, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try hu.state["resultCode"] == "SUCCESS", sourceLocation: sourceLocation)
        #expect(try WebTestClient(port: hu.webPort).request("/").status == 200, sourceLocation: sourceLocation)
    }

    @Test func thePageAndItsAssetsAreServedAndMayLoadOnlyThemselves() throws {
        let hu = try ListeningSimulator(web: true)
        let client = try WebTestClient(port: hu.webPort)
        let page = try client.request("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<script src=\"/page.js\""))
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        // Keep-alive: the same connection serves the assets.
        let script = try client.request("/page.js")
        #expect(script.status == 200)
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("new WebSocket"))
        #expect(try client.request("/page.css").headers["content-type"] == "text/css; charset=utf-8")
    }

    /// One request no page sends, what it gets, and the words of its log line.
    struct BadRequest: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: String
        let status: Int
        let log: String
        var testDescription: String { name }
    }

    static let badRequests: [BadRequest] = [
        BadRequest(name: "an unknown path", bytes: "GET /etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 404, log: "404 for GET /etc/passwd"),
        BadRequest(name: "dot segments", bytes: "GET /../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 404, log: "404 for GET /../../etc/passwd"),
        BadRequest(
            name: "a file name that climbs out", bytes: "GET /files/..%2F..%2Fetc%2Fpasswd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            status: 404, log: "the app has no file by that name"),
        BadRequest(name: "a file name that is not UTF-8", bytes: "GET /files/%FF%FE HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 400, log: "not valid percent-encoded UTF-8"),
        BadRequest(name: "a broken escape", bytes: "GET /files/%Z HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 400, log: "not valid percent-encoded UTF-8"),
        BadRequest(
            name: "a POST with a body", bytes: "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello", status: 405,
            log: "405 for POST /"),
        BadRequest(name: "a DELETE", bytes: "DELETE /files/a.png HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 405, log: "405 for DELETE"),
        BadRequest(
            name: "another site's name for 127.0.0.1 (DNS rebinding)", bytes: "GET / HTTP/1.1\r\nHost: evil.example:8080\r\n\r\n",
            status: 403, log: "is not a loopback name"),
        BadRequest(name: "the socket without an upgrade", bytes: "GET /socket HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: 400, log: "takes a WebSocket upgrade"),
        BadRequest(
            name: "a WebSocket from another site's page",
            bytes:
                "GET /socket HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
            status: 403, log: "a WebSocket from another site"),
        BadRequest(name: "not HTTP at all", bytes: "HELLO THERE\r\n\r\n", status: 400, log: "bad request"),
        BadRequest(
            name: "a header of 100 KiB", bytes: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 100 << 10))\r\n\r\n",
            status: 400, log: "bad request"),
    ]

    @Test(arguments: badRequests)
    func aBadRequestGetsA4xxAndALogLine(_ bad: BadRequest) throws {
        let hu = try ListeningSimulator(web: true)
        let client = try WebTestClient(port: hu.webPort)
        client.send(bad.bytes)
        #expect(try client.response().status == bad.status)
        try hu.waitForLog(bad.log, count: 1)
        try stillServes(hu)
    }

    @Test func anUploadedImageIsServedByItsNameWhileTheAppHasIt() throws {
        let hu = try ListeningSimulator(web: true)
        #expect(try hu.call("RegisterAppInterface", Self.registration)["resultCode"] == "SUCCESS")
        let artwork: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<600).map { UInt8($0 % 251) }
        let upload: JSON = ["syncFileName": "art work.png", "fileType": "GRAPHIC_PNG", "bulkData": .string(Data(artwork).base64EncodedString())]
        #expect(try hu.call("PutFile", upload)["resultCode"] == "SUCCESS")
        let client = try WebTestClient(port: hu.webPort)
        let image = try client.request("/files/art%20work.png")
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/png")
        #expect(image.body == artwork)
        #expect(try WebTestClient(port: hu.webPort).request("/files/other.png").status == 404)
        // Gone with the app's session: a file not marked persistent is deleted.
        try hu.call("UnregisterAppInterface")
        #expect(try WebTestClient(port: hu.webPort).request("/files/art%20work.png").status == 404)
    }

    @Test func aPageGetsTheStateAtOnceAndEveryChangeAfter() throws {
        let hu = try ListeningSimulator(web: true)
        let page = try WebTestClient(port: hu.webPort)
        // As a browser asks: its Host and Origin name the page's own address.
        let site = "127.0.0.1:\(hu.webPort)"
        #expect(try page.upgrade(origin: "http://\(site)", host: site).status == 101)
        let hello = try page.nextMessage("Web.Hello") { $0["method"] == "Web.Hello" }
        #expect(hello["params"]?["clock"] == "virtual")
        let first = try page.nextMessage("the first state") { $0["method"] == "Web.State" }
        #expect(first["params"]?["registered"] == false)
        try hu.call("RegisterAppInterface", Self.registration)
        let registered = try page.nextMessage("the registered app") { $0["method"] == "Web.State" && $0["params"]?["hmiLevel"] == "FULL" }
        #expect(registered["params"]?["app"]?["appName"] == "Web")
    }

    /// Presents a keyboard on stdin and returns once `page` sees it.
    private func presentKeyboard(_ hu: ListeningSimulator, pages: [WebTestClient]) throws {
        try hu.call("RegisterAppInterface", Self.registration)
        let request: JSON = ["initialText": "Where to?", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [], "interactionLayout": "KEYBOARD"]
        try hu.process.send(JSON.object(["jsonrpc": "2.0", "id": 900, "method": "PerformInteraction", "params": request]).serializedString)
        for page in pages {
            try page.nextMessage("the keyboard on screen") { $0["params"]?["interaction"]?["layout"] == "KEYBOARD" }
        }
    }

    @Test func severalPagesActThroughTheEngineInTheOrderTheirActionsArrive() throws {
        let hu = try ListeningSimulator(web: true)
        let pages = try (0..<3).map { _ in try WebTestClient(port: hu.webPort) }
        for page in pages { #expect(try page.upgrade().status == 101) }
        try presentKeyboard(hu, pages: pages)
        // Turns between pages, each waiting for its answer; then one page's burst.
        for (index, key) in ["a", "b", "c"].enumerated() {
            pages[index].sendRequest(id: index + 1, "User.KeyboardEvent", ["event": "KEYPRESS", "data": .string(key)])
            let answer = try pages[index].nextMessage("the answer to \(key)") { $0["id"] == .integer(Int64(index + 1)) }
            #expect(answer["result"]?["resultCode"] == "SUCCESS")
        }
        let burst = Array("defghijklmnopqrstuvwxyz")
        for (offset, key) in burst.enumerated() {
            pages[0].sendRequest(id: 100 + offset, "User.KeyboardEvent", ["event": "KEYPRESS", "data": .string(String(key))])
        }
        try pages[0].nextMessage("the burst's last answer") { $0["id"] == .integer(Int64(100 + burst.count - 1)) }
        for page in pages {
            try page.nextMessage("the whole text") { $0["params"]?["interaction"]?["keyboardText"] == "abcdefghijklmnopqrstuvwxyz" }
        }
        #expect(try hu.state["interaction"]?["keyboardText"] == "abcdefghijklmnopqrstuvwxyz")
        // Submitting from a page answers the app's request on stdin.
        pages[2].sendRequest(id: 7, "User.KeyboardEvent", ["event": "ENTRY_SUBMITTED"])
        let reply = try hu.process.waitForLine(.stdout, "the interaction's answer") { $0.contains("\"id\":900") }
        #expect(reply.contains("\"manualTextEntry\":\"abcdefghijklmnopqrstuvwxyz\""))
    }

    @Test func aPageCannotSpeakForTheApp() throws {
        let hu = try ListeningSimulator(web: true)
        let page = try WebTestClient(port: hu.webPort)
        #expect(try page.upgrade().status == 101)
        for (id, method) in ["RegisterAppInterface", "Sim.Reset", "PutFile", "Sim.GetState"].enumerated() {
            page.sendRequest(id: id, method, method == "RegisterAppInterface" ? Optional(Self.registration) : nil)
            let answer = try page.nextMessage("the refusal of \(method)") { $0["id"] == .integer(Int64(id)) }
            #expect(answer["error"]?["code"] == -32601)
        }
        #expect(try hu.state["registered"] == false)
        page.sendMessage("{not json")
        #expect(try page.nextMessage("the parse error") { $0["error"]?["code"] == -32700 }["id"] == .null)
    }

    @Test func aPageSendingBinaryIsClosedWithALogLine() throws {
        let hu = try ListeningSimulator(web: true)
        let page = try WebTestClient(port: hu.webPort)
        #expect(try page.upgrade().status == 101)
        page.sendMessage("\u{1}\u{2}", opcode: 0x2)
        #expect(page.waitForClose())
        try hu.waitForLog("the page speaks JSON text", count: 1)
        try stillServes(hu)
    }

    @Test func aPortAloneListensOnLoopbackAndKeepListeningOutlivesStdin() throws {
        let hu = try LiveProcess(
            "hu-sim", executable: SimulatorProcess.executable, arguments: ["--clock", "virtual", "--web", "0", "--keep-listening"])
        let line = try hu.waitForLine(.stderr, "the page's URL", seconds: 20) { $0.contains("the head unit's page is at") }
        #expect(line.contains("http://127.0.0.1:"))
        let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0.dropLast()) })
        hu.closeInput()
        try hu.waitForLine(.stderr, "that stdin ended") { $0.contains("stdin ended: the apps and pages are still served") }
        #expect(try WebTestClient(port: port).request("/").status == 200)
        #expect(hu.terminate() == 0)
    }

    @Test func aPagesActionRedrawsTheScreenOnStderr() throws {
        let hu = try ListeningSimulator(["--screen"], web: true)
        let page = try WebTestClient(port: hu.webPort)
        #expect(try page.upgrade().status == 101)
        try presentKeyboard(hu, pages: [page])
        page.sendRequest(id: 1, "User.KeyboardEvent", ["event": "KEYPRESS", "data": "xy"])
        try hu.process.waitForLine(.stderr, "the screen drawn with what the page typed") { $0.contains("Text: xy") }
    }
}
