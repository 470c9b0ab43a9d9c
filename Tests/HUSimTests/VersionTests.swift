import Foundation
import Testing
import TestSupport

/// Every tool prints the project's one version (CommandLineTool's `projectVersion`), the one
/// CHANGELOG.md's newest entry names.
@Suite(.ownThreads) struct VersionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: ["hu-sim", "hu-conform", "hu-bench", "hu-fuzz", "hu-demo"])
    func theToolPrintsTheVersionTheChangelogNames(program: String) throws {
        let process = Process()
        process.executableURL = BuiltExecutables.url(program)
        process.arguments = ["--version"]
        let output = String(decoding: try process.runCollectingOutput(timeLimit: .seconds(30)), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        let version = try Self.newestChangelogVersion()
        #expect(output == version + "\n")
    }

    /// The version of the first `## [VERSION]` heading.
    static func newestChangelogVersion() throws -> String {
        let changelog = try String(contentsOf: repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let heading = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") } ?? ""
        return String(heading.dropFirst(4).prefix { $0 != "]" })
    }
}
