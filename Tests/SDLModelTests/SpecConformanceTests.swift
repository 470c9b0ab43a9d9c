import SDLModel
import Testing
import TestSupport

/// The model is MOBILE_API.xml: every parameter of every request and response the simulator
/// serves, every notification it sends and every struct they carry, with the same type,
/// limits, mandatory flag, default, enum values and version history, except for the
/// deliberate differences listed below. A parameter added to one side only fails here.
@Suite(.enabled(if: RPCSpec.mobileAPI != nil, Comment(rawValue: RPCSpec.mobileAPIMissing))) struct ModelMatchesTheSpec {
    /// What the contract knowingly does differently, each decided by the line it names.
    /// Keyed by `Message.parameter`; docs/behaviour.md lists the same.
    static let deliberateDifferences: [String: String] = [
        // SDL-RULES §14: "the simulator also accepts `sdlMsgVersion` in the request … and writes
        // both names in the response" (the request side is read before the model, under
        // `syncMsgVersion`).
        "RegisterAppInterface.response.sdlMsgVersion": "extra",
        // SDL-RULES §9: "(binary data) bytes in the hybrid message"; PROTOCOL.md §3 carries
        // them as base64 in `bulkData`.
        "PutFile.request.bulkData": "extra",
        // SDL-RULES §14: "OnKeyboardInput data may be empty ("") and is forwarded as typed"
        // (and §8: the HMI side's minlength is 0).
        "OnKeyboardInput.notification.data": "String, 0...500, optional",
    ]

    @Test func everyRequestAndResponseDeclaresWhatTheSpecDeclares() {
        var checker = Checker()
        checker.checkRequests()
        for mismatch in checker.mismatches { Issue.record(Comment(rawValue: mismatch)) }
        #expect(checker.checkedParameters > 300)
    }

    @Test func everyNotificationDeclaresWhatTheSpecDeclares() {
        var checker = Checker()
        checker.checkNotifications()
        for mismatch in checker.mismatches { Issue.record(Comment(rawValue: mismatch)) }
    }

    @Test func everyDifferenceKeptIsStillADifference() {
        // A listed difference that came into line with the spec is struck off the list.
        var checker = Checker()
        checker.checkRequests()
        checker.checkNotifications()
        #expect(Set(checker.differencesSeen) == Set(Self.deliberateDifferences.keys))
    }
}

/// Compares the model's descriptions with the spec's declarations, message by message and
/// into every struct they hold (each struct once).
private struct Checker {
    // The suite runs only when the spec is there.
    private let spec = RPCSpec.mobileAPI!
    private(set) var checkedParameters = 0
    private(set) var mismatches: [String] = []
    private(set) var differencesSeen: [String] = []
    private var structsChecked: Set<String> = []

    mutating func checkRequests() {
        for request in allSDLRequests where request.functionID != 0 {
            guard let declared = spec.request(request.method), let response = spec.response(request.method) else {
                mismatches.append("\(request.method) is not a function of MOBILE_API.xml")
                continue
            }
            compare(request.parameterDescriptions, with: declared, key: "\(request.method).request")
            // success, resultCode and info are every response's: SDLResponse carries them.
            let own = response.parameters.filter { !["success", "resultCode", "info"].contains($0.name) }
            compare(
                Self.responseDescriptions(request), with: RPCSpec.Message(name: response.name, since: response.since, parameters: own),
                key: "\(request.method).response")
        }
    }

    mutating func checkNotifications() {
        for notification in allSDLNotifications {
            guard let declared = spec.notification(notification.method) else {
                mismatches.append("\(notification.method) is not a notification of MOBILE_API.xml")
                continue
            }
            compare(notification.parameterDescriptions, with: declared, key: "\(notification.method).notification")
        }
    }

    private static func responseDescriptions<R: SDLRequest>(_ request: R.Type) -> [ParameterDescription] {
        R.ResponseParameters.parameterDescriptions
    }

