import JSONCodec
import Testing

@testable import SimConsole

/// `Method name=value …` and `Method {json}`: what a person types, as parameters.
@Suite struct Shorthand_ {
    private func params(_ text: String, _ method: String = "PerformInteraction") throws -> JSONObject {
        try Shorthand.parameters(Substring(text), method: method)
    }

    private func failure(_ text: String, _ method: String = "PerformInteraction") -> String? {
        do {
            _ = try Shorthand.parameters(Substring(text), method: method)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func quotedTextBareWordsAndArraysMakeTheParameters() throws {
        let parsed = try params(#"initialText="Pick a city" interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1,2]"#)
        #expect(parsed == ["initialText": "Pick a city", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1, 2]])
    }

    @Test func parametersKeepTheOrderTyped() throws {
        let parsed = try params("interactionMode=BOTH initialText=Hi interactionChoiceSetIDList=[]")
        #expect(parsed.keys == ["interactionMode", "initialText", "interactionChoiceSetIDList"])
    }

    @Test func numbersBooleansAndNullAreJSONValues() throws {
        #expect(try params("timeout=5000", "PerformInteraction") == ["timeout": 5000])
        #expect(try params("ms=1.5", "Sim.AdvanceTime") == ["ms": 1.5])
        #expect(try params("drop=true method=PutFile", "Sim.InjectFault") == ["drop": true, "method": "PutFile"])
        #expect(try params("cancelID=-7") == ["cancelID": -7])
        #expect(try params("cancelID=null") == ["cancelID": .null])
        #expect(try params("cancelID=123456789012345678901234567890") == ["cancelID": .largeNumber("123456789012345678901234567890")])
    }

    @Test func aBareNumberGivenToAStringParameterStaysText() throws {
        #expect(try params("initialText=007") == ["initialText": "007"])
        #expect(try params("initialText=true") == ["initialText": "true"])
        #expect(try params("initialText=12.50") == ["initialText": "12.50"])
    }

    @Test func aQuotedNumberIsTextAndQuotedEscapesAreJSONEscapes() throws {
        #expect(try params(#"initialText="42""#) == ["initialText": "42"])
        #expect(try params(#"initialText="Tab\there \"quoted\" \u00e9""#) == ["initialText": "Tab\there \"quoted\" é"])
    }

    @Test func singleQuotesTakeTextAsItIs() throws {
        #expect(try params(#"initialText='say "hi" \n'"#) == ["initialText": #"say "hi" \n"#])
    }

    @Test func arraysAndObjectsMayHoldBareWordsAndSpaces() throws {
        let parsed = try params(
            "interactionChoiceSetID=1 choiceSet=[ {choiceID: 1, menuName: Berlin, vrCommands: [Berlin, \"Big city\"]} ]",
            "CreateInteractionChoiceSet")
        #expect(
            parsed == [
                "interactionChoiceSetID": 1,
                "choiceSet": [["choiceID": 1, "menuName": "Berlin", "vrCommands": ["Berlin", "Big city"]]],
            ])
    }

    @Test func aWholeJSONObjectIsTheParameters() throws {
        let parsed = try params(#" {"interactionChoiceSetID":1,"choiceSet":[{"choiceID":1,"menuName":"Berlin"}]} "#, "CreateInteractionChoiceSet")
        #expect(parsed == ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "Berlin"]]])
    }

    @Test func dottedNamesBuildNestedObjects() throws {
        let parsed = try params(
            "keyboardProperties.keyboardLayout=QWERTY keyboardProperties.autoCompleteList=[Berlin,Bern] menuTitle=Cities",
            "SetGlobalProperties")
        #expect(
            parsed == [
                "keyboardProperties": ["keyboardLayout": "QWERTY", "autoCompleteList": ["Berlin", "Bern"]],
                "menuTitle": "Cities",
            ])
    }

    @Test func dottedNamesAreCheckedAgainstTheNestedStruct() {
        #expect(failure("keyboardProperties.layout=QWERTY", "SetGlobalProperties") == "SetGlobalProperties.keyboardProperties has no parameter \"layout\"; did you mean keyboardLayout?")
        #expect(failure("initialText.x=1")?.contains("has no parameters to set with a dot") == true)
    }

    @Test func aLaterValueReplacesAnEarlierOne() throws {
        #expect(try params("initialText=A initialText=B") == ["initialText": "B"])
    }

    @Test func nothingAfterTheMethodIsNoParameters() throws {
        #expect(try params("   ", "Sim.GetState") == [:])
    }

    @Test func anUnknownNameIsRefusedWithTheClosestKnownOne() {
        #expect(failure("initalText=Hi") == "PerformInteraction has no parameter \"initalText\"; did you mean initialText?")
        #expect(failure("zzz=1", "DeleteInteractionChoiceSet") == "DeleteInteractionChoiceSet has no parameter \"zzz\" (it has: interactionChoiceSetID)")
        #expect(failure("x=1", "Sim.Reset") == "Sim.Reset takes no parameters")
    }

    @Test func unquotedTextWithSpacesIsExplained() {
        #expect(failure("initialText=Pick a city") == #"expected name=value, got "a" (quote a value with spaces: name="two words")"#)
    }

    @Test func brokenValuesGiveOneLineErrors() {
        #expect(failure("initialText=\"open") == #"missing closing quote, near ""open""#)
        #expect(failure("interactionChoiceSetIDList=[1,2") == "expected , or ] in the array, at the end of the line")
        #expect(failure("interactionChoiceSetIDList=[1 2]") == #"expected , or ] in the array, near "2]""#)
        #expect(failure("initialText=") == "a value is missing, at the end of the line")
        #expect(failure("=5") == #"a parameter name is missing before =, near "=5""#)
        #expect(failure("initialText=[1]x") == #"expected a space after the value of initialText, near "x""#)
        #expect(failure(#"{"initialText":"x"} extra"#) == #"unexpected text after the parameters object, near "extra""#)
        #expect(failure("a.=1") == "\"a.\" is not a parameter name")
        #expect(failure("{a 1}") == #"expected : after "a", near "1}""#)
        #expect(failure("hello") == #"expected name=value, got "hello""#)
    }

    @Test func aLeadingValueGoesToThePositionalParameter() throws {
        let parsed = try Shorthand.parameters(#""My App" isMediaApplication=true"#, method: "RegisterAppInterface", positional: "appName")
        #expect(parsed == ["appName": "My App", "isMediaApplication": true])
        let named = try Shorthand.parameters("appName=X", method: "RegisterAppInterface", positional: "appName")
        #expect(named == ["appName": "X"])
    }
}
