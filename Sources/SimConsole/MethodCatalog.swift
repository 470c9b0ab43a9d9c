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

    /// The part after `User.`/`Sim.` of the simulator's own methods (`SelectChoice`).
    static let shortNames: [String] = methods.filter { $0.contains(".") }.map(shortName)

    private static func shortName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The method `word` names in full (or by its part after `User.`/`Sim.`), case aside.
    static func exactly(_ word: String, among names: [String] = methods) -> String? {
        let typed = word.lowercased()
        if let exact = names.first(where: { $0.lowercased() == typed }) { return exact }
        let shortExact = names.filter { shortName($0).lowercased() == typed }
        return shortExact.count == 1 ? shortExact[0] : nil
    }

    /// The names `word` starts, case aside: full names first, else the parts after `User.`/`Sim.`.
    static func startingWith(_ word: String, among names: [String] = methods) -> [String] {
        let typed = word.lowercased()
        let full = names.filter { $0.lowercased().hasPrefix(typed) }
        return full.isEmpty ? names.filter { shortName($0).lowercased().hasPrefix(typed) } : full
    }

    /// Whether `word` names no method at all, neither in full nor by a prefix.
    static func startsNoName(_ word: String, among names: [String] = methods) -> Bool {
        exactly(word, among: names) == nil && startingWith(word, among: names).isEmpty
    }

    /// The method `word` names: the full name or its part after `User.`/`Sim.`, case-insensitive,
    /// or a prefix of exactly one of them.
    static func complete(_ word: String, among names: [String] = methods) throws(ConsoleError) -> String {
        if let exact = exactly(word, among: names) { return exact }
        let candidates = startingWith(word, among: names)
        switch candidates.count {
        case 1: return candidates[0]
        case 0:
            let suggestion = Spelling.closest(to: word, among: names).map { "; did you mean \($0)?" } ?? "; type help for the list"
            throw ConsoleError("unknown method \"\(word)\"" + suggestion)
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
