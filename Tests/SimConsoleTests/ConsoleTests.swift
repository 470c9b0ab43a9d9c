import Foundation
import JSONCodec
import JSONRPC
import SDLModel
import Testing

@testable import SimConsole

/// A simulator stand-in: answers each request line with SUCCESS (and `Sim.GetState` with
/// `stateJSON`, which is also the state it draws from), keeping every line it was sent.
private final class FakeSimulator: SimulatorLink {
    var output: [UInt8] = []
    var received: [String] = []
    var stateJSON: JSON = ["success": true, "resultCode": "SUCCESS", "registered": false]

    var state: SimGetState.Response {
        (try? SDLResponse<SimGetState.Response>(result: stateJSON).parameters) ?? SimGetState.Response()
    }

    func handle(_ line: LineFramer.Line) {
        guard case .text(let bytes) = line else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        received.append(text)
        answer(text)
    }

    func endOfInput() {}

    private func answer(_ line: String) {
        guard let message = try? JSON.parse(line), let id = message["id"] else { return }
        let result: JSON = message["method"] == "Sim.GetState" ? stateJSON : ["success": true, "resultCode": "SUCCESS"]
        output += JSON.object(["jsonrpc": "2.0", "id": id, "result": result]).serialized + [0x0A]
    }
}

private final class Clock {
    var now: Int64 = 0
}

@Suite struct ConsoleSessions {
    private func console(
        _ simulator: FakeSimulator, interactive: Bool = true, screen: Bool = false, color: Bool = false,
        virtualClock: Bool = true, clock: Clock = Clock(), recorder: SessionRecorder? = nil
    ) -> Console {
        Console(
            link: simulator,
            options: ConsoleOptions(
                interactive: interactive, drawsScreenOnStderr: screen, usesColor: color, showsPrompt: false, virtualClock: virtualClock),
            recorder: recorder, maximumLineBytes: 1000, now: { clock.now })
    }

    private func type(_ text: String, into console: Console) {
        Array(text.utf8).withUnsafeBytes { console.receive($0) }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func shorthandBecomesAJSONRPCRequestWithAnAutomaticID() {
        let simulator = FakeSimulator()
        let console = console(simulator)
        type("perf initialText=Hi interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1]\nclose\n", into: console)
        #expect(
            simulator.received == [
                #"{"jsonrpc":"2.0","id":1,"method":"PerformInteraction","params":{"initialText":"Hi","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[1]}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"User.Close"}"#,
            ])
        #expect(text(console.stdout).contains("✓ PerformInteraction #1 SUCCESS\n"))
        #expect(text(console.stdout).contains("✓ User.Close #2 SUCCESS\n"))
    }

    @Test func aFullJSONRPCLineIsSentUnchangedAndItsReplyLabelled() {
        let simulator = FakeSimulator()
        let console = console(simulator)
        let line = #"{"jsonrpc":"2.0","id":"mine","method":"ListFiles"}"#
        type(line + "\r\n", into: console)
        #expect(simulator.received == [line])
        #expect(text(console.stdout).contains(#"✓ ListFiles #"mine" SUCCESS"#))
    }

    @Test func aLineThatCannotBeUnderstoodIsOneErrorAndTheSessionGoesOn() {
        let simulator = FakeSimulator()
        let console = console(simulator)
        type("frobnicate 3\nreset\n", into: console)
        #expect(text(console.stdout).contains("✗ unknown command or method \"frobnicate\"; type help for the list\n"))
        #expect(simulator.received == [#"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"#])
    }

    @Test func theScreenIsDrawnAtStartAndAgainOnlyWhenItChanges() {
        let simulator = FakeSimulator()
        let console = console(simulator)
        console.start()
        #expect(text(console.stdout).contains("No app is registered"))
        console.stdout = []
        type("reset\n", into: console)
        #expect(!text(console.stdout).contains("╭─"), "unchanged: not drawn again")
        simulator.stateJSON = ["success": true, "resultCode": "SUCCESS", "registered": true, "app": ["appName": "Demo"], "hmiLevel": "FULL", "systemContext": "MAIN"]
        type("activate\n", into: console)
        #expect(text(console.stdout).contains("╭─ Demo · FULL · MAIN ─"))
        console.stdout = []
        type("screen\n", into: console)
        #expect(text(console.stdout).contains("╭─ Demo · FULL · MAIN ─"), "asked for: drawn even unchanged")
    }

