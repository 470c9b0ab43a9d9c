import JSONCodec
import JSONRPC
import SDLModel

/// `hu-sim call`: calls given on the command line, in the shorthand of the interactive
/// mode, run in order in one session; each reply printed, as JSON or for reading; done at
/// the first call that fails.
public enum OneShot {
    /// Splits the command line's words into calls at each `+`. A `name=value` word whose value
    /// the shell unquoted (`initialText=Pick a city`) is quoted again for the shorthand.
    public static func calls(from words: [String]) -> [String] {
        var calls: [[String]] = [[]]
        for word in words {
            if word == "+" {
                calls.append([])
            } else {
                calls[calls.count - 1].append(shorthandWord(word))
            }
        }
        return calls.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
    }

    private static func shorthandWord(_ word: String) -> String {
        guard let equals = word.firstIndex(of: "="), !word[..<equals].contains(where: { $0 == " " || $0 == "\t" }),
            word.contains(where: { $0 == " " || $0 == "\t" })
        else { return word }
        let value = word[word.index(after: equals)...]
        if let first = value.first, "[{\"'".contains(first) { return word }
        return String(word[...equals]) + JSON.string(String(value)).serializedString
    }

    public struct Outcome: Sendable {
        /// The replies (one JSON line each, or the readable form with `pretty`).
        public var stdout = ""
        /// Why a call failed.
        public var stderr = ""
        /// 0 when every call succeeded, 1 when one failed or was never answered, 64 when one
        /// could not be read.
        public var status: Int32 = 0
    }

    /// Runs `calls` on `link` (the virtual clock: `wait 5s` moves it), after registering an
    /// app unless `registers` is false or the first call registers one itself.
    public static func run(_ calls: [String], on link: SimulatorLink, registers: Bool, pretty: Bool, width: Int = 80) -> Outcome {
        var run = Run(link: link, printer: MessagePrinter(style: Style(usesColor: false), width: width), pretty: pretty)
        let registersItself = calls.first.map { first in
            let word = first.split(separator: " ").first.map(String.init) ?? ""
            if case .command(let command)? = try? Interpreter.resolve(word) { return command.name == "register" }
            return MethodCatalog.exactly(word) == RegisterAppInterface.method
        } ?? false
        if registers && !registersItself {
            run.perform("register", quietly: true)
        }
        for call in calls where run.outcome.status == 0 {
            run.perform(call, quietly: false)
        }
        run.finish()
        return run.outcome
    }

    /// One invocation's session: requests sent, their replies awaited (a later call may be
    /// what answers an earlier one: a tap ends an interaction).
    private struct Run {
        let link: SimulatorLink
        let printer: MessagePrinter
        let pretty: Bool
        var outcome = Outcome()
        private var nextID: Int64 = 1
        /// Requests sent and not yet answered: their call, method, and whether to print the reply.
        private var waiting: [(id: Int64, call: String, method: String, quietly: Bool)] = []
        /// The request sent last is the registration done before the calls: what it causes
        /// is not printed.
        private var sendingQuietly = false

        init(link: SimulatorLink, printer: MessagePrinter, pretty: Bool) {
            self.link = link
            self.printer = printer
            self.pretty = pretty
        }

        mutating func perform(_ call: String, quietly: Bool) {
            let actions: [ConsoleAction]
            do {
                actions = try Interpreter.interpret(call)
            } catch {
                return fail(64, "\(call): \(error.message)")
            }
            for action in actions where outcome.status == 0 {
                switch action {
                case .request(let method, let params): send(method, params, call: call, quietly: quietly)
                case .wait(let milliseconds): send(SimAdvanceTime.method, ["ms": .integer(Int64(milliseconds))], call: call, quietly: true)
                case .raw: fail(64, "\(call): hu-sim call takes shorthand calls; a JSON-RPC line goes on stdin")
                case .print(let lines): outcome.stdout += lines.map { $0 + "\n" }.joined()
                case .help(let topic):
                    do { outcome.stdout += try Help.text(for: topic).map { $0 + "\n" }.joined() } catch { fail(64, error.message) }
                case .drawScreen, .quit: break
                }
            }
        }

        private mutating func send(_ method: String, _ params: JSONObject, call: String, quietly: Bool) {
            let id = nextID
            nextID += 1
            var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
            if !params.isEmpty { message["params"] = .object(params) }
            waiting.append((id, call, method, quietly))
            sendingQuietly = quietly
            JSON.object(message).serialized.withUnsafeBytes { link.handle(.text($0)) }
            let output = link.output
            link.output.removeAll(keepingCapacity: true)
            LineFramer.forEachLine(in: output) { line in
                if let reply = try? JSON.parse(line) { read(reply) }
            }
        }

        private mutating func read(_ message: JSON) {
            guard let id = message["id"]?.integerValue, message["method"] == nil,
                let index = waiting.firstIndex(where: { $0.id == id })
            else {
                if pretty && !sendingQuietly { outcome.stdout += printer.lines(for: message, method: nil).map { $0 + "\n" }.joined() }
                return
            }
            let request = waiting.remove(at: index)
            if !request.quietly {
                outcome.stdout += pretty
                    ? printer.lines(for: message, method: request.method).map { $0 + "\n" }.joined()
                    : (message["result"] ?? JSON.object(["error": message["error"] ?? .null])).serializedString + "\n"
            }
            if let error = message["error"] {
                fail(1, "\(request.method): error \(error["code"].map(PrettyJSON.inline) ?? "?"): \(error["message"]?.stringValue ?? "")")
            } else if message["result"]?["success"] == .bool(false) {
                let code = message["result"]?["resultCode"]?.stringValue ?? "?"
                fail(1, "\(request.method): \(code)" + (message["result"]?["info"]?.stringValue.map { " — " + $0 } ?? ""))
            }
        }

        /// After the last call: a request still unanswered fails the run.
        mutating func finish() {
            guard outcome.status == 0, let first = waiting.first else { return }
            fail(
                1,
                "\(first.method) (\(first.call)) was not answered: it waits for the head unit's user; "
                    + "add the user's action (+ tap 1, + close) or time (+ wait 10s)")
        }

        private mutating func fail(_ status: Int32, _ reason: String) {
            guard outcome.status == 0 else { return }
            outcome.status = status
            outcome.stderr += "hu-sim call: \(reason)\n"
        }
    }
}
