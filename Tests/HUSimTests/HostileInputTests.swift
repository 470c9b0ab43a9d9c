import Foundation
import JSONCodec
import Testing

/// What a careless user or a hostile peer did to `hu-sim` (issue 18), each replayed against
/// the real simulator: the answer it must give, and what it must not do (freeze, crash,
/// leak, escape its quota).
@Suite struct HostileInput {
    private static func request(_ id: Int, _ method: String, _ params: String? = nil) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(params.map { #","params":\#($0)"# } ?? "")}"#
    }

    private static let register = StorageSimulator.line(id: 1, method: "RegisterAppInterface", params: StorageSimulator.registration())

    // MARK: Faults

    @Test func twoDelayedCallsUnderOneFaultAreEachAnsweredAfterTheirOwnDelay() throws {
        let capability = #"{"systemCapabilityType":"DISPLAYS"}"#
        let outcome = try SimulatorProcess.run(lines: [
            Self.register,
            Self.request(2, "Sim.InjectFault", #"{"method":"GetSystemCapability","delayMs":1000,"count":2}"#),
            Self.request(3, "GetSystemCapability", capability),
            Self.request(4, "Sim.AdvanceTime", #"{"ms":1000}"#),
            Self.request(5, "GetSystemCapability", capability),
            Self.request(6, "Sim.AdvanceTime", #"{"ms":1000}"#),
        ])
        let ids = outcome.messages.compactMap { $0["method"] == nil ? $0["id"]?.integerValue : nil }
        // 3 at 1000 ms, before the first advance's own answer; 5 at 2000 ms, before the second's.
        #expect(ids == [1, 2, 3, 4, 5, 6], "\(outcome.lines)")
        #expect(outcome.status == 0)
    }
}
