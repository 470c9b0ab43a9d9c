import Foundation
import JSONCodec
import Testing
import TestSupport

/// hu-sim reads its usual options without swift-argument-parser (start-up time:
/// docs/performance.md) and leaves everything else to the parser: both ways must mean the same.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct CommandLineOptionsTests {
    private static let getState = #"{"jsonrpc":"2.0","id":1,"method":"Sim.GetState"}"#

    private static func state(_ arguments: [String]) throws -> (status: Int32, result: JSON?, stderr: String) {
        let outcome = try SimulatorProcess.run(arguments, lines: [getState])
        return (outcome.status, outcome.messages.first?["result"], outcome.stderr)
    }

    @Test func theUsualOptionsSpeltEitherWayReachTheHeadUnit() throws {
        let spaced = try Self.state(["--clock", "virtual", "--profile", "text-only", "--quota", "5", "--no-auto-activate", "--log-level", "error"])
        let joined = try Self.state(["--clock=virtual", "--profile=text-only", "--quota=5", "--no-auto-activate", "--log-level=error"])
        for outcome in [spaced, joined] {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.result?["profile"] == "text-only")
            #expect(outcome.result?["quotaBytes"] == 5)
        }
    }

    @Test func aRepeatedOptionIsTheParsersAndItsLastValueCounts() throws {
        let outcome = try Self.state(["--clock", "virtual", "--profile", "full", "--quota", "7", "--profile", "text-only"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.result?["profile"] == "text-only")
        #expect(outcome.result?["quotaBytes"] == 7)
    }

    @Test(arguments: [
        (["--storage", "--clock", "virtual"], "--storage"),
        (["--clock", "virtual", "extra"], "extra"),
        (["--screen=yes"], "--screen"),
        (["--clock="], "--clock"),
    ])
    func whatTheUsualOptionsDoNotCoverIsTheParsersToExplain(arguments: [String], named: String) throws {
        let outcome = try SimulatorProcess.run(arguments, input: Data(), timeLimit: 30)
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("hu-sim: "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(named), "\(outcome.stderr)")
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(outcome.stderr)")
    }
}
