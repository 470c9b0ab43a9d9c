import Foundation
import JSONCodec
import Testing
import TestSupport

/// A person at a terminal: `hu-sim` under a real pseudo-terminal, typed at line by line.
@Suite(.serialized, .ownThreads) struct InteractiveSessionAtATerminal {
    @Test func aWholeSessionRegistersPresentsASearchTypesTapsAndShowsTheResult() throws {
        let terminal = try PseudoTerminalSession(environment: ["NO_COLOR": "1"])
        defer { terminal.end() }
        let greeting = try terminal.waitForPrompt()
        #expect(greeting.contains("hu-sim, a simulated SDL head unit (virtual clock)."))
        #expect(greeting.contains("│ No app is registered. Register one with: register Demo"))

        let registered = try terminal.type("register Demo")
        #expect(registered.contains("✓ RegisterAppInterface #1 SUCCESS"))
        #expect(registered.contains("◆ OnHMIStatus"))
        #expect(registered.contains("╭─ Demo · FULL · MAIN ─"))

        let created = try terminal.type(
            "CreateI interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin,secondaryText:Germany},{choiceID:2,menuName:Bern},{choiceID:3,menuName:Paris}]")
        #expect(created.contains("✓ CreateInteractionChoiceSet #2 SUCCESS"))
        #expect(created.contains("│ Choice sets: #1 (3 choices)"))

        let presented = try terminal.type(
            "perf initialText=\"Pick a city\" interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1] interactionLayout=LIST_WITH_SEARCH")
        #expect(presented.contains(#"→ {"jsonrpc":"2.0","id":3,"method":"PerformInteraction","params":{"initialText":"Pick a city""#))
        #expect(presented.contains("╭─ Demo · FULL · HMI_OBSCURED ─"))
        #expect(presented.contains("│ Pick a city                        LIST_WITH_SEARCH · MANUAL_ONLY · 10s left │"))
        #expect(presented.contains("│ Search: ▌"))
        #expect(presented.contains("│   #1  Berlin"))
        #expect(presented.contains("│       Germany"))
        #expect(presented.contains("│   #3  Paris"))

        let typed = try terminal.type("type Ber")
        #expect(typed.contains("◆ OnKeyboardInput  event: KEYPRESS, data: Ber"))
        #expect(typed.contains("│ Search: Ber▌"))
        let screen = try #require(typed.split(separator: "╭─").last)
        #expect(screen.contains("#2  Bern"))
        #expect(!screen.contains("Paris"), "the search filters Paris out")

        let mistyped = try terminal.type("tpa 2")
        #expect(mistyped.contains("✗ unknown command or method \"tpa\"; did you mean tap?"))

        let tapped = try terminal.type("tap 2")
        #expect(tapped.contains("✓ PerformInteraction #3 SUCCESS"))
        #expect(tapped.contains("    choiceID: 2, triggerSource: MENU"))
        #expect(tapped.contains("✓ User.SelectChoice #5 SUCCESS"))
        #expect(tapped.contains("│ Nothing on screen."))

        let everything = terminal.transcript
        #expect(!everything.contains("\u{1B}[3"), "NO_COLOR: no colours")
        #expect(everything.split(separator: "\n").allSatisfy { !$0.hasPrefix("│") || $0.count == 80 })
        #expect(try terminal.quit() == 0)
    }

    @Test func repliesAreColouredWhenTheTerminalAllowsIt() throws {
        let terminal = try PseudoTerminalSession(environment: ["TERM": "xterm"])
        defer { terminal.end() }
        _ = try terminal.waitForPrompt()
        #expect(try terminal.type("reset").contains("\u{1B}[32m✓ Sim.Reset #1 SUCCESS\u{1B}[0m"))
        #expect(try terminal.type("tap 1").contains("\u{1B}[31m✗ User.SelectChoice #2 IGNORED"))
        #expect(try terminal.type("nonsense").contains("\u{1B}[31m✗ unknown command or method"))
        #expect(try terminal.quit() == 0)
    }
}

/// `hu-sim` on the slave side of a pseudo-terminal (so stdin and stdout are terminals, as
/// for a person), driven from the master side.
final class PseudoTerminalSession {
    private let master: Int32
    var masterDescriptor: Int32 { master }
    private let process = Process()
    private(set) var transcript = ""
    /// The line editor's history goes to a folder of the test's, not the user's; removed at the end.
    private let stateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-sim-state-\(UUID())").path

    init(arguments: [String] = ["--clock", "virtual"], environment: [String: String]) throws {
        // posix_openpt and friends are not in Swift's Glibc module: the same through /dev/ptmx
        // and Linux's ioctls (asm-generic numbers: TIOCSPTLCK unlocks, TIOCGPTN names the slave).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlocked: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlocked) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw TerminalError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw TerminalError("cannot open /dev/pts/\(number)") }
        defer { close(slave) }
        var size = winsize(ws_row: 40, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.executableURL = SimulatorProcess.executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = nil
        variables["XDG_STATE_HOME"] = stateFolder
        process.environment = variables.merging(environment) { $1 }
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    /// Types `line` and Enter; returns what the terminal showed until the next prompt.
    func type(_ line: String) throws -> String {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return try waitForPrompt()
    }

    /// What arrives until the prompt `› ` ends the output, with the terminal's `\r`s removed.
    func waitForPrompt() throws -> String {
        try waitUntil("a prompt") { $0.hasSuffix("› ") || $0.hasSuffix("› \u{1B}[0m") }
    }

    func waitForText(_ expected: String) throws -> String {
        try waitUntil(expected) { $0.contains(expected) }
    }

    private func waitUntil(_ what: String, seconds: Double = 20, _ done: (String) -> Bool) throws -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !done(String(decoding: received, as: UTF8.self).replacingOccurrences(of: "\r", with: "")) {
            guard Date() < deadline, let chunk = read(timeoutMilliseconds: 200) else {
                throw TerminalError("no \(what) within \(seconds) s; the terminal showed:\n\(String(decoding: received, as: UTF8.self))")
            }
            received += chunk
        }
        let text = String(decoding: received, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        transcript += text
        return text
    }

    /// Types `quit` and returns the exit status.
    func quit() throws -> Int32 {
        _ = Array("quit\n".utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline {
            _ = read(timeoutMilliseconds: 50)
        }
        guard !process.isRunning else { throw TerminalError("hu-sim did not exit after quit") }
        return process.terminationStatus
    }

    func end() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        close(master)
        try? FileManager.default.removeItem(atPath: stateFolder)
    }

    /// The next bytes, or an empty chunk after the timeout; nil when the terminal closed.
    private func read(timeoutMilliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return Array(buffer[..<count])
    }
}

struct TerminalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
