import JSONCodec

/// One conformance scenario: a file of JSON lines, read by `FixtureLoader`.
public struct Fixture: Sendable {
    /// The header's `fixture` name.
    public let name: String
    /// Where the rule comes from, e.g. "SDL-RULES §2 step 2".
    public let rules: String?
    public let options: FixtureOptions
    /// Set when the header says `"skip": "reason"`: the fixture is listed but not run.
    public let skipReason: String?
    /// The header's `apps`: more apps, each an SDL connection of its own the runner opens,
    /// named by the steps that send through it or expect from it.
    public let apps: [String]
    /// The steps in order, includes spliced in, comments dropped.
    public let steps: [Step]
}

/// The simulator options a fixture needs; each maps to a hu-sim flag.
public struct FixtureOptions: Sendable, Equatable {
    public var profile: String?
    public var quota: Int64?
    public var autoActivate = true
    public var maxLineBytes: Int64?
    public var maxApps: Int64?
    /// The runner passes a fresh temporary folder as `--storage`.
    public var storage = false

    public init() {}

    /// The flags appended to the simulator command; `--clock virtual` always.
    public func simulatorArguments(storageFolder: String?) -> [String] {
        var arguments = ["--clock", "virtual"]
        if let profile { arguments += ["--profile", profile] }
        if let quota { arguments += ["--quota", String(quota)] }
        if !autoActivate { arguments.append("--no-auto-activate") }
        if let maxLineBytes { arguments += ["--max-line-bytes", String(maxLineBytes)] }
        if let maxApps { arguments += ["--max-apps", String(maxApps)] }
        if let storageFolder { arguments += ["--storage", storageFolder] }
        return arguments
    }
}

/// One line of a fixture.
public struct Step: Sendable {
    public enum Action: Sendable, Equatable {
        /// A message written as one compact line, `$ref:NAME` values replaced first.
        case send(JSON)
        /// Bytes written as they are (a newline is added).
        case sendRaw([UInt8])
        /// The next message must match.
        case expect(JSON)
        /// The next messages, one per pattern, must match in some order.
        case expectAnyOrder([JSON])
        /// Nothing may arrive before a sync barrier's reply.
        case expectNothingMore
        /// `Sim.GetState`'s result must match, every object partially.
        case expectState(JSON)
        /// One of the header's apps closes its connection.
        case disconnect(String)
    }

    public let action: Action
    /// The header's app the step sends through or expects from; nil: the fixture's own app
    /// (stdin, or its SDL connection) and the driver on stdin.
    public let app: String?
    public let origin: StepOrigin

    /// The step's key in the fixture file, for reports.
    public var kind: String {
        switch action {
        case .send: "send"
        case .sendRaw: "sendRaw"
        case .expect: "expect"
        case .expectAnyOrder: "expectAnyOrder"
        case .expectNothingMore: "expectNothingMore"
        case .expectState: "expectState"
        case .disconnect: "disconnect"
        }
    }
}

/// Where a step was written: its file and 1-based line, and the includes that brought it in.
public struct StepOrigin: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// "file:line" of each include step that brought the step in, nearest first.
    public let includedFrom: [String]

    public init(file: String, line: Int, includedFrom: [String] = []) {
        self.file = file
        self.line = line
        self.includedFrom = includedFrom
    }

    public var description: String {
        let location = "\(file):\(line)"
        return includedFrom.isEmpty ? location : "\(location) (included from \(includedFrom.joined(separator: " ← ")))"
    }
}
