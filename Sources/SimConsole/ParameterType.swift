import JSONCodec
import SDLModel

// How the console shows and fills in parameters, from the types SDLModel describes them with.
extension ParameterType {
    /// How help writes the type: short, with its limits.
    var summary: String {
        switch self {
        case .integer(let range): "integer \(Self.text(range))"
        case .float(let range): range == .anyFloat ? "number" : "number \(range.lowerBound)..\(range.upperBound)"
        case .boolean: "true | false"
        case .string(let range): "string, \(Self.text(range)) chars"
        case .array(let count, let element): "array of \(Self.text(count)) × \(element.summary)"
        case .enumeration(let name, _): name
        case .structure(let name): name
        }
    }

    /// The struct a parameter holds (directly or in an array), for nested help and dotted keys.
    var structName: String? {
        switch self {
        case .structure(let name): name
        case .array(_, let element): element.structName
        default: nil
        }
    }

    /// The type of an array's elements, or the type itself.
    var elementType: ParameterType {
        if case .array(_, let element) = self { return element.elementType }
        return self
    }

    private static func text(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max ? "\(range.lowerBound)+" : "\(range.lowerBound)..\(range.upperBound)"
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
            let type = parameter.type
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
