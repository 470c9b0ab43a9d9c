import HeadUnit
import SimulatorHost
import JSONCodec
import SDLModel
import Testing

/// The simulator's own controls: Sim.AdvanceTime, Sim.GetState, Sim.Reset (PROTOCOL.md §5).
@Suite struct SimulatorControls {
    @Test func advancingTimeReportsTheNewClock() {
        let hu = EngineHarness()
        #expect(hu.advance(ms: 1500) == ["success": true, "resultCode": "SUCCESS", "clockMs": 1500])
        #expect(hu.advance(ms: 500)["clockMs"] == 2000)
        #expect(hu.state["clockMs"] == 2000)
    }

    @Test func whatATimerCausesIsWrittenBeforeTheAdvanceTimeReply() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        let tick = hu.start("Sim.AdvanceTime", ["ms": 60000])
        let order = hu.lastOutput.map { $0["id"]?.integerValue ?? -1 }
        #expect(order == [pick.id, -1, tick.id], "the TIMED_OUT answer, OnHMIStatus MAIN, then the reply")
    }

    @Test func timersFireInTheOrderTheyAreDue() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 7000])
        let slow = hu.start("SetGlobalProperties", ["menuTitle": "Slow"])
        hu.injectFault(["method": "ResetGlobalProperties", "delayMs": 3000])
        let fast = hu.start("ResetGlobalProperties", ["properties": ["MENUNAME"]])
        let pick = hu.perform(sets: [1], timeout: 5000)
        hu.advance(ms: 10000)
        let answered = hu.lastOutput.compactMap { $0["id"]?.integerValue }
        #expect(answered.prefix(3) == [fast.id, pick.id, slow.id])
    }

    @Test func advancingZeroFiresTimersDueNow() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 0])
        #expect(hu.send("SetGlobalProperties", ["menuTitle": "Now"]).code == "SUCCESS")
        #expect(hu.advance(ms: 0)["clockMs"] == 0)
    }

    @Test func advanceTimeIsRejectedOnTheRealClock() {
        let engine = HeadUnitEngine(configuration: EngineConfiguration(clock: .real))
        let session = SimulatorSession(engine: engine)
        session.receive(Array(#"{"jsonrpc":"2.0","id":1,"method":"Sim.AdvanceTime","params":{"ms":10}}"#.utf8 + [10]))
        let reply = try? JSON.parse(session.output)
        #expect(reply?["result"]?.code == "REJECTED")
    }

    @Test func theStateOfAFreshHeadUnit() {
        let hu = EngineHarness()
        let state = hu.state
        #expect(state["success"] == true)
        #expect(state["resultCode"] == "SUCCESS")
        #expect(state["clockMs"] == 0)
        #expect(state["registered"] == false)
        #expect(state["hmiLevel"] == "NONE")
        #expect(state["systemContext"] == "MAIN")
        #expect(state["interaction"] == .null)
        #expect(state["choiceSets"] == [])
        #expect(state["files"] == [])
        #expect(state["quotaBytes"] == 104_857_600)
        #expect(state["usedBytes"] == 0)
        #expect(state["keyboardProperties"]?.objectValue != nil)
    }

    @Test func theStateHasEveryFieldOfTheContractInItsOrder() {
        let hu = EngineHarness.withCities()
        let keys = hu.state.objectValue?.keys ?? []
        let contract = [
            "success", "resultCode", "clockMs", "registered", "hmiLevel", "systemContext", "interaction", "keyboardProperties",
            "choiceSets", "files", "quotaBytes", "usedBytes",
        ]
        #expect(keys.filter(contract.contains) == contract)
    }

    @Test func theStateOfAKeyboardInteraction() {
        let hu = EngineHarness.withCities()
        hu.setKeyboard(["autoCompleteList": ["Berlin", "Bern"]])
        hu.perform(sets: [1], mode: "BOTH", layout: "LIST_WITH_SEARCH", timeout: 20000, cancelID: 7, initialText: "Pick a city")
        hu.type("Ber")
        hu.advance(ms: 2000)
        let shown = hu.interaction
        let keys = shown.objectValue?.keys ?? []
        let contract = [
            "functionID", "cancelID", "interactionMode", "layout", "initialText", "choiceSetIDs", "visibleChoices", "keyboardText",
            "autoCompleteList", "keyboardProperties", "msLeft",
        ]
        #expect(keys.filter(contract.contains) == contract)
        #expect(shown["functionID"] == 10)
        #expect(shown["cancelID"] == 7)
        #expect(shown["layout"] == "LIST_WITH_SEARCH")
        #expect(shown["visibleChoices"] == [["choiceID": 1, "menuName": "Berlin"], ["choiceID": 2, "menuName": "Bern"]])
        #expect(shown["keyboardText"] == "Ber")
        #expect(shown["autoCompleteList"] == ["Berlin", "Bern"])
        #expect(shown["keyboardProperties"]?["autoCompleteList"] == ["Berlin", "Bern"])
        #expect(shown["msLeft"] == 18000)
        #expect(hu.state["systemContext"] == "VRSESSION")
    }

    @Test func theStateListsChoiceSetsByID() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 0, choices: [choice(7, "Tea")])
        #expect(hu.state["choiceSets"]?.arrayValue?.compactMap { $0["interactionChoiceSetID"] } == [0, 1])
    }

    @Test func resetAbortsTheInteractionFirstAndUnregistersTheApp() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        let reset = hu.start("Sim.Reset")
        let order = hu.lastOutput.map { $0["method"]?.stringValue ?? "reply \($0["id"]!.integerValue!)" }
        #expect(order == ["reply \(pick.id)", "OnAppInterfaceUnregistered", "reply \(reset.id)"])
        #expect(hu.result(of: pick)?.code == "ABORTED")
        #expect(hu.notifications("OnAppInterfaceUnregistered").first?["params"] == ["reason": "MASTER_RESET"])
        #expect(hu.result(of: reset)?.code == "SUCCESS")
    }

    @Test func afterResetTheAppMustRegisterAgain() {
        let hu = EngineHarness.withCities()
        hu.send("Sim.Reset")
        #expect(hu.state["registered"] == false)
        #expect(hu.createSet(id: 2, choices: [choice(1, "A")]).code == "APPLICATION_NOT_REGISTERED")
        #expect(hu.register().code == "SUCCESS")
    }

    @Test func resetForgetsChoiceSetsAndKeyboardProperties() {
        let hu = EngineHarness.withCities()
        hu.setKeyboard(["keyboardLayout": "AZERTY"])
        hu.send("Sim.Reset")
        hu.register()
        #expect(hu.state["choiceSets"] == [])
        #expect(hu.state["keyboardProperties"]?["keyboardLayout"] == "QWERTY")
        #expect(hu.createSet(id: 1, choices: cities).code == "SUCCESS", "set 1 can be created again")
    }

    @Test func resetForgetsInjectedFaults() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "resultCode": "REJECTED"])
        hu.send("Sim.Reset")
        hu.register()
        #expect(hu.send("SetGlobalProperties", ["menuTitle": "x"]).code == "SUCCESS")
    }

    @Test func resetAnswersRequestsWaitingOnADelayedHMI() {
        let hu = EngineHarness.withCities()
        hu.injectFault(["method": "SetGlobalProperties", "delayMs": 3000])
        let slow = hu.start("SetGlobalProperties", ["menuTitle": "Slow"])
        hu.send("Sim.Reset")
        #expect(hu.result(of: slow)?.code == "ABORTED")
        hu.advance(ms: 5000)
        #expect(hu.replies(to: slow).count == 1)
    }

    @Test func resettingAFreshHeadUnitSendsNothing() {
        let hu = EngineHarness()
        #expect(hu.send("Sim.Reset").code == "SUCCESS")
        #expect(hu.notifications.isEmpty)
    }

    @Test func resetKeepsTheClock() {
        let hu = EngineHarness()
        hu.advance(ms: 1234)
        hu.send("Sim.Reset")
        #expect(hu.state["clockMs"] == 1234)
    }
}
