import JSONCodec
import SDLModel

/// `help` and `help NAME`, written from the SDL model's own parameter descriptions.
enum Help {
    /// `help TOPIC` in lines of at most `width` columns (an example stays whole, to be copied).
    static func text(for topic: String, width: Int = 80) throws(ConsoleError) -> [String] {
        if topic.isEmpty { return overview(width: width) }
        if MethodCatalog.structParameters(named: topic) != nil { return structHelp(topic, width: width) }
        switch try Interpreter.resolve(topic) {
        case .command(let command): return ["\(command.usage)", "  \(command.summary)"]
        case .method(let method): return self.method(method, width: width)
        }
    }

    static func overview(width: Int) -> [String] {
        var lines = ["Commands (the simulated person and the simulator):"]
        let usageWidth = Interpreter.commands.map(\.usage.count).filter { $0 <= 24 }.max() ?? 0
        let summaryIndent = String(repeating: " ", count: usageWidth + 4)
        for command in Interpreter.commands {
            var summary = wrap(command.summary.split(separator: " ").map(String.init), indent: summaryIndent, width: width)
            if command.usage.count > usageWidth {
                lines.append("  \(command.usage)")
            } else {
                summary[0] = "  \(pad(command.usage, usageWidth))  " + summary[0].dropFirst(summaryIndent.count)
            }
            lines += summary
        }
        lines.append("")
        lines.append("Requests (Method name=value …, or Method {json}; a unique prefix will do):")
        lines += wrap(MethodCatalog.methods, separator: "  ", indent: "  ", width: width)
        lines += [
            "",
            "Values: \"quoted text\", bare words, numbers, true/false, [arrays], {objects};",
            "dotted names set nested ones: keyboardProperties.keyboardLayout=QWERTY.",
            "A full JSON-RPC line ({\"jsonrpc\":\"2.0\",...}) is sent as it is.",
            "help METHOD shows its parameters and an example, e.g. help PerformInteraction.",
            "",
            "A first session (each line as it is):",
            "  register Demo",
            "  CreateInteractionChoiceSet interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin},{choiceID:2,menuName:Bern}]",
            "  PerformInteraction initialText=City interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1] interactionLayout=LIST_WITH_SEARCH",
            "  type Ber",
            "  tap 2",
        ]
        return lines
    }

    static func method(_ method: String, width: Int = 80) -> [String] {
        guard let request = MethodCatalog.request(named: method) else { return [] }
        let parameters = request.parameterDescriptions
        var lines = [request.functionID == 0 ? "\(method) (the simulator's own request)" : "\(method) (SDL FunctionID \(request.functionID))"]
        if parameters.isEmpty {
            lines.append("  no parameters")
        } else {
            lines.append("Parameters (* mandatory):")
            lines += table(parameters, width: width)
        }
        lines += nestedStructs(parameters, seen: [], width: width)
        // One line however long, so that it can be copied and run.
        lines.append("Example:")
        lines.append("  " + (examples[method] ?? generatedExample(method, request)))
        return lines
    }

