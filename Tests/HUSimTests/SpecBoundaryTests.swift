import Foundation
import JSONCodec
import Testing
import TestSupport

/// Every parameter of every request the simulator serves, at each bound MOBILE_API.xml
/// declares and one past it, absent, null, of the wrong type and (for an enum) an unknown
/// value, sent to the real `hu-sim`: the cases are generated from the spec, the expected
/// result is the request's valid answer or INVALID_DATA naming the parameter's path, except
/// where a listed Core check decides otherwise.
@Suite(.ownThreads, .enabled(if: RPCSpec.mobileAPI != nil, Comment(rawValue: RPCSpec.mobileAPIMissing))) struct SpecBoundaries {
    @Test(arguments: RequestFamily.all)
    func everyParameterAtAndPastItsBounds(family: RequestFamily) throws {
        let spec = try #require(RPCSpec.mobileAPI)
        let declared = try #require(spec.request(family.method), "\(family.method) is not in MOBILE_API.xml")
        var generator = CaseGenerator(spec: spec, family: family)
        generator.walk(declared.parameters, in: .object(family.baseline), at: "") { value in value?.objectValue ?? [:] }
        let cases = [BoundaryCase(name: "the baseline", pathText: "", params: family.baseline, expected: family.valid)] + generator.cases

        var lines: [String] = []
        for (index, boundaryCase) in cases.enumerated() {
            lines += family.lines(for: boundaryCase, number: index)
        }
        let outcome = try SimulatorProcess.run(lines: lines)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var results: [String: JSON] = [:]
        for message in outcome.messages {
            if let id = message["id"]?.stringValue, let result = message["result"] { results[id] = result }
        }
        var unexpected: [String] = []
        for (index, boundaryCase) in cases.enumerated() {
            let result = results["case-\(index)"]
            let code = result?["resultCode"]?.stringValue ?? "no answer"
            if code != boundaryCase.expected {
                unexpected.append("\(boundaryCase.name): expected \(boundaryCase.expected), got \(code) \(result?["info"] ?? "")")
            } else if code == "INVALID_DATA", result?["info"]?.stringValue?.hasPrefix(boundaryCase.pathText) != true {
                unexpected.append("\(boundaryCase.name): INVALID_DATA whose info does not name \(boundaryCase.pathText): \(result?["info"] ?? "")")
            }
        }
        #expect(unexpected.isEmpty, Comment(rawValue: "\(unexpected.count) of \(cases.count) cases:\n" + unexpected.joined(separator: "\n")))
        #expect(Set(generator.unusedOverrides).isEmpty, "overrides that match no case: \(generator.unusedOverrides)")
    }
}

/// One request sent to the simulator, and the result code it must get.
struct BoundaryCase {
    let name: String
    let pathText: String
    let params: JSONObject
    let expected: String
}

/// A request the simulator serves: a valid baseline, what it needs on the head unit first,
/// its valid answer, and the cases where a Core check answers instead of the schema.
struct RequestFamily: Sendable, CustomTestStringConvertible {
    let method: String
    /// Valid parameters, as an app sends them.
    let baseline: JSONObject
    /// Requests that prepare the head unit for each case, after registering.
    var setup: [(method: String, params: JSON)] = []
    /// Requests that end each case (a shown interaction is closed, so that it is answered).
    var after: [String] = []
    /// What a valid request gets.
    var valid = "SUCCESS"
    /// Values for generated parameters where the spec's first choice does not fit the
    /// head unit (an image names an uploaded file), by parameter type.
    var values: [String: JSON] = [:]
    /// Makes the `index`th element of a generated array distinct, where Core requires it.
    var distinct: [String: @Sendable (JSON, Int) -> JSON] = [:]
    /// Cases a Core check decides, by case name: the code, and the rule that decides it.
    var overrides: [String: (code: String, rule: String)] = [:]

    var testDescription: String { method }

