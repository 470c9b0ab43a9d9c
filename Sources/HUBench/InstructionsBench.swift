import ArgumentParser
import ChildProcess
import Foundation

/// Instructions per line under valgrind's callgrind: unlike a time, the same on a loaded
/// machine and an idle one, so a change to the hot path can be judged by it.
struct Instructions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Instructions per line (valgrind --tool=callgrind) through hu-sim and through the C jansson echo.",
        discussion: """
            Needs valgrind (tools/bench installs it) and objcopy: valgrind 3.19
            cannot read the DWARF 5 debug information Swift writes, so each program
            runs from a copy without it. --sim must start with the executable itself
            (not a script). A program's start-up, counted on an empty input, is left
            out of its figure.
            """)
    @OptionGroup var targets: Targets
    @Option(help: "Lines per stream.") var lines = 30_000

    func run() throws { try Self.measure(targets, lines: lines) }

    static func measure(_ targets: Targets, lines: Int) throws {
        for (name, stream) in Streams.measured(lines: lines) {
            let count = stream.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let sim = try perLine(try targets.simulator(), stream, count)
            let echo = try perLine(targets.baseline, stream, count)
            print("instructions per line, \(name) (\(count) lines, callgrind):")
            print("  hu-sim        \(String(format: "%9.0f", sim))")
            print("  jansson-echo  \(String(format: "%9.0f", echo))")
            print("  ratio         \(String(format: "%.2f", echo / sim))× (bar ≥ 0.80×, goal ≥ 1.0×: the echo's count over hu-sim's)")
        }
    }

    private static func perLine(_ command: String, _ stream: [UInt8], _ lines: Int) throws -> Double {
        let whole = try count(command, stream)
        let startUp = try count(command, [])
        return Double(whole - startUp) / Double(lines)
    }

    /// The instructions `command` runs reading `input` to its end.
    private static func count(_ command: String, _ input: [UInt8]) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-bench-callgrind-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("input.jsonl")
        let outFile = folder.appendingPathComponent("callgrind.out")
        try Data(input).write(to: inputFile)
        let valgrind = try ChildProcess(
            shell: """
                eval "set -- \(command)"
                copy='\(folder.path)'/"$(basename "$1")"
                objcopy --strip-debug "$(command -v "$1")" "$copy" || exit 1
                shift
                exec valgrind --tool=callgrind --callgrind-out-file='\(outFile.path)' "$copy" "$@" < '\(inputFile.path)'
                """, input: .null, output: .null, errors: .null)
        let status = valgrind.waitForExit()
        guard status == .exited(0), let text = try? String(contentsOf: outFile, encoding: .utf8),
            let summary = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
            let total = Int(summary.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces))
        else {
            throw ValidationError("valgrind --tool=callgrind on \(command) failed (it \(status)): is valgrind installed?")
        }
        return total
    }
}
