import Foundation
import TestSupport

/// The built `hu-conform`, run as a user runs it.
enum ConformRunner {
    /// The folder holding the built executables (hu-conform, hu-sim) beside the test binary.
    static let binaries = BuiltExecutables.folder

    static let brokenSimulators = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BrokenSimulators")

    struct Outcome {
        let output: String
        let status: Int32
        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// The repository's root, where fixtures/conformance is.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs hu-conform with `arguments` (NO_COLOR, so lines start PASS/FAIL/SKIP).
    static func run(_ arguments: [String], environment extra: [String: String] = [:], in folder: URL? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = binaries.appendingPathComponent("hu-conform")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(extra) { $1 }) { $1 }
        let data = try process.runCollectingOutput()
        return Outcome(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    static func brokenSimulator(_ name: String) -> String { brokenSimulators.appendingPathComponent(name).path }
}
