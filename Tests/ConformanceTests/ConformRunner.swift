import Foundation

/// The built `hu-conform`, run as a user runs it.
enum ConformRunner {
    /// The folder holding the built executables (hu-conform, hu-sim) beside the test binary.
    static let binaries: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("hu-conform").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    static let brokenSimulators = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BrokenSimulators")

    struct Outcome {
        let output: String
        let status: Int32
        var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// Runs hu-conform with `arguments` (NO_COLOR, so lines start PASS/FAIL/SKIP).
    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = binaries.appendingPathComponent("hu-conform")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(extra) { $1 }) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    static func brokenSimulator(_ name: String) -> String { brokenSimulators.appendingPathComponent(name).path }
}
