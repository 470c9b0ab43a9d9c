import ArgumentParser
import Foundation

/// What a peer can make hu-sim pay for one line: a batch of n requests must cost about
/// what the same n requests cost as lines, and n answers held back by `Sim.InjectFault`
/// about what n answers given at once cost, for every n (issue 18: both were O(n²)).
struct Batches: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Requests in one batch line vs the same requests as separate lines.")
    @OptionGroup var targets: Targets
    @Option(parsing: .upToNextOption, help: "Batch sizes.") var sizes = [1_000, 10_000, 100_000]
    @Option(help: "Runs per way; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, sizes: sizes, runs: runs) }

    static func measure(_ targets: Targets, sizes: [Int], runs: Int) throws {
        print("batches, unknown-method requests in one batch line vs as separate lines (per request, hu-sim's CPU time and the wall time, best of \(runs)):")
        for count in sizes {
            let requests = Streams.unknownMethods(count: count).split(separator: 0x0A)
            let lines = Array(requests.joined(separator: [0x0A])) + [0x0A]
            let batch = [UInt8(ascii: "[")] + Array(requests.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]"), 0x0A]
            var best = (batch: Cost.worst, lines: Cost.worst)
            for _ in 0..<runs {
                best.batch = best.batch.best(try timeToLastReply(targets.simulator(), batch, replyLines: 1))
                best.lines = best.lines.best(try timeToLastReply(targets.simulator(), lines, replyLines: count))
            }
            print(perRequest("\(count) requests", count, (first: "batch", best.batch), (second: "lines", best.lines)))
        }
    }
}

struct Delayed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Requests held back by an injected delay vs the same requests answered at once.")
    @OptionGroup var targets: Targets
    @Option(parsing: .upToNextOption, help: "Numbers of requests.") var sizes = [10_000, 100_000]
    @Option(help: "Runs per way; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, sizes: sizes, runs: runs) }

    static func measure(_ targets: Targets, sizes: [Int], runs: Int) throws {
        print("delayed answers, CancelInteraction held back 1000 ms each vs answered at once (per request, hu-sim's CPU time and the wall time, best of \(runs)):")
        for count in sizes {
            var best = (delayed: Cost.worst, atOnce: Cost.worst)
            for _ in 0..<runs {
                best.delayed = best.delayed.best(try timeToLastReply(targets.simulator(), stream(count, delayed: true), replyLines: count + 6))
                best.atOnce = best.atOnce.best(try timeToLastReply(targets.simulator(), stream(count, delayed: false), replyLines: count + 5))
            }
            print(perRequest("\(count) requests", count, (first: "delayed", best.delayed), (second: "at once", best.atOnce)))
        }
    }

    /// Registration (one reply, three notifications), the fault if asked, `count` cancels
    /// (each an HMI request a fault can hold back), then the clock moved past the delay.
    private static func stream(_ count: Int, delayed: Bool) -> [UInt8] {
        var text = Streams.register + "\n"
        if delayed {
            text += #"{"jsonrpc":"2.0","id":-1,"method":"Sim.InjectFault","params":{"method":"CancelInteraction","delayMs":1000,"count":\#(count)}}"# + "\n"
        }
        for id in 1...count { text += #"{"jsonrpc":"2.0","id":\#(id),"method":"CancelInteraction","params":{"functionID":10}}"# + "\n" }
        text += #"{"jsonrpc":"2.0","id":-2,"method":"Sim.AdvanceTime","params":{"ms":1000}}"# + "\n"
        return Array(text.utf8)
    }
}

/// What one way cost: seconds of wall time, and of the simulator's CPU time. On a loaded
/// machine the wall time also counts waits for a CPU: a batch's whole reply is written after
/// its work, each 64 KiB waiting for the reader to be scheduled, where separate lines overlap
/// reading, work and writing.
private struct Cost {
    var wall: Double
    var cpu: Double

    static let worst = Cost(wall: .infinity, cpu: .infinity)

    /// Each figure's best of the two runs.
    func best(_ other: Cost) -> Cost { Cost(wall: min(wall, other.wall), cpu: min(cpu, other.cpu)) }
}

/// From feeding `stream` to a started `command` until its `replyLines`-th line of output
/// (the start-up is not counted: a first request is answered before the clocks start).
private func timeToLastReply(_ command: String, _ stream: [UInt8], replyLines: Int) throws -> Cost {
    let peer = try Peer(command)
    peer.send(Array(#"{"jsonrpc":"2.0","id":"ready","method":"Sim.GetState"}"#.utf8) + [0x0A])
    _ = peer.readLine()
    let start = (wall: monotonicSeconds(), cpu: peer.cpuSeconds())
    peer.feed(stream, thenClose: false)  // it stays up: its CPU time is read at the last reply
    let lines = peer.countLinesToEnd(orUpTo: replyLines)
    let cost = Cost(wall: monotonicSeconds() - start.wall, cpu: peer.cpuSeconds() - start.cpu)
    peer.finish()
    guard peer.countLinesToEnd() == 0 else { throw ValidationError("more than \(replyLines) lines from \(command)") }
    guard lines == replyLines else { throw ValidationError("expected \(replyLines) lines from \(command), got \(lines)") }
    return cost
}

private func perRequest(_ label: String, _ count: Int, _ first: (first: String, Cost), _ second: (second: String, Cost)) -> String {
    func micros(_ seconds: Double) -> String { String(format: "%6.2f µs", seconds / Double(count) * 1e6) }
    func ratio(_ value: KeyPath<Cost, Double>) -> String { String(format: "%.2f×", first.1[keyPath: value] / second.1[keyPath: value]) }
    return "  \(label.padding(toLength: 16, withPad: " ", startingAt: 0))  \(first.first) \(micros(first.1.cpu)) CPU, \(micros(first.1.wall)) wall   "
        + "\(second.second) \(micros(second.1.cpu)) CPU, \(micros(second.1.wall)) wall   ratio \(ratio(\.cpu)) CPU, \(ratio(\.wall)) wall (goal ≤ 2×)"
}
