import Foundation
import Testing
import TestSupport

/// hu-demo, the README's first command: the manager library driving hu-sim from start to end.
@Suite struct DemoTests {
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

    @Test func theDemoStartsTheSimulatorItIsGiven() throws {
        let simulator = BuiltExecutables.url("hu-sim").path + " --clock virtual"
        let (status, output) = try runDemo(["--sim", simulator], environment: ["HU_SIM": "/nonexistent/hu-sim"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("starting the simulator: \(simulator)"))
    }

    @Test func aSimulatorThatCannotStartEndsTheDemoWithItsReason() throws {
        let (status, output) = try runDemo(["--sim", "/nonexistent/hu-sim"])
        #expect(status == 1)
        #expect(output.contains("the simulator ended with exited(127); its last lines on stderr:"))
        #expect(output.contains("/nonexistent/hu-sim: not found"))
        #expect(output.contains("hu-demo: the demo stopped: RegisterAppInterface failed"))
    }

    @Test func aMistypedOptionGetsItsUsageAndExitCode64() throws {
        let (status, output) = try runDemo(["--simulator"])
        #expect(status == 64)
        #expect(output.hasPrefix("usage: hu-demo [--sim COMMAND]"))
    }
}
