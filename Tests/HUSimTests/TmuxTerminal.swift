import ChildProcess
import Foundation

/// `hu-sim` in a real terminal emulator: a tmux session of its own (its own server socket),
/// typed at with `send-keys` and read back as the screen shows it (`capture-pane`), so a
/// test sees what a person sees after the cursor moves, redraws and resizes.
final class TmuxTerminal {
    private let socket = "hu-sim-test-\(UUID().uuidString.prefix(8))"
    let stateFolder: String
    /// Whether the state folder is this terminal's own, to be removed when it ends.
    private let ownsStateFolder: Bool

    /// `stateFolder` holds the history (XDG_STATE_HOME); a new one unless given, so that two
    /// sessions can share it.
    init(arguments: [String] = ["--clock", "virtual"], columns: Int = 80, rows: Int = 40, stateFolder: String? = nil) throws {
        self.stateFolder = stateFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("hu-sim-state-\(UUID())").path
        ownsStateFolder = stateFolder == nil
        // Under a shell that prints its exit status: tmux 3.3 sometimes never reaps a pane's
        // own process that ends just after its terminal closes (left a zombie, no status).
        // The shell ignores Ctrl-C's SIGINT, which hu-sim handles itself.
        let command = [
            "sh", "-c", #"trap '' INT; "$@"; echo "[hu-sim exited: $?]"; exec sleep 600"#, "sh",
            "env", "XDG_STATE_HOME=\(self.stateFolder)", "NO_COLOR=1", "TERM=xterm", SimulatorProcess.executable.path,
        ] + arguments
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"] + command)
    }

    /// Types `text` as it is (no key names).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

    /// Presses keys by tmux's names: Enter, Tab, Up, C-c, C-d, C-r, ...
    func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    func resize(columns: Int) throws { try tmux(["resize-window", "-x", "\(columns)"]) }

    /// The screen's text now and what scrolled off it, rows joined by newlines, trailing
    /// spaces gone.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-S", "-2000"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// The last row that is not blank: where the prompt is.
    func lastLine() throws -> String {
        try screen().split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Waits (at most `seconds`) until the screen satisfies `done`; returns that screen.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = 20, _ done: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = try screen()
        while !done(shown) {
            guard Date() < deadline else { throw TerminalError("no \(what) within \(seconds) s; the screen showed:\n\(shown)") }
            usleep(50_000)
            shown = try screen()
        }
        return shown
    }

    /// Waits until the last line is the prompt followed by `typed`.
    @discardableResult
    func waitForPrompt(_ typed: String = "", seconds: Double = 20) throws -> String {
        try waitFor("the prompt with \"\(typed)\"", seconds: seconds) { screen in
            screen.split(separator: "\n").last.map { $0 == "›" + (typed.isEmpty ? "" : " " + typed) } ?? false
        }
    }

    /// hu-sim's exit status once it has ended, waiting at most `seconds`.
    func exitStatus(seconds: Double = 20) throws -> Int32 {
        let marker = "[hu-sim exited: "
        do {
            let shown = try waitFor("hu-sim's end", seconds: seconds) { $0.contains(marker) }
            let tail = shown.components(separatedBy: marker).last ?? ""
            return Int32(tail.prefix { $0.isNumber }) ?? -1
        } catch {
            throw TerminalError("hu-sim did not end within \(seconds) s; the screen's end:\n\(try screen().split(separator: "\n").suffix(12).joined(separator: "\n"))")
        }
    }

    func end() {
        _ = try? tmux(["kill-server"])
        if ownsStateFolder { try? FileManager.default.removeItem(atPath: stateFolder) }
    }

    /// Runs one tmux command on this session's server, bounded to 10 s, its output into a
    /// file (`ChildProcess` hands it no other descriptor: the server tmux starts keeps none
    /// of the test's pipes open).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID()).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let child = try ChildProcess(
            executable: "/usr/bin/env", arguments: ["tmux", "-L", socket] + arguments, input: .null, output: .file(output),
            errors: .standardOutput)
        let status = child.waitForExit(timeout: .seconds(10))
        if status == nil { child.terminate() }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == .exited(0) else {
            throw TerminalError("tmux \(arguments.joined(separator: " ")) \(status.map { "\($0)" } ?? "ran past 10 s"): \(text)")
        }
        return text
    }
}
