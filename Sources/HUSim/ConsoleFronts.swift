import Glibc
import LineEditor
import SimConsole

/// The console in front of the session: for a person typing on a pipe, watching or recording.
struct ConsoleFront: StdioFront {
    let console: Console

    func start(writingTo output: Stdout) { console.start() }
    func receive(_ chunk: UnsafeRawBufferPointer) { console.receive(chunk) }

    /// The console's text: for stdout (the terminal, or the protocol in piped mode) and
    /// for stderr (the screen drawn with `--screen`).
    func flush(to output: Stdout) {
        console.pump()
        writeOut(console, to: output)
    }

    var waitDeadline: Int64? { console.waitDeadline }
    var wantsToQuit: Bool { console.wantsToQuit }
    func endOfInput() { console.endOfInput() }
    func somethingChanged() { console.showScreen() }
}

/// A person at a terminal: the line editor reads the keys, the console runs the lines, and
/// whatever the console prints (a reply, a timeout that fired, the screen) appears above the
/// prompt, which is drawn again below it with what was typed.
final class TerminalFront: StdioFront {
    let console: Console
    let editor: LineEditor
    /// Ctrl-D on an empty line.
    private var endedByKey = false

    init(console: Console, editor: LineEditor) {
        self.console = console
        self.editor = editor
    }

    func start(writingTo output: Stdout) { console.start() }
    func receive(_ chunk: UnsafeRawBufferPointer) { editor.feed(chunk) }

    /// What the console printed, then the lines typed meanwhile, each run and answered in
    /// turn while the console takes input (a real-clock wait holds the rest back).
    func flush(to output: Stdout) {
        console.pump()
        write(to: output)
        while console.wantsInput, !endedByKey, editor.hasPendingInput, let event = editor.next() {
            switch event {
            case .line(let line): console.enter(line)
            case .endOfInput: endedByKey = true
            }
            write(to: output)
        }
        if console.wantsInput && !endedByKey { editor.show() }
    }

    private func write(to output: Stdout) {
        guard !console.stdout.isEmpty || !console.stderr.isEmpty else { return }
        editor.hide()
        writeOut(console, to: output)
    }

    var waitDeadline: Int64? { console.waitDeadline }
    var wantsToQuit: Bool { console.wantsToQuit || endedByKey }

    func endOfInput() {
        editor.finish()
        console.endOfInput()
    }

    func somethingChanged() { console.showScreen() }

    var otherSignals: [Int32] { [SIGWINCH] }

    /// While a line is edited Ctrl-C is a key (it gives the line up); SIGINT comes while a
    /// real-clock wait runs, and ends the wait, not the simulator. A new size redraws.
    func handle(signal: Int32) -> Bool {
        switch signal {
        case SIGINT:
            _ = console.cancelWait()
            return true
        case SIGWINCH:
            editor.resized()
            console.resize(width: editor.columns)
            return true
        default:
            return false
        }
    }
}

private func writeOut(_ console: Console, to output: Stdout) {
    output.write(&console.stdout)
    writeAll(console.stderr, to: STDERR_FILENO)
    console.stderr.removeAll(keepingCapacity: true)
}