    func lines(for boundaryCase: BoundaryCase, number: Int) -> [String] {
        func line(_ id: String, _ method: String, _ params: JSON?) -> String {
            var message: JSONObject = ["jsonrpc": "2.0", "id": .string(id), "method": .string(method)]
            if let params { message["params"] = params }
            return JSON.object(message).serializedString
        }
        var lines = [line("reset-\(number)", "Sim.Reset", nil)]
        if method != "RegisterAppInterface" {
            lines.append(line("register-\(number)", "RegisterAppInterface", .object(Self.registration)))
        }
        for (step, request) in setup.enumerated() { lines.append(line("setup-\(number)-\(step)", request.method, request.params)) }
        lines.append(line("case-\(number)", method, .object(boundaryCase.params)))
        for (step, request) in after.enumerated() { lines.append(line("after-\(number)-\(step)", request, nil)) }
        return lines
    }

    static let registration: JSONObject = [
        "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0], "appName": "Demo", "appID": "demo",
        "isMediaApplication": false, "languageDesired": "EN-US", "hmiDisplayLanguageDesired": "EN-US",
    ]

    /// An uploaded image, for every generated Image.
    static let icon: JSON = ["value": "icon.png", "imageType": "DYNAMIC"]
    static let uploadIcon = (method: "PutFile", params: ["syncFileName": "icon.png", "fileType": "GRAPHIC_PNG", "bulkData": "iVBORw=="] as JSON)

