import JSONCodec
import SDLModel

/// The methods and parameter structs a person can name at the prompt, from SDLModel's catalog.
enum MethodCatalog {
    static let methods: [String] = allSDLRequests.map { $0.method }
    /// The app's own SDL requests (the simulator's have FunctionID 0): what a fault can stand in for.
    static let sdlMethods: [String] = allSDLRequests.filter { $0.functionID != 0 }.map { $0.method }

    static func request(named method: String) -> (any SDLRequest.Type)? {
        allSDLRequests.first { $0.method == method }
    }

    static func parameters(of method: String) -> [ParameterDescription]? {
        request(named: method)?.parameterDescriptions
    }

    static func structParameters(named name: String) -> [ParameterDescription]? {
        allSDLParameterStructs.first { $0.sdlName == name }?.parameterDescriptions
    }

    /// Whether `value` reads as the struct named `name`, by SDL's schema.
    static func isValid(structNamed name: String, _ value: JSON) -> Bool {
        guard let type = allSDLParameterStructs.first(where: { $0.sdlName == name }), let object = value.objectValue else {
            return false
        }
        return reads(type, object)
    }

    private static func reads<S: SDLStruct>(_ type: S.Type, _ object: JSONObject) -> Bool {
        (try? S(parameters: object)) != nil
    }

    /// The method `word` names: the full name or its part after `User.`/`Sim.`, case-insensitive,
    /// or a prefix of exactly one of them.
    static func complete(_ word: String, among names: [String] = methods) throws(ConsoleError) -> String {
        let typed = word.lowercased()
        let shortNames = names.map { name in name.split(separator: ".").last.map(String.init) ?? name }
        if let exact = names.first(where: { $0.lowercased() == typed }) { return exact }
        let shortExact = names.indices.filter { shortNames[$0].lowercased() == typed }
        if shortExact.count == 1 { return names[shortExact[0]] }
        var candidates = names.filter { $0.lowercased().hasPrefix(typed) }
        if candidates.isEmpty {
            candidates = names.indices.filter { shortNames[$0].lowercased().hasPrefix(typed) }.map { names[$0] }
        }
        switch candidates.count {
        case 1: return candidates[0]
        case 0: throw ConsoleError("unknown command or method \"\(word)\"; type help for the list")
        default: throw ConsoleError("\"\(word)\" is ambiguous: \(candidates.joined(separator: ", "))")
        }
    }
}

/// A line the console cannot act on; one line, shown in red, and the session goes on.
struct ConsoleError: Error, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
