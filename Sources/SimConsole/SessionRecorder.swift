import Glibc
import JSONCodec

/// Writes a session as a conformance fixture (JSON lines): a header naming the simulator
/// options, then `{"send":…}` for each message sent to the simulator and `{"expect":…}` for
/// each message it sent back, in order. Each line is written at once, so a session that ends
/// abruptly still leaves a readable fixture.
public final class SessionRecorder {
    private let descriptor: Int32
    private let masksClock: Bool

    /// `options` are the fixture's header options (profile, quota, autoActivate, ...).
    /// With `masksClock` (a real-clock session), times the clock decides are recorded as
    /// `"$any"`, since a replay cannot reproduce them.
    public init(path: String, options: JSONObject, masksClock: Bool) throws(RecordingError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RecordingError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        self.masksClock = masksClock
        write([
            "fixture": "recorded-session", "rules": "recorded with hu-sim --record", "options": .object(options),
        ])
    }

    deinit { close(descriptor) }

    /// One line as sent: a message when it is one, else its text as it was.
    func send(line: [UInt8]) {
        if let message = try? JSON.parse(line), message.objectValue != nil || message.arrayValue != nil {
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
        write(["expect": masksClock ? Self.maskingClock(message) : message])
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
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

public struct RecordingError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
