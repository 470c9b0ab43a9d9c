import ArgumentParser
import Foundation
import Histogram
import JSONRPC
import SimulatorClient
import CommandLineTool

/// Benchmarks: each prints its figures beside a baseline measured in the same run, since
/// on shared, noisy machines a ratio holds where an absolute time does not.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hu-bench",
        abstract: "Measures hu-sim, each figure beside a baseline measured in the same run.",
        discussion: """
            Build in release first: swift build -c release. The simulator comes from --sim,
            else HU_SIM, else the hu-sim beside hu-bench, else hu-sim on PATH; each scenario
            appends what it needs (--clock virtual; --clock real for the keystroke scenario),
            so a wrapper script must pass its arguments on ("$@"). The baseline is
            jansson-echo beside hu-bench.
            """,
        version: projectVersion,
        subcommands: [
            All.self, Throughput.self, Instructions.self, Latency.self, Startup.self, Memory.self, Upload.self, Pipeline.self, Preload.self,
            Autocomplete.self, Stream.self, Batches.self, Delayed.self, Apps.self, Generate.self,
        ],
        defaultSubcommand: All.self
    )

    static func main() { mainWithOneLineErrors() }
}

struct Targets: ParsableArguments {
    @Option(help: "The simulator command (default: $HU_SIM, else hu-sim beside hu-bench, else hu-sim on PATH).")
    var sim: String?

    @Option(help: ArgumentHelp("Have each simulator started write its wire trace (hu-sim --trace) into <folder>, a file of its own.", valueName: "folder"))
    var trace: String?

    /// The simulator's command line with `arguments` appended (the virtual clock by default),
    /// and a trace file of its own when --trace names a folder.
    func simulator(_ arguments: [String] = SimulatorCommand.virtualClock) throws -> String {
        try SimulatorCommand.find(explicit: sim).appending(arguments + (trace.map(SimulatorCommand.traceArguments(into:)) ?? []))
    }

    /// True when no other simulator than the hu-sim built beside hu-bench was asked for.
    var isBuiltSimulator: Bool {
        (try? SimulatorCommand.find(explicit: sim)) == SimulatorCommand.besideExecutable
    }

    var baseline: String { Self.beside("jansson-echo") }

    static func beside(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name).path
    }
}

struct All: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Every scenario.")
    @OptionGroup var targets: Targets

    func run() throws {
        try Throughput.measure(targets, lines: 1_000_000, runs: 3)
        try Instructions.measure(targets, lines: 30_000)
        try Latency.measure(targets, requests: 20_000)
        try Startup.measure(targets, runs: 40)
        try Memory.measure(targets, sets: 60_000)
        try Upload.measure(targets, mebibytes: 20, chunkKibibytes: 64, runs: 3)
        try Pipeline.measure(targets, files: 10_000, runs: 3)
        try Preload.measure(targets, cells: 10_000, runs: 3)
        try Autocomplete.measure(targets, wordList: "/usr/share/dict/american-english-huge", prefixes: 10_000, runs: 3, keystrokes: 300)
        try Batches.measure(targets, sizes: [1_000, 10_000, 100_000], runs: 3)
        try Delayed.measure(targets, sizes: [10_000, 100_000], runs: 3)
        try Apps.measure(targets, lines: 200_000, sets: 5_000, runs: 3)
    }
}

struct Throughput: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lines per second through hu-sim and through the C jansson echo.")
    @OptionGroup var targets: Targets
    @Option(help: "Lines per stream.") var lines = 1_000_000
    @Option(help: "Runs per program; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, lines: lines, runs: runs) }

    static func measure(_ targets: Targets, lines: Int, runs: Int) throws {
        for (name, stream) in Streams.measured(lines: lines) {
            let count = stream.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            var best = (sim: Double.infinity, echo: Double.infinity)
            for _ in 0..<runs {
                best.sim = min(best.sim, try time(try targets.simulator(), stream))
                best.echo = min(best.echo, try time(targets.baseline, stream))
            }
            let simRate = Double(count) / best.sim
            let echoRate = Double(count) / best.echo
            print("throughput, \(name) (\(count) lines, best of \(runs)):")
            print("  hu-sim        \(format(simRate)) lines/s")
            print("  jansson-echo  \(format(echoRate)) lines/s")
            print("  ratio         \(String(format: "%.2f", simRate / echoRate))× (bar ≥ 0.80×, goal ≥ 1.0×)")
        }
    }

    private static func time(_ command: String, _ stream: [UInt8]) throws -> Double {
        let start = monotonicSeconds()
        let peer = try Peer(command)
        peer.feed(stream)
        _ = peer.countLinesToEnd()
        peer.finish()
        return monotonicSeconds() - start
    }
}

