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
}
