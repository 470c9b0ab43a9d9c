import JSONCodec
import SDLModel

/// What one line typed at the prompt asks for.
enum ConsoleAction: Equatable, Sendable {
    /// A request to send, with `jsonrpc` and an automatic `id` added.
    case request(method: String, params: JSONObject)
    /// A full JSON-RPC line, sent exactly as typed.
    case raw(String)
    /// Time passing: `Sim.AdvanceTime` on the virtual clock; a real wait on the real clock.
    case wait(milliseconds: Int)
    case print([String])
    /// `help` or `help TOPIC`, written for the terminal's width.
    case help(String)
    case drawScreen
    case quit
}

/// A short word for what the simulated person or the simulator does.
struct Command: Sendable {
    let name: String
    let usage: String
    let summary: String
    let parse: @Sendable (Substring) throws(ConsoleError) -> [ConsoleAction]
}

enum Interpreter {
    /// The actions for one typed line: a command, a full JSON-RPC line, or a shorthand request.
    static func interpret(_ line: String) throws(ConsoleError) -> [ConsoleAction] {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard let first = text.first else { return [] }
        if first == "{" || first == "[" { return [.raw(String(text))] }
        let word = text.prefix { $0 != " " && $0 != "\t" }
        let rest = text.dropFirst(word.count)
        switch try resolve(String(word)) {
        case .command(let command): return try command.parse(rest)
        case .method(let method): return [.request(method: method, params: try Shorthand.parameters(rest, method: method))]
        }
    }

    /// What a line's first word names.
    enum Target {
        case command(Command)
        case method(String)
    }

    /// A command by its name; a method by its name (or its part after `User.`/`Sim.`); then a
    /// command by a unique prefix, which wins over a method's (`reg` is register); then a
    /// method by a unique prefix. A word that names nothing gets the nearest name suggested.
    static func resolve(_ word: String) throws(ConsoleError) -> Target {
        let typed = word.lowercased()
        if let command = commands.first(where: { $0.name == typed }) { return .command(command) }
        if let method = MethodCatalog.exactly(word) { return .method(method) }
        let commandMatches = commands.filter { $0.name.hasPrefix(typed) }
        if commandMatches.count == 1 { return .command(commandMatches[0]) }
        if commandMatches.count > 1 {
            throw ConsoleError("\"\(word)\" is ambiguous: \(commandMatches.map(\.name).joined(separator: ", "))")
        }
        do {
            return .method(try MethodCatalog.complete(word))
        } catch {
            guard MethodCatalog.startsNoName(word) else { throw error }
            throw unknownWord(word)
        }
    }

    /// "unknown command or method", with the nearest command or method when one is near.
    static func unknownWord(_ word: String) -> ConsoleError {
        let names = commands.map(\.name) + MethodCatalog.methods + MethodCatalog.shortNames
        guard let suggestion = Spelling.closest(to: word, among: names) else {
            return ConsoleError("unknown command or method \"\(word)\"; type help for the list")
        }
        return ConsoleError("unknown command or method \"\(word)\"; did you mean \(suggestion)?")
    }