    private mutating func compare(_ model: [ParameterDescription], with declared: RPCSpec.Message, key: String) {
        var structs: [(any SDLStruct.Type, String)] = []
        for parameter in declared.parameters {
            let name = "\(key).\(parameter.name)"
            guard let described = model.first(where: { $0.name == parameter.name }) else {
                mismatches.append("\(name) is in MOBILE_API.xml but not in the model")
                continue
            }
            checkedParameters += 1
            let expected = Declaration(parameter, in: declared, spec: spec)
            let actual = Declaration(described, in: declared)
            if expected != actual {
                if ModelMatchesTheSpec.deliberateDifferences[name] == actual.summary {
                    differencesSeen.append(name)
                } else {
                    mismatches.append("\(name): MOBILE_API.xml declares \(expected.summary); the model \(actual.summary)")
                }
            }
            if let structType = described.structType, structsChecked.insert(structType.sdlName).inserted {
                structs.append((structType, parameter.type))
            }
        }
        for extra in model where declared.parameter(extra.name) == nil {
            let name = "\(key).\(extra.name)"
            if ModelMatchesTheSpec.deliberateDifferences[name] == "extra" {
                differencesSeen.append(name)
            } else {
                mismatches.append("\(name) is in the model but not in MOBILE_API.xml")
            }
        }
        for (structType, specName) in structs {
            guard let declaredStruct = spec.structs[specName] else {
                mismatches.append("\(specName) is not a struct of MOBILE_API.xml")
                continue
            }
            compare(structType.parameterDescriptions, with: declaredStruct, key: specName)
        }
    }
}

/// One parameter's declaration in the terms both sides share.
private struct Declaration: Equatable {
    var type: ParameterType
    var isMandatory: Bool
    var defaultValue: String?
    /// nil: as old as the message or struct that holds it.
    var since: String?
    var until: String?
    var mandatoryBefore: String?

    /// From MOBILE_API.xml.
    init(_ parameter: RPCSpec.Parameter, in message: RPCSpec.Message, spec: RPCSpec) {
        let element: ParameterType =
            switch parameter.type {
            case "Integer": .integer(parameter.integerRange)
            case "Float": .float(parameter.floatRange)
            case "String": .string(parameter.lengthRange)
            case "Boolean": .boolean
            default:
                if let elements = spec.enums[parameter.type] {
                    .enumeration(name: parameter.type, values: elements.map(\.name).sorted())
                } else {
                    .structure(parameter.type)
                }
            }
        type = parameter.isArray ? .array(parameter.sizeRange, element) : element
        // A parameter with a default is filled in when absent: optional on the wire.
        isMandatory = parameter.isMandatory && parameter.defaultValue == nil
        defaultValue = parameter.defaultValue.map { value in
            switch parameter.type {
            case "Integer", "Float", "Boolean": value
            default: "\"\(value)\""
            }
        }
        since = Self.normalized(parameter.introducedIn, in: message)
        until = parameter.until
        mandatoryBefore = parameter.mandatoryBefore
    }

    /// From the model.
    init(_ described: ParameterDescription, in message: RPCSpec.Message) {
        type = Self.sortingEnumValues(described.type)
        isMandatory = described.isMandatory
        defaultValue = described.defaultValue
        since = Self.normalized(described.since?.description, in: message)
        until = nil
        mandatoryBefore = described.mandatoryBefore?.description
    }

    /// A `since` no later than the holder's says nothing more than the holder's.
    private static func normalized(_ since: String?, in message: RPCSpec.Message) -> String? {
        guard let since else { return nil }
        let version = RPCSpec.version(since)
        if let holder = message.since, !RPCSpec.version(holder).lexicographicallyPrecedes(version) { return nil }
        return version[2] == 0 ? "\(version[0]).\(version[1])" : version.map(String.init).joined(separator: ".")
    }

    private static func sortingEnumValues(_ type: ParameterType) -> ParameterType {
        switch type {
        case .enumeration(let name, let values): .enumeration(name: name, values: values.sorted())
        case .array(let count, let element): .array(count, sortingEnumValues(element))
        default: type
        }
    }

    var summary: String {
        var text = Self.text(type)
        text += isMandatory ? ", mandatory" : ", optional"
        if let defaultValue { text += ", default \(defaultValue)" }
        if let since { text += ", since \(since)" }
        if let until { text += ", until \(until)" }
        if let mandatoryBefore { text += ", mandatory before \(mandatoryBefore)" }
        return text
    }

    private static func text(_ type: ParameterType) -> String {
        switch type {
        case .integer(let range): "Integer, \(range)"
        case .float(let range): "Float, \(range)"
        case .boolean: "Boolean"
        case .string(let range): "String, \(range)"
        case .array(let count, let element): "array of \(count) × \(text(element))"
        case .enumeration(let name, let values): "\(name) {\(values.joined(separator: ", "))}"
        case .structure(let name): name
        }
    }
}
