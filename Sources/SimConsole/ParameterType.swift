import JSONCodec
import SDLModel

/// A parameter's type, read back from the text `ParameterValue.describe` gives for it
/// (`Integer 5000..100000`, `Array of 1..100 × Choice`, `InteractionMode: MANUAL_ONLY | BOTH`),
/// so help and shorthand work from the one schema the engine validates with.
indirect enum ParameterType: Equatable, Sendable {
    case integer(ClosedRange<Int>)
    case float
    case boolean
    case string(ClosedRange<Int>)
    case array(ClosedRange<Int>, ParameterType)
    case enumeration(name: String, values: [String])
    case structure(String)

    init(describing text: String) {
        if let range = Self.range(after: "Integer ", in: text) {
            self = .integer(range)
        } else if text.hasPrefix("Float ") {
            self = .float
        } else if text == "Boolean" {
            self = .boolean
        } else if text.hasPrefix("String, "), let range = Self.range(after: "String, ", in: text.replacing(" characters", with: "")) {
            self = .string(range)
        } else if text.hasPrefix("Array of "), let cross = text.firstRange(of: " × "),
            let count = Self.range(after: "Array of ", in: String(text[..<cross.lowerBound]))
        {
            self = .array(count, ParameterType(describing: String(text[cross.upperBound...])))
        } else if let colon = text.firstRange(of: ": ") {
            let values = text[colon.upperBound...].split(separator: " | ").map(String.init)
            self = .enumeration(name: String(text[..<colon.lowerBound]), values: values)
        } else {
            self = .structure(text)
        }
    }

    /// `a..b` right after `prefix`, the whole rest of `text`.
    private static func range(after prefix: String, in text: String) -> ClosedRange<Int>? {
        guard text.hasPrefix(prefix) else { return nil }
        let bounds = text.dropFirst(prefix.count).split(separator: "..", omittingEmptySubsequences: false)
        guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high else { return nil }
        return low...high
    }

    /// How help writes the type: short, with its limits.
    var summary: String {
        switch self {
        case .integer(let range): "integer \(Self.text(range))"
        case .float: "number"
        case .boolean: "true | false"
        case .string(let range): "string, \(Self.text(range)) chars"
        case .array(let count, let element): "array of \(Self.text(count)) × \(element.summary)"
        case .enumeration(let name, _): name
        case .structure(let name): name
        }
    }

    private static func text(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max ? "\(range.lowerBound)+" : "\(range.lowerBound)..\(range.upperBound)"
    }

    /// The struct a parameter holds (directly or in an array), for nested help and dotted keys.
    var structName: String? {
        switch self {
        case .structure(let name): name
        case .array(_, let element): element.structName
        default: nil
        }
    }

    /// A valid value for the example line in help.
    func example(structs: (String) -> [ParameterDescription]?) -> JSON {
        switch self {
        case .integer(let range): .integer(Int64(range.contains(1) ? 1 : range.lowerBound))
        case .float: .double(1)
        case .boolean: .bool(false)
        case .string(let range):
            .string(range.contains(9) ? "Some text" : String(repeating: "a", count: max(1, range.lowerBound)))
        case .array(let count, let element):
            .array(Array(repeating: element.example(structs: structs), count: max(1, count.lowerBound)))
        case .enumeration(_, let values): .string(values.first ?? "")
        case .structure(let name):
            .object(Self.exampleObject(structs(name) ?? [], structs: structs))
        }
    }

    /// Every mandatory parameter with an example value. `blank` holds the values a blank
    /// request starts with (SDL's usual ones, like EN-US or SDL 8.0); an enum, a boolean or
    /// a struct takes its value from there, when that value is valid.
    static func exampleObject(
        _ parameters: [ParameterDescription], structs: (String) -> [ParameterDescription]?, blank: JSONObject = [:],
        isValidStruct: (String, JSON) -> Bool = { _, _ in false }
    ) -> JSONObject {
        var object = JSONObject()
        for parameter in parameters where parameter.isMandatory {
            let type = ParameterType(describing: parameter.type)
            switch (type, blank[parameter.name]) {
            case (.enumeration, let value?), (.boolean, let value?):
                object.appendNew(parameter.name, value)
            case (.structure(let name), let value?) where isValidStruct(name, value):
                object.appendNew(parameter.name, value)
            default:
                object.appendNew(parameter.name, type.example(structs: structs))
            }
        }
        return object
    }
}
