import Testing

@testable import SimConsole

/// `hu-sim call`'s words, as the shell hands them over, turned into shorthand lines.
@Suite struct OneShotWords {
    @Test func plusSeparatesCallsAndAValueTheShellUnquotedIsQuotedAgain() {
        #expect(
            OneShot.calls(from: ["perf", "initialText=Pick a city", "interactionChoiceSetIDList=[1, 2]", "+", "tap", "1", "+"])
                == [#"perf initialText="Pick a city" interactionChoiceSetIDList=[1, 2]"#, "tap 1"])
        #expect(OneShot.calls(from: [#"info=say "hi""#]) == [#"info="say \"hi\"""#])
        #expect(OneShot.calls(from: ["+", "+"]) == [])
        #expect(OneShot.calls(from: ["perf initialText=Hi"]) == ["perf initialText=Hi"], "a whole call in one word stays as it is")
    }
}
