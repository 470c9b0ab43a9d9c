import JSONCodec
import SDLModel
import Testing

@testable import SimConsole

/// The screen drawn from `Sim.GetState` results (read from JSON as a client reads them), as
/// expected-text snapshots.
@Suite struct ScreenDrawing {
    private func screen(_ state: String) throws -> String {
        Screen.render(try SDLResponse<SimGetState.Response>(result: JSON.parse(state)).parameters).joined(separator: "\n")
    }

    /// A state read as a client reads one, whatever fields it lacks.
    private func parsedState(_ text: String) throws -> SimGetState.Response {
        try SimGetState.Response(parameters: JSON.parse(text).objectValue ?? [:])
    }

    private func state(context: String = "HMI_OBSCURED", interaction: String) -> String {
        #"{"success":true,"resultCode":"SUCCESS","clockMs":0,"registered":true,"app":{"appName":"Navigator","appID":"nav"},"hmiLevel":"FULL","systemContext":"\#(context)","interaction":\#(interaction),"choiceSets":[],"files":[],"quotaBytes":104857600,"usedBytes":0}"#
    }

    @Test func aListShowsTitleStatusChoicesWithIDsImagesAndSecondaryTexts() throws {
        let list = state(
            interaction: #"{"functionID":10,"cancelID":null,"interactionMode":"MANUAL_ONLY","layout":"LIST_ONLY","initialText":"Pick a city","choiceSetIDs":[1],"visibleChoices":[{"choiceID":1,"menuName":"Berlin","secondaryText":"Germany","tertiaryText":"3.6 million"},{"choiceID":2,"menuName":"Bern","image":{"value":"bern.png","imageType":"DYNAMIC"},"secondaryImage":{"value":"flag-ch.png","imageType":"DYNAMIC"}},{"choiceID":10,"menuName":"Paris"}],"voiceSessionOpen":false,"msLeft":9500}"#
        )
        #expect(
            try screen(list) == """
                ╭─ Navigator · FULL · HMI_OBSCURED ────────────────────────────────────────────╮
                │ Pick a city                               LIST_ONLY · MANUAL_ONLY · 10s left │
                │                                                                              │
                │    #1  Berlin                                                                │
                │        Germany · 3.6 million                                                 │
                │    #2  [img bern.png] Bern  [img flag-ch.png]                                │
                │   #10  Paris                                                                 │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func iconsAreTilesThreeToARowCutToFit() throws {
        let icons = state(
            interaction: #"{"interactionMode":"MANUAL_ONLY","layout":"ICON_ONLY","initialText":"Pick a city","visibleChoices":[{"choiceID":1,"menuName":"Berlin","image":{"value":"berlin.png","imageType":"DYNAMIC"}},{"choiceID":2,"menuName":"Bern","image":{"value":"0x11","imageType":"STATIC"}},{"choiceID":3,"menuName":"A very long city name indeed","image":{"value":"a-very-long-image-file-name.png","imageType":"DYNAMIC"}},{"choiceID":4,"menuName":"Paris"}],"voiceSessionOpen":false,"msLeft":10000}"#
        )
        #expect(
            try screen(icons) == """
                ╭─ Navigator · FULL · HMI_OBSCURED ────────────────────────────────────────────╮
                │ Pick a city                               ICON_ONLY · MANUAL_ONLY · 10s left │
                │                                                                              │
                │   [img berlin.png]         [img 0x11]               [img a-very-long-image…  │
                │   #1 Berlin                #2 Bern                  #3 A very long city na…  │
                │   [no image]                                                                 │
                │   #4 Paris                                                                   │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func searchShowsTheTypedTextSuggestionsAndOnlyTheMatchingChoices() throws {
        let search = state(
            interaction: #"{"interactionMode":"BOTH","layout":"LIST_WITH_SEARCH","initialText":"Pick a city","visibleChoices":[{"choiceID":1,"menuName":"Berlin"},{"choiceID":2,"menuName":"Bern"}],"voiceSessionOpen":true,"keyboardText":"Ber","autoCompleteList":["Berlin","Bern","Bernau bei Berlin"],"keyboardProperties":{"language":"EN-US","keyboardLayout":"QWERTY"},"inputMasked":false,"msLeft":7001}"#
        )
        #expect(
            try screen(search) == """
                ╭─ Navigator · FULL · HMI_OBSCURED ────────────────────────────────────────────╮
                │ Pick a city                                LIST_WITH_SEARCH · BOTH · 8s left │
                │ (listening: say a voice command)                                             │
                │ Search: Ber▌                                                                 │
                │ QWERTY keyboard                                                              │
                │ Suggestions: 1 Berlin · 2 Bern · 3 Bernau bei Berlin                         │
                │                                                                              │
                │   #1  Berlin                                                                 │
                │   #2  Bern                                                                   │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func aSearchMatchingNothingSaysSo() throws {
        let noMatch = state(
            interaction: #"{"interactionMode":"MANUAL_ONLY","layout":"ICON_WITH_SEARCH","initialText":"Pick a city","visibleChoices":[],"voiceSessionOpen":false,"keyboardText":"Xy","autoCompleteList":[],"keyboardProperties":{},"inputMasked":false,"msLeft":0}"#
        )
        #expect(
            try screen(noMatch) == """
                ╭─ Navigator · FULL · HMI_OBSCURED ────────────────────────────────────────────╮
                │ Pick a city                         ICON_WITH_SEARCH · MANUAL_ONLY · 0s left │
                │ Search: Xy▌                                                                  │
                │ QWERTY keyboard                                                              │
                │                                                                              │
                │   (no choice matches the search)                                             │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func aMaskedKeyboardShowsDotsWithItsLayoutCustomKeysAndSuggestions() throws {
        let keyboard = state(
            interaction: ##"{"interactionMode":"MANUAL_ONLY","layout":"KEYBOARD","initialText":"Password","visibleChoices":[],"voiceSessionOpen":false,"keyboardText":"hunter2","autoCompleteList":["hunter22","hunter2!"],"keyboardProperties":{"keyboardLayout":"AZERTY","customKeys":["#","$","%"],"maskInputCharacters":"ENABLE_INPUT_KEY_MASK"},"inputMasked":true,"msLeft":4000}"##
        )
        #expect(
            try screen(keyboard) == """
                ╭─ Navigator · FULL · HMI_OBSCURED ────────────────────────────────────────────╮
                │ Password                                    KEYBOARD · MANUAL_ONLY · 4s left │
                │ Text: •••••••▌                                                               │
                │ AZERTY keyboard · custom keys: # $ % · input masked                          │
                │ Suggestions: 1 hunter22 · 2 hunter2!                                         │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func anUnmaskedKeyboardShowsTheText() throws {
        let keyboard = state(
            interaction: #"{"interactionMode":"MANUAL_ONLY","layout":"KEYBOARD","initialText":"Street","visibleChoices":[],"voiceSessionOpen":false,"keyboardText":"Main St","autoCompleteList":[],"keyboardProperties":{"keyboardLayout":"QWERTY"},"inputMasked":false,"msLeft":10000}"#
        )
        #expect(try screen(keyboard).contains("│ Text: Main St▌ "))
    }

    @Test func afterATimeoutNothingIsOnScreenAndTheStoreIsSummed() throws {
        let nothing = #"{"success":true,"resultCode":"SUCCESS","registered":true,"app":{"appName":"Navigator","appID":"nav"},"hmiLevel":"FULL","systemContext":"MAIN","interaction":null,"choiceSets":[{"interactionChoiceSetID":1,"choiceIDs":[1,2,3],"hasVrCommands":true,"available":true},{"interactionChoiceSetID":7,"choiceIDs":[9],"hasVrCommands":false,"available":false}],"files":[{"syncFileName":"berlin.png","fileType":"GRAPHIC_PNG","size":2048,"persistentFile":false},{"syncFileName":"bern.png","fileType":"GRAPHIC_PNG","size":1000,"persistentFile":true}],"quotaBytes":104857600,"usedBytes":3048}"#
        #expect(
            try screen(nothing) == """
                ╭─ Navigator · FULL · MAIN ────────────────────────────────────────────────────╮
                │ Nothing on screen.                                                           │
                │ Choice sets: #1 (3 choices), #7 (1 choice, not available yet)                │
                │ Files: berlin.png, bern.png (3.0 KiB used)                                   │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func answersHeldBackAreShownWithTheirTimeLeft() throws {
        let state = try parsedState(
            #"{"registered":true,"app":{"appName":"Demo"},"hmiLevel":"FULL","systemContext":"MAIN","interaction":null,"heldAnswers":[{"method":"PerformInteraction","msLeft":2450}]}"#)
        #expect(Screen.render(state).contains("│ Answers held back: PerformInteraction in 2.5 s                               │"))
    }

    @Test func withoutAnAppTheScreenSaysHowToRegisterWhereAPersonTypes() throws {
        let state = try parsedState(#"{"success":true,"resultCode":"SUCCESS","registered":false,"app":null,"hmiLevel":"NONE","systemContext":"MAIN","interaction":null}"#)
        #expect(
            Screen.render(state, registerHint: "register Demo").joined(separator: "\n") == """
                ╭─ head unit ──────────────────────────────────────────────────────────────────╮
                │ No app is registered. Register one with: register Demo                       │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
        #expect(
            Screen.render(state, width: 60).joined(separator: "\n") == """
                ╭─ head unit ──────────────────────────────────────────────╮
                │ No app is registered yet: waiting for RegisterAppInterf… │
                ╰──────────────────────────────────────────────────────────╯
                """, "piped (--screen), where no one types")
    }

    @Test func aVoiceOnlyInteractionListens() throws {
        let voice = state(
            context: "VRSESSION",
            interaction: #"{"interactionMode":"VR_ONLY","layout":null,"initialText":"Say a city","visibleChoices":[],"voiceSessionOpen":true,"msLeft":10000}"#)
        #expect(
            try screen(voice) == """
                ╭─ Navigator · FULL · VRSESSION ───────────────────────────────────────────────╮
                │ Say a city                                        VOICE · VR_ONLY · 10s left │
                │ (listening: say a voice command)                                             │
                ╰──────────────────────────────────────────────────────────────────────────────╯
                """)
    }

    @Test func everyLineFitsEightyColumnsWhateverTheTexts() throws {
        let long = String(repeating: "Very long text ", count: 20)
        let wide = state(
            interaction: #"{"interactionMode":"MANUAL_ONLY","layout":"LIST_WITH_SEARCH","initialText":"\#(long)","visibleChoices":[{"choiceID":65535,"menuName":"\#(long)","secondaryText":"\#(long)","image":{"value":"\#(long)","imageType":"DYNAMIC"}}],"voiceSessionOpen":false,"keyboardText":"\#(long)","autoCompleteList":["\#(long)","\#(long)"],"keyboardProperties":{"customKeys":["a","b","c"]},"inputMasked":false,"msLeft":100000}"#
        )
        let lines = try screen(wide).split(separator: "\n")
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { $0.count == 80 }, "\(lines.map(\.count))")
    }
}
