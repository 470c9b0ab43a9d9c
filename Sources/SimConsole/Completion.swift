import SDLModel

/// What Tab offers at the prompt, from the catalog the interpreter and the engine read:
/// commands and methods for the first word; then the method's parameter names (`name=`,
/// and `name.` for a structure), and after `name=` the values its type allows (the enum's
/// values, true or false). `fault` completes its method and what goes wrong, `help` its topic.
public enum Completion {
    /// For `text`, the line up to the cursor: how many characters at its end a candidate
    /// replaces, and the candidates, each with what follows it (a space after a whole word).
    public static func candidates(for text: String) -> (replacing: Int, candidates: [String]) {
        guard let first = text.first(where: { $0 != " " && $0 != "\t" }), first != "{", first != "[" else {
            return text.allSatisfy({ $0 == " " || $0 == "\t" }) ? (0, firstWords("")) : (0, [])
        }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let word = text.last == " " || text.last == "\t" ? "" : words.removeLast()
        guard let head = words.first else { return (word.count, firstWords(word)) }
        let given = words.dropFirst()
        switch try? Interpreter.resolve(head) {
        case .method(let method)?:
            return parameters(of: method, word: word, given: given)
        case .command(let command)? where command.name == "register":
            return parameters(of: RegisterAppInterface.method, word: word, given: given)
        case .command(let command)? where command.name == "fault" && given.count == 0:
            return (word.count, matching(word, MethodCatalog.sdlMethods).map { $0 + " " })
        case .command(let command)? where command.name == "fault" && given.count == 1:
            return (word.count, matching(word, ["drop", "delay"] + ResultCode.allCases.map(\.rawValue)).map { $0 + " " })
        case .command(let command)? where command.name == "help" && given.count == 0:
            let structs = allSDLParameterStructs.map { String(describing: $0) }
            return (word.count, matching(word, Interpreter.commands.map(\.name) + MethodCatalog.methods + structs).map { $0 + " " })
        default:
            return (word.count, [])
        }
    }

    /// Commands, then methods: by their names, or by the part after `User.`/`Sim.`.
    private static func firstWords(_ word: String) -> [String] {
        let typed = word.lowercased()
        let commands = Interpreter.commands.map(\.name).filter { $0.hasPrefix(typed) }
        let methods = MethodCatalog.methods.filter { method in
            method.lowercased().hasPrefix(typed) || method.split(separator: ".").last!.lowercased().hasPrefix(typed)
        }
        return (commands + methods).map { $0 + " " }
    }

    /// A parameter name (dotted into structures), or after `name=` a value of its type.
    private static func parameters(of method: String, word: String, given: ArraySlice<String>) -> (Int, [String]) {
        guard let schema = MethodCatalog.parameters(of: method) else { return (word.count, []) }
        guard let equals = word.firstIndex(of: "=") else {
            var path = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let typed = path.removeLast()
            guard let parameters = path.isEmpty ? schema : structParameters(at: path, in: schema) else { return (word.count, []) }
            let named = Set(given.compactMap { $0.split(separator: "=").first?.split(separator: ".").first.map(String.init) })
            let names = parameters.filter { !path.isEmpty || !named.contains($0.name) }.flatMap { parameter in
                if case .structure = parameter.type { return [parameter.name + "=", parameter.name + "."] }
                return [parameter.name + "="]
            }
            return (typed.count, matching(typed, names))
        }
        let path = word[..<equals].split(separator: ".").map(String.init)
        var value = String(word[word.index(after: equals)...])
        guard let type = parameterType(at: path, in: schema) else { return (value.count, []) }
        // Inside an array of values, the element being typed.
        let inArray = value.hasPrefix("[")
        if inArray { value = String(value.split(separator: ",", omittingEmptySubsequences: false).last!.drop { $0 == "[" || $0 == " " }) }
        let allowed: [String]
        switch type.elementType {
        case .enumeration(_, let values): allowed = values
        case .boolean: allowed = ["true", "false"]
        default: allowed = []
        }
        return (value.count, matching(value, allowed).map { inArray ? $0 : $0 + " " })
    }

    private static func parameterType(at path: [String], in schema: [ParameterDescription]) -> ParameterType? {
        guard let name = path.last, let parameters = path.count == 1 ? schema : structParameters(at: path.dropLast(), in: schema),
            let parameter = parameters.first(where: { $0.name == name })
        else { return nil }
        return parameter.type
    }

    /// The parameters of the structure that the dotted `path` names.
    private static func structParameters(at path: some Collection<String>, in schema: [ParameterDescription]) -> [ParameterDescription]? {
        var parameters = schema
        for name in path {
            guard let parameter = parameters.first(where: { $0.name == name }),
                case .structure(let structName) = parameter.type,
                let nested = MethodCatalog.structParameters(named: structName)
            else { return nil }
            parameters = nested
        }
        return parameters
    }

    /// The names that start with `typed`, case aside.
    private static func matching(_ typed: String, _ names: [String]) -> [String] {
        let prefix = typed.lowercased()
        return names.filter { $0.lowercased().hasPrefix(prefix) }
    }
}
