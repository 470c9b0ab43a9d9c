import Foundation
import Testing
import TestSupport

/// Every program that starts a simulator finds it by one rule (--sim, HU_SIM, the hu-sim
/// beside it, hu-sim on PATH) and appends the arguments it needs, so each works with
/// `hu-sim` itself and with a wrapper script that passes its arguments on.
@Suite(.ownThreads, .timeLimit(.minutes(3))) struct SimulatorRuleTests {
    private struct Run {
        let status: Int32
        let output: String
    }

    private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:], copiedTo folder: URL? = nil) throws -> Run {
        let process = Process()
        var executable = BuiltExecutables.url(program)
        if let folder {
            executable = folder.appendingPathComponent(program)
            // Copied by cp, not by this process: a process this one starts meanwhile would
            // inherit the copy's open descriptor, and running the copy would fail with ETXTBSY.
            let copy = Process()
            copy.executableURL = URL(fileURLWithPath: "/bin/cp")
            copy.arguments = [BuiltExecutables.url(program).path, executable.path]
            _ = try copy.runCollectingOutput(timeLimit: .seconds(60))
        }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(environment) { $1 }) { $1 }
        let output = String(decoding: try process.runCollectingOutput(), as: UTF8.self)
        return Run(status: process.terminationStatus, output: output)
    }

    private static let simulator = BuiltExecutables.url("hu-sim").path

    /// How each program is asked to run briefly, and a line its success prints.
    private static let programs: [(name: String, arguments: [String], success: String)] = [
        ("hu-demo", [], "the simulator has exited"),
        ("hu-conform", ["--jobs", "1", "fixtures/conformance/jsonrpc", "--filter", "batch"], " passed, 0 failed"),
        ("hu-bench", ["latency", "--requests", "200"], "latency, request→reply"),
        ("hu-fuzz", ["--lines", "300", "--corpus", FileManager.default.temporaryDirectory.path], "crashes: 0, hangs: 0, mismatches: 0"),
    ]

    @Test(arguments: programs.map(\.name))
    func hu_simItselfInHU_SIMWorks(program: String) throws {
        let (_, arguments, success) = try #require(Self.programs.first { $0.name == program })
        let run = try run(program, arguments, environment: ["HU_SIM": Self.simulator])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(success), "\(run.output)")
    }

    @Test(arguments: programs.map(\.name))
    func aWrapperScriptInHU_SIMOrSimGetsTheArgumentsAndSeesTheWire(program: String) throws {
        let (_, arguments, success) = try #require(Self.programs.first { $0.name == program })
        for viaOption in [false, true] {
            let wrapper = try WireLoggingWrapper()
            defer { wrapper.remove() }
            let run = viaOption
                ? try run(program, arguments + ["--sim", wrapper.path], environment: ["HU_SIM": "/nonexistent/hu-sim"])
                : try run(program, arguments, environment: ["HU_SIM": wrapper.path])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains(success), "\(run.output)")
            let started = try wrapper.arguments()
            #expect(!started.isEmpty && started.allSatisfy { $0.hasPrefix("--clock ") }, "\(started)")
            #expect(try wrapper.wire().contains(#""jsonrpc":"2.0""#))
        }
    }

    @Test func aProgramWithoutAnyHu_simSaysHowToGetOneBeforeStartingAnything() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try run("hu-demo", [], environment: ["HU_SIM": "", "PATH": "/usr/bin:/bin"], copiedTo: folder)
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("hu-demo: no simulator to start: no --sim given, HU_SIM not set, no hu-sim at \(folder.path)/hu-sim nor on PATH."))
        for advice in ["HU_SIM=/path/to/hu-sim", "--sim COMMAND", "install hu-sim on PATH"] {
            #expect(run.output.contains(advice), "\(run.output)")
        }
        #expect(!run.output.contains("starting the simulator"))
        #expect(run.output.split(separator: "\n").count == 1)
    }

    @Test func hu_simOnPATHIsFoundWhenNoneIsBesideTheProgram() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-path-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrapper = try WireLoggingWrapper()
        defer { wrapper.remove() }
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("hu-sim").path, withDestinationPath: wrapper.path)
        let run = try run("hu-demo", [], environment: ["HU_SIM": "", "PATH": bin.path + ":/usr/bin:/bin"], copiedTo: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("starting the simulator: \(bin.path)/hu-sim --clock virtual"))
        #expect(try wrapper.arguments() == ["--clock virtual"])
    }
}