    @Test func colourOnlyWhenAskedFor() {
        let plain = console(FakeSimulator(), color: false)
        type("reset\nfrobnicate\n", into: plain)
        #expect(!text(plain.stdout).contains("\u{1B}["))
        let coloured = console(FakeSimulator(), color: true)
        type("reset\nfrobnicate\n", into: coloured)
        #expect(text(coloured.stdout).contains("\u{1B}[32m✓ Sim.Reset #1 SUCCESS\u{1B}[0m"))
        #expect(text(coloured.stdout).contains("\u{1B}[31m✗ unknown command"))
    }

    @Test func waitOnTheVirtualClockAdvancesTime() {
        let simulator = FakeSimulator()
        type("wait 5s\n", into: console(simulator))
        #expect(simulator.received == [#"{"jsonrpc":"2.0","id":1,"method":"Sim.AdvanceTime","params":{"ms":5000}}"#])
    }

    @Test func waitOnTheRealClockHoldsLaterLinesUntilItIsOver() {
        let simulator = FakeSimulator()
        let clock = Clock()
        clock.now = 1000
        let console = console(simulator, virtualClock: false, clock: clock)
        type("wait 2s\nreset\n", into: console)
        #expect(console.waitDeadline == 3000)
        #expect(simulator.received.isEmpty)
        clock.now = 2999
        console.pump()
        #expect(simulator.received.isEmpty)
        clock.now = 3000
        console.pump()
        #expect(console.waitDeadline == nil)
        #expect(simulator.received == [#"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"#])
    }

    @Test func ctrlCEndsARealClockWaitAndTheLinesHeldBackRun() {
        let simulator = FakeSimulator()
        let clock = Clock()
        let console = console(simulator, virtualClock: false, clock: clock)
        console.enter("wait 2m")
        console.enter("reset")
        #expect(!console.wantsInput && simulator.received.isEmpty)
        clock.now = 500
        #expect(console.cancelWait())
        #expect(console.waitDeadline == nil && console.wantsInput)
        #expect(text(console.stdout).contains("… wait cancelled, 119500 ms before its end"))
        #expect(simulator.received == [#"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"#])
        #expect(!console.cancelWait(), "no wait to cancel")
    }

    @Test func aNewWidthDrawsTheScreenAgainToFit() {
        let simulator = FakeSimulator()
        let console = console(simulator)
        console.start()
        #expect(text(console.stdout).contains("╭─ head unit " + String(repeating: "─", count: 66) + "╮"))
        console.stdout.removeAll()
        console.resize(width: 60)
        #expect(text(console.stdout).contains("╭─ head unit " + String(repeating: "─", count: 46) + "╮"))
        console.stdout.removeAll()
        console.resize(width: 20)
        #expect(text(console.stdout).contains("╭─ head unit " + String(repeating: "─", count: 26) + "╮"), "40 columns at least")
        console.enter("help PerformInteraction")
        let help = text(console.stdout).split(separator: "\n").dropLast(2)
        let tooWide = help.filter { $0.count > 40 && !$0.hasPrefix("  PerformInteraction ") && $0.drop { $0 == " " }.contains(" ") }
        #expect(tooWide.isEmpty, "help fits, but for its example and a word longer than a line")
    }

    @Test func quitEndsTheSessionAndIgnoresWhatFollows() {
        let simulator = FakeSimulator()
        let console = console(simulator)
        type("quit\nreset\n", into: console)
        #expect(console.wantsToQuit)
        #expect(simulator.received.isEmpty)
    }

