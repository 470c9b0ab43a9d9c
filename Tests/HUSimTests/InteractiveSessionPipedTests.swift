import Foundation
import JSONCodec
import Testing
import TestSupport

/// `--record`, `--screen` and `--interactive` with pipes: what scripts and tests see.
@Suite(.ownThreads) struct InteractiveSessionPiped {
    private let session = [
        #"{"jsonrpc":"2.0","id":1,"method":"RegisterAppInterface","params":{"appName":"Demo","appID":"demo-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"CreateInteractionChoiceSet","params":{"interactionChoiceSetID":1,"choiceSet":[{"choiceID":1,"menuName":"Berlin"},{"choiceID":2,"menuName":"Bern"}]}}"#,
        "not json",
        #"{"jsonrpc":"2.0","id":3,"method":"PerformInteraction","params":{"initialText":"City","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[1]}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"Sim.AdvanceTime","params":{"ms":10000}}"#,
    ]

    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID()).jsonl").path
    }

    @Test func aRecordedPipedSessionHasTheHeaderThenEachSendWithWhatItCaused() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try SimulatorProcess.run(["--clock", "virtual", "--quota", "5000", "--record", path], lines: session)
        let plain = try SimulatorProcess.run(["--clock", "virtual", "--quota", "5000"], lines: session)
        #expect(recorded.stdout == plain.stdout, "recording changes nothing on stdout")

        let steps = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try JSON.parse(String($0)) }
        let name = String(path.split(separator: "/").last!.dropLast(".jsonl".count))
        #expect(
            steps.first
                == ["fixture": .string(name), "rules": "recorded with hu-sim --record", "options": ["quota": 5000, "autoActivate": true]],
            "named after its file")
        let kinds = steps.dropFirst().map { $0.objectValue?.keys.first ?? "?" }
        #expect(
            kinds == [
                "send", "expect", "expect", "expect", "expect",  // register: reply, NONE, capabilities, FULL
                "send", "expect",  // the choice set
                "sendRaw", "expect",  // a parse error
                "send", "expect",  // PerformInteraction: HMI_OBSCURED; its reply waits
                "send", "expect", "expect", "expect",  // the timeout: TIMED_OUT, MAIN, then AdvanceTime's reply
            ])
        let sent = steps.compactMap { $0["send"] }
        #expect(sent == (session.filter { $0 != "not json" }.map { try! JSON.parse($0) }))
        #expect(steps.compactMap { $0["sendRaw"] } == ["not json"])
        let expected = steps.compactMap { $0["expect"] }
        #expect(expected.map { $0["id"] } == plain.messages.map { $0["id"] }, "every message received, in order")
        #expect(expected.map { $0["method"] } == plain.messages.map { $0["method"] })
        // What the recording is not about is open, so that it survives a new profile or wording:
        #expect(expected[0]["result"] == ["$partial": true, "success": true, "resultCode": "SUCCESS"], "no capabilities pinned")
        #expect(expected[1]["params"] == ["$partial": true, "hmiLevel": "NONE", "audioStreamingState": "NOT_AUDIBLE", "systemContext": "MAIN"])
        #expect(expected[2]["params"] == ["systemCapability": "$any"])
        #expect(expected[5]["error"] == ["$partial": true, "code": -32700, "message": "$any"])
        #expect(expected[7]["result"] == ["success": false, "resultCode": "TIMED_OUT", "info": "$any"])
        #expect(expected[9] == plain.messages[9], "exact where it matters: the clock's reply")
    }

    @Test func aTypedSessionIsRecordedOnTheVirtualClockAndReplaysGreen() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let typed = try SimulatorProcess.run(
            ["--interactive", "--record", path],
            lines: [
                "register Demo", "CreateI interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin}]",
                "perf initialText=Hi interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1]", "wait 10s",
                #"fault ListFiles GENERIC_ERROR "HMI broke""#, "ListFiles", "state", "nonsense",
            ])
        #expect(String(decoding: typed.stdout, as: UTF8.self).contains("(virtual clock)"), "virtual unless told otherwise")
        #expect(!typed.stderr.contains("recording on the real clock"))
        let conform = Process()
        conform.executableURL = SimulatorProcess.executable.deletingLastPathComponent().appendingPathComponent("hu-conform")
        conform.arguments = ["--sim", SimulatorProcess.executable.path, path]
        let report = String(decoding: try conform.runCollectingOutput(), as: UTF8.self)
        #expect(conform.terminationStatus == 0, "\(report)")
        #expect(report.hasSuffix("1 passed, 0 failed\n"), "\(report)")
        let real = try SimulatorProcess.run(["--clock", "real", "--record", path], lines: [])
        #expect(real.stderr.contains("recording on the real clock"), "the reason, at the start")
    }

    @Test func aRecordedSessionPassesTheConformanceRun() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try SimulatorProcess.run(["--clock", "virtual", "--record", path], lines: session)
        let conform = Process()
        conform.executableURL = SimulatorProcess.executable.deletingLastPathComponent().appendingPathComponent("hu-conform")
        conform.arguments = ["--sim", SimulatorProcess.executable.path, path]
        let report = String(decoding: try conform.runCollectingOutput(), as: UTF8.self)
        #expect(conform.terminationStatus == 0, "\(report)")
        #expect(report.hasSuffix("1 passed, 0 failed\n"), "\(report)")
    }

    @Test func theScreenGoesToStderrAndStdoutStaysTheProtocol() throws {
        let watched = try SimulatorProcess.run(["--clock", "virtual", "--screen"], lines: session)
        let plain = try SimulatorProcess.run(["--clock", "virtual"], lines: session)
        #expect(watched.stdout == plain.stdout)
        #expect(!String(decoding: watched.stdout, as: UTF8.self).contains("\u{1B}"))
        let screens = watched.stderr.components(separatedBy: "╭─")
        #expect(screens.count == 1 + 5, "start, registered, set created, interaction, timed out: \(watched.stderr)")
        #expect(screens[4].contains("│ City                                      LIST_ONLY · MANUAL_ONLY · 10s left │"))
        #expect(screens[5].contains("│ Nothing on screen."))
        #expect(screens[1].contains("No app is registered yet: waiting for RegisterAppInterface."))
        #expect(!watched.stderr.contains("register Demo"), "no one types here")
    }

    @Test func interactiveModeCanBeForcedOnPipesAndIsPlainText() throws {
        let outcome = try SimulatorProcess.run(
            ["--clock", "virtual", "--interactive"], lines: ["register Demo", "perf initialText", "state", "quit", "reset"])
        let text = String(decoding: outcome.stdout, as: UTF8.self)
        #expect(text.contains("✓ RegisterAppInterface #1 SUCCESS"))
        #expect(text.contains("✗ expected name=value, got \"initialText\""))
        #expect(text.contains("✓ Sim.GetState #2 SUCCESS\n    clockMs: 0, registered: true"))
        #expect(!text.contains("Sim.Reset"), "nothing runs after quit")
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("› "), "no prompt when stdout is not a terminal")
        #expect(outcome.status == 0)
    }

    @Test func noInteractiveKeepsATerminalSessionOnTheProtocol() throws {
        let terminal = try PseudoTerminalSession(arguments: ["--clock", "virtual", "--no-interactive"], environment: [:])
        defer { terminal.end() }
        let line = #"{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}"#
        _ = Array((line + "\n").utf8).withUnsafeBytes { write(terminal.masterDescriptor, $0.baseAddress, $0.count) }
        let reply = try terminal.waitForText(#"{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}"#)
        #expect(!reply.contains("╭─") && !reply.contains("✓"))
    }
}
