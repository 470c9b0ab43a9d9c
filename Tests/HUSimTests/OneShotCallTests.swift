import Foundation
import JSONCodec
import Testing
import TestSupport

/// `hu-sim call`: calls on the command line, as a shell script runs them.
@Suite(.ownThreads) struct OneShotCalls {
    private func call(_ words: [String]) throws -> SimulatorProcess.Outcome {
        try SimulatorProcess.run(["call"] + words, lines: [])
    }

    @Test func aCallRegistersAnAppFirstAndPrintsItsResultAsOneJSONLine() throws {
        let outcome = try call(["Sim.GetState"])
        #expect(outcome.status == 0)
        #expect(outcome.lines.count == 1)
        let state = try JSON.parse(try #require(outcome.lines.first))
        #expect(state["resultCode"] == "SUCCESS" && state["registered"] == true && state["hmiLevel"] == "FULL")
        #expect(outcome.stderr.isEmpty)
        let bare = try call(["--no-register", "getstate"])
        #expect(try JSON.parse(try #require(bare.lines.first))["registered"] == false, "unless told otherwise")
    }

    @Test func severalCallsRunInOrderInOneSessionAndALaterOneCanAnswerAnEarlierOne() throws {
        let outcome = try call([
            "CreateInteractionChoiceSet", "interactionChoiceSetID=1", "choiceSet=[{choiceID:1,menuName:Berlin},{choiceID:2,menuName:Bern}]", "+",
            "PerformInteraction", "initialText=Pick a city", "interactionMode=MANUAL_ONLY", "interactionChoiceSetIDList=[1]", "+",
            "tap", "Bern",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let results = outcome.lines.map { (try? JSON.parse($0)) ?? .null }
        #expect(results.count == 3)
        #expect(results[1]["choiceID"] == 2 && results[1]["triggerSource"] == "MENU", "the interaction, answered by the tap")
        #expect(results.allSatisfy { $0["success"] == true })
    }

    @Test func aFailedCallExitsOneWithItsResultCodeAndStopsTheRest() throws {
        let outcome = try call(["fault", "ListFiles", "REJECTED", "busy", "+", "ListFiles", "+", "Sim.GetState"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "hu-sim call: ListFiles: REJECTED — busy\n")
        #expect(outcome.lines.count == 2, "the fault's and ListFiles' results; Sim.GetState never ran")
        #expect(try JSON.parse(outcome.lines[1])["resultCode"] == "REJECTED")
    }

    @Test func aCallLeftWaitingForTheUserIsAFailureThatSaysSo() throws {
        let outcome = try call([
            "CreateI", "interactionChoiceSetID=1", "choiceSet=[{choiceID:1,menuName:Berlin}]", "+",
            "perf", "initialText=Hi", "interactionMode=MANUAL_ONLY", "interactionChoiceSetIDList=[1]",
        ])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("PerformInteraction (perf initialText=Hi"))
        #expect(outcome.stderr.contains("was not answered: it waits for the head unit's user"))
        let timedOut = try call([
            "CreateI", "interactionChoiceSetID=1", "choiceSet=[{choiceID:1,menuName:Berlin}]", "+",
            "perf", "initialText=Hi", "interactionMode=MANUAL_ONLY", "interactionChoiceSetIDList=[1]", "+", "wait", "10s",
        ])
        #expect(timedOut.status == 1 && timedOut.stderr.contains("PerformInteraction: TIMED_OUT"), "wait moves the virtual clock")
    }

    @Test func aCallThatCannotBeReadExitsSixtyFour() throws {
        let outcome = try call(["tpa", "1"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "hu-sim call: tpa 1: unknown command or method \"tpa\"; did you mean tap?\n")
        #expect(try call([]).status == 64)
    }

    @Test func helpIsHelpAndOptionsMayFollowTheFirstCall() throws {
        let help = try call(["--help"])
        #expect(help.status == 0 && String(decoding: help.stdout, as: UTF8.self).contains("hu-sim call [<call-options>]"))
        let late = try call(["Sim.AdvanceTime", "ms=-5"])
        #expect(late.status == 1 && late.stderr.contains("Sim.AdvanceTime: INVALID_DATA"), "a negative number is a value, not an option")
    }

    /// hu-sim's own options of the same names are read wherever they are written, so these
    /// are theirs, shared: each must reach the call's head unit.
    @Test func theProfileAndNoAutoActivateOptionsShapeTheCallsHeadUnit() throws {
        let state = try JSON.parse(try #require(try call(["--profile", "text-only", "--no-auto-activate", "Sim.GetState"]).lines.first))
        #expect(state["profile"] == "text-only")
        #expect(state["hmiLevel"] == "NONE")
        let after = try JSON.parse(try #require(try call(["Sim.GetState", "--profile", "legacy"]).lines.first))
        #expect(after["profile"] == "legacy" && after["hmiLevel"] == "FULL")
    }

    @Test func prettyRepliesAreForReading() throws {
        let outcome = try call(["--pretty", "ListFiles"])
        #expect(outcome.status == 0)
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "✓ ListFiles #2 SUCCESS\n    spaceAvailable: 104857600\n")
    }

    @Test func anAnswerHeldBackByAFaultIsInTheStateUntilItArrives() throws {
        let setup = [
            "CreateI", "interactionChoiceSetID=1", "choiceSet=[{choiceID:1,menuName:Berlin}]", "+", "fault", "perf", "delay", "3s", "+",
            "perf", "initialText=Hi", "interactionMode=MANUAL_ONLY", "interactionChoiceSetIDList=[1]", "+", "tap", "1", "+",
        ]
        let held = try call(setup + ["wait", "1s", "+", "state"])
        let state = try JSON.parse(try #require(held.lines.last))
        #expect(state["interaction"] == .null, "the tap closed the menu")
        #expect(state["heldAnswers"] == [["method": "PerformInteraction", "msLeft": 2000]])
        #expect(held.status == 1 && held.stderr.contains("PerformInteraction"), "never answered in this run")
        let arrived = try call(setup + ["wait", "3s", "+", "state"])
        #expect(arrived.status == 0, "\(arrived.stderr)")
        #expect(try JSON.parse(try #require(arrived.lines.last))["heldAnswers"] == [])
    }
}
