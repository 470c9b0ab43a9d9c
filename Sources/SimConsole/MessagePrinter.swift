import JSONCodec

/// Replies and notifications as a person reads them: a coloured head line (✓ success,
/// ✗ failure or error, ◆ notification), then the message's other members, one a line.
struct MessagePrinter {
    let style: Style
    var width = 80
    /// A long member (display capabilities, say) is cut after this many lines; the state
    /// a person asked for (`Sim.GetState`) never is.
    var linesPerMember = 12

    /// `method` is the request's, when the console knows which request `message` answers.
    func lines(for message: JSON, method: String?) -> [String] {
        if case .array(let batch) = message { return batch.flatMap { lines(for: $0, method: nil) } }
        guard let object = message.objectValue else { return PrettyJSON.lines(message, width: width) }
        let id = object["id"].map { " #" + PrettyJSON.inline($0) } ?? ""
        if let name = object["method"]?.stringValue {
            return notification(name + id, params: object["params"]?.objectValue ?? [:])
        }
        if let result = object["result"] {
            return reply(to: (method ?? "reply") + id, result, limit: method == "Sim.GetState" ? nil : linesPerMember)
        }
        if let error = object["error"]?.objectValue { return failure(of: (method ?? "request") + id, error) }
        return PrettyJSON.lines(message, width: width)
    }

    /// What was sent, dimmed: the shorthand's JSON-RPC line, so the protocol stays visible.
    func sent(_ line: String) -> String { style.dim("→ " + line) }

    private func reply(to request: String, _ result: JSON, limit: Int?) -> [String] {
        guard var members = result.objectValue, let code = members["resultCode"]?.stringValue else {
            return [style.green("✓ \(request)")] + PrettyJSON.lines(result, indent: "    ", width: width)
        }
        let succeeded = members["success"] == .bool(true)
        let info = members["info"]?.stringValue
        for key in ["success", "resultCode", "info"] { members[key] = nil }
        let head = "\(succeeded ? "✓" : "✗") \(request) \(code)" + (info.map { " — " + $0 } ?? "")
        return [succeeded ? style.green(head) : style.red(head)] + memberLines(members, limit: limit)
    }

    private func failure(of request: String, _ error: JSONObject) -> [String] {
        let code = error["code"].map(PrettyJSON.inline) ?? "?"
        let message = error["message"]?.stringValue ?? ""
        var lines = [style.red("✗ \(request) error \(code): \(message)")]
        if let data = error["data"] { lines += PrettyJSON.lines(data, indent: "    ", label: "data: ", width: width) }
        return lines
    }

    /// The parameters on the head line when they fit there, else below it.
    private func notification(_ head: String, params: JSONObject) -> [String] {
        let body = memberLines(params, limit: linesPerMember)
        if body.count == 1, let only = body.first, head.count + 3 + only.count <= width {
            return [style.cyan("◆ \(head)  " + only.dropFirst(4))]
        }
        return [style.cyan("◆ \(head)")] + body
    }

    /// Short members packed several to a line (`hmiLevel: FULL, systemContext: MAIN`),
    /// longer ones pretty-printed on lines of their own, in the message's order.
    private func memberLines(_ members: JSONObject, limit: Int?) -> [String] {
        let indent = "    "
        var lines: [String] = []
        var packed: [String] = []
        for member in members {
            let short = "\(member.key): \(PrettyJSON.word(member.value))"
            if short.count <= width / 2 {
                packed.append(short)
                continue
            }
            lines += Help.wrap(packed, separator: ", ", indent: indent, width: width)
            packed = []
            var pretty = PrettyJSON.lines(member.value, indent: indent, label: member.key + ": ", width: width)
            if let limit, pretty.count > limit + 1 {
                let hidden = pretty.count - limit
                pretty = Array(pretty.prefix(limit)) + [style.dim(indent + "… \(hidden) more lines")]
            }
            lines += pretty
        }
        return lines + Help.wrap(packed, separator: ", ", indent: indent, width: width)
    }
}
