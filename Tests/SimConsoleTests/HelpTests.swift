import JSONCodec
import SDLModel
import Testing

@testable import SimConsole

/// `help` is written from the SDL model's parameter descriptions, the schema the engine checks.
@Suite struct HelpText {
    private func help(_ topic: String) throws -> String { try Help.text(for: topic).joined(separator: "\n") }

    @Test func theOverviewListsEveryMethodAndEveryCommand() throws {
        let overview = try help("")
        for method in allSDLRequests.map({ $0.method }) { #expect(overview.contains(method), "\(method)") }
        for command in ["register", "type", "backspace", "submit", "tap", "say", "pick", "close", "activate", "deactivate", "wait", "state", "fault", "reset", "help", "quit"] {
            #expect(overview.contains("\n  \(command)"), "\(command)")
        }
    }

    @Test func methodHelpShowsTypesLimitsMandatoryDefaultsAndEnumValues() throws {
        let text = try help("PerformInteraction")
        #expect(text.hasPrefix("PerformInteraction (SDL FunctionID 10)"))
        #expect(text.contains("  initialText *                 string, 1..500 chars"))
        #expect(text.contains("  timeout                       integer 5000..100000, default 10000"))
        #expect(text.contains("  interactionMode *             InteractionMode\n                                  MANUAL_ONLY | VR_ONLY | BOTH"))
        #expect(text.contains("  cancelID                      integer -2147483648..2147483647, optional"))
        #expect(text.contains("ICON_ONLY | ICON_WITH_SEARCH | LIST_ONLY"))
    }

    @Test func methodHelpDescribesTheNestedStructsOnce() throws {
        let text = try help("perf")
        #expect(text.contains("\nTTSChunk:\n  text *  string, 0..500 chars"))
        #expect(text.contains("\nVrHelpItem:\n"))
        #expect(text.ranges(of: "\nImage:\n").count == 1)
        let choices = try help("CreateInteractionChoiceSet")
        #expect(choices.contains("\nChoice:\n  choiceID *        integer 0..65535\n  menuName *        string, 1..500 chars"))
    }

    @Test func theExampleLineIsValidShorthandThatPassesTheSchema() throws {
        for request in allSDLRequests {
            let lines = try Help.text(for: request.method)
            let example = try #require(lines.last).dropFirst(2)
            guard case .request(let method, let params)? = try Interpreter.interpret(String(example)).first else {
                Issue.record("\(request.method): \(example) is not a request")
                continue
            }
            #expect(method == request.method)
            #expect(Self.passesSchema(request, params), "\(example)")
        }
        #expect(try help("PerformInteraction").hasSuffix(#"PerformInteraction initialText="Pick a city" interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1] interactionLayout=LIST_WITH_SEARCH cancelID=7"#))
        #expect(try help("RegisterAppInterface").contains("syncMsgVersion={majorVersion:8,minorVersion:0}"))
        #expect(try help("Sim.InjectFault").hasSuffix(#"Sim.InjectFault method=PerformInteraction resultCode=TIMED_OUT info="the HMI is slow""#))
        #expect(try help("GetSystemCapability").hasSuffix("GetSystemCapability systemCapabilityType=DISPLAYS"), "generated where that is enough")
    }

    private static func passesSchema(_ type: any SDLRequest.Type, _ params: JSONObject) -> Bool {
        func reads<R: SDLRequest>(_ type: R.Type) -> Bool { (try? R(parameters: params)) != nil }
        return reads(type)
    }

    @Test func structsAndCommandsHaveHelpToo() throws {
        #expect(try help("Choice").hasPrefix("Choice (a structure inside requests), parameters (* mandatory):"))
        #expect(try help("tap") == "tap ID | tap NAME\n  taps a visible choice, by its ID or its name")
    }

    @Test func helpForAnUnknownNameIsAOneLineError() {
        #expect(throws: ConsoleError("unknown command or method \"nothing\"; type help for the list")) { try Help.text(for: "nothing") }
    }

    @Test func helpLinesFitEightyColumnsExceptTheCopyableExamples() throws {
        var topics = [""] + allSDLRequests.map { $0.method } + allSDLParameterStructs.map { $0.sdlName }
        topics += Interpreter.commands.map(\.name)
        for topic in topics {
            for line in try Help.text(for: topic) where line.count > 80 {
                #expect(try Interpreter.interpret(line).isEmpty == false, "\(topic): \(line)")
            }
        }
    }
}

/// The catalog in SDLModel is complete: every struct a request can hold can be described.
@Suite struct RequestCatalog {
    @Test func everyStructARequestHoldsIsInTheCatalog() {
        var pending = allSDLRequests.map { $0.parameterDescriptions }
        var seen = Set<String>()
        while let parameters = pending.popLast() {
            for parameter in parameters {
                guard let name = parameter.type.structName else { continue }
                #expect(parameter.structType?.sdlName == name, "\(parameter.name): \(parameter.type)")
                guard seen.insert(name).inserted else { continue }
                let nested = MethodCatalog.structParameters(named: name)
                #expect(nested != nil, "\(name) is missing from allSDLParameterStructs")
                pending.append(nested ?? [])
            }
        }
        #expect(seen == Set(allSDLParameterStructs.map { $0.sdlName }))
    }
}
