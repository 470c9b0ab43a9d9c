import Foundation
import JSONCodec
import Testing
import TestSupport

/// `hu-conform --trace FOLDER`: each fixture's simulator traces its wire; a failing fixture's
/// trace is kept and named in the failure.
@Suite(.ownThreads) struct ConformanceTraces {
    @Test func aFailingFixturesTraceIsKeptAndNamedAndAPassingOnesRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-trace-\(UUID())")
        let fixtures = folder.appendingPathComponent("fixtures")
        let traces = folder.appendingPathComponent("traces").path
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let send = #"{"send":{"jsonrpc":"2.0","id":1,"method":"Sim.Reset"}}"#
        try [#"{"fixture":"passes"}"#, send, #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#]
            .joined(separator: "\n").write(to: fixtures.appendingPathComponent("passes.jsonl"), atomically: true, encoding: .utf8)
        try [#"{"fixture":"fails"}"#, send, #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":false,"resultCode":"REJECTED"}}}"#]
            .joined(separator: "\n").write(to: fixtures.appendingPathComponent("fails.jsonl"), atomically: true, encoding: .utf8)

        let conform = Process()
        conform.executableURL = BuiltExecutables.url("hu-conform")
        conform.arguments = ["--sim", SimulatorProcess.executable.path, "--trace", traces, fixtures.path]
        let report = String(decoding: try conform.runCollectingOutput(), as: UTF8.self)
        #expect(conform.terminationStatus == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: traces)
        #expect(kept.count == 1 && kept[0].hasSuffix("fixtures__fails.trace.jsonl"), "\(kept)")
        #expect(report.contains("the simulator's wire trace: \(traces)/\(kept.first ?? "")"), "\(report)")
        let trace = try String(contentsOfFile: traces + "/" + kept[0], encoding: .utf8).split(separator: "\n").map { try JSON.parse(String($0)) }
        #expect(trace.first?["message"]?["method"] == "Sim.Reset" && trace.first?["dir"] == "in")
        #expect(trace.dropFirst().first?["message"]?["result"]?["resultCode"] == "SUCCESS", "what the simulator really answered")
    }

    @Test func hu_benchGivesEachSimulatorItStartsATraceOfItsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-trace-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bench = Process()
        bench.executableURL = BuiltExecutables.url("hu-bench")
        bench.arguments = ["startup", "--runs", "2", "--trace", folder]
        let report = String(decoding: try bench.runCollectingOutput(), as: UTF8.self)
        #expect(bench.terminationStatus == 0, "\(report)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 2 && files.allSatisfy { $0.hasPrefix("hu-bench-") && $0.hasSuffix(".trace.jsonl") }, "\(files)")
    }
}