struct Latency: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Request→reply latency over pipes, one request at a time.")
    @OptionGroup var targets: Targets
    @Option(help: "Requests per program.") var requests = 20_000

    func run() throws { try Self.measure(targets, requests: requests) }

    static func measure(_ targets: Targets, requests: Int) throws {
        let ping = ("an unregistered app's request", Streams.unregisteredPings(count: requests + warmUp))
        for (name, stream) in [ping] + Streams.measured(lines: requests + warmUp) {
            let sim = try pingPong(try targets.simulator(), stream)
            let echo = try pingPong(targets.baseline, stream)
            print("latency, request→reply over pipes, \(name) (\(sim.totalCount) requests, one at a time):")
            for (label, percentile, bar, goal) in [("p50", 50.0, 1.2, 1.1), ("p99", 99.0, 2.0, 1.5)] {
                let simValue = sim.valueAtPercentile(percentile)
                let echoValue = echo.valueAtPercentile(percentile)
                print("  \(label)  hu-sim \(simValue) µs   jansson-echo \(echoValue) µs   ratio \(String(format: "%.2f", Double(simValue) / Double(max(echoValue, 1))))× (bar ≤ \(bar)×, goal ≤ \(goal)×)")
            }
        }
    }

    /// The first lines warm the caches and are not counted.
    private static let warmUp = 500

    /// Sends `stream` a line at a time, each once the reply to the one before has come (the
    /// reply carrying its id; notifications and earlier replies are read past). A
    /// `PerformInteraction` is answered only after the tap that follows it: it is sent
    /// without waiting, and the tap's round trip is what is timed.
    private static func pingPong(_ command: String, _ stream: [UInt8]) throws -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(highestTrackableValue: 10_000_000, numberOfSignificantValueDigits: .three)
        let peer = try Peer(command)
        var index = 0
        LineFramer.forEachLine(in: stream) { line in
            defer { index += 1 }
            guard let id = Peer.id(in: line) else { return }
            let start = monotonicSeconds()
            peer.send(Array(line) + [0x0A])
            if line.count > 60, line.firstRange(of: Self.waitsForTheUser) != nil { return }
            while true {
                let reply = peer.readLine()
                if reply.isEmpty || reply.withUnsafeBytes(Peer.id(in:)) == id { break }
            }
            if index >= warmUp { histogram.record(UInt64((monotonicSeconds() - start) * 1e6)) }
        }
        peer.finish()
        return histogram
    }

    private static let waitsForTheUser = Array(#""method":"PerformInteraction""#.utf8)
}

struct Startup: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start → first reply, as tests that spawn a simulator per case see it.")
    @OptionGroup var targets: Targets
    @Option(help: "Starts per program.") var runs = 40

    func run() throws { try Self.measure(targets, runs: runs) }

    static func measure(_ targets: Targets, runs: Int) throws {
        let sim = try (0..<runs).map { _ in try firstReply(try targets.simulator()) }.sorted()
        let echo = try (0..<runs).map { _ in try firstReply(targets.baseline) }.sorted()
        let simMedian = sim[runs / 2] * 1000
        let echoMedian = echo[runs / 2] * 1000
        print("startup, spawn → first reply (median of \(runs)):")
        print("  hu-sim \(String(format: "%.2f", simMedian)) ms   jansson-echo \(String(format: "%.2f", echoMedian)) ms   (bar ≤ 10 ms, goal ≤ 2.5 ms)")
    }

    private static func firstReply(_ command: String) throws -> Double {
        let start = monotonicSeconds()
        let peer = try Peer(command)
        peer.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"Sim.GetState"}"#.utf8) + [0x0A])
        _ = peer.readLine()
        let elapsed = monotonicSeconds() - start
        peer.finish()
        return elapsed
    }
}

struct Memory: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Peak RSS with many choice sets loaded.")
    @OptionGroup var targets: Targets
    @Option(help: "Choice sets of one choice each.") var sets = 60_000

    func run() throws { try Self.measure(targets, sets: sets) }

    static func measure(_ targets: Targets, sets: Int) throws {
        let stream = Streams.manySets(sets)
        // Registration answers one reply and three notifications, then one reply per set.
        let sim = try peakRSS(try targets.simulator(), stream, expectedLines: sets + 4)
        let idle = try peakRSS(try targets.simulator(), Array((Streams.register + "\n").utf8), expectedLines: 4)
        let echo = try peakRSS(targets.baseline, stream, expectedLines: sets + 1)
        print("memory, peak RSS with \(sets) choice sets of one choice loaded:")
        print("  hu-sim \(mebibytes(sim)) (idle after registering: \(mebibytes(idle)))   jansson-echo on the same stream \(mebibytes(echo))   (bar ≤ 100 MiB, goal ≤ 20 MiB)")
    }

    /// Feeds `stream`, waits for `expectedLines` replies, then reads the peak RSS before closing stdin.
    private static func peakRSS(_ command: String, _ stream: [UInt8], expectedLines: Int) throws -> Int {
        let peer = try Peer(command)
        peer.feed(stream, thenClose: false)
        var seen = 0
        while seen < expectedLines {
            _ = peer.readLine()
            seen += 1
        }
        let peak = peer.peakRSS()
        peer.finish()
        return peak
    }
}

func format(_ rate: Double) -> String { String(format: "%9.0f", rate) }
func mebibytes(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints a benchmark stream, for profiling: hu-bench generate mixed > mixed.jsonl")

    enum Kind: String, ExpressibleByArgument { case unknown, mixed, choices, sets }
    @Argument(help: "unknown, mixed, choices (the choice-set-heavy stream) or sets") var kind: Kind
    @Option(help: "Lines (sets: choice sets).") var lines = 100_000

    func run() throws {
        let bytes: [UInt8]
        switch kind {
        case .unknown: bytes = Streams.unknownMethods(count: lines)
        case .mixed: bytes = Streams.mixedSDL(count: lines)
        case .choices: bytes = Streams.choiceSets(count: lines)
        case .sets: bytes = Streams.manySets(lines)
        }
        FileHandle.standardOutput.write(Data(bytes))
    }
}
