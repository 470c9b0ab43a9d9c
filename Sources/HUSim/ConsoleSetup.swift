import ArgumentParser
import Glibc
import HeadUnit
import SimulatorHost
import JSONCodec
import SimConsole

extension SimulatorSession: SimulatorLink {}

extension SimCommand {
    /// The terminal front end: for a person typing (interactive), watching (`--screen`) or
    /// recording (`--record`); nil for plain piped use, which then pays nothing for it.
    func makeConsole(for session: SimulatorSession) throws -> Console? {
        let terminalOut = isatty(STDOUT_FILENO) == 1
        let isInteractive = interactive ?? (isatty(STDIN_FILENO) == 1 && terminalOut)
        guard isInteractive || screen || record != nil else { return nil }
        var recorder: SessionRecorder?
        if let record {
            do {
                recorder = try SessionRecorder(path: record, options: recordedOptions, masksClock: clock == .real)
            } catch {
                throw ValidationError("--record: \(error)")
            }
        }
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        let dumbTerminal = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
        let options = ConsoleOptions(
            interactive: isInteractive, drawsScreenOnStderr: screen && !isInteractive,
            usesColor: isInteractive && terminalOut && !noColor && !dumbTerminal,
            showsPrompt: isInteractive && terminalOut && isatty(STDIN_FILENO) == 1, virtualClock: clock == .virtual)
        return Console(
            link: session, options: options, recorder: recorder, maximumLineBytes: maxLineBytes,
            now: { StdioLoop.monotonicMilliseconds() })
    }

    /// The options a replay needs, as the conformance fixture header names them.
    private var recordedOptions: JSONObject {
        var options: JSONObject = ["quota": .integer(quota), "autoActivate": .bool(!noAutoActivate)]
        if let profile { options["profile"] = .string(profile) }
        if maxLineBytes != 16 << 20 { options["maxLineBytes"] = .integer(Int64(maxLineBytes)) }
        return options
    }
}
