import JSONCodec
import JSONRPC
import SDLModel

/// The simulator as the console drives it: lines in (framed by the console), bytes out,
/// and its state to draw the screen from (`SimulatorSession` is one).
public protocol SimulatorLink: AnyObject {
    func handle(_ line: LineFramer.Line)
    func endOfInput()
    var output: [UInt8] { get set }
    /// What `Sim.GetState` would answer, read without a request.
    var state: SimGetState.Response { get }
}

public struct ConsoleOptions: Sendable {
    /// A person types: lines are commands or shorthand, replies are printed for reading,
    /// and the screen is drawn on stdout. Otherwise the protocol passes through unchanged.
    public var interactive: Bool
    /// Piped mode: draw the screen on stderr after every change (`--screen`).
    public var drawsScreenOnStderr: Bool
    public var usesColor: Bool
    /// stdout is a terminal: show a prompt, and clear it before output that arrives later.
    public var showsPrompt: Bool
    public var virtualClock: Bool
    /// Columns for the screen, replies and help: the terminal's width.
    public var width: Int
    /// A line editor reads the keys and shows the prompt (so `showsPrompt` is off), and
    /// Ctrl-C cancels a wait.
    public var editsLines: Bool

    public init(
        interactive: Bool, drawsScreenOnStderr: Bool, usesColor: Bool, showsPrompt: Bool, virtualClock: Bool, width: Int = 80,
        editsLines: Bool = false
    ) {
        self.interactive = interactive
        self.editsLines = editsLines
        self.drawsScreenOnStderr = drawsScreenOnStderr
        self.usesColor = usesColor
        self.showsPrompt = showsPrompt
        self.virtualClock = virtualClock
        self.width = Console.clampedWidth(width)
    }
}

/// hu-sim's front end for people: in interactive mode it turns typed lines into requests
/// and prints what comes back; in any mode it can draw the screen and record the session.
/// The host reads stdin into `receive`, calls `pump` whenever it wakes, and writes out
/// `stdout` and `stderr`.
public final class Console {
    public var stdout: [UInt8] = []
    public var stderr: [UInt8] = []
    public private(set) var wantsToQuit = false
    /// Real clock: a `wait` runs until this time (the host's clock), reading no input meanwhile.
    public private(set) var waitDeadline: Int64?

    private let link: SimulatorLink
    private var options: ConsoleOptions
    private let recorder: SessionRecorder?
    private let maximumLineBytes: Int
    private let now: () -> Int64
    private var printer: MessagePrinter
    private let style: Style

    private var nextID: Int64 = 1
    private var methodsByID: [JSON: String] = [:]
    private var lastScreen: [String] = []
    private var promptShown = false
    /// Splits stdin into lines; typed blank lines count (each shows a new prompt).
    private var framer: LineFramer
    /// Typed lines read while a real-clock `wait` runs; they run when it ends.
    private var queuedLines: [String] = []

    /// `now` is the host's clock in milliseconds, for real-clock waits.
    public init(
        link: SimulatorLink, options: ConsoleOptions, recorder: SessionRecorder?, maximumLineBytes: Int,
        now: @escaping () -> Int64
    ) {
        self.link = link
        self.options = options
        self.recorder = recorder
        self.maximumLineBytes = maximumLineBytes
        self.now = now
        style = Style(usesColor: options.usesColor)
        printer = MessagePrinter(style: style, width: options.width)
        framer = LineFramer(maximumLineBytes: maximumLineBytes, keepsBlankLines: options.interactive)
    }

    private var drawsScreen: Bool { options.interactive || options.drawsScreenOnStderr }

    /// The greeting and the first screen.
    public func start() {
        if options.interactive {
            say([
                style.bold("hu-sim") + ", a simulated SDL head unit (\(options.virtualClock ? "virtual" : "real") clock).",
                "Type help for the commands and requests, quit (or Ctrl-D) to leave.",
                "Start with: register Demo",
            ])
        }
        refreshScreen(force: true)
        showPrompt()
    }

