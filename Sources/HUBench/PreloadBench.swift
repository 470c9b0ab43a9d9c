import ArgumentParser
import Foundation
import Logging
import SDLManager
import SimulatorClient
import SDLModel

/// The choice set manager's preload through hu-sim, two ways: one preload call for every
/// cell (all CreateInteractionChoiceSets in flight, then awaited), and a preload call per
/// cell, each awaited before the next (one request and one queue operation at a time).
struct Preload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Choice cells preloaded through hu-sim with the choice set manager: pipelined vs one at a time.")
    @OptionGroup var targets: Targets
    @Option(help: "Cells to preload.") var cells = 10_000
    @Option(help: "Runs per way; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, cells: cells, runs: runs) }

    static func measure(_ targets: Targets, cells count: Int, runs: Int) throws {
        let cells = try (1...count).map { number in
            try ChoiceCell(text: "Destination \(number)", secondaryText: "\(number % 97) km", voiceCommands: ["destination \(number)"])
        }
        var best = (pipelined: Double.infinity, oneAtATime: Double.infinity)
        for _ in 0..<runs {
            best.pipelined = min(best.pipelined, try preload(cells, through: try targets.simulator(), pipelined: true))
            best.oneAtATime = min(best.oneAtATime, try preload(cells, through: try targets.simulator(), pipelined: false))
        }
        func line(_ label: String, _ seconds: Double) -> String {
            label.padding(toLength: 46, withPad: " ", startingAt: 0)
                + "\(String(format: "%6.3f", seconds)) s  \(format(Double(count) / seconds)) cells/s"
        }
        print("preload, \(count) choice cells through hu-sim with ChoiceSetManager (best of \(runs)):")
        print(line("  pipelined: one preload call", best.pipelined) + "   (goal ≤ 0.25 s)")
        print(line("  one at a time: a preload call per cell", best.oneAtATime))
        print("  ratio                                       \(String(format: "%.2f", best.oneAtATime / best.pipelined))× (bar ≥ 10×)")
    }

    /// Seconds to load every cell, on a fresh hu-sim with a ready manager whose voice probe has answered.
    private static func preload(_ cells: [ChoiceCell], through command: String, pipelined: Bool) throws -> Double {
        try blocking {
            try await SimulatorProcess.withConnection(command: command, arguments: []) { connection in
                var logger = Logger(label: "hu-bench")
                logger.logLevel = .warning
                let manager = SDLManager(connection: connection, configuration: .init(appName: "Bench", appID: "bench-1", logger: logger))
                try await manager.start()
                try await manager.waitUntilReady()
                let choices = manager.choiceSets
                // The voice-optional probe runs once per registration: keep it out of the timing.
                try await choices.preload([try ChoiceCell(text: "Warm-up", voiceCommands: ["warm up"])])
                let start = monotonicSeconds()
                if pipelined {
                    try await choices.preload(cells)
                } else {
                    for cell in cells { try await choices.preload([cell]) }
                }
                let elapsed = monotonicSeconds() - start
                let loaded = await choices.loadedCells.count
                let sent = await connection.requestsSent(CreateInteractionChoiceSet.self)
                // The cells, the warm-up cell and the probe.
                guard loaded == cells.count + 1, sent == cells.count + 2 else {
                    throw ValidationError("expected \(cells.count + 1) cells loaded by \(cells.count + 2) requests, got \(loaded) by \(sent)")
                }
                await manager.stop()
                return elapsed
            }
        }
    }
}
