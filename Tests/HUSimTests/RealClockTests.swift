import Foundation
import JSONCodec
import Testing
import TestSupport

/// `--clock real`: timers run on wall time, with no `Sim.AdvanceTime` needed.
@Suite(.ownThreads) struct RealClock {
    @Test func aDelayedAnswerArrivesOnItsOwnAfterItsDelay() throws {
        let simulator = try StorageSimulator(["--clock", "real"])
        simulator.register()
        let fault = simulator.request("Sim.InjectFault", ["method": "ListFiles", "delayMs": 300])
        #expect(fault["resultCode"] == "SUCCESS")
        let start = Date()
        simulator.send(StorageSimulator.line(id: 7, method: "ListFiles", params: nil))
        let result = simulator.result(of: 7)
        let waited = Date().timeIntervalSince(start)
        #expect(result["resultCode"] == "SUCCESS")
        #expect(waited >= 0.29, "answered after \(waited) s, before its delay (the clock counts whole ms)")
        #expect(waited < 5, "answered after \(waited) s")
        #expect(simulator.finish() == 0)
    }

    @Test func advancingTimeByHandIsRefusedOnTheRealClock() throws {
        let simulator = try StorageSimulator(["--clock", "real"])
        let result = simulator.request("Sim.AdvanceTime", ["ms": 1000])
        #expect(result["resultCode"] == "REJECTED")
        #expect(simulator.finish() == 0)
    }
}
