import ArgumentParser
import Conformance
import Foundation

extension FixtureRunner.Transport: ExpressibleByArgument {}

@main
struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hu-conform",
        abstract: "Runs conformance fixtures against a head-unit simulator.",
        discussion: """
            Each fixture (a .jsonl file, see docs/conformance.md) runs against its own fresh
            simulator process: the command from --sim, else $HU_SIM, else the hu-sim built
            beside hu-conform, run through /bin/sh -c with the fixture's flags appended
            (always --clock virtual). The last line is "N passed, N failed" (", N skipped"
            when any were); the exit status is 1 when any fixture failed, 64 for usage errors.

            Examples:
              hu-conform                                   # every fixture under fixtures/conformance
              hu-conform fixtures/conformance/choice-sets --filter invalid-id
              hu-conform --sim "hu-sim --profile text-only" --jobs 1 --timeout 30
              HU_SIM="tee -a wire.log | hu-sim" hu-conform --junit conformance.xml
              hu-conform --transport sdl                   # the same fixtures over SDL's own transport
              hu-conform --trace /tmp/traces fixtures/conformance/jsonrpc
            """
    )

    @Option(help: "The simulator: a shell command to which each fixture's flags are appended.")
    var sim: String?

    @Argument(help: "Fixture files or folders (searched recursively for *.jsonl; names starting with _ are skipped).")
    var paths: [String] = ["fixtures/conformance"]

    @Option(help: "Run only fixtures whose path contains this text.")
    var filter: String?

    @Option(help: "Fixtures run at the same time (default: the number of CPUs).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seconds one fixture may take before its simulator is taken to hang.")
    var timeout: Double = 10

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
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more, not \(jobs).") }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds, not \(timeout).") }
    }

    func run() throws {
        let files: [FixtureFile]
        do {
            let filter = self.filter ?? ""
            files = try FixtureFile.discover(paths).filter { filter.isEmpty || $0.path.contains(filter) }
        } catch {
            throw ValidationError(error.message)
        }
        if list {
            files.forEach { print($0.path) }
            return
        }
        let console = Console()
        let command = SimulatorCommand.resolve(option: sim)
        let start = ContinuousClock.now
        var runner = FixtureRunner(simulatorCommand: command, timeoutSeconds: timeout, transport: transport)
        if let trace {
            do {
                try FileManager.default.createDirectory(atPath: trace, withIntermediateDirectories: true)
            } catch {
                throw ValidationError("--trace: cannot create \(trace): \(error.localizedDescription)")
            }
            runner.traceFolder = trace
        }
        let results = Suite.run(files, runner: runner, jobs: jobs) {
            console.show($0)
        }
        let elapsed = (ContinuousClock.now - start)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if let junit {
            do {
                try JUnitReport.xml(results, seconds: seconds).write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                console.note("hu-conform: cannot write \(junit): \(error.localizedDescription)")
            }
        }
        let summary = SuiteSummary(results)
        console.note("\(files.count) fixture\(files.count == 1 ? "" : "s") in \(String(format: "%.2f", seconds)) s, \(min(jobs, max(files.count, 1))) at a time, against: \(command)")
        print(summary.line)
        if summary.failed > 0 { throw ExitCode(1) }
    }
}
