import Foundation
import JSONCodec

/// Runs one fixture against a fresh simulator process (docs/conformance.md, "Running").
public struct FixtureRunner: Sendable {
    /// The shell command line that starts a simulator with the fixture's flags appended.
    public let simulator: @Sendable (_ flags: [String]) -> String
    /// The most one fixture may take, simulator start and exit included.
    public let timeoutSeconds: Double

    public init(simulator: @escaping @Sendable (_ flags: [String]) -> String, timeoutSeconds: Double) {
        self.simulator = simulator
        self.timeoutSeconds = timeoutSeconds
    }

    public func run(_ file: FixtureFile) -> FixtureResult {
        let start = ContinuousClock.now
        let outcome = outcome(file)
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

        let arguments = fixture.options.simulatorArguments(storageFolder: storage)
        let command = simulator(arguments)
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeoutSeconds * 1000))
        let connection: SimulatorConnection
        do {
            connection = try SimulatorConnection(command: command, deadline: deadline)
        } catch {
            return .failed(FixtureFailure(origin: nil, step: nil, message: error.message))
        }
        var session = FixtureSession(connection: connection, command: command, timeoutSeconds: timeoutSeconds)
        do {
            try session.run(fixture.steps)
        } catch var failure {
            connection.terminate()
            failure.stderrTail = connection.stderrTail
            return .failed(failure)
        }
        return .passed
    }
}
