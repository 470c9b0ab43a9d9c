import ArgumentParser
import CommandLineTool
import Conformance
import Foundation
import SimulatorClient

extension FixtureRunner.Transport: ExpressibleByArgument {}

@main
struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hu-conform",
        abstract: "Runs conformance fixtures against a head-unit simulator.",
        discussion: """
            Each fixture (a .jsonl file, see docs/conformance.md) runs against its own
            fresh simulator process: the command from --sim, else $HU_SIM, else the
            hu-sim beside hu-conform, else hu-sim on PATH, run through /bin/sh -c with
            the fixture's flags appended (always --clock virtual; a wrapper script must
            pass its arguments on with "$@"). The last line is "N passed, N failed"
            (", N skipped", ", N not run" when any were); the exit status is 1 when any
            fixture failed, 64 for usage errors and when no fixture was found.

            Examples:
              # every fixture under fixtures/conformance (long):
              hu-conform
              hu-conform fixtures/conformance/choice-sets --filter invalid-id
              # the files area, the wire logged to wire.log, a JUnit report:
              HU_SIM="tee -a wire.log | hu-sim" \\
                hu-conform --junit conformance.xml fixtures/conformance/files
              # stop at the first failure:
              hu-conform --fail-fast --timeout 30 fixtures/conformance/keyboard
              # the keyboard fixtures over SDL's own transport:
              hu-conform --transport sdl fixtures/conformance/keyboard
              # each fixture's wire trace in /tmp/traces (a failing one's kept):
              hu-conform --trace /tmp/traces fixtures/conformance/jsonrpc
            """,
        version: projectVersion
    )

    @Option(help: "The simulator: a shell command to which each fixture's flags are appended.")
    var sim: String?

    @Argument(help: "Fixture files or folders (searched recursively for *.jsonl; names starting with _ are skipped).")
    var paths: [String] = ["fixtures/conformance"]

    @Option(help: "Run only fixtures whose path contains this text.")
    var filter: String?

    @Option(help: "Fixtures run at the same time (default: the number of CPUs).")
    var jobs: Int?

    @Option(help: "Seconds one fixture may take before its simulator is taken to hang.")
    var timeout: Double = 30

    @Flag(help: "Stop at the first failed fixture (the same as --max-failures 1).")
    var failFast = false

    @Option(help: "Stop starting fixtures once this many have failed.")
    var maxFailures: Int?

    @Flag(help: "List the fixtures instead of running them.")
    var list = false

    @Option(help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Have each fixture's simulator write its wire trace (hu-sim --trace) into <folder>, one file per fixture; a failing fixture's trace is kept and named in its failure, the others removed.",
            valueName: "folder"))
    var trace: String?

    @Option(help: "How the fixtures' app reaches the simulator: stdio (JSON-RPC lines) or sdl (SDL requests as SDL protocol messages over TCP, to hu-sim --listen; User.* and Sim.* on stdin).")
    var transport: FixtureRunner.Transport = .stdio

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs).") }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds, not \(timeout).") }
        if let maxFailures, maxFailures < 1 { throw ValidationError("--max-failures must be 1 or more, not \(maxFailures).") }
        if let junit { try Self.checkWritable(junit) }
    }

    /// The report is written at the end, replacing the file: its folder must take a new file.
    private static func checkWritable(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("--junit \(path) is a folder, not a file.")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw ValidationError("--junit \(path) cannot be written: its folder \(folder) is missing or not writable.")
        }
    }

    static func main() { mainWithOneLineErrors() }

    func run() throws {
        let files: [FixtureFile]
        do {
            let filter = self.filter ?? ""
            files = try FixtureFile.discover(paths).filter { filter.isEmpty || $0.path.contains(filter) }
        } catch {
            throw ValidationError(error.message)
        }
        guard !files.isEmpty else {
            let filtered = filter.map { " matching --filter '\($0)'" } ?? ""
            throw ValidationError("no fixture\(filtered) under \(paths.joined(separator: ", ")).")
        }
        if list {
            files.forEach { print($0.path) }
            return
        }
        let simulator: SimulatorCommand
        do {
            simulator = try SimulatorCommand.find(explicit: sim)
        } catch {
            throw ValidationError(error.description)
        }
        let console = Console()
        let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let stopAfter = failFast ? 1 : maxFailures
        let start = ContinuousClock.now
        var runner = FixtureRunner(simulator: { simulator.appending($0) }, timeoutSeconds: timeout, transport: transport)
        if let trace {
            do {
                try FileManager.default.createDirectory(atPath: trace, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("--trace: cannot create \(trace): \(error.localizedDescription)")
            }
            runner.traceFolder = trace
        }
        let results = Suite.run(files, runner: runner, jobs: jobs, stopAfterFailures: stopAfter) {
            console.show($0)
        }
        let elapsed = (ContinuousClock.now - start)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var reportFailed = false
        if let junit {
            do {
                try JUnitReport.xml(results, seconds: seconds).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                console.note("hu-conform: cannot write \(junit): \(error.localizedDescription)")
                reportFailed = true
            }
        }
        let summary = SuiteSummary(results, of: files.count)
        console.note(
            "\(results.count) fixture\(results.count == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s, \(min(jobs, files.count)) at a time, against: \(simulator)"
        )
        if let stopAfter, results.count < files.count {
            console.note("stopped after \(stopAfter) failed fixture\(stopAfter == 1 ? "" : "s")")
        }
        print(summary.line)
        if summary.failed > 0 || reportFailed { throw ExitCode(1) }
    }
}
