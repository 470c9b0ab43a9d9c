import Foundation
import Testing
import TestSupport

/// hu-demo, the README's first command: the manager library driving hu-sim from start to end.
@Suite(.ownThreads) struct DemoTests {
    private func runDemo(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let demo = Process()
        demo.executableURL = BuiltExecutables.url("hu-demo")
        demo.arguments = arguments
        demo.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = String(decoding: try demo.runCollectingOutput(), as: UTF8.self)
        return (demo.terminationStatus, output)
    }

    @Test func theDemoUploadsPreloadsPresentsAndGetsOneResultForEachInteraction() throws {
        let (status, output) = try runDemo(environment: ["HU_SIM": ""])
        #expect(status == 0, "\(output)")
        for line in [
            "PutFile requests sent: 2 (each picture once)",
            "loaded [\"Logo\", \"Flag\", \"Home\"]: 3 CreateInteractionChoiceSet, 1 PutFile",
            "the app gets: selected \"Flag\" (row 1, MENU)",
            "CreateInteractionChoiceSet sent to present it: 0",
            "the app gets: timed out",
            "the driver typed \"berl\": the head unit suggests [\"Berlin\", \"Berlioz\"]",
            "the app gets: submitted \"berl\"",
            "the app gets: selected \"Bern\" (row 1, MENU)",
            "the simulator has exited",
        ] {
            #expect(output.contains(line), "missing: \(line)")
        }
        // The head unit's screen, drawn while the menu is up.
        #expect(output.contains("│ Pick one "))
        #expect(output.contains("[img "))
    }

    @Test func theDemoWritesItsSimulatorsWireTraceIntoTheFolderGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-trace-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (status, output) = try runDemo(["--trace", folder], environment: ["HU_SIM": ""])
        #expect(status == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1 && files[0].hasPrefix("hu-demo-"), "\(files)")
        let trace = try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8)
        #expect(trace.contains(#""method":"PerformInteraction""#))
        #expect(try runDemo(["--trace"]).status == 64)
    }

    @Test func theDemoStartsTheSimulatorItIsGivenOnTheVirtualClock() throws {
        let simulator = BuiltExecutables.url("hu-sim").path
        let (status, output) = try runDemo(["--sim", simulator], environment: ["HU_SIM": "/nonexistent/hu-sim"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("starting the simulator: \(simulator) --clock virtual"))
    }

    @Test func aSimulatorThatCannotStartEndsTheDemoWithItsReason() throws {
        let (status, output) = try runDemo(["--sim", "/nonexistent/hu-sim"])
        #expect(status == 1)
        #expect(output.contains(
            "hu-demo: the demo stopped: the simulator command /nonexistent/hu-sim --clock virtual could not be started (not found, exit status 127): /bin/sh: 1: /nonexistent/hu-sim: not found"),
            "\(output)")
        #expect(!output.contains("Broken pipe"))
    }

    @Test func theDemoEndsWithoutAReplyItForgot() throws {
        let (status, output) = try runDemo(environment: ["HU_SIM": ""])
        #expect(status == 0, "\(output)")
        #expect(!output.contains("a reply to no pending request"))
        #expect(!output.contains("warning"))
    }

    @Test func aMistypedOptionIsOneLineAndExitCode64() throws {
        let (status, output) = try runDemo(["--simulator"])
        #expect(status == 64)
        #expect(output == "hu-demo: unknown argument '--simulator' (hu-demo --help lists the options)\n")
    }

    @Test func helpSaysWhatTheDemoDoes() throws {
        let (status, output) = try runDemo(["--help"])
        #expect(status == 0)
        #expect(output.hasPrefix("hu-demo: an app on the SDLManager library driving a head-unit simulator"))
        #expect(output.contains("usage: hu-demo [--sim COMMAND]"))
    }
}
