import ArgumentParser
import Glibc
import HeadUnit
import JSONCodec
import LineEditor
import SimConsole
import SimulatorHost

extension SimulatorSession: SimulatorLink {}

extension SimOptions {
    /// What reads stdin and writes stdout: the session alone for plain piped use (which then
    /// pays nothing for the rest); the console for a person typing (interactive), watching
    /// (`--screen`) or recording (`--record`); with the line editor when a person types at a
    /// terminal.
    func makeFront(for session: SimulatorSession) throws -> any StdioFront {
        let terminalOut = isatty(STDOUT_FILENO) == 1
        let terminalIn = isatty(STDIN_FILENO) == 1
        let isInteractive = interactive ?? (terminalIn && terminalOut)
        guard isInteractive || screen || record != nil else { return PlainFront(session: session) }
        var recorder: SessionRecorder?
        if let record {
            do {
                recorder = try SessionRecorder(path: record, options: recordedOptions, masksClock: clockMode == .real)
            } catch {
                throw ValidationError("--record: \(error)")
            }
        }
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        let dumbTerminal = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
        let usesColor = isInteractive && terminalOut && !noColor && !dumbTerminal
        // A dumb terminal cannot move its cursor: lines are read as they come, with a plain prompt.
        let editor =
            isInteractive && !dumbTerminal
            ? LineEditor(program: "hu-sim", historyFile: HistoryFile.standard(for: "hu-sim"), usesColor: usesColor) {
                let completion = Completion.candidates(for: $0)
                return LineEditor.Completion(replacing: completion.replacing, candidates: completion.candidates)
            } : nil
        let options = ConsoleOptions(
            interactive: isInteractive, drawsScreenOnStderr: screen && !isInteractive, usesColor: usesColor,
            showsPrompt: editor == nil && isInteractive && terminalOut && terminalIn, virtualClock: clockMode == .virtual,
            width: editor?.columns ?? 80, editsLines: editor != nil)
        let console = Console(
            link: session, options: options, recorder: recorder, maximumLineBytes: maxLineBytes,
            now: { StdioLoop.monotonicMilliseconds() })
        if let editor { return TerminalFront(console: console, editor: editor) }
        return ConsoleFront(console: console)
    }

    /// The options a replay needs, as the conformance fixture header names them.
    private var recordedOptions: JSONObject {
        var options: JSONObject = ["quota": .integer(quota), "autoActivate": .bool(!noAutoActivate)]
        if let profile { options["profile"] = .string(profile) }
        if maxLineBytes != 16 << 20 { options["maxLineBytes"] = .integer(Int64(maxLineBytes)) }
        return options
    }
}