    static let all: [RequestFamily] = [
        RequestFamily(method: "RegisterAppInterface", baseline: registration),
        RequestFamily(method: "UnregisterAppInterface", baseline: [:]),
        RequestFamily(method: "GetSystemCapability", baseline: ["systemCapabilityType": "DISPLAYS"]),
        RequestFamily(
            method: "CreateInteractionChoiceSet",
            baseline: ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "Berlin", "vrCommands": ["Berlin"]]]],
            setup: [uploadIcon], values: ["Image": icon],
            distinct: ["choiceSet": { choice, index in distinctChoice(choice, index) }],
            overrides: [
                "choiceSet[0].image.value length 0": ("INVALID_DATA", "SDL-RULES §0: VerifyImage refuses an empty image value"),
                "choiceSet[0].image.value length 65535": ("WARNINGS", "SDL-RULES §14: a DYNAMIC image never uploaded"),
                "choiceSet[0].secondaryImage.value length 0": ("INVALID_DATA", "SDL-RULES §0: VerifyImage"),
                "choiceSet[0].secondaryImage.value length 65535": ("WARNINGS", "SDL-RULES §14: a DYNAMIC image never uploaded"),
            ]),
        RequestFamily(
            method: "DeleteInteractionChoiceSet", baseline: ["interactionChoiceSetID": 1],
            setup: [(method: "CreateInteractionChoiceSet", params: ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "Berlin"]]])],
            overrides: [
                "interactionChoiceSetID at 0": ("INVALID_ID", "SDL-RULES §3: no set with that ID"),
                "interactionChoiceSetID at 2000000000": ("INVALID_ID", "SDL-RULES §3: no set with that ID"),
            ]),
        RequestFamily(
            method: "PerformInteraction",
            baseline: ["initialText": "Pick a city", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1]],
            setup: [uploadIcon, (method: "CreateInteractionChoiceSet", params: ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "Berlin"]]])],
            after: ["User.Close"], valid: "ABORTED", values: ["Image": icon],
            distinct: ["vrHelp": { item, index in with(item, "position", .integer(Int64(index + 1))) }],
            overrides: [
                "interactionChoiceSetIDList size 0": ("INVALID_DATA", "SDL-RULES §4 step 2: an empty list needs KEYBOARD and MANUAL_ONLY"),
                "interactionChoiceSetIDList size 100": ("INVALID_ID", "SDL-RULES §4 step 3: a set listed twice"),
                "interactionChoiceSetIDList[0] at 0": ("INVALID_ID", "SDL-RULES §4 step 3: no such set"),
                "interactionChoiceSetIDList[0] at 2000000000": ("INVALID_ID", "SDL-RULES §4 step 3: no such set"),
                "vrHelp[0].position at 100": ("REJECTED", "SDL-RULES §4 step 7: vrHelp positions 1..n"),
                "vrHelp[0].image.value length 0": ("INVALID_DATA", "SDL-RULES §0: VerifyImage"),
                "vrHelp[0].image.value length 65535": ("ABORTED", "SDL-RULES §14: a missing image ends in WARNINGS only on success"),
            ]),
        RequestFamily(
            method: "CancelInteraction", baseline: ["functionID": 10], valid: "IGNORED",
            overrides: [
                "functionID at -2147483648": ("INVALID_ID", "SDL-RULES §5: not a cancellable FunctionID"),
                "functionID at 2147483647": ("INVALID_ID", "SDL-RULES §5: not a cancellable FunctionID"),
            ]),
        RequestFamily(
            method: "SetGlobalProperties",
            baseline: ["menuTitle": "Menu", "vrHelpTitle": "Help", "vrHelp": [["text": "Berlin", "position": 1]]],
            setup: [uploadIcon], values: ["Image": icon],
            distinct: ["vrHelp": { item, index in with(item, "position", .integer(Int64(index + 1))) }],
            overrides: [
                "vrHelpTitle absent": ("REJECTED", "SDL-RULES §6 step 5: vrHelpTitle and vrHelp come together"),
                "vrHelp absent": ("REJECTED", "SDL-RULES §6 step 5: vrHelpTitle and vrHelp come together"),
                "vrHelp[0].position at 100": ("REJECTED", "SDL-RULES §6 step 5: vrHelp positions 1..n"),
                "vrHelp[0].image.value length 0": ("INVALID_DATA", "SDL-RULES §0: VerifyImage"),
                "vrHelp[0].image.value length 65535": ("WARNINGS", "SDL-RULES §14: a DYNAMIC image never uploaded"),
                "menuIcon.value length 0": ("INVALID_DATA", "SDL-RULES §0: VerifyImage"),
                "menuIcon.value length 65535": ("WARNINGS", "SDL-RULES §14: a DYNAMIC image never uploaded"),
                "keyboardProperties.customKeys size 10": ("INVALID_DATA", "SDL-RULES §6 step 4: QWERTY has 3 custom keys here"),
            ]),
        RequestFamily(method: "ResetGlobalProperties", baseline: ["properties": ["MENUNAME"]]),
        RequestFamily(
            method: "PutFile", baseline: ["syncFileName": "a.bin", "fileType": "BINARY", "bulkData": "AAAA"],
            overrides: [
                "offset at 2000000000": ("INVALID_DATA", "SDL-RULES §9 step 7: an offset beyond the file so far"),
                "crc at 0": ("CORRUPTED_DATA", "SDL-RULES §9 step 6: not this chunk's CRC-32"),
                "crc at 4294967295": ("CORRUPTED_DATA", "SDL-RULES §9 step 6: not this chunk's CRC-32"),
            ]),
        RequestFamily(method: "ListFiles", baseline: [:]),
        RequestFamily(
            method: "DeleteFile", baseline: ["syncFileName": "a.bin"],
            setup: [(method: "PutFile", params: ["syncFileName": "a.bin", "fileType": "BINARY", "bulkData": "AAAA"])],
            overrides: [
                "syncFileName length 1": ("REJECTED", "SDL-RULES §10, §14: no such file"),
                "syncFileName length 500": ("REJECTED", "SDL-RULES §10, §14: no such file, however long the name"),
            ]),
        RequestFamily(
            method: "SetAppIcon", baseline: ["syncFileName": "icon.png"], setup: [uploadIcon],
            overrides: [
                "syncFileName length 1": ("INVALID_DATA", "SDL-RULES §10: the icon was not uploaded"),
                "syncFileName length 500": ("INVALID_DATA", "SDL-RULES §10: the icon was not uploaded"),
            ]),
    ]

    /// Choice `index` of a generated set: its own ID, name and voice command.
    static func distinctChoice(_ choice: JSON, _ index: Int) -> JSON {
        var choice = with(choice, "choiceID", .integer(Int64(index)))
        choice = with(choice, "menuName", .string("Choice \(index)"))
        if choice["vrCommands"] != nil { choice = with(choice, "vrCommands", .array([.string("Choice \(index)")])) }
        return choice
    }

    static func with(_ object: JSON, _ key: String, _ value: JSON) -> JSON {
        guard var members = object.objectValue else { return object }
        members[key] = value
        return .object(members)
    }
}