    static let commands: [Command] = [
        Command(name: "register", usage: "register [NAME] [name=value…]", summary: "registers an app (RegisterAppInterface with sensible defaults)") { rest throws(ConsoleError) in
            [.request(method: RegisterAppInterface.method, params: try registration(rest))]
        },
        Command(name: "type", usage: "type TEXT", summary: "types TEXT on the on-screen keyboard") { rest throws(ConsoleError) in
            let typed = try text(rest, missing: "type what? e.g. type Ber")
            return [keyboard(.keypress, typed)]
        },
        Command(name: "backspace", usage: "backspace [N]", summary: "deletes the last character (N times)") { rest throws(ConsoleError) in
            let times = rest.isBlank ? 1 : try count(rest, "backspace takes a number of characters, e.g. backspace 3")
            return Array(repeating: keyboard(.keypress, "BS"), count: times)
        },
        Command(name: "submit", usage: "submit", summary: "submits the keyboard's text") { rest throws(ConsoleError) in
            try noArguments(rest, "submit")
            return [keyboard(.entrySubmitted, nil)]
        },
        Command(name: "tap", usage: "tap ID | tap NAME", summary: "taps a visible choice, by its ID or its name") { rest throws(ConsoleError) in
            let target = try text(rest, missing: "tap which choice? e.g. tap 3 or tap Berlin")
            if !isQuoted(rest), let id = Int(target) { return [.request(method: UserSelectChoice.method, params: ["choiceID": .integer(Int64(id))])] }
            return [.request(method: UserSelectChoice.method, params: ["menuName": .string(target)])]
        },
        Command(name: "say", usage: "say WORDS", summary: "says a voice command") { rest throws(ConsoleError) in
            [.request(method: UserSpeak.method, params: ["utterance": .string(try text(rest, missing: "say what? e.g. say Berlin"))])]
        },
        Command(name: "pick", usage: "pick N | pick TEXT", summary: "taps autocomplete entry N (as numbered on screen) or TEXT") { rest throws(ConsoleError) in
            let target = try text(rest, missing: "pick which entry? e.g. pick 1 or pick Berlin")
            if !isQuoted(rest), let number = Int(target) {
                guard number >= 1 else { throw ConsoleError("autocomplete entries are numbered from 1") }
                return [.request(method: UserSelectAutocomplete.method, params: ["index": .integer(Int64(number - 1))])]
            }
            return [.request(method: UserSelectAutocomplete.method, params: ["text": .string(target)])]
        },
        Command(name: "close", usage: "close", summary: "closes the interaction (the back button)") { rest throws(ConsoleError) in
            try noArguments(rest, "close")
            return [.request(method: UserClose.method, params: [:])]
        },
        Command(name: "activate", usage: "activate", summary: "brings the app to HMI level FULL") { rest throws(ConsoleError) in
            try noArguments(rest, "activate")
            return [.request(method: UserActivate.method, params: [:])]
        },
        Command(name: "deactivate", usage: "deactivate", summary: "sends the app to BACKGROUND") { rest throws(ConsoleError) in
            try noArguments(rest, "deactivate")
            return [.request(method: UserDeactivate.method, params: [:])]
        },
        Command(name: "wait", usage: "wait TIME", summary: "lets time pass: 5s, 500ms, 1.5s, 2m (virtual clock: Sim.AdvanceTime)") { rest throws(ConsoleError) in
            [.wait(milliseconds: try duration(rest))]
        },
        Command(name: "state", usage: "state", summary: "shows everything the head unit holds (Sim.GetState)") { rest throws(ConsoleError) in
            try noArguments(rest, "state")
            return [.request(method: SimGetState.method, params: [:]), .drawScreen]
        },
        Command(name: "fault", usage: "fault METHOD CODE [info…] | fault METHOD delay TIME | fault METHOD drop", summary: "makes the next METHOD call fail, answer late, or never answer") { rest throws(ConsoleError) in
            [.request(method: SimInjectFault.method, params: try fault(rest))]
        },
        Command(name: "reset", usage: "reset", summary: "back to a fresh head unit (Sim.Reset)") { rest throws(ConsoleError) in
            try noArguments(rest, "reset")
            return [.request(method: SimReset.method, params: [:])]
        },
        Command(name: "screen", usage: "screen", summary: "draws the head unit's screen again") { rest throws(ConsoleError) in
            try noArguments(rest, "screen")
            return [.drawScreen]
        },
        Command(name: "help", usage: "help [METHOD | COMMAND]", summary: "lists methods and commands, or explains one") { rest throws(ConsoleError) in
            [.help(rest.trimmed)]
        },
        Command(name: "quit", usage: "quit", summary: "ends the session (as the app disconnecting)") { rest throws(ConsoleError) in
            try noArguments(rest, "quit")
            return [.quit]
        },
    ]

    // MARK: Arguments

