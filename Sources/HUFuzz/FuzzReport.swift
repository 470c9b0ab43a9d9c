import Foundation

/// The run's figures, summed over the simulator processes.
struct FuzzReport {
    var lines = 0
    var simulators = 0
    var owed = 0
    var replies = 0
    var crashes = 0
    var hangs = 0
    var peakRSSKiB = 0
    /// Lines and corpus texts whose parse verdicts were compared with jansson's.
    var parseChecks = 0
    /// Of those, texts with a raw NUL byte that jansson accepts and the simulator must refuse.
    var rawNULsJanssonAccepts = 0
    var seconds = 0.0
    var problems: [String] = []

    var mismatches: Int { problems.count - crashes - hangs }

    mutating func add(_ outcome: ChunkRun.Outcome) {
        simulators += 1
        owed += outcome.lines.reduce(0) { $0 + $1.answered.count }
        replies += outcome.ending.ledger.replyCount
        if outcome.crashed { crashes += 1 }
        if outcome.ending.hung { hangs += 1 }
        peakRSSKiB = max(peakRSSKiB, outcome.ending.peakRSSKiB)
    }

    func summary(seed: UInt64, simulatorsRan: Bool) -> String {
        let parse = """
              parse verdicts compared with jansson's: \(parseChecks) (corpora and lines), \
            of which a raw NUL byte jansson accepts, to be refused: \(rawNULsJanssonAccepts)
            """
        guard simulatorsRan else {
            return """
                hu-fuzz seed \(seed), differential parse check only: \(lines) lines, no simulator started
                \(parse)
                  mismatches: \(mismatches); wall time: \(String(format: "%.1f", seconds)) s
                """
        }
        return """
            hu-fuzz seed \(seed): \(lines) lines through \(simulators) simulator processes (+1 registration line each)
              requests owed exactly one reply: \(owed); replies (with id, null id included): \(replies)
            \(parse)
              crashes: \(crashes), hangs: \(hangs), mismatches: \(mismatches)
              peak RSS of one hu-sim: \(peakRSSKiB / 1024) MiB (\(peakRSSKiB) KiB); wall time: \(String(format: "%.1f", seconds)) s
            """
    }
}
