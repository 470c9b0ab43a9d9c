import HeadUnit
import SimulatorHost
import JSONCodec
import SDLModel
import Testing

/// What holds for every session (PROTOCOL.md §2–3, §5): the same input gives the same
/// bytes, and every request is answered exactly once, whatever ends it.
@Suite struct SessionGuarantees {
    /// A session touching every RPC family, timers and faults, as raw lines.
    static let script: [String] = {
        func line(_ id: Int, _ method: String, _ params: JSON) -> String {
            JSON.object(["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method), "params": params]).serializedString
        }
        return [
            line(1, "RegisterAppInterface", registration()),
            line(2, "CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": .array(cities)]),
            line(3, "CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(7, "Tea"), choice(8, "Coffee")]]),
            line(4, "SetGlobalProperties", ["keyboardProperties": ["autoCompleteList": ["Berlin", "Bern"], "keypressMode": "SINGLE_KEYPRESS"]]),
            line(5, "PerformInteraction", performParams(sets: [1, 2], layout: "LIST_WITH_SEARCH", cancelID: 3)),
            line(6, "User.KeyboardEvent", ["event": "KEYPRESS", "data": "Be"]),
            line(7, "Sim.GetState", [:]),
            line(8, "Sim.AdvanceTime", ["ms": 4000]),
            line(9, "User.SelectChoice", ["choiceID": 2]),
            line(10, "Sim.InjectFault", ["method": "DeleteInteractionChoiceSet", "delayMs": 2500]),
            line(11, "DeleteInteractionChoiceSet", ["interactionChoiceSetID": 1]),
            line(12, "PerformInteraction", performParams(sets: [2], mode: "MANUAL_ONLY", timeout: 6000)),
            line(13, "Sim.AdvanceTime", ["ms": 7000]),
            line(14, "PerformInteraction", performParams(sets: [], layout: "KEYBOARD")),
            line(15, "CancelInteraction", ["functionID": 10]),
            line(16, "ResetGlobalProperties", ["properties": ["KEYBOARDPROPERTIES"]]),
            line(17, "PerformInteraction", performParams(sets: [2])),
            line(18, "Sim.GetState", [:]),
        ]
    }()

    private func run(_ lines: [String], thenEnd: Bool = true) -> [UInt8] {
        let session = SimulatorSession(engine: HeadUnitEngine(configuration: EngineConfiguration(), store: MemoryFileStore()))
        var bytes: [UInt8] = []
        for line in lines {
            session.receive(Array((line + "\n").utf8))
            bytes += session.output
            session.output.removeAll()
        }
        if thenEnd { session.endOfInput() }
        return bytes + session.output
    }

    @Test func theSameInputTwiceGivesByteIdenticalOutput() {
        let first = run(Self.script)
        let second = run(Self.script)
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    @Test func theSameInputInOneChunkGivesTheSameOutput() {
        let session = SimulatorSession(engine: HeadUnitEngine())
        session.receive(Array(Self.script.map { $0 + "\n" }.joined().utf8))
        session.endOfInput()
        #expect(session.output == run(Self.script))
    }

    @Test func everyRequestOfTheScriptIsAnsweredExactlyOnce() {
        let hu = EngineHarness()
        for line in Self.script { hu.line(line) }
        hu.endOfInput()
        let replyIDs = hu.transcript.filter { $0["method"] == nil }.compactMap { $0["id"]?.integerValue }
        #expect(replyIDs.sorted() == Array(1...Int64(Self.script.count)))
    }

    @Test func aWaitingInteractionIsAbortedWhenTheAppUnregisters() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        let bye = hu.start("UnregisterAppInterface")
        #expect(hu.lastOutput.compactMap { $0["id"]?.integerValue } == [pick.id, bye.id])
        #expect(hu.result(of: pick)?.code == "ABORTED")
        #expect(hu.result(of: bye)?.code == "SUCCESS")
        hu.advance(ms: 60000)
        #expect(hu.replies(to: pick).count == 1)
    }

    @Test func aWaitingInteractionIsAbortedWhenInputEnds() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], layout: "KEYBOARD")
        hu.endOfInput()
        #expect(hu.result(of: pick)?.code == "ABORTED")
        #expect(hu.replies(to: pick).count == 1)
    }

    @Test func aWaitingInteractionIsAbortedOnReset() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], mode: "VR_ONLY")
        hu.send("Sim.Reset")
        hu.advance(ms: 60000)
        #expect(hu.replies(to: pick).count == 1)
        #expect(hu.result(of: pick)?.code == "ABORTED")
    }

    @Test func aRequestWaitingOnADelayedHMIIsAbortedWhenInputEnds() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "CreateInteractionChoiceSet", "delayMs": 5000])
        let create = hu.start("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(9, "Rome", vr: ["Rome"])]])
        hu.endOfInput()
        #expect(hu.result(of: create)?.code == "ABORTED")
    }

    @Test func aHeldInteractionAnswerIsAbortedWhenTheAppUnregisters() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "PerformInteraction", "delayMs": 5000])
        let pick = hu.perform(sets: [1])
        hu.send("User.SelectChoice", ["choiceID": 1])
        hu.send("UnregisterAppInterface")
        hu.advance(ms: 10000)
        #expect(hu.replies(to: pick).count == 1)
        #expect(hu.result(of: pick)?.code == "ABORTED")
    }

    @Test func aTimedOutInteractionIsAnsweredOnceEvenIfClosedLater() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], timeout: 5000)
        hu.advance(ms: 5000)
        hu.send("User.Close")
        hu.send("CancelInteraction", ["functionID": 10])
        hu.endOfInput()
        #expect(hu.replies(to: pick).count == 1)
    }

    @Test func aStringIDIsAnsweredWithThatID() {
        let hu = EngineHarness()
        let reply = hu.line(#"{"jsonrpc":"2.0","id":"reg","method":"RegisterAppInterface","params":\#(registration().serializedString)}"#).first
        #expect(reply?["id"] == "reg")
        #expect(reply?["result"]?.code == "SUCCESS")
    }

    @Test func aNotificationFromThePeerIsNeverAnswered() {
        let hu = EngineHarness()
        let output = hu.line(#"{"jsonrpc":"2.0","method":"RegisterAppInterface","params":\#(registration().serializedString)}"#)
        #expect(output.allSatisfy { $0["id"] == nil }, "no reply, only the notifications registration causes")
        #expect(hu.state["registered"] == true)
    }
}