    @Test func pipedModePassesTheProtocolThroughAndDrawsTheScreenOnStderr() {
        let simulator = FakeSimulator()
        let console = console(simulator, interactive: false, screen: true)
        console.start()
        #expect(console.stdout.isEmpty)
        #expect(text(console.stderr).contains("No app is registered"))
        // Drawn from the simulator's state: nothing was sent to ask for it.
        #expect(simulator.received.isEmpty)
        type(#"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"#, into: console)
        #expect(text(console.stdout) == #"{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}"# + "\n")
        type(#""method":"ListFiles"}"# + "\n", into: console)
        #expect(simulator.received == [#"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"#, #"{"jsonrpc":"2.0","id":2,"method":"ListFiles"}"#])
        #expect(text(console.stdout).hasSuffix(#"{"jsonrpc":"2.0","id":2,"result":{"success":true,"resultCode":"SUCCESS"}}"# + "\n"))
    }

    @Test func aRecordingHoldsEverySendAndExpect() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let simulator = FakeSimulator()
        do {
            let recorder = try SessionRecorder(path: path, options: ["quota": 1000, "autoActivate": true], masksClock: false)
            let console = console(simulator, recorder: recorder)
            console.start()
            type("reset\n{broken\n", into: console)
            console.endOfInput()
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let name = path.split(separator: "/").last!.dropLast(".jsonl".count)
        #expect(
            lines == [
                #"{"fixture":""# + name + #"","rules":"recorded with hu-sim --record","options":{"quota":1000,"autoActivate":true}}"#,
                #"{"send":{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}}"#,
                #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
                #"{"sendRaw":"{broken"}"#,
            ])
    }

    @Test func aRealClockRecordingLeavesClockValuesOpen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let simulator = FakeSimulator()
        simulator.stateJSON = ["success": true, "resultCode": "SUCCESS", "clockMs": 1234, "interaction": ["msLeft": 800]]
        do {
            let recorder = try SessionRecorder(path: path, options: [:], masksClock: true)
            type("state\n", into: console(simulator, recorder: recorder))
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(
            lines.last == #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"$partial":true,"success":true,"resultCode":"SUCCESS","interaction":{"msLeft":"$any"}}}}"#,
            "the state's screen kept, its clock open")
    }
}

@Suite struct MessagePrinting {
    private let printer = MessagePrinter(style: Style(usesColor: false))

    private func lines(_ message: String, _ method: String? = nil) throws -> [String] {
        printer.lines(for: try JSON.parse(message), method: method)
    }

    @Test func aSuccessShowsItsCodeAndItsParametersPacked() throws {
        #expect(
            try lines(#"{"jsonrpc":"2.0","id":3,"result":{"success":true,"resultCode":"SUCCESS","choiceID":2,"triggerSource":"MENU"}}"#, "PerformInteraction")
                == ["✓ PerformInteraction #3 SUCCESS", "    choiceID: 2, triggerSource: MENU"])
    }

    @Test func aFailureShowsItsCodeAndInfo() throws {
        #expect(
            try lines(#"{"jsonrpc":"2.0","id":4,"result":{"success":false,"resultCode":"INVALID_ID","info":"no set 9"}}"#, "DeleteInteractionChoiceSet")
                == ["✗ DeleteInteractionChoiceSet #4 INVALID_ID — no set 9"])
    }

    @Test func aProtocolErrorIsAFailure() throws {
        #expect(try lines(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}"#) == ["✗ request #null error -32700: Parse error"])
    }

    @Test func aShortNotificationIsOneLine() throws {
        #expect(try lines(#"{"jsonrpc":"2.0","method":"OnKeyboardInput","params":{"event":"KEYPRESS","data":"B"}}"#) == ["◆ OnKeyboardInput  event: KEYPRESS, data: B"])
    }

    @Test func aBatchReplyIsEachOfItsMessages() throws {
        let batch = try lines(#"[{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}},{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found: X"}}]"#)
        #expect(batch == ["✓ reply #1 SUCCESS", "✗ request #2 error -32601: Method not found: X"])
    }

    @Test func aLongMemberIsCutButTheStateAskedForIsNot() throws {
        let big = JSON.array((1...40).map { JSON.object(["name": .string("field\($0)"), "width": 500]) })
        let message = JSON.object(["jsonrpc": "2.0", "id": 1, "result": ["success": true, "resultCode": "SUCCESS", "fields": big]])
        let cut = printer.lines(for: message, method: "RegisterAppInterface")
        #expect(cut.count == 1 + 12 + 1)
        #expect(cut.last == "    … 30 more lines")
        #expect(printer.lines(for: message, method: "Sim.GetState").count == 1 + 42)
    }
}
