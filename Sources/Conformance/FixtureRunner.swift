import Foundation
import JSONCodec

/// Runs one fixture against a fresh simulator process (docs/conformance.md, "Running").
public struct FixtureRunner: Sendable {
    /// The shell command line that starts a simulator with the fixture's flags appended.
    public let simulator: @Sendable (_ flags: [String]) -> String
    /// The most one fixture may take, simulator start and exit included.
    public let timeoutSeconds: Double
    public let transport: Transport
    /// Where each fixture's simulator writes its wire trace (`--trace`, one file per fixture,
    /// named after it); a passing fixture's trace is removed, a failing one's kept and named
    /// in its failure. Nil: no trace.
    public var traceFolder: String?

    /// How the fixture's app reaches the simulator.
    public enum Transport: String, Sendable, CaseIterable {
        /// Everything as JSON-RPC lines on stdin/stdout.
        case stdio
        /// SDL requests as SDL messages over TCP (`--listen 127.0.0.1:0` is appended); the
        /// driver's User.* and Sim.* still on stdin. A fixture that sends what SDL has no
        /// form for (raw lines, batches) is skipped.
        case sdl
    }

    public init(simulator: @escaping @Sendable (_ flags: [String]) -> String, timeoutSeconds: Double, transport: Transport = .stdio) {
        self.simulator = simulator
        self.timeoutSeconds = timeoutSeconds
        self.transport = transport
    }

    public func run(_ file: FixtureFile) -> FixtureResult {
        let start = ContinuousClock.now
        let outcome = outcome(file)
        // A trace is kept only where it explains something: a failure.
        if let traceFolder, !outcome.isFailure { try? FileManager.default.removeItem(atPath: traceFolder + "/" + Self.traceName(file)) }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return FixtureResult(file: file, outcome: outcome, seconds: seconds)
    }

    private func outcome(_ file: FixtureFile) -> FixtureResult.Outcome {
        let fixture: Fixture
        do {
            fixture = try FixtureLoader.load(path: file.path)
        } catch {
            return .failed(FixtureFailure(origin: error.origin, step: nil, message: "cannot read the fixture: \(error.message)"))
        }
        if let reason = fixture.skipReason { return .skipped(reason: reason) }
        if transport == .sdl, let reason = SDLChannel.unsupported(fixture.steps) { return .skipped(reason: "over SDL: \(reason)") }

        var storage: String?
        if fixture.options.storage {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-conform-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                return .failed(FixtureFailure(origin: nil, step: nil, message: "cannot create a storage folder: \(error)"))
            }
            storage = folder.path
        }
        defer { if let storage { try? FileManager.default.removeItem(atPath: storage) } }

        // The header's apps connect over SDL whatever the transport of the fixture's own app.
        let listens = transport == .sdl || !fixture.apps.isEmpty
        var arguments = fixture.options.simulatorArguments(storageFolder: storage) + (listens ? ["--listen", "127.0.0.1:0"] : [])
        let trace = traceFolder.map { $0 + "/" + Self.traceName(file) }
        if let trace { arguments += ["--trace", trace] }
        let failed = { (failure: FixtureFailure) -> FixtureResult.Outcome in
            var failure = failure
            failure.tracePath = trace
            return .failed(failure)
        }

        let command = simulator(arguments)
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeoutSeconds * 1000))
        let connection: SimulatorConnection
        do {
            connection = try SimulatorConnection(command: command, deadline: deadline)
        } catch {
            return failed(FixtureFailure(origin: nil, step: nil, message: error.message))
        }
        var sdl: SDLChannel?
        var apps: [String: SDLChannel] = [:]
        if listens {
            do {
                let line = try connection.waitForStderrLine(containing: "listening for SDL apps on")
                guard let port = line.split(separator: ":").last.flatMap({ UInt16($0) }) else { throw SimulatorConnection.Failure.ended }
                if transport == .sdl { sdl = try SDLChannel(port: port, deadline: deadline) }
                for app in fixture.apps { apps[app] = try SDLChannel(port: port, deadline: deadline) }
            } catch {
                connection.terminate()
                var failure = FixtureFailure(origin: nil, step: nil, message: "cannot connect to the simulator's SDL port: \(error)")
                failure.stderrTail = connection.stderrTail
                return failed(failure)
            }
        }
        var session = FixtureSession(connection: connection, sdl: sdl, apps: apps, command: command, timeoutSeconds: timeoutSeconds)
        do {
            try session.run(fixture.steps)
        } catch var failure {
            connection.terminate()
            failure.stderrTail = connection.stderrTail
            return failed(failure)
        }
        return .passed
    }

    /// A fixture's trace file: its path under the fixtures' folders, one name.
    static func traceName(_ file: FixtureFile) -> String {
        let parts = file.path.split(separator: "/").suffix(3).map(String.init)
        let name = parts.joined(separator: "__")
        return (name.hasSuffix(".jsonl") ? String(name.dropLast(6)) : name) + ".trace.jsonl"
    }
}
