import Conformance
import Foundation

/// Prints one line per fixture (✓/✗ in colour on a terminal; PASS/FAIL/SKIP otherwise or
/// with NO_COLOR set), a failure's report indented below its line.
struct Console: Sendable {
    private let fancy = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    func show(_ result: FixtureResult) {
        var lines: [String]
        switch result.outcome {
        case .passed:
            lines = [fancy ? "\u{1B}[32m✓\u{1B}[0m \(result.file.name)" : "PASS \(result.file.name)"]
        case .skipped(let reason):
            lines = [fancy ? "\u{1B}[33m-\u{1B}[0m \(result.file.name) (skipped: \(reason))" : "SKIP \(result.file.name) (skipped: \(reason))"]
        case .failed(let failure):
            lines = [fancy ? "\u{1B}[31m✗\u{1B}[0m \(result.file.name)" : "FAIL \(result.file.name)"]
            lines += failure.report.map { "    \($0)" }
        }
        print(lines.joined(separator: "\n"))
        fflush(nil)  // every stream: one reading a pipe sees each fixture as it ends
    }

    func note(_ text: String) {
        print(text)
    }
}
