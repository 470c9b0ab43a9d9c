import JSONCodec
import Testing

@testable import SimConsole

/// The short commands for the simulated person and the simulator, as the requests they send.
@Suite struct Commands {
    private func actions(_ line: String) throws -> [ConsoleAction] { try Interpreter.interpret(line) }

    private func failure(_ line: String) -> String? {
        do {
            _ = try Interpreter.interpret(line)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func typingSendsKeypressesAndSubmitSendsTheEntry() throws {
        #expect(try actions("type Ber") == [.request(method: "User.KeyboardEvent", params: ["event": "KEYPRESS", "data": "Ber"])])
        #expect(try actions("type New York") == [.request(method: "User.KeyboardEvent", params: ["event": "KEYPRESS", "data": "New York"])])
        #expect(try actions(#"type " lead""#) == [.request(method: "User.KeyboardEvent", params: ["event": "KEYPRESS", "data": " lead"])])
        #expect(try actions("submit") == [.request(method: "User.KeyboardEvent", params: ["event": "ENTRY_SUBMITTED"])])
        #expect(try actions("backspace 2") == Array(repeating: .request(method: "User.KeyboardEvent", params: ["event": "KEYPRESS", "data": "BS"]), count: 2))
    }

    @Test func tapTakesAnIDOrAName() throws {
        #expect(try actions("tap 3") == [.request(method: "User.SelectChoice", params: ["choiceID": 3])])
        #expect(try actions("tap Berlin") == [.request(method: "User.SelectChoice", params: ["menuName": "Berlin"])])
        #expect(try actions(#"tap "3""#) == [.request(method: "User.SelectChoice", params: ["menuName": "3"])])
    }

    @Test func pickCountsAutocompleteEntriesFromOneAsTheScreenDoes() throws {
        #expect(try actions("pick 2") == [.request(method: "User.SelectAutocomplete", params: ["index": 1])])
        #expect(try actions("pick Berlin") == [.request(method: "User.SelectAutocomplete", params: ["text": "Berlin"])])
        #expect(failure("pick 0") == "autocomplete entries are numbered from 1")
    }

    @Test func theOtherUserActionsAreTheirRequests() throws {
        #expect(try actions("say Berlin") == [.request(method: "User.Speak", params: ["utterance": "Berlin"])])
        #expect(try actions("close") == [.request(method: "User.Close", params: [:])])
        #expect(try actions("activate") == [.request(method: "User.Activate", params: [:])])
        #expect(try actions("deactivate") == [.request(method: "User.Deactivate", params: [:])])
        #expect(try actions("reset") == [.request(method: "Sim.Reset", params: [:])])
        #expect(try actions("state") == [.request(method: "Sim.GetState", params: [:]), .drawScreen])
        #expect(try actions("quit") == [.quit])
    }

    @Test func waitTakesSecondsMillisecondsAndMinutes() throws {
        #expect(try actions("wait 5s") == [.wait(milliseconds: 5000)])
        #expect(try actions("wait 500ms") == [.wait(milliseconds: 500)])
        #expect(try actions("wait 1.5s") == [.wait(milliseconds: 1500)])
        #expect(try actions("wait 2m") == [.wait(milliseconds: 120_000)])
        #expect(try actions("wait 3") == [.wait(milliseconds: 3000)])
        #expect(failure("wait soon") == "\"soon\" is not a time; e.g. 5s, 500ms, 1.5s, 2m")
    }

    @Test func faultsAreResultCodesDelaysOrDrops() throws {
        #expect(
            try actions("fault PerformInteraction TIMED_OUT the HMI is slow")
                == [.request(method: "Sim.InjectFault", params: ["method": "PerformInteraction", "resultCode": "TIMED_OUT", "info": "the HMI is slow"])])
        #expect(try actions("fault put delay 2s") == [.request(method: "Sim.InjectFault", params: ["method": "PutFile", "delayMs": 2000])])
        #expect(try actions("fault ListFiles drop") == [.request(method: "Sim.InjectFault", params: ["method": "ListFiles", "drop": true])])
        #expect(try actions("fault perf rejected") == [.request(method: "Sim.InjectFault", params: ["method": "PerformInteraction", "resultCode": "REJECTED"])])
        #expect(failure("fault PerformInteraction SOON")?.hasPrefix("\"SOON\" is not a result code") == true)
        #expect(failure("fault getstate drop") == "unknown method \"getstate\"; type help for the list")
        #expect(failure("fault PutFile")?.hasPrefix("fault needs a method and what goes wrong") == true)
    }

    @Test func registerFillsInSensibleDefaults() throws {
        let expected: JSONObject = [
            "appName": "My Nav", "appID": "my-nav", "isMediaApplication": false, "languageDesired": "EN-US",
            "hmiDisplayLanguageDesired": "EN-US", "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
        ]
        #expect(try actions(#"register "My Nav""#) == [.request(method: "RegisterAppInterface", params: expected)])
        guard case .request(_, let params)? = try actions("register").first else { Issue.record("register gave no request"); return }
        #expect(params["appName"] == "Demo" && params["appID"] == "demo")
        guard case .request(_, let media)? = try actions("register Radio isMediaApplication=true appID=r1").first else {
            Issue.record("register with parameters gave no request")
            return
        }
        #expect(media["isMediaApplication"] == true && media["appID"] == "r1" && media["appName"] == "Radio")
    }

    @Test func shorthandRequestsAndFullJSONLinesPassThrough() throws {
        #expect(try actions("perf initialText=Hi") == [.request(method: "PerformInteraction", params: ["initialText": "Hi"])])
        #expect(try actions("Sim.GetState") == [.request(method: "Sim.GetState", params: [:])])
        let line = #"{"jsonrpc":"2.0","id":"x","method":"Sim.GetState"}"#
        #expect(try actions(line) == [.raw(line)])
        #expect(try actions("  [1,2]") == [.raw("[1,2]")])
        #expect(try actions("   ") == [])
    }

    @Test func quotedWordsAreReadAsAShellReadsThem() throws {
        #expect(
            try actions(#"fault DeleteInteractionChoiceSet GENERIC_ERROR "HMI broke""#)
                == [.request(method: "Sim.InjectFault", params: ["method": "DeleteInteractionChoiceSet", "resultCode": "GENERIC_ERROR", "info": "HMI broke"])])
        #expect(
            try actions(#"fault perf REJECTED 'it''s' \"busy\""#)
                == [.request(method: "Sim.InjectFault", params: ["method": "PerformInteraction", "resultCode": "REJECTED", "info": #"its "busy""#])])
        #expect(try actions(#"say "New York""#) == [.request(method: "User.Speak", params: ["utterance": "New York"])])
        #expect(try actions(#"type 'a "quoted" word'"#) == [.request(method: "User.KeyboardEvent", params: ["event": "KEYPRESS", "data": #"a "quoted" word"#])])
        #expect(failure(#"fault perf REJECTED "unfinished"#)?.hasPrefix("missing closing \"") == true)
    }

    @Test func aMistypedWordGetsTheNearestCommandOrMethod() {
        #expect(failure("tpa 1") == "unknown command or method \"tpa\"; did you mean tap?")
        #expect(failure("stae") == "unknown command or method \"stae\"; did you mean state?")
        #expect(failure("PerformIntreaction initialText=Hi") == "unknown command or method \"PerformIntreaction\"; did you mean PerformInteraction?")
        #expect(failure("xyzzy") == "unknown command or method \"xyzzy\"; type help for the list")
    }

    @Test func aCommandWinsOverAMethodWithTheSamePrefix() throws {
        guard case .request(let method, let params)? = try actions("regis").first else { Issue.record("no request"); return }
        #expect(method == "RegisterAppInterface" && params["appName"] == "Demo", "regis is the register command, with its defaults")
        guard case .request(_, let named)? = try actions("reg Nav").first else { Issue.record("no request"); return }
        #expect(named["appName"] == "Nav" && named["syncMsgVersion"] != nil)
        #expect(try actions("perf initialText=Hi") == [.request(method: "PerformInteraction", params: ["initialText": "Hi"])], "no command starts perf")
        #expect(failure("s") == "\"s\" is ambiguous: submit, say, state, screen")
    }

    @Test func commandsRefuseWhatTheyDoNotTake() {
        #expect(failure("submit now") == "submit takes nothing after it")
        #expect(failure("type") == "type what? e.g. type Ber")
        #expect(failure("tap") == "tap which choice? e.g. tap 3 or tap Berlin")
        #expect(failure("backspace x") == "backspace takes a number of characters, e.g. backspace 3")
    }
}
