import ArgumentParser
import CommandLineTool
import Foundation
import SimulatorClient

@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hu-fuzz",
        abstract: "Streams seeded, mutated protocol lines through hu-sim and checks it neither crashes, hangs nor loses or doubles a reply.",
        discussion: """
            The same --seed gives the same lines. A fresh simulator takes every --chunk
            lines, so its state stays small: the command from --sim, else $HU_SIM, else
            the hu-sim beside hu-fuzz, else hu-sim on PATH, with --clock virtual appended
            (a wrapper script must pass its arguments on with "$@"). On a violation the
            lines at fault are printed and saved under --corpus, and hu-fuzz exits 1.

            Every line, and every text of the corpora (--corpus, --json-corpus), is also parsed
            twice: jansson's own verdict (json_loadb) and the simulator's (the JSON-RPC router
            hu-sim runs) must agree on valid vs invalid, except that the simulator refuses every
            text with a raw NUL byte (jansson takes one after a number or a literal for the end
            of its input). --differential does only that, without starting a simulator.

            With --connections N it also plays N seeded apps over TCP against one
            hu-sim --listen, mixing valid RPCs with broken frames (see FrameFuzz).

            Examples:
              hu-fuzz --lines 20000 --seed 1 --connections 100
              hu-fuzz --differential --lines 100000
            """,
        version: projectVersion)

    static func main() { mainWithOneLineErrors() }

    @Option(help: "How many lines to send.")
    var lines = 100_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 1

    @Option(help: "The simulator command (default: $HU_SIM, else the hu-sim beside hu-fuzz, else hu-sim on PATH); --clock virtual is appended.")
    var sim: String?

    @Option(help: "Lines per simulator process.")
    var chunk = 20_000

    @Option(help: "Seconds one simulator process may take before it counts as hung.")
    var deadline = 120

    @Option(help: "Where the lines at fault are saved (and whose lines the parse check reads first).")
    var corpus = "fixtures/fuzz-corpus"

    @Option(help: "A folder of JSON texts (one per file) the parse check reads first.")
    var jsonCorpus = "fixtures/json"

    @Flag(help: "Only compare jansson's and the simulator's parse verdicts (corpora and generated lines); start no simulator.")
    var differential = false

    @Option(help: "Seeded SDL connections over TCP to one hu-sim --listen, at the frame level (0: none).")
    var connections = 0

    func validate() throws {
        guard lines >= 0, chunk > 0, deadline > 0, connections >= 0 else {
            throw ValidationError("--lines and --connections must be >= 0, --chunk and --deadline > 0")
        }
    }

    func run() throws {
        let started = DispatchTime.now()
        let command: String
        do {
            command = try SimulatorCommand.find(explicit: sim).appending(SimulatorCommand.virtualClock)
        } catch {
            throw ValidationError(error.description)
        }
        var generator = LineGenerator(seed: seed)
        var report = FuzzReport()
        for text in try corpusTexts() { try checkParse(text, &report) }
        while report.lines < lines {
            var chunkLines = [generator.registration()]
            while chunkLines.count <= chunk, report.lines < lines {
                let line = generator.next()
                try checkParse(line.bytes, &report)
                chunkLines.append(line)
                report.lines += 1
            }
            guard !differential else { continue }
            let outcome = try ChunkRun(command: command, deadlineSeconds: deadline).run(chunkLines)
            report.add(outcome)
            for failure in try outcome.failures(command: command, deadlineSeconds: deadline) {
                report.problems.append(failure.problem)
                if let line = failure.line {
                    try save(line, problem: failure.problem)
                } else {
                    FileHandle.standardError.write(Data("\(failure.problem)\n".utf8))
                }
            }
        }
        var frames: FrameFuzz.Report?
        if connections > 0, !differential {
            frames = try FrameFuzz(command: command, connections: connections, seed: seed, deadlineSeconds: deadline).run()
            for problem in frames!.problems { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        print(report.summary(seed: seed, simulatorsRan: !differential))
        if let frames { print(frames.summary) }
        if !report.problems.isEmpty || frames?.problems.isEmpty == false { throw ExitCode(1) }
    }

    /// One line through the differential parse check; a disagreement is a mismatch, saved.
    private func checkParse(_ bytes: [UInt8], _ report: inout FuzzReport) throws {
        report.parseChecks += 1
        let comparison = ParseVerdicts.compare(bytes)
        if comparison.janssonAcceptedARawNUL { report.rawNULsJanssonAccepts += 1 }
        guard let disagreement = comparison.disagreement else { return }
        report.problems.append(disagreement.problem)
        try save(FuzzLine(bytes: bytes), problem: disagreement.problem)
    }

    /// The texts of both corpora, each one line.
    private func corpusTexts() throws -> [[UInt8]] {
        var texts: [[UInt8]] = []
        for (folder, suffix) in [(jsonCorpus, ".json"), (corpus, ".line")] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(suffix) {
                texts.append(Array(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))))
            }
        }
        return texts
    }

    private func save(_ line: FuzzLine, problem: String) throws {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: the same input keeps one file
        for byte in line.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        let path = "\(corpus)/found-\(String(hash, radix: 16)).line"
        try Data(line.bytes).write(to: URL(fileURLWithPath: path))
        FileHandle.standardError.write(Data("\(problem)\n  input: \(String(decoding: line.bytes.prefix(2000), as: UTF8.self))\n  saved: \(path)\n".utf8))
    }
}
