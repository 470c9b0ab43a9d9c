import Testing

@testable import SimConsole

/// Tab at the prompt: the candidates for the text before the cursor, from the SDL model.
@Suite struct TabCompletion {
    private func candidates(_ text: String) -> [String] { Completion.candidates(for: text).candidates }

    @Test func theFirstWordIsACommandOrAMethod() {
        #expect(candidates("reg") == ["register ", "RegisterAppInterface "])
        #expect(candidates("perf") == ["PerformInteraction "])
        #expect(candidates("SelectC") == ["User.SelectChoice "], "by the part after User.")
        #expect(candidates("").contains("tap ") && candidates("").contains("Sim.GetState "))
        #expect(Completion.candidates(for: "  per").replacing == 3)
    }

    @Test func afterTheMethodComeItsParameterNamesNotYetGiven() {
        let names = candidates("perf interactionMode=BOTH ")
        #expect(names.contains("initialText="))
        #expect(names.contains("interactionChoiceSetIDList="))
        #expect(!names.contains("interactionMode="), "already given")
        #expect(candidates("perf interactionL") == ["interactionLayout="])
        #expect(candidates("register isMedia") == ["isMediaApplication="], "register takes RegisterAppInterface's parameters")
    }

    @Test func afterNameEqualsComeTheValuesOfItsType() {
        #expect(candidates("perf interactionMode=") == ["MANUAL_ONLY ", "VR_ONLY ", "BOTH "])
        #expect(candidates("perf interactionMode=b") == ["BOTH "])
        #expect(Completion.candidates(for: "perf interactionMode=b").replacing == 1)
        #expect(candidates("register isMediaApplication=") == ["true ", "false "])
        #expect(candidates("perf initialText=") == [], "free text has nothing to offer")
    }

    @Test func dottedNamesCompleteInsideStructures() {
        #expect(candidates("SetGlobalProperties keyboardP") == ["keyboardProperties=", "keyboardProperties."])
        #expect(candidates("SetGlobalProperties keyboardProperties.keyboardL") == ["keyboardLayout="])
        #expect(Completion.candidates(for: "SetGlobalProperties keyboardProperties.keyboardL").replacing == 9, "the part after the dot")
        #expect(candidates("SetGlobalProperties keyboardProperties.keyboardLayout=Q").allSatisfy { $0.hasPrefix("QWERT") })
    }

    @Test func faultAndHelpCompleteTheirOwnWords() {
        #expect(candidates("fault Perf") == ["PerformInteraction "])
        #expect(!candidates("fault ").contains("Sim.GetState "), "only the app's SDL requests can fail")
        #expect(candidates("fault perf dr") == ["drop "])
        #expect(candidates("fault perf d").starts(with: ["drop ", "delay "]), "then the result codes")
        #expect(candidates("fault perf TIMED") == ["TIMED_OUT "])
        #expect(candidates("help Perf") == ["PerformInteraction "])
        #expect(candidates("help Choi") == ["Choice "], "structures have help too")
    }

    @Test func aFullJSONLineAndAnUnknownMethodOfferNothing() {
        #expect(candidates(#"{"jsonrpc":"2.0","#) == [])
        #expect(candidates("nonsense x") == [])
    }
}
