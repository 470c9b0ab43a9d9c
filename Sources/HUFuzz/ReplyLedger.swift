import JSONCodec
import JSONRPC

/// What the simulator wrote back during one chunk, checked against what it owed.
struct ReplyLedger {
    /// Replies per integer id, and whether each came inside a batch's array.
    private(set) var replies: [Int64: (count: Int, inBatch: Bool)] = [:]
    private(set) var replyCount = 0
    /// Output lines that were not JSON, or not a JSON-RPC response or notification.
    private(set) var malformed: [String] = []

    mutating func record(_ framed: LineFramer.Line) {
        switch framed {
        case .text(let line): record(line: line)
        case .tooLong: malformed.append("a line over a gibibyte")
        case .endOfTooLongLine: break
        }
    }

    mutating func record(line: UnsafeRawBufferPointer) {
        guard let message = try? JSON.parse(line) else { return malformed.append(String(decoding: line, as: UTF8.self)) }
        switch message {
        case .array(let elements) where !elements.isEmpty:
            for element in elements where !recordResponse(element, inBatch: true) {
                malformed.append(String(decoding: line, as: UTF8.self))
            }
        case .object(let object) where object["id"] == nil && object["method"]?.stringValue != nil:
            break  // a notification from the head unit
        default:
            if !recordResponse(message, inBatch: false) { malformed.append(String(decoding: line, as: UTF8.self)) }
        }
    }

    /// False unless `message` is a JSON-RPC 2.0 response: an id, and a result or an error.
    private mutating func recordResponse(_ message: JSON, inBatch: Bool) -> Bool {
        guard case .object(let object) = message, object["jsonrpc"] == .string("2.0"), let id = object["id"],
            (object["result"] != nil) != (object["error"] != nil)
        else { return false }
        replyCount += 1
        if case .integer(let id) = id {
            let earlier = replies[id]
            replies[id] = ((earlier?.count ?? 0) + 1, inBatch)
        }
        return true
    }

    /// Every way the replies break the contract for the lines sent, with the line at fault.
    func violations(for lines: [FuzzLine]) -> [(problem: String, line: FuzzLine?)] {
        var found: [(String, FuzzLine?)] = malformed.map { ("not a JSON-RPC response: \($0.prefix(300))", nil) }
        var sent = Set<Int64>()
        for line in lines {
            for (id, inBatch) in line.answered {
                sent.insert(id)
                switch replies[id] {
                case nil: found.append(("no reply for id \(id)", line))
                case let reply? where reply.count > 1: found.append(("\(reply.count) replies for id \(id)", line))
                case let reply? where reply.inBatch != inBatch:
                    found.append(("id \(id) answered \(reply.inBatch ? "inside" : "outside") a batch array", line))
                default: break
                }
            }
            for id in line.mayAnswer {
                sent.insert(id)
                if let reply = replies[id], reply.count > 1 { found.append(("\(reply.count) replies for id \(id)", line)) }
            }
        }
        for id in replies.keys where !sent.contains(id) { found.append(("a reply for id \(id), never sent", nil)) }
        return found
    }
}