    private static func keyboard(_ event: KeyboardEvent, _ data: String?) -> ConsoleAction {
        var params: JSONObject = ["event": .string(event.rawValue)]
        if let data { params["data"] = .string(data) }
        return .request(method: UserKeyboardEvent.method, params: params)
    }

    /// The rest of the line as text: as typed, or, when any of it is quoted or escaped, its
    /// words as a shell reads them, joined by spaces.
    private static func text(_ rest: Substring, missing: String) throws(ConsoleError) -> String {
        let trimmed = rest.trimmed
        guard !trimmed.isEmpty else { throw ConsoleError(missing) }
        guard isQuoted(rest) else { return trimmed }
        return try ShellWords.split(rest).map(\.text).joined(separator: " ")
    }

    private static func isQuoted(_ rest: Substring) -> Bool {
        rest.contains { $0 == "\"" || $0 == "'" || $0 == "\\" }
    }

    private static func noArguments(_ rest: Substring, _ name: String) throws(ConsoleError) {
        guard rest.isBlank else { throw ConsoleError("\(name) takes nothing after it") }
    }

    private static func count(_ rest: Substring, _ usage: String) throws(ConsoleError) -> Int {
        guard let number = Int(rest.trimmed), (1...1000).contains(number) else { throw ConsoleError(usage) }
        return number
    }

    /// `5s`, `500ms`, `1.5s`, `2m`, or a bare number of seconds, in milliseconds.
    static func duration(_ rest: Substring) throws(ConsoleError) -> Int {
        let text = rest.trimmed.lowercased()
        guard !text.isEmpty else { throw ConsoleError("wait how long? e.g. wait 5s") }
        let units: [(suffix: String, factor: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("", 1000)]
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let amount = Double(text.dropLast(unit.suffix.count)), amount >= 0, amount * unit.factor <= 1_000_000_000 else { continue }
            return Int((amount * unit.factor).rounded())
        }
        throw ConsoleError("\"\(rest.trimmed)\" is not a time; e.g. 5s, 500ms, 1.5s, 2m")
    }

    private static func registration(_ rest: Substring) throws(ConsoleError) -> JSONObject {
        let given = try Shorthand.parameters(rest, method: RegisterAppInterface.method, positional: "appName")
        let name = given["appName"]?.stringValue ?? "Demo"
        let slug = String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
        var params: JSONObject = [
            "appName": .string(name), "appID": .string(slug.isEmpty ? "app" : slug), "isMediaApplication": false,
            "languageDesired": "EN-US", "hmiDisplayLanguageDesired": "EN-US",
            "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
        ]
        for member in given { params[member.key] = member.value }
        return params
    }

    private static func fault(_ rest: Substring) throws(ConsoleError) -> JSONObject {
        let words = try ShellWords.split(rest).map(\.text)
        let usage = "e.g. fault PerformInteraction TIMED_OUT, fault PutFile delay 2s, fault ListFiles drop"
        guard words.count >= 2 else { throw ConsoleError("fault needs a method and what goes wrong; \(usage)") }
        let method = try MethodCatalog.complete(String(words[0]), among: MethodCatalog.sdlMethods)
        var params: JSONObject = ["method": .string(method)]
        switch words[1].lowercased() {
        case "drop":
            guard words.count == 2 else { throw ConsoleError("fault \(method) drop takes nothing after it") }
            params["drop"] = true
        case "delay":
            guard words.count == 3 else { throw ConsoleError("fault \(method) delay needs a time, e.g. delay 2s") }
            params["delayMs"] = .integer(Int64(try duration(Substring(words[2]))))
        default:
            guard let code = ResultCode(rawValue: words[1].uppercased()) else {
                throw ConsoleError("\"\(words[1])\" is not a result code (e.g. TIMED_OUT, REJECTED, GENERIC_ERROR); \(usage)")
            }
            params["resultCode"] = .string(code.rawValue)
            if words.count > 2 { params["info"] = .string(words[2...].joined(separator: " ")) }
        }
        return params
    }
}

extension Substring {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }
}