    /// Calls as a person would make them, each of which works on a head unit where its
    /// situation holds (a choice set 1 with Berlin and Bern, an interaction on screen, a file
    /// uploaded): the tests run every one.
    static let examples: [String: String] = [
        "RegisterAppInterface":
            "RegisterAppInterface appName=Navigator appID=nav-1 isMediaApplication=false languageDesired=EN-US hmiDisplayLanguageDesired=EN-US syncMsgVersion={majorVersion:8,minorVersion:0}",
        "CreateInteractionChoiceSet":
            "CreateInteractionChoiceSet interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin},{choiceID:2,menuName:Bern}]",
        "PerformInteraction":
            #"PerformInteraction initialText="Pick a city" interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1] interactionLayout=LIST_WITH_SEARCH cancelID=7"#,
        "CancelInteraction": "CancelInteraction functionID=10 cancelID=7",
        "SetGlobalProperties": "SetGlobalProperties keyboardProperties.keyboardLayout=QWERTY keyboardProperties.autoCompleteList=[Berlin,Bern]",
        "ResetGlobalProperties": "ResetGlobalProperties properties=[KEYBOARDPROPERTIES]",
        "PutFile": "PutFile syncFileName=notes.txt fileType=BINARY bulkData=aGVsbG8=",
        "DeleteFile": "DeleteFile syncFileName=notes.txt",
        "SetAppIcon": "SetAppIcon syncFileName=icon.png",
        "User.KeyboardEvent": "User.KeyboardEvent event=KEYPRESS data=Ber",
        "User.SelectChoice": "User.SelectChoice choiceID=2",
        "User.SelectAutocomplete": "User.SelectAutocomplete index=0",
        "User.Speak": "User.Speak utterance=Berlin",
        "User.ActivateApp": "User.ActivateApp appID=demo",
        "User.ExitApp": "User.ExitApp appID=demo reason=USER_EXIT",
        "Sim.AdvanceTime": "Sim.AdvanceTime ms=5000",
        "Sim.AddApp": "Sim.AddApp appName=Radio appID=radio-1 isMediaApplication=true",
        "Sim.RemoveApp": "Sim.RemoveApp appID=radio-1",
        "Sim.InjectFault": #"Sim.InjectFault method=PerformInteraction resultCode=TIMED_OUT info="the HMI is slow""#,
    ]

    /// Every mandatory parameter with a value its type allows.
    private static func generatedExample(_ method: String, _ request: any SDLRequest.Type) -> String {
        let example = ParameterType.exampleObject(
            request.parameterDescriptions, structs: MethodCatalog.structParameters, blank: request.init().parameters,
            isValidStruct: MethodCatalog.isValid(structNamed:_:))
        return ([method] + example.map { "\($0.key)=\(PrettyJSON.word($0.value, compact: true))" }).joined(separator: " ")
    }

    private static func structHelp(_ name: String, width: Int) -> [String] {
        let parameters = MethodCatalog.structParameters(named: name) ?? []
        return ["\(name) (a structure inside requests), parameters (* mandatory):"] + table(parameters, width: width)
            + nestedStructs(parameters, seen: [name], width: width)
    }

    /// The structs the parameters hold, at any depth, each described once.
    private static func nestedStructs(_ parameters: [ParameterDescription], seen: Set<String>, width: Int) -> [String] {
        var names: [String] = []
        func visit(_ parameters: [ParameterDescription]) {
            for parameter in parameters {
                guard let name = parameter.type.structName, !seen.contains(name),
                    !names.contains(name), let nested = MethodCatalog.structParameters(named: name)
                else { continue }
                names.append(name)
                visit(nested)
            }
        }
        visit(parameters)
        return names.flatMap { name in ["\(name):"] + table(MethodCatalog.structParameters(named: name) ?? [], width: width) }
    }

    /// One parameter a line: name, type with limits, default; enum values wrapped below.
    /// On a narrow terminal the names' column narrows and the types wrap under themselves.
    private static func table(_ parameters: [ParameterDescription], width: Int) -> [String] {
        let nameWidth = min(28, width / 2 - 4, parameters.map { $0.name.count + 2 }.max() ?? 0)
        let typeIndent = String(repeating: " ", count: nameWidth + 4)
        var lines: [String] = []
        for parameter in parameters {
            let type = parameter.type
            var text = type.summary
            if let value = parameter.defaultValue { text += ", default \(value)" }
            if !parameter.isMandatory && parameter.defaultValue == nil { text += ", optional" }
            let name = parameter.name + (parameter.isMandatory ? " *" : "")
            var typeLines = wrap(text.split(separator: " ").map(String.init), indent: typeIndent, width: width)
            if name.count > nameWidth {
                lines.append("  \(name)")
            } else {
                typeLines[0] = "  \(pad(name, nameWidth))  " + typeLines[0].dropFirst(typeIndent.count)
            }
            lines += typeLines
            if case .enumeration(_, let values) = type.elementType {
                lines += wrap(values, separator: " | ", indent: typeIndent + "  ", width: width)
            }
        }
        return lines
    }

    /// `words` joined by `separator` in lines of at most `width` columns, each after `indent`.
    static func wrap(_ words: [String], separator: String = " ", indent: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, indent.count + line.count + separator.count + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : separator) + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
