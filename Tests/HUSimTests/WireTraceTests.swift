import Foundation
import JSONCodec
import Testing
import TestSupport

/// `hu-sim --trace`: every line in and out, in order, with the simulator's clock, as JSON
/// lines read back here as a program would.
@Suite(.ownThreads) struct WireTraceFiles {
    private let session = [
        #"{"jsonrpc":"2.0","id":1,"method":"RegisterAppInterface","params":{"appName":"Demo","appID":"demo-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","sdlMsgVersion":{"majorVersion":8,"minorVersion":0}}}"#,
        "not json",
        #"{"jsonrpc":"2.0","id":2,"method":"Sim.AdvanceTime","params":{"ms":1500}}"#,
        #"[{"jsonrpc":"2.0","id":3,"method":"Sim.GetState"},{"jsonrpc":"2.0","method":"Sim.Reset"}]"#,
    ]

    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).jsonl").path
    }

    private func entries(_ text: String) throws -> [JSON] {
        try text.split(separator: "\n").map { try JSON.parse(String($0)) }
    }

    /// The trace at `path` so far, read again until `done` holds (hu-sim writes each line as
    /// it happens); bounded.
    @discardableResult
    private func waitForTrace(_ path: String, _ what: String, seconds: Double = 20, until done: ([JSON]) -> Bool) throws -> [JSON] {
        let deadline = Date().addingTimeInterval(seconds)
        var trace: [JSON] = []
        while Date() < deadline {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            // Whole lines only: one may be half written.
            trace = try entries(String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)]))
            if done(trace) { return trace }
            usleep(20_000)
        }
        throw LiveProcessError("the trace never showed \(what) within \(seconds) s; it has \(trace.count) lines")
    }

    /// The methods of the requests traced coming in through `door`, in order.
    private func methodsIn(_ trace: [JSON], door: String) -> [String] {
        trace.filter { $0["door"]?.stringValue == door && $0["dir"] == "in" }.compactMap { $0["message"]?["method"]?.stringValue }
    }

    @Test func aPipedSessionIsTracedLineByLineInOrderWithTheClock() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let traced = try SimulatorProcess.run(["--clock", "virtual", "--trace", path], lines: session)
        let plain = try SimulatorProcess.run(["--clock", "virtual"], lines: session)
        #expect(traced.stdout == plain.stdout, "tracing changes nothing on stdout")

        let trace = try entries(try String(contentsOfFile: path, encoding: .utf8))
        #expect(trace.allSatisfy { $0["door"] == "stdio" })
        let inbound = trace.filter { $0["dir"] == "in" }
        #expect(inbound.compactMap { $0["message"] } == session.filter { $0 != "not json" }.map { try! JSON.parse($0) })
        #expect(inbound.compactMap { $0["text"] } == ["not json"])
        #expect(trace.filter { $0["dir"] == "out" }.compactMap { $0["message"] } == plain.messages, "every line out, in order")
        // In order: each line in comes before what it caused.
        let directions = trace.map { $0["dir"]?.stringValue ?? "?" }
        // register: its reply, NONE, capabilities, FULL; a parse error; the clock's reply; the
        // batch: the reset's OnAppInterfaceUnregistered, then the batch's answer.
        #expect(directions == ["in", "out", "out", "out", "out", "in", "out", "in", "out", "in", "out", "out"])
        #expect(trace.map { $0["clockMs"]?.integerValue ?? -1 } == [0, 0, 0, 0, 0, 0, 0, 0, 1500, 1500, 1500, 1500])
        let keys = trace[0].objectValue.map { Array($0.keys) }
        #expect(keys == ["clockMs", "door", "dir", "message"])
    }

    @Test func aDashTracesToStderrAndALineTooLongIsCountedNotKept() throws {
        let traced = try SimulatorProcess.run(
            ["--clock", "virtual", "--max-line-bytes", "100", "--trace", "-"],
            lines: [String(repeating: "x", count: 500), #"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"#])
        let trace = try entries(traced.stderr)
        #expect(trace.first?["dir"] == "out", "the error is written as soon as the line is known to be too long")
        #expect(trace.contains { $0["tooLongBytes"] == 500 })
        #expect(trace.last?["message"]?["result"]?["resultCode"] == "SUCCESS")
    }

    @Test func anUnwritableTraceIsAOneLineErrorBeforeAnythingRuns() throws {
        let outcome = try SimulatorProcess.run(["--trace", "/nonexistent-folder/trace.jsonl"], lines: [])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--trace: cannot write /nonexistent-folder/trace.jsonl: No such file or directory"))
    }

    @Test func theSDLDoorIsTracedWithTheAppNamed() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let simulator = try ListeningSimulator(["--trace", path])
        let app = try SDLTestClient(port: simulator.port)
        _ = try app.startService()
        _ = try app.register()
        try simulator.waitForState("the app registered") { $0["registered"] == true }
        app.close()
        try simulator.waitForState("the app gone") { $0["registered"] == false }
        simulator.process.closeInput()
        _ = simulator.process.waitForExit(seconds: 20)

        let trace = try entries(try String(contentsOfFile: path, encoding: .utf8))
        let sdl = trace.filter { $0["door"] == "sdl" }
        let appName = try #require(sdl.first?["app"]?.stringValue)
        #expect(appName.hasPrefix("127.0.0.1:"))
        #expect(sdl.first?["event"] == "connected")
        #expect(sdl.contains { $0["event"]?.stringValue?.hasPrefix("RPC service started") == true })
        let request = try #require(sdl.first { $0["dir"] == "in" })
        #expect(request["kind"] == "request" && request["function"] == "RegisterAppInterface" && request["functionID"] == 1)
        #expect(request["message"]?["appName"] != nil)
        let response = try #require(sdl.first { $0["dir"] == "out" })
        #expect(response["kind"] == "response" && response["correlationID"] == request["correlationID"])
        #expect(response["message"]?["resultCode"] == "SUCCESS")
        #expect(sdl.contains { $0["kind"] == "notification" && $0["function"] == "OnHMIStatus" })
        #expect(sdl.last?["event"]?.stringValue?.hasPrefix("disconnected") == true)
        #expect(trace.contains { $0["door"] == "stdio" && $0["message"]?["method"] == "Sim.GetState" }, "both doors in one file")
    }

    @Test func theConsoleInPipedModeTracesExactlyWhatPlainStdioDoes() throws {
        let plainPath = temporaryPath()
        let consolePath = temporaryPath()
        let recording = temporaryPath()
        defer { for path in [plainPath, consolePath, recording] { try? FileManager.default.removeItem(atPath: path) } }
        _ = try SimulatorProcess.run(["--clock", "virtual", "--trace", plainPath], lines: session)
        // --screen and --record put the console in front of the session.
        let watched = try SimulatorProcess.run(["--clock", "virtual", "--screen", "--record", recording, "--trace", consolePath], lines: session)
        #expect(watched.stderr.contains("Demo · FULL"), "the screen was drawn, so the console ran")
        let plain = try String(contentsOfFile: plainPath, encoding: .utf8)
        #expect(!plain.isEmpty)
        #expect(try String(contentsOfFile: consolePath, encoding: .utf8) == plain)
    }

    @Test func aPersonAtATerminalIsTracedAsTheRequestsTheirCommandsBecame() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = try PseudoTerminalSession(arguments: ["--clock", "virtual", "--trace", path], environment: ["NO_COLOR": "1"])
        defer { terminal.end() }
        _ = try terminal.waitForPrompt()
        for (line, shown) in [
            ("register Demo", "✓ RegisterAppInterface"),
            ("CreateI interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin}]", "✓ CreateInteractionChoiceSet"),
            ("perf initialText=Hi interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1]", "#1  Berlin"),
            ("tap Berlin", "✓ PerformInteraction"), ("wait 2s", "✓ Sim.AdvanceTime"),
            (#"{"jsonrpc":"2.0","id":99,"method":"Sim.GetState"}"#, "✓ Sim.GetState"),
        ] {
            #expect(try terminal.type(line).contains(shown), "\(line): \(shown)")
        }
        #expect(try terminal.quit() == 0)

        let trace = try entries(try String(contentsOfFile: path, encoding: .utf8))
        #expect(trace.allSatisfy { $0["door"] == "stdio" })
        #expect(
            methodsIn(trace, door: "stdio") == [
                "RegisterAppInterface", "CreateInteractionChoiceSet", "PerformInteraction", "User.SelectChoice", "Sim.AdvanceTime",
                "Sim.GetState",
            ])
        let out = trace.filter { $0["dir"] == "out" }
        #expect(out.contains { $0["message"]?["result"]?["choiceID"] == 1 && $0["message"]?["result"]?["triggerSource"] == "MENU" }, "the tap's answer to the app")
        #expect(trace.last?["clockMs"] == 2000 && trace.last?["message"]?["id"] == 99, "the typed JSON line's answer, after the wait")
    }

    @Test func aOneShotCallTracesTheRequestsItsCallsBecameAndEveryReply() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let calls = [
            "CreateI", "interactionChoiceSetID=1", "choiceSet=[{choiceID:1,menuName:Berlin}]", "+",
            "perf", "initialText=Hi", "interactionMode=MANUAL_ONLY", "interactionChoiceSetIDList=[1]", "+", "tap", "1", "+", "wait", "2s",
        ]
        let traced = try SimulatorProcess.run(["call", "--trace", path] + calls, lines: [])
        let plain = try SimulatorProcess.run(["call"] + calls, lines: [])
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stdout == plain.stdout, "tracing changes nothing printed")

        let trace = try entries(try String(contentsOfFile: path, encoding: .utf8))
        #expect(trace.allSatisfy { $0["door"] == "stdio" })
        #expect(
            methodsIn(trace, door: "stdio") == [
                "RegisterAppInterface", "CreateInteractionChoiceSet", "PerformInteraction", "User.SelectChoice", "Sim.AdvanceTime",
            ])
        let answers = trace.filter { $0["dir"] == "out" && $0["message"]?["id"] != nil }
        #expect(answers.count == 5)
        #expect(answers.contains { $0["message"]?["result"]?["choiceID"] == 1 })
        #expect(trace.last?["clockMs"] == 2000)
        #expect(trace.first?.objectValue.map { Array($0.keys) } == ["clockMs", "door", "dir", "message"], "as hu-sim --trace")
    }

    @Test func eachPageIsTracedByItsNumberAndAddressWithWhatItDidAndWhatItWasAnswered() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hu = try ListeningSimulator(["--trace", path], web: true)
        try hu.call("RegisterAppInterface", WebDoor.registration)
        let keyboard: JSON = ["initialText": "Where to?", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [], "interactionLayout": "KEYBOARD"]
        try hu.process.send(JSON.object(["jsonrpc": "2.0", "id": 900, "method": "PerformInteraction", "params": keyboard]).serializedString)
        let typing = try WebTestClient(port: hu.webPort)
        #expect(try typing.upgrade().status == 101)
        try typing.nextMessage("the keyboard on screen") { $0["params"]?["interaction"]?["layout"] == "KEYBOARD" }
        let other = try WebTestClient(port: hu.webPort)
        #expect(try other.upgrade().status == 101)
        try other.nextMessage("the state") { $0["method"] == "Web.State" }

        typing.sendRequest(id: 1, "User.KeyboardEvent", ["event": "KEYPRESS", "data": "a"])
        try typing.nextMessage("the key's answer") { $0["id"] == 1 }
        // A request written over several lines is still one line of the trace.
        other.sendMessage("{\n  \"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"Sim.InjectFault\",\n  \"params\": {\"method\": \"ListFiles\", \"resultCode\": \"REJECTED\"}\n}")
        try other.nextMessage("the fault's answer") { $0["id"] == 1 }
        other.sendRequest(id: 2, "Sim.Reset")
        try other.nextMessage("the refusal") { $0["id"] == 2 }
        typing.sendRequest(id: 2, "Sim.AdvanceTime", ["ms": 3000])
        try typing.nextMessage("the clock's answer") { $0["id"] == 2 }
        #expect(try WebTestClient(port: hu.webPort).request("/files/missing.png").status == 404)
        other.close()
        try waitForTrace(path, "page 2 gone") { $0.contains { $0["page"] == 2 && $0["event"] == "disconnected" } }
        hu.process.closeInput()
        #expect(hu.process.waitForExit(seconds: 20) == 0)

        let trace = try entries(try String(contentsOfFile: path, encoding: .utf8))
        let web = trace.filter { $0["door"] == "web" }
        let first = web.filter { $0["page"] == 1 }
        let second = web.filter { $0["page"] == 2 }
        // Each page named as the log names it: its number and the address it connected from.
        for page in [first, second] {
            let address = try #require(page.first?["address"]?.stringValue)
            #expect(address.hasPrefix("127.0.0.1:"))
            #expect(page.allSatisfy { $0["address"]?.stringValue == address })
            #expect(hu.process.all(.stderr).contains { $0.contains("web: browser \(page[0]["page"]?.integerValue ?? 0) (\(address)) connected") })
        }
        #expect(first.first?["address"] != second.first?["address"])

        // What each page did, whole, in order; and what it was answered, to it alone.
        #expect(first.first?["event"] == "connected")
        #expect(first[1]["dir"] == "out" && first[1]["message"]?["method"] == "Web.Hello")
        #expect(methodsIn(first, door: "web") == ["User.KeyboardEvent", "Sim.AdvanceTime"])
        #expect(methodsIn(second, door: "web") == ["Sim.InjectFault", "Sim.Reset"])
        #expect(second.contains { $0["dir"] == "in" && $0["message"]?["params"]?["resultCode"] == "REJECTED" })
        #expect(second.contains { $0["dir"] == "out" && $0["message"]?["id"] == 2 && $0["message"]?["error"]?["code"] == -32601 }, "the refusal")
        let keyLine = try #require(first.first { $0["dir"] == "in" })
        #expect(keyLine.objectValue.map { Array($0.keys) } == ["clockMs", "door", "page", "address", "dir", "message"])
        let clockAnswer = try #require(first.first { $0["dir"] == "out" && $0["message"]?["id"] == 2 })
        #expect(clockAnswer["clockMs"] == 3000)
        #expect(first.contains { $0["dir"] == "out" && $0["message"]?["id"] == 1 && $0["message"]?["result"]?["resultCode"] == "SUCCESS" })
        #expect(second.last?["event"] == "disconnected")

        // The state is named and counted, never copied; every page got it.
        let states = web.filter { $0["method"] == "Web.State" }
        #expect(states.allSatisfy { $0["dir"] == "out" && ($0["bytes"]?.integerValue ?? 0) > 100 && $0["message"] == nil })
        #expect(Set(states.compactMap { $0["page"]?.integerValue }) == [1, 2])
        #expect(!trace.contains { $0["message"]?["method"] == "Web.State" })

        // Beside the other doors, in the order things happened: the key, then the app hears it.
        let key = try #require(trace.firstIndex { $0["page"] == 1 && $0["message"]?["method"] == "User.KeyboardEvent" })
        let heard = try #require(trace.firstIndex { $0["door"] == "stdio" && $0["message"]?["method"] == "OnKeyboardInput" })
        #expect(key < heard)
        #expect(web.contains { $0["page"] == nil && $0["event"] == "GET /files/missing.png: not found" }, "a file asked for, by no page")
    }
}