    /// Bytes read from stdin.
    public func receive(_ chunk: UnsafeRawBufferPointer) {
        framer.feed(chunk) { line in options.interactive ? type(line) : pass(line) }
        if options.interactive { runQueuedLines() }
    }

    /// The host woke up (the clock moved, or input was read): shows what arrived meanwhile
    /// and ends a finished wait.
    public func pump() {
        let arrived = collectOutput()
        if let deadline = waitDeadline, now() >= deadline {
            waitDeadline = nil
            refreshScreen()
            runQueuedLines()
        } else if arrived {
            refreshScreen()
            showPrompt()
        }
    }

    /// A line typed at the line editor: run now, or when a running wait ends.
    public func enter(_ line: String) {
        queuedLines.append(line)
        runQueuedLines()
    }

    /// The console can take a typed line now: no wait is running and no one quit.
    public var wantsInput: Bool { options.interactive && waitDeadline == nil && !wantsToQuit }

    /// Ctrl-C while a real-clock wait runs: the wait ends now. Returns whether one was running.
    public func cancelWait() -> Bool {
        guard let deadline = waitDeadline else { return false }
        waitDeadline = nil
        say([style.dim("… wait cancelled, \(max(0, deadline - now())) ms before its end")])
        refreshScreen()
        runQueuedLines()
        return true
    }

    /// The terminal is `columns` wide now: the screen is drawn again to fit.
    public func resize(width columns: Int) {
        let width = Self.clampedWidth(columns)
        guard width != options.width else { return }
        options.width = width
        printer.width = width
        if options.interactive { refreshScreen(force: true) }
    }

    /// The screen is drawn between 40 columns (the narrowest that shows a choice list) and 120.
    static func clampedWidth(_ columns: Int) -> Int { min(120, max(40, columns)) }

    /// The head unit changed by another door (an app over TCP): draws the screen if it changed.
    public func showScreen() {
        collectOutput()
        refreshScreen()
        showPrompt()
    }

    /// stdin ended, or the person quit: the app is gone, and the last answers are shown.
    public func endOfInput() {
        framer.finish { line in options.interactive ? type(line) : pass(line) }
        if options.interactive {
            waitDeadline = nil
            runQueuedLines()
        }
        link.endOfInput()
        collectOutput()
        if options.showsPrompt && promptShown { stdout.append(0x0A) }
    }

    // MARK: Typed lines

    private func runQueuedLines() {
        while waitDeadline == nil, !wantsToQuit, !queuedLines.isEmpty {
            promptShown = false
            run(queuedLines.removeFirst())
        }
        if waitDeadline == nil && !wantsToQuit { showPrompt() }
    }

    private func run(_ line: String) {
        let actions: [ConsoleAction]
        do {
            actions = try Interpreter.interpret(line)
        } catch {
            say([style.red("✗ " + error.message)])
            return
        }
        var sentSomething = false
        var forceScreen = false
        for action in actions {
            switch action {
            case .request(let method, let params):
                sendRequest(method, params)
                sentSomething = true
            case .raw(let text):
                sendTypedLine(text)
                sentSomething = true
            case .wait(let milliseconds):
                if options.virtualClock {
                    sendRequest(SimAdvanceTime.method, ["ms": .integer(Int64(milliseconds))])
                    sentSomething = true
                } else {
                    waitDeadline = now() + Int64(milliseconds)
                    say([style.dim("… waiting \(milliseconds) ms of real time" + (options.editsLines ? " (Ctrl-C ends it)" : ""))])
                }
            case .print(let lines): say(lines)
            case .help(let topic):
                do {
                    say(try Help.text(for: topic, width: options.width))
                } catch {
                    say([style.red("✗ " + error.message)])
                }
            case .drawScreen: forceScreen = true
            case .quit: wantsToQuit = true
            }
        }
        if sentSomething || forceScreen { refreshScreen(force: forceScreen) }
    }