/// Walks a request's declared parameters over its baseline, into every struct and the first
/// element of every array, and makes the cases for each.
struct CaseGenerator {
    /// The request's parameters with a value in place of the one being varied (nil: removed).
    typealias Placing = (JSON?) -> JSONObject

    let spec: RPCSpec
    let family: RequestFamily
    private(set) var cases: [BoundaryCase] = []
    private var overridesUsed: Set<String> = []

    init(spec: RPCSpec, family: RequestFamily) {
        self.spec = spec
        self.family = family
    }

    var unusedOverrides: [String] { family.overrides.keys.filter { !overridesUsed.contains($0) } }

    /// The cases of `parameters`, members of `holder`, which stands at `path` in the request.
    mutating func walk(_ parameters: [RPCSpec.Parameter], in holder: JSON, at path: String, placing place: @escaping Placing) {
        for parameter in parameters {
            let here = path.isEmpty ? parameter.name : "\(path).\(parameter.name)"
            let placeHere: Placing = { value in place(.object(Self.with(holder, parameter.name, value))) }
            let present = holder[parameter.name]
            let required = parameter.isMandatory && parameter.defaultValue == nil
            if present != nil || required { add("absent", at: here, placeHere(nil), valid: !required) }
            let value = present ?? validValue(parameter)
            add("null", at: here, placeHere(.null), valid: false)
            add("of the wrong type", at: here, placeHere(wrongType(parameter)), valid: false)
            guard parameter.isArray else {
                valueCases(parameter, value, at: here, placing: placeHere)
                continue
            }
            let size = parameter.sizeRange
            var sizes = [(size.lowerBound, true)]
            if size.lowerBound > 0 { sizes.append((size.lowerBound - 1, false)) }
            if size.upperBound != Int.max { sizes += [(size.upperBound, true), (size.upperBound + 1, false)] }
            for (count, valid) in sizes {
                add("size \(count)", at: here, placeHere(array(parameter, count: count, from: value)), valid: valid)
            }
            let elements = value.arrayValue ?? [validElement(parameter)]
            let placeElement: Placing = { element in
                var changed = elements
                changed[0] = element ?? .null
                return placeHere(.array(changed))
            }
            add("null", at: here + "[0]", placeElement(.null), valid: false)
            valueCases(parameter, elements[0], at: here + "[0]", placing: placeElement)
        }
    }

