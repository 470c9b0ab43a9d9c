import Glibc
import JSONCodec
import SystemPackage

/// Writes a session as a conformance fixture (JSON lines): a header naming the fixture after
/// its file and the simulator options, then `{"send":…}` for each message sent to the
/// simulator and `{"expect":…}` for each message it sent back, in order. Each line is written
/// at once, so a session that ends abruptly still leaves a readable fixture.
///
/// What a recording is seldom about is written as the matchers docs/conformance.md
/// recommends, so that the fixture survives a change of profile or wording: `info` texts and
/// JSON-RPC error messages are `"$any"`, capabilities (in the registration's answer,
/// `OnSystemCapabilityUpdated`, `GetSystemCapability`) are `"$any"` or left out of a
/// `$partial` object, `OnHMIStatus` keeps the level, audio state and context, and
/// `Sim.GetState` the screen and the store.
public final class SessionRecorder {
    private let descriptor: Int32
    private let masksClock: Bool
    /// The methods of requests sent and not yet answered, by id: what a reply answers.
    private var methodsByID: [JSON: String] = [:]

    /// `options` are the fixture's header options (profile, quota, autoActivate, ...).
    /// With `masksClock` (a real-clock session), times the clock decides are recorded as
    /// `"$any"`, since a replay cannot reproduce them.
    public init(path: String, options: JSONObject, masksClock: Bool) throws(RecordingError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RecordingError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        self.masksClock = masksClock
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.hasSuffix(".jsonl") ? String(file.dropLast(6)) : file
        write([
            "fixture": .string(name.isEmpty ? "recorded-session" : name), "rules": "recorded with hu-sim --record",
            "options": .object(options),
        ])
    }

    deinit { close(descriptor) }

    /// One line as sent: a message when it is one, else its text as it was.
    func send(line: [UInt8]) {
        if let message = try? JSON.parse(line), message.objectValue != nil || message.arrayValue != nil {
            for request in message.arrayValue ?? [message] {
                if let id = request["id"], let method = request["method"]?.stringValue { methodsByID[id] = method }
            }
            write(["send": message])
        } else {
            write(["sendRaw": .string(String(decoding: line, as: UTF8.self))])
        }
    }

    /// A line longer than the simulator's limit: its content does not matter, only its length.
    func sendOverlongLine(byteCount: Int) {
        write(["sendRaw": ["repeat": "x", "count": .integer(Int64(byteCount))]])
    }

    func expect(_ message: JSON) {
        let expected = message.arrayValue.map { batch in JSON.array(batch.map { pattern($0) }) } ?? pattern(message)
        write(["expect": masksClock ? Self.maskingClock(expected) : expected])
    }

    /// The matcher for one message: exact where the recording is about it, open elsewhere.
    private func pattern(_ message: JSON) -> JSON {
        guard var object = message.objectValue else { return message }
        if let method = object["method"]?.stringValue, let params = object["params"]?.objectValue {
            object["params"] = .object(Self.pattern(ofNotification: method, params))
        } else if let id = object["id"], let result = object["result"]?.objectValue {
            object["result"] = .object(Self.pattern(ofResult: result, method: methodsByID.removeValue(forKey: id)))
        } else if let id = object["id"], let error = object["error"]?.objectValue {
            methodsByID[id] = nil
            var open = error
            open["message"] = "$any"
            open["data"] = nil
            object["error"] = .object(JSONObject([("$partial", true)] + open.map { ($0.key, $0.value) }))
        }
        return .object(object)
    }

    private static func pattern(ofNotification method: String, _ params: JSONObject) -> JSONObject {
        switch method {
        case "OnHMIStatus":
            return partial(params, keeping: ["hmiLevel", "audioStreamingState", "systemContext"])
        case "OnSystemCapabilityUpdated":
            return JSONObject(params.map { ($0.key, "$any") })
        default:
            return params
        }
    }

    private static func pattern(ofResult result: JSONObject, method: String?) -> JSONObject {
        var result = result
        if result["info"] != nil { result["info"] = "$any" }
        switch method {
        case "RegisterAppInterface"?:
            return partial(result, keeping: ["success", "resultCode", "info"])
        case "GetSystemCapability"?:
            if result["systemCapability"] != nil { result["systemCapability"] = "$any" }
            return result
        case "Sim.GetState"?:
            return partial(result, keeping: ["success", "resultCode", "registered", "hmiLevel", "systemContext", "interaction", "choiceSets", "files"])
        default:
            return result
        }
    }

    /// `object` as a `$partial` pattern holding only `keys`.
    private static func partial(_ object: JSONObject, keeping keys: [String]) -> JSONObject {
        JSONObject([("$partial", true)] + object.filter { keys.contains($0.key) }.map { ($0.key, $0.value) })
    }

    private static func maskingClock(_ value: JSON) -> JSON {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.map { ($0.key, ["clockMs", "msLeft"].contains($0.key) ? "$any" : maskingClock($0.value)) }))
        case .array(let elements): return .array(elements.map(maskingClock))
        default: return value
        }
    }

    private func write(_ step: JSONObject) {
        var bytes = JSON.object(step).serialized
        bytes.append(0x0A)
        _ = try? FileDescriptor(rawValue: descriptor).writeAll(bytes)
    }
}

public struct RecordingError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
