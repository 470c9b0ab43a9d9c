import ArgumentParser
import Foundation

@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hu-fuzz",
        abstract: "Streams seeded, mutated protocol lines through hu-sim and checks it neither crashes, hangs nor loses or doubles a reply.",
        discussion: """
            The same --seed gives the same lines. A fresh hu-sim (with --clock virtual) takes
            every --chunk lines, so its state stays small. On a violation the lines at fault are
            printed and saved under --corpus, and hu-fuzz exits 1.

            With --connections N it also plays N seeded apps over TCP against one
            hu-sim --listen, mixing valid RPCs with broken frames (see FrameFuzz).

            Example: hu-fuzz --lines 1000000 --seed 1 --connections 1000
            """)

    @Option(help: "How many lines to send.")
    var lines = 100_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 1

    @Option(help: "The simulator command (default: $HU_SIM, else the hu-sim beside hu-fuzz); --clock virtual is appended.")
    var sim: String?

    @Option(help: "Lines per simulator process.")
    var chunk = 20_000

    @Option(help: "Seconds one simulator process may take before it counts as hung.")
    var deadline = 120

    @Option(help: "Where the lines at fault are saved.")
    var corpus = "fixtures/fuzz-corpus"

    @Option(help: "Seeded SDL connections over TCP to one hu-sim --listen, at the frame level (0: none).")
    var connections = 0

    func validate() throws {
        guard lines >= 0, chunk > 0, deadline > 0, connections >= 0 else {
            throw ValidationError("--lines and --connections must be >= 0, --chunk and --deadline > 0")
        }
    }

    func run() throws {
        let started = DispatchTime.now()
        let command = simulatorCommand()
        var generator = LineGenerator(seed: seed)
        var report = FuzzReport()
        while report.lines < lines {
            var chunkLines = [generator.registration()]
            while chunkLines.count <= chunk, report.lines < lines {
                chunkLines.append(generator.next())
                report.lines += 1
            }
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
        if connections > 0 {
            frames = try FrameFuzz(command: command, connections: connections, seed: seed, deadlineSeconds: deadline).run()
            for problem in frames!.problems { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        print(report.summary(seed: seed))
        if let frames { print(frames.summary) }
        if !report.problems.isEmpty || frames?.problems.isEmpty == false { throw ExitCode(1) }
    }

    private func simulatorCommand() -> [String] {
        let configured = sim ?? ProcessInfo.processInfo.environment["HU_SIM"].flatMap { $0.isEmpty ? nil : $0 }
        let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("hu-sim").path
        return (configured?.split(separator: " ").map(String.init) ?? [beside]) + ["--clock", "virtual"]
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
