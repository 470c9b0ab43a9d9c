import JSONCodec

/// What happened to one fixture.
public struct FixtureResult: Sendable {
    public enum Outcome: Sendable {
        case passed
        case failed(FixtureFailure)
        case skipped(reason: String)

        var isFailure: Bool { if case .failed = self { true } else { false } }
    }

    public let file: FixtureFile
    public let outcome: Outcome
    public let seconds: Double

    public var passed: Bool { if case .passed = outcome { true } else { false } }
    public var failed: Bool { if case .failed = outcome { true } else { false } }
}

/// Why a fixture failed, with everything a reader needs to see the difference.
public struct FixtureFailure: Error, Sendable {
    /// The step that failed ("end of fixture" steps carry the last line's origin); nil
    /// when the fixture could not be read or the simulator not started.
    public let origin: StepOrigin?
    public let step: String?
    /// One sentence: what went wrong.
    public let message: String
    public let differences: [Difference]
    /// The expected pattern(s) and received message(s), compact JSON, when there are any.
    public let expected: [String]
    public let received: [String]
    public internal(set) var stderrTail: [String] = []
    /// The simulator's wire trace, kept for this failure (hu-conform --trace).
    public internal(set) var tracePath: String?

    init(origin: StepOrigin?, step: String?, message: String, differences: [Difference] = [], expected: [JSON] = [], received: [JSON] = []) {
        self.origin = origin
        self.step = step
        self.message = message
        self.differences = differences
        self.expected = expected.map(\.serializedString)
        self.received = received.map(\.serializedString)
    }

    /// The failure as indented lines: where, what, the differences by key path, both
    /// messages, and the simulator's stderr tail.
    public var report: [String] {
        var lines: [String] = []
        if let origin { lines.append("at \(origin)\(step.map { " (\($0))" } ?? "")") }
        lines.append(message)
        lines += differences.prefix(Self.differencesShown).map { "  \($0)" }
        if differences.count > Self.differencesShown {
            lines.append("  … and \(differences.count - Self.differencesShown) more differences")
        }
        lines += labelled("expected", expected)
        lines += labelled("received", received)
        if !stderrTail.isEmpty {
            lines.append("simulator stderr (last \(stderrTail.count) lines):")
            lines += stderrTail.map { "  | \($0)" }
        }
        if let tracePath { lines.append("the simulator's wire trace: \(tracePath)") }
        return lines
    }

    static let differencesShown = 12
    static let messageLimit = 2000

    private func labelled(_ label: String, _ messages: [String]) -> [String] {
        if messages.count == 1 { return ["\(label): \(abbreviated(messages[0], limit: Self.messageLimit))"] }
        return messages.enumerated().map { "\(label) #\($0.offset + 1): \(abbreviated($0.element, limit: Self.messageLimit))" }
    }
}
