import Testing

@testable import SimConsole

/// Method names complete case-insensitively from a unique prefix.
@Suite struct MethodCompletion {
    private func complete(_ word: String) -> String {
        do {
            return try MethodCatalog.complete(word)
        } catch {
            return "error: " + error.message
        }
    }

    @Test func aUniquePrefixNamesItsMethod() {
        #expect(complete("perf") == "PerformInteraction")
        #expect(complete("PERF") == "PerformInteraction")
        #expect(complete("CreateI") == "CreateInteractionChoiceSet")
        #expect(complete("put") == "PutFile")
    }

    @Test func fullNamesAndShortNamesOfUserAndSimMethodsWork() {
        #expect(complete("performinteraction") == "PerformInteraction")
        #expect(complete("Sim.GetState") == "Sim.GetState")
        #expect(complete("getstate") == "Sim.GetState")
        #expect(complete("user.sel") == "error: \"user.sel\" is ambiguous: User.SelectChoice, User.SelectAutocomplete")
        #expect(complete("SelectC") == "User.SelectChoice")
        #expect(complete("inject") == "Sim.InjectFault")
        #expect(complete("KeyboardEvent") == "User.KeyboardEvent")
    }

    @Test func anAmbiguousPrefixListsTheCandidates() {
        #expect(complete("set") == "error: \"set\" is ambiguous: SetGlobalProperties, SetAppIcon")
        #expect(complete("Delete") == "error: \"Delete\" is ambiguous: DeleteInteractionChoiceSet, DeleteFile")
    }

    @Test func aFullNameWinsOverLongerNamesItPrefixes() {
        #expect(complete("Sim.Reset") == "Sim.Reset")
    }

    @Test func anUnknownWordSaysHowToFindTheListOrTheNearestMethod() {
        #expect(complete("tyep") == "error: unknown method \"tyep\"; type help for the list")
        #expect(complete("PerformIntreaction") == "error: unknown method \"PerformIntreaction\"; did you mean PerformInteraction?")
    }
}
