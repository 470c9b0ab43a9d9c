import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// SDL's RPC spec (MOBILE_API.xml, kept outside the repository) as declared: every function, struct
/// and enum, each parameter with its type, limits, `mandatory`, `since` and history.
public struct RPCSpec: Sendable {
    public struct Parameter: Sendable {
        public let name: String
        /// `Integer`, `Float`, `String`, `Boolean`, or an enum's or struct's name.
        public let type: String
        public let isArray: Bool
        public let isMandatory: Bool
        public let minValue: Double?
        public let maxValue: Double?
        public let minLength: Int?
        public let maxLength: Int?
        public let minSize: Int?
        public let maxSize: Int?
        public let since: String?
        public let until: String?
        public let defaultValue: String?
        /// `documentation` for `success`, `resultCode` and `info`, which every response has.
        public let platform: String?
        /// The parameter's earlier forms (`<history>`), oldest first.
        public let history: [Parameter]

        /// The version that introduced the parameter: the oldest `since` among its forms.
        public var introducedIn: String? {
            ([self] + history).compactMap(\.since).min { RPCSpec.version($0) < RPCSpec.version($1) }
        }

        /// For a parameter that is optional now: the version before which it was mandatory.
        public var mandatoryBefore: String? {
            guard !isMandatory else { return nil }
            return history.last { $0.isMandatory }?.until
        }

        // The bounds SDL implies where the spec states none (SDL-RULES §0 for strings).
        public var integerRange: ClosedRange<Int> {
            Int(minValue ?? Double(Int32.min))...Int(maxValue ?? Double(Int32.max))
        }
        public var floatRange: ClosedRange<Double> { (minValue ?? -.infinity)...(maxValue ?? .infinity) }
        public var lengthRange: ClosedRange<Int> { (minLength ?? 1)...(maxLength ?? Int.max) }
        public var sizeRange: ClosedRange<Int> { (minSize ?? 0)...(maxSize ?? Int.max) }
    }

    /// A function (request, response or notification) or a struct.
    public struct Message: Sendable {
        public let name: String
        public let since: String?
        public let parameters: [Parameter]

        public init(name: String, since: String?, parameters: [Parameter]) {
            self.name = name
            self.since = since
            self.parameters = parameters
        }

        public func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }
    }

    public struct EnumElement: Sendable {
        public let name: String
        public let since: String?
    }

    /// By `Name.request`, `Name.response` or `Name.notification`.
    public let functions: [String: Message]
    public let structs: [String: Message]
    public let enums: [String: [EnumElement]]

    public func request(_ name: String) -> Message? { functions[name + ".request"] }
    public func response(_ name: String) -> Message? { functions[name + ".response"] }
    public func notification(_ name: String) -> Message? { functions[name + ".notification"] }

    /// `"4.5"` → (4, 5, 0), for comparing versions.
    public static func version(_ text: String) -> [Int] {
        let parts = text.split(separator: ".").map { Int($0) ?? 0 }
        return parts + Array(repeating: 0, count: max(0, 3 - parts.count))
    }

    /// SDL's RPC spec, read once: `SDL_RPC_SPEC`, else `../shared/MOBILE_API.xml`; nil when
    /// neither is there (the tests comparing with it are then skipped, saying so).
    public static let mobileAPI: RPCSpec? = {
        guard let url = SharedFile.locate("MOBILE_API.xml", variable: "SDL_RPC_SPEC") else { return nil }
        do {
            return try RPCSpec(contentsOf: url)
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// Why the tests comparing with the spec are skipped.
    public static let mobileAPIMissing = SharedFile.missing("MOBILE_API.xml", variable: "SDL_RPC_SPEC")

    public init(contentsOf url: URL) throws {
        let reader = SpecReader()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = reader
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
        }
        functions = reader.functions
        structs = reader.structs
        enums = reader.enums
    }
}

extension Array where Element == Int {
    fileprivate static func < (lhs: [Int], rhs: [Int]) -> Bool { lhs.lexicographicallyPrecedes(rhs) }
}

/// Reads the spec's elements: `<enum><element>`, `<struct><param>`, `<function><param>`,
/// and the earlier forms in `<history>` (a parameter's are kept, a struct's and an enum
/// element's give their first `since`); descriptions and a response's listed result codes
/// are skipped.
private final class SpecReader: NSObject, XMLParserDelegate {
    var functions: [String: RPCSpec.Message] = [:]
    var structs: [String: RPCSpec.Message] = [:]
    var enums: [String: [RPCSpec.EnumElement]] = [:]

    private var container: (kind: String, key: String, name: String, since: String?)?
    private var parameters: [RPCSpec.Parameter] = []
    private var elements: [RPCSpec.EnumElement] = []
    private var inElement = false
    /// The parameter being read, and its history forms so far.
    private var parameter: [String: String]?
    private var history: [RPCSpec.Parameter] = []
    private var historyDepth = 0

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if historyDepth > 0 {
            switch name {
            case "param" where parameter != nil: history.append(Self.parameter(attributes, history: []))
            case "struct", "function":
                if let since = container?.since { container?.since = Self.earliest(since, attributes["since"]) }
            default: break
            }
            if name == "history" { historyDepth += 1 }
            return
        }
        switch name {
        case "history":
            historyDepth = 1
        case "enum", "struct":
            container = (name, attributes["name"] ?? "", attributes["name"] ?? "", attributes["since"])
        case "function":
            let functionName = attributes["name"] ?? ""
            container = (name, "\(functionName).\(attributes["messagetype"] ?? "")", functionName, attributes["since"])
        case "element" where container?.kind == "enum" && !inElement:
            elements.append(RPCSpec.EnumElement(name: attributes["name"] ?? "", since: attributes["since"]))
            inElement = true
        case "param" where container != nil && parameter == nil:
            parameter = attributes
            history = []
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if historyDepth > 0 {
            if name == "history" { historyDepth -= 1 }
            return
        }
        switch name {
        case "element":
            inElement = false
        case "param":
            if let attributes = parameter { parameters.append(Self.parameter(attributes, history: history)) }
            parameter = nil
        case "enum":
            if let container { enums[container.key] = elements }
            elements = []
            container = nil
        case "struct", "function":
            if let container {
                let message = RPCSpec.Message(name: container.name, since: container.since, parameters: parameters)
                if name == "struct" { structs[container.key] = message } else { functions[container.key] = message }
            }
            parameters = []
            container = nil
        default:
            break
        }
    }

    private static func earliest(_ first: String, _ second: String?) -> String {
        guard let second else { return first }
        return RPCSpec.version(second).lexicographicallyPrecedes(RPCSpec.version(first)) ? second : first
    }

    private static func parameter(_ attributes: [String: String], history: [RPCSpec.Parameter]) -> RPCSpec.Parameter {
        RPCSpec.Parameter(
            name: attributes["name"] ?? "", type: attributes["type"] ?? "", isArray: attributes["array"] == "true",
            isMandatory: attributes["mandatory"] != "false", minValue: attributes["minvalue"].flatMap(Double.init),
            maxValue: attributes["maxvalue"].flatMap(Double.init), minLength: attributes["minlength"].flatMap { Int($0) },
            maxLength: attributes["maxlength"].flatMap { Int($0) }, minSize: attributes["minsize"].flatMap { Int($0) },
            maxSize: attributes["maxsize"].flatMap { Int($0) }, since: attributes["since"], until: attributes["until"],
            defaultValue: attributes["defvalue"], platform: attributes["platform"], history: history)
    }
}
