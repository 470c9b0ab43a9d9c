import Foundation
import JSONCodec

/// Why a fixture file cannot be read; names the file and line.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    public let origin: StepOrigin?
    public let message: String

    public var description: String { origin.map { "\($0): \(message)" } ?? message }
}

/// Reads fixture files: a header line, then one step per line (see docs/conformance.md).
public enum FixtureLoader {
    static let headerKeys: Set<String> = ["fixture", "rules", "options", "skip", "apps", "comment"]
    static let optionKeys: Set<String> = ["profile", "quota", "autoActivate", "maxLineBytes", "maxApps", "storage"]
    /// The steps a step's `app` may go with: what an app sends, and what it receives.
    static let appStepKinds: Set<String> = ["send", "expect", "expectAnyOrder"]
    static let stepKeys: Set<String> = ["send", "sendRaw", "expect", "expectAnyOrder", "expectNothingMore", "expectState", "disconnect", "include"]
    /// Deeper include chains are taken for a cycle.
    static let maximumIncludeDepth = 16

    public static func load(path: String) throws(FixtureError) -> Fixture {
        let lines = try readLines(path, origin: nil)
        guard let first = lines.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }) else {
            throw FixtureError(origin: nil, message: "\(path) is empty: its first line must be the header")
        }
        let headerOrigin = StepOrigin(file: path, line: lines[first].number)
        let header = try parseObject(lines[first].text, headerOrigin)
        guard header["fixture"] != nil else {
            throw FixtureError(origin: headerOrigin, message: "the first line must be the header, {\"fixture\":\"<name>\", ...}")
        }
        try checkKeys(header, allowed: headerKeys, headerOrigin, what: "header")
        guard let name = header["fixture"]?.stringValue else {
            throw FixtureError(origin: headerOrigin, message: "\"fixture\" must be a string")
        }
        let apps = try parseApps(header["apps"], headerOrigin)
        let steps = try parseSteps(lines[(first + 1)...], file: path, includedFrom: [])
        for step in steps {
            if case .disconnect(let app) = step.action, !apps.contains(app) {
                throw FixtureError(origin: step.origin, message: "\"disconnect\": \"\(app)\" is not one of the header's apps (\(apps.isEmpty ? "none" : apps.joined(separator: ", ")))")
            }
            guard let app = step.app else { continue }
            guard apps.contains(app) else {
                throw FixtureError(origin: step.origin, message: "\"app\": \"\(app)\" is not one of the header's apps (\(apps.isEmpty ? "none" : apps.joined(separator: ", ")))")
            }
            if case .send(let message) = step.action, let problem = SDLChannel.problem(sending: message) {
                throw FixtureError(origin: step.origin, message: "the app \(app) sends over SDL only, and \(problem)")
            }
        }
        return Fixture(
            name: name,
            rules: try optionalString(header, "rules", headerOrigin),
            options: try parseOptions(header["options"], headerOrigin),
            skipReason: try optionalString(header, "skip", headerOrigin),
            apps: apps,
            steps: steps)
    }

    /// The header's `apps`: distinct names, each an SDL connection of its own.
    private static func parseApps(_ value: JSON?, _ origin: StepOrigin) throws(FixtureError) -> [String] {
        guard let value else { return [] }
        guard let names = value.arrayValue?.compactMap(\.stringValue), names.count == value.arrayValue?.count, !names.isEmpty,
            names.allSatisfy({ !$0.isEmpty }), Set(names).count == names.count
        else {
            throw FixtureError(origin: origin, message: "\"apps\" takes a non-empty array of distinct names, e.g. [\"radio\"]")
        }
        return names
    }

    // MARK: Lines and steps

    struct Line {
        let number: Int
        let text: Substring
    }

    private static func readLines(_ path: String, origin: StepOrigin?) throws(FixtureError) -> [Line] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FixtureError(origin: origin, message: "cannot read \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            Line(number: index + 1, text: line.hasSuffix("\r") ? line.dropLast() : line)
        }
    }

    private static func parseSteps(_ lines: ArraySlice<Line>, file: String, includedFrom: [String]) throws(FixtureError) -> [Step] {
        var steps: [Step] = []
        for line in lines where !line.text.allSatisfy(\.isWhitespace) {
            let origin = StepOrigin(file: file, line: line.number, includedFrom: includedFrom)
            let object = try parseObject(line.text, origin)
            try checkKeys(object, allowed: stepKeys.union(["comment", "app"]), origin, what: "step")
            let kinds = object.keys.filter(stepKeys.contains)
            if kinds.isEmpty {
                guard object["comment"] != nil else { throw FixtureError(origin: origin, message: "a step needs one of \(stepKeys.sorted().joined(separator: ", "))") }
                continue
            }
            guard kinds.count == 1, let kind = kinds.first, let value = object[kind] else {
                throw FixtureError(origin: origin, message: "one step per line, found \(kinds.joined(separator: " and "))")
            }
            let app = try optionalString(object, "app", origin)
            if app != nil, !appStepKinds.contains(kind) {
                throw FixtureError(origin: origin, message: "\"app\" goes with \(appStepKinds.sorted().joined(separator: ", ")) only, not \(kind)")
            }
            if kind == "include" {
                steps += try include(value, origin)
            } else {
                steps.append(Step(action: try action(kind, value, origin), app: app, origin: origin))
            }
        }
        return steps
    }

    private static func action(_ kind: String, _ value: JSON, _ origin: StepOrigin) throws(FixtureError) -> Step.Action {
        switch kind {
        case "send":
            guard value.objectValue != nil || value.arrayValue != nil else {
                throw FixtureError(origin: origin, message: "\"send\" takes a message object or a batch array; use \"sendRaw\" for anything else")
            }
            return .send(value)
        case "sendRaw": return .sendRaw(try rawBytes(value, origin))
        case "expect": return .expect(value)
        case "expectAnyOrder":
            guard let patterns = value.arrayValue, !patterns.isEmpty else {
                throw FixtureError(origin: origin, message: "\"expectAnyOrder\" takes a non-empty array of messages")
            }
            return .expectAnyOrder(patterns)
        case "expectNothingMore":
            guard value == .bool(true) else { throw FixtureError(origin: origin, message: "\"expectNothingMore\" takes true") }
            return .expectNothingMore
        case "disconnect":
            guard let app = value.stringValue else { throw FixtureError(origin: origin, message: "\"disconnect\" takes the name of one of the header's apps") }
            return .disconnect(app)
        default:
            guard value.objectValue != nil else { throw FixtureError(origin: origin, message: "\"expectState\" takes an object") }
            return .expectState(value)
        }
    }

    /// `"text"`, or `{"repeat":"x","count":N,"prefix":"...","suffix":"..."}` for long lines.
    private static func rawBytes(_ value: JSON, _ origin: StepOrigin) throws(FixtureError) -> [UInt8] {
        if let text = value.stringValue { return Array(text.utf8) }
        guard let spec = value.objectValue else {
            throw FixtureError(origin: origin, message: "\"sendRaw\" takes a string or {\"repeat\",\"count\",\"prefix\",\"suffix\"}")
        }
        try checkKeys(spec, allowed: ["repeat", "count", "prefix", "suffix"], origin, what: "sendRaw")
        guard let unit = spec["repeat"]?.stringValue, let count = spec["count"]?.integerValue, count >= 0 else {
            throw FixtureError(origin: origin, message: "\"sendRaw\" needs \"repeat\" (a string) and \"count\" (0 or more)")
        }
        let prefix = try optionalString(spec, "prefix", origin) ?? ""
        let suffix = try optionalString(spec, "suffix", origin) ?? ""
        var bytes = Array(prefix.utf8)
        let unitBytes = Array(unit.utf8)
        bytes.reserveCapacity(bytes.count + unitBytes.count * Int(count) + suffix.utf8.count)
        for _ in 0..<count { bytes += unitBytes }
        return bytes + Array(suffix.utf8)
    }

    /// Another file's steps; its path is relative to the fixtures folder, found as the
    /// nearest folder above the including file that holds that path.
    private static func include(_ value: JSON, _ origin: StepOrigin) throws(FixtureError) -> [Step] {
        guard let relative = value.stringValue, !relative.isEmpty else {
            throw FixtureError(origin: origin, message: "\"include\" takes a path relative to fixtures/conformance")
        }
        let chain = ["\(origin.file):\(origin.line)"] + origin.includedFrom
        guard chain.count <= maximumIncludeDepth else {
            throw FixtureError(origin: origin, message: "includes nested more than \(maximumIncludeDepth) deep (a cycle?)")
        }
        var folder = URL(fileURLWithPath: origin.file).deletingLastPathComponent().standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: candidate) {
                let path = relativeToCurrentFolder(candidate)
                let lines = try readLines(path, origin: origin)
                return try parseSteps(lines[...], file: path, includedFrom: chain)
            }
            guard folder.path != "/" else { break }
            folder.deleteLastPathComponent()
        }
        throw FixtureError(origin: origin, message: "cannot find \"\(relative)\" in any folder above \(origin.file)")
    }

    // MARK: Header

    private static func parseOptions(_ value: JSON?, _ origin: StepOrigin) throws(FixtureError) -> FixtureOptions {
        var options = FixtureOptions()
        guard let value else { return options }
        guard let object = value.objectValue else { throw FixtureError(origin: origin, message: "\"options\" must be an object") }
        try checkKeys(object, allowed: optionKeys, origin, what: "option")
        options.profile = try optionalString(object, "profile", origin)
        options.quota = try optionalInteger(object, "quota", origin)
        options.maxLineBytes = try optionalInteger(object, "maxLineBytes", origin)
        options.maxApps = try optionalInteger(object, "maxApps", origin)
        options.autoActivate = try optionalBool(object, "autoActivate", origin) ?? true
        options.storage = try optionalBool(object, "storage", origin) ?? false
        return options
    }

    // MARK: Helpers

    private static func parseObject(_ text: Substring, _ origin: StepOrigin) throws(FixtureError) -> JSONObject {
        let json: JSON
        do {
            json = try JSON.parse(Array(text.utf8))
        } catch {
            throw FixtureError(origin: origin, message: "not JSON: \(error)")
        }
        guard let object = json.objectValue else { throw FixtureError(origin: origin, message: "each line must be a JSON object") }
        return object
    }

    private static func checkKeys(_ object: JSONObject, allowed: Set<String>, _ origin: StepOrigin, what: String) throws(FixtureError) {
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw FixtureError(origin: origin, message: "unknown \(what) key \"\(unknown)\" (known: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    private static func optionalString(_ object: JSONObject, _ key: String, _ origin: StepOrigin) throws(FixtureError) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = value.stringValue else { throw FixtureError(origin: origin, message: "\"\(key)\" must be a string") }
        return string
    }

    private static func optionalInteger(_ object: JSONObject, _ key: String, _ origin: StepOrigin) throws(FixtureError) -> Int64? {
        guard let value = object[key] else { return nil }
        guard let integer = value.integerValue else { throw FixtureError(origin: origin, message: "\"\(key)\" must be an integer") }
        return integer
    }

    private static func optionalBool(_ object: JSONObject, _ key: String, _ origin: StepOrigin) throws(FixtureError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard let bool = value.boolValue else { throw FixtureError(origin: origin, message: "\"\(key)\" must be true or false") }
        return bool
    }
}

/// `path` relative to the current folder when it lies inside it, for short readable reports.
func relativeToCurrentFolder(_ path: String) -> String {
    let current = FileManager.default.currentDirectoryPath + "/"
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    return absolute.hasPrefix(current) ? String(absolute.dropFirst(current.count)) : absolute
}
