import Foundation
import Testing
import TestSupport

/// A person at a real terminal (tmux): line editing, history, completion, output arriving
/// while typing, Ctrl-C and Ctrl-D, and the terminal's width.
@Suite(.ownThreads, .serialized) struct AtARealTerminal {
    @Test func historyIsKeptAcrossSessionsAndArrowsEditTheLine() throws {
        let first = try TmuxTerminal()
        defer { first.end() }
        try first.waitForPrompt()
        try first.type("register Demo")
        try first.press("Enter")
        try first.waitFor("the registration") { $0.contains("✓ RegisterAppInterface #1 SUCCESS") }
        try first.type("state")
        try first.press("Enter")
        try first.waitFor("the state") { $0.contains("✓ Sim.GetState #2 SUCCESS") }
        try first.waitForPrompt()
        try first.press("C-d")
        #expect(try first.exitStatus() == 0, "Ctrl-D on an empty line ends the session")

        let second = try TmuxTerminal(stateFolder: first.stateFolder)
        defer { second.end() }
        try second.waitForPrompt()
        try second.press("Up")
        try second.waitForPrompt("state")
        try second.press("Up")
        try second.waitForPrompt("register Demo")
        try second.press("Down")
        try second.waitForPrompt("state")
        try second.press("C-u")
        try second.type("stte")
        try second.press("Left", "Left")
        try second.type("a")
        try second.waitForPrompt("state")
        try second.press("C-a", "C-k")
        try second.press("C-r")
        try second.type("regi")
        try second.press("Enter")  // ends the search on the line found
        try second.waitForPrompt("register Demo")
        try second.press("Enter")
        try second.waitFor("the registration found by Ctrl-R") { $0.contains("✓ RegisterAppInterface #1 SUCCESS") }
        try second.waitForPrompt()
        let history = try String(contentsOfFile: first.stateFolder + "/hu-sim/history", encoding: .utf8)
        #expect(history == "register Demo\nstate\nregister Demo\n")
    }

    @Test func tabCompletesAMethodAParameterAndAnEnumValue() throws {
        let terminal = try TmuxTerminal()
        defer { terminal.end() }
        try terminal.waitForPrompt()
        try terminal.type("CreateI")
        try terminal.press("Tab")
        try terminal.waitForPrompt("CreateInteractionChoiceSet")
        try terminal.press("C-u")
        try terminal.type("perf inter")
        try terminal.press("Tab")
        try terminal.waitForPrompt("perf interaction")
        try terminal.press("Tab")
        let listed = try terminal.waitFor("the parameters listed") { $0.contains("interactionMode=") && $0.contains("interactionLayout=") }
        #expect(listed.contains("interactionChoiceSetIDList="))
        try terminal.type("M")
        try terminal.press("Tab")
        try terminal.waitForPrompt("perf interactionMode=")
        try terminal.press("Tab")
        try terminal.waitFor("the InteractionMode values") { $0.contains("MANUAL_ONLY  VR_ONLY      BOTH") }
        try terminal.waitForPrompt("perf interactionMode=")
        try terminal.type("b")
        try terminal.press("Tab")
        try terminal.waitForPrompt("perf interactionMode=BOTH")
    }

    @Test func aTimeoutWhileTypingIsPrintedAboveAndTheTypedTextStays() throws {
        let terminal = try TmuxTerminal(arguments: ["--clock", "real"])
        defer { terminal.end() }
        try terminal.waitForPrompt()
        for line in [
            "register Demo", "CreateI interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin}]",
            "perf initialText=Hi interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1] timeout=5000",
        ] {
            try terminal.type(line)
            try terminal.press("Enter")
            try terminal.waitForPrompt()
        }
        try terminal.type("sta")
        let timedOut = try terminal.waitFor("the timeout") { $0.contains("✗ PerformInteraction #3 TIMED_OUT") }
        #expect(timedOut.contains("Nothing on screen."))
        try terminal.waitForPrompt("sta")
        try terminal.type("te")
        try terminal.press("Enter")
        try terminal.waitFor("the state") { $0.contains("✓ Sim.GetState #4 SUCCESS") }
    }

    @Test func ctrlCEndsAWaitOrGivesUpTheLineButNotTheSimulator() throws {
        let terminal = try TmuxTerminal(arguments: ["--clock", "real"])
        defer { terminal.end() }
        try terminal.waitForPrompt()
        try terminal.type("wait 2m")
        try terminal.press("Enter")
        try terminal.waitFor("the wait") { $0.contains("… waiting 120000 ms of real time (Ctrl-C ends it)") }
        try terminal.press("C-c")
        try terminal.waitFor("the wait cancelled") { $0.contains("wait cancelled") }
        try terminal.waitForPrompt()
        try terminal.type("half a line")
        try terminal.press("C-c")
        // The prompt already shows before the keys arrive: wait for the line given up itself.
        try terminal.waitFor("the line given up") { $0.contains("› half a line^C") }
        try terminal.waitForPrompt()
        try terminal.type("reset")
        try terminal.press("Enter")
        try terminal.waitFor("the reset") { $0.contains("✓ Sim.Reset #1 SUCCESS") }
    }

    @Test func aSixtyColumnTerminalGetsASixtyColumnScreenRedrawnOnResize() throws {
        let terminal = try TmuxTerminal(columns: 60)
        defer { terminal.end() }
        try terminal.waitForPrompt()
        try terminal.type("register Demo")
        try terminal.press("Enter")
        let narrow = try terminal.waitFor("the screen") { $0.contains("╭─ Demo · FULL · MAIN") }
        let box = narrow.split(separator: "\n").filter { $0.hasPrefix("╭") || $0.hasPrefix("│") || $0.hasPrefix("╰") }
        #expect(!box.isEmpty && box.allSatisfy { $0.count == 60 }, "\(narrow)")
        try terminal.waitForPrompt()
        try terminal.resize(columns: 72)
        let wide = try terminal.waitFor("the screen drawn again") { $0.contains("─╮") && $0.split(separator: "\n").contains { $0.count == 72 && $0.hasPrefix("╰") } }
        #expect(wide.split(separator: "\n").last == "›")
    }
}
