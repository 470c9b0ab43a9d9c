/// One simulator process fed one chunk of lines, and what it did with them.
struct ChunkRun {
    let command: String
    let deadlineSeconds: Int

    struct Outcome {
        let lines: [FuzzLine]
        let ending: SimulatorChild.Ending

        /// A hung simulator is killed by the watchdog: that signal is the hang, not a crash.
        var crashed: Bool { !ending.hung && (ending.signal != nil || ending.exitStatus != 0) }

        /// What went wrong, with the line at fault where one can be named: for a crash or a
        /// hang, the shortest prefix of the chunk that repeats it ends with that line.
        func failures(command: String, deadlineSeconds: Int) throws -> [(problem: String, line: FuzzLine?)] {
            guard crashed || ending.hung else { return ending.ledger.violations(for: lines) }
            let what = ending.hung ? "hang (no EOF within \(deadlineSeconds) s)"
                : ending.signal.map { "crash (signal \($0))" } ?? "crash (exit status \(ending.exitStatus ?? -1))"
            let run = ChunkRun(command: command, deadlineSeconds: deadlineSeconds)
            var (failing, passing) = (lines.count, 1)
            while failing - passing > 1 {
                let middle = (failing + passing) / 2
                let retry = try run.run(Array(lines[..<middle]))
                if retry.crashed || retry.ending.hung { failing = middle } else { passing = middle }
            }
            return [(what, lines[failing - 1])]
        }
    }

    func run(_ lines: [FuzzLine]) throws -> Outcome {
        let child = try SimulatorChild(commandLine: command, deadlineSeconds: deadlineSeconds)
        for line in lines where !child.send(line.bytes) { break }
        return Outcome(lines: lines, ending: child.finish())
    }
}