    /// Bounds for a number or a string, an unknown enum value, or a struct's own parameters.
    private mutating func valueCases(_ parameter: RPCSpec.Parameter, _ value: JSON, at path: String, placing place: @escaping Placing) {
        switch parameter.type {
        case "Integer":
            let range = parameter.integerRange
            add("at \(range.lowerBound)", at: path, place(.integer(Int64(range.lowerBound))), valid: true)
            add("at \(range.upperBound)", at: path, place(.integer(Int64(range.upperBound))), valid: true)
            add("at \(range.lowerBound - 1)", at: path, place(.integer(Int64(range.lowerBound) - 1)), valid: false)
            add("at \(range.upperBound + 1)", at: path, place(.integer(Int64(range.upperBound) + 1)), valid: false)
            // Not an Integer, whatever its value (SDL-RULES §14).
            add("as \(range.lowerBound).0", at: path, place(.double(Double(range.lowerBound))), valid: false)
        case "Float":
            let range = parameter.floatRange
            if range.lowerBound.isFinite {
                add("at \(range.lowerBound)", at: path, place(.double(range.lowerBound)), valid: true)
                add("below \(range.lowerBound)", at: path, place(.double(range.lowerBound - 1)), valid: false)
            }
            if range.upperBound.isFinite {
                add("at \(range.upperBound)", at: path, place(.double(range.upperBound)), valid: true)
                add("above \(range.upperBound)", at: path, place(.double(range.upperBound + 1)), valid: false)
            }
        case "String":
            let length = parameter.lengthRange
            var lengths = [(length.lowerBound, true)]
            if length.lowerBound > 0 { lengths.append((length.lowerBound - 1, false)) }
            if length.upperBound != Int.max { lengths += [(length.upperBound, true), (length.upperBound + 1, false)] }
            for (count, valid) in lengths {
                add("length \(count)", at: path, place(.string(String(repeating: "a", count: count))), valid: valid)
            }
        case "Boolean":
            add("true", at: path, place(true), valid: true)
            add("false", at: path, place(false), valid: true)
        default:
            if spec.enums[parameter.type] != nil {
                add("an unknown value", at: path, place("NOT_A_VALUE"), valid: false)
            } else if let declared = spec.structs[parameter.type] {
                walk(declared.parameters, in: value, at: path, placing: place)
            }
        }
    }

    /// A case named `path kind`; INVALID_DATA unless valid, or as an override says.
    private mutating func add(_ kind: String, at path: String, _ params: JSONObject, valid: Bool) {
        let name = "\(path) \(kind)"
        var expected = valid ? family.valid : "INVALID_DATA"
        if let override = family.overrides[name] {
            expected = override.code
            overridesUsed.insert(name)
        }
        cases.append(BoundaryCase(name: name, pathText: path, params: params, expected: expected))
    }

    /// `object` with `key` set to `value`, or removed when nil.
    static func with(_ object: JSON, _ key: String, _ value: JSON?) -> JSONObject {
        var members = object.objectValue ?? [:]
        members[key] = value
        return members
    }

    // MARK: Values made from the spec

    private func validValue(_ parameter: RPCSpec.Parameter) -> JSON {
        guard parameter.isArray else { return validElement(parameter) }
        return array(parameter, count: max(1, parameter.sizeRange.lowerBound), from: .array([validElement(parameter)]))
    }

    /// The smallest valid value of the parameter's type.
    private func validElement(_ parameter: RPCSpec.Parameter) -> JSON {
        if let value = family.values[parameter.type] { return value }
        switch parameter.type {
        case "Integer": return .integer(Int64(max(parameter.integerRange.lowerBound, 0)))
        case "Float": return .double(max(parameter.floatRange.lowerBound, 0))
        case "String": return .string(String(repeating: "a", count: max(1, parameter.lengthRange.lowerBound)))
        case "Boolean": return false
        default:
            if let elements = spec.enums[parameter.type] { return .string(elements[0].name) }
            var object = JSONObject()
            for member in spec.structs[parameter.type]?.parameters ?? [] where member.isMandatory && member.defaultValue == nil {
                object[member.name] = validValue(member)
            }
            return .object(object)
        }
    }

    /// `count` elements like the first of `value`, made distinct where Core needs it.
    private func array(_ parameter: RPCSpec.Parameter, count: Int, from value: JSON) -> JSON {
        let first = value.arrayValue?.first ?? validElement(parameter)
        let distinct = family.distinct[parameter.name]
        return .array((0..<count).map { index in distinct.map { $0(first, index) } ?? first })
    }

    private func wrongType(_ parameter: RPCSpec.Parameter) -> JSON {
        if parameter.isArray { return ["not": "an array"] }
        switch parameter.type {
        case "Integer", "Float": return "1"
        case "Boolean": return "true"
        case "String": return 1
        default: return spec.enums[parameter.type] != nil ? 1 : ["not an object"]
        }
    }
}
