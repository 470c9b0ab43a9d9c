import Foundation
import JSONCodec

/// A raw HTTP/1.1 and WebSocket client for `hu-sim --web`, written by hand so a test can send
/// what no browser would. Every read waits at most `seconds`.
final class WebTestClient {
    private let connection: RawConnection
    private var received: [UInt8] = []
    private(set) var closedByPeer = false

    init(port: UInt16) throws {
        connection = try RawConnection(port: port)
    }

    func send(_ bytes: [UInt8]) { connection.send(bytes) }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Closes the connection, as a page closed in the browser.
    func close() { connection.close() }

    // MARK: HTTP

    struct Response {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends a GET (or `method`, with `body`) for `target` with the usual headers plus `headers`.
    func request(
        _ target: String, method: String = "GET", headers: [String: String] = [:], body: [UInt8]? = nil, seconds: Double = 10
    ) throws -> Response {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: \(headers["Host"] ?? "127.0.0.1")"]
        lines += headers.filter { $0.key != "Host" }.map { "\($0.key): \($0.value)" }
        if let body { lines += ["Content-Type: application/json; charset=utf-8", "Content-Length: \(body.count)"] }
        send(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body ?? []))
        return try response(seconds: seconds)
    }

    /// Reads one response: its head, then a body of Content-Length bytes (or to the close).
    func response(seconds: Double = 10) throws -> Response {
        let deadline = Date().addingTimeInterval(seconds)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = received.firstRange(of: separator)?.upperBound
            if headEnd == nil { try pump(until: deadline, "the head of a response") }
        }
        let head = String(decoding: received[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = head.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw LiveProcessError("not an HTTP response: \(head.first ?? "")")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() where line.contains(":") {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) }
        while length.map({ received.count - headEnd! < $0 }) ?? !closedByPeer {
            try pump(until: deadline, "the body of a \(status) response")
        }
        let bodyEnd = length.map { headEnd! + $0 } ?? received.count
        defer { received.removeFirst(bodyEnd) }
        return Response(status: status, headers: headers, body: Array(received[headEnd!..<bodyEnd]))
    }

    // MARK: WebSocket

    /// Asks for the WebSocket upgrade on `/socket`; returns the server's answer (101 when upgraded).
    func upgrade(origin: String? = nil, host: String = "127.0.0.1") throws -> Response {
        var headers = [
            "Host": host, "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        ]
        if let origin { headers["Origin"] = origin }
        var lines = ["GET /socket HTTP/1.1"] + headers.map { "\($0.key): \($0.value)" }
        lines.append("")
        send(lines.joined(separator: "\r\n") + "\r\n")
        let deadline = Date().addingTimeInterval(10)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while received.firstRange(of: separator) == nil { try pump(until: deadline, "the answer to the upgrade") }
        let end = received.firstRange(of: separator)!.upperBound
        let head = String(decoding: received[..<end], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { return try response() }
        received.removeFirst(end)
        return Response(status: 101, headers: [:], body: [])
    }

    /// Sends a text message, masked as a client must.
    func sendMessage(_ text: String, opcode: UInt8 = 0x1) {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        send(frame)
    }

    func sendRequest(id: Int, _ method: String, _ params: JSON? = nil) {
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method)]
        if let params { message["params"] = params }
        sendMessage(JSON.object(message).serializedString)
    }

    /// The next JSON message from the server that `matches` (each text message may hold several lines).
    @discardableResult func nextMessage(seconds: Double = 10, _ what: String, matching matches: (JSON) -> Bool) throws -> JSON {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            while let (opcode, payload) = takeFrame() {
                if opcode == 0x8 { closedByPeer = true }
                guard opcode == 0x1 else { continue }
                for line in String(decoding: payload, as: UTF8.self).split(separator: "\n") {
                    if let message = try? JSON.parse(String(line)), matches(message) { return message }
                }
            }
            try pump(until: deadline, what)
        }
    }

    /// Waits (bounded) for a close frame or the end of the connection.
    func waitForClose(seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            while let (opcode, _) = takeFrame() {
                if opcode == 0x8 { return true }
            }
            if closedByPeer { return true }
            try? pump(until: deadline, "the close")
        }
        return closedByPeer
    }

    /// One unmasked frame from the server, if a whole one has arrived.
    private func takeFrame() -> (UInt8, [UInt8])? {
        guard received.count >= 2 else { return nil }
        var length = Int(received[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard received.count >= 4 else { return nil }
            length = Int(received[2]) << 8 | Int(received[3])
            offset = 4
        } else if length == 127 {
            guard received.count >= 10 else { return nil }
            length = received[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard received.count >= offset + length else { return nil }
        let frame = (received[0] & 0x0F, Array(received[offset..<offset + length]))
        received.removeFirst(offset + length)
        return frame
    }

    private func pump(until deadline: Date, _ what: String) throws {
        guard !closedByPeer else { throw LiveProcessError("the server closed the connection before \(what)") }
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { throw LiveProcessError("no \(what) within the time allowed") }
        received += connection.receive(milliseconds: Int32(min(left, 0.1) * 1000))
        closedByPeer = connection.closedByPeer
    }
}