    private func sendRequest(_ method: String, _ params: JSONObject) {
        let id = JSON.integer(nextID)
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if !params.isEmpty { message["params"] = .object(params) }
        let line = JSON.object(message).serialized
        say([printer.sent(String(decoding: line, as: UTF8.self))])
        methodsByID[id] = method
        send(line)
    }

    /// A full JSON-RPC line, as typed; its requests' methods are noted to label the replies.
    private func sendTypedLine(_ text: String) {
        let line = Array(text.utf8)
        if let message = try? JSON.parse(line) {
            for request in message.arrayValue ?? [message] {
                if let id = request["id"], let method = request["method"]?.stringValue { methodsByID[id] = method }
            }
        }
        send(line)
    }

    private func send(_ line: [UInt8]) {
        recorder?.send(line: line)
        line.withUnsafeBytes { link.handle(.text($0)) }
        collectOutput()
    }

    // MARK: Output

    /// Takes what the simulator wrote: records it, and passes it on (piped) or prints it
    /// for reading (interactive). Returns whether anything came.
    @discardableResult
    private func collectOutput() -> Bool {
        guard !link.output.isEmpty else { return false }
        let bytes = link.output
        link.output.removeAll(keepingCapacity: true)
        if !options.interactive {
            stdout.append(contentsOf: bytes)
            guard let recorder else { return true }
            LineFramer.forEachLine(in: bytes) { line in if let message = try? JSON.parse(line) { recorder.expect(message) } }
            return true
        }
        LineFramer.forEachLine(in: bytes) { line in
            guard let message = try? JSON.parse(line) else {
                say([String(decoding: line, as: UTF8.self)])
                return
            }
            recorder?.expect(message)
            var method: String?
            if let id = message["id"], message["method"] == nil { method = methodsByID.removeValue(forKey: id) }
            say(printer.lines(for: message, method: method))
        }
        return true
    }

    /// Draws the screen from the simulator's state when it changed, after what arrived.
    private func refreshScreen(force: Bool = false) {
        guard drawsScreen else { return }
        collectOutput()
        let screen = Screen.render(link.state, width: options.width, registerHint: options.interactive ? "register Demo" : nil)
        guard force || screen != lastScreen else { return }
        lastScreen = screen
        if options.interactive {
            say(screen)
        } else {
            stderr += Array((screen.joined(separator: "\n") + "\n").utf8)
        }
    }

    /// Lines for the person, on a fresh line even when the prompt is showing.
    private func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        if promptShown {
            stdout += Array("\r\u{1B}[2K".utf8)
            promptShown = false
        }
        stdout += Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func showPrompt() {
        guard options.showsPrompt, !promptShown, waitDeadline == nil, !wantsToQuit else { return }
        stdout += Array(style.bold("› ").utf8)
        promptShown = true
    }

    // MARK: Lines read

    /// Interactive: a typed line, run when no wait holds it back.
    private func type(_ line: LineFramer.Line) {
        switch line {
        case .text(let bytes): queuedLines.append(String(decoding: bytes, as: UTF8.self))
        case .tooLong: break
        case .endOfTooLongLine(let count):
            say([style.red("✗ that line is \(count) bytes long; the limit is \(maximumLineBytes) (--max-line-bytes)")])
        }
    }

    /// Piped: a line passed on to the simulator, recorded as a fixture step before what it caused.
    private func pass(_ line: LineFramer.Line) {
        switch line {
        case .text(let bytes):
            recorder?.send(line: Array(bytes))
            link.handle(line)
        case .tooLong:
            link.handle(line)
            return
        case .endOfTooLongLine(let count):
            recorder?.sendOverlongLine(byteCount: count)
        }
        collectOutput()
        refreshScreen()
    }
}
