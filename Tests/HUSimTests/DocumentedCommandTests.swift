import Foundation
import Testing
import TestSupport

/// Every shell example in README.md, docs/*.md and the programs' `--help` texts works as
/// written (the convention: docs/testing.md, "Every documented command runs"): each runs
/// from a scratch folder that looks like the repository after `swift build`, stdin empty
/// and HOME a temporary folder (help examples with the built programs first on PATH, as
/// installed), and must exit 0; `sh long` and `sh terminal` examples are checked for syntax
/// and for the programs they name, not run.
@Suite(.ownThreads, .timeLimit(.minutes(10))) struct DocumentedCommandTests {
    struct Example: CustomStringConvertible {
        let source: String
        let line: Int
        let script: String
        /// Marked as taking minutes (`long`) or needing a person or an app at the other end
        /// (`terminal`): checked, not run.
        let isNotRun: Bool
        var description: String { "\(source):\(line)" }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let programs = ["hu-sim", "hu-conform", "hu-bench", "hu-fuzz", "hu-demo"]

    @Test(arguments: documents)
    func everyShellExampleInTheDocumentWorks(document: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
        let examples = Self.markdownExamples(text, source: document)
        if document == "README.md" { #expect(!examples.isEmpty) }
        for example in examples { try Self.check(example, installed: false) }
    }

    @Test(arguments: programs)
    func helpAndEveryExampleInItWork(program: String) throws {
        let help = try Self.runInScratchFolder("\(program) --help")
        #expect(help.status == 0, "\(program) --help: \(help.output)")
        #expect(Self.wrappedExampleLines(help.output).isEmpty, "\(program) --help wraps an example: \(Self.wrappedExampleLines(help.output))")
        for example in Self.helpExamples(help.output, source: "\(program) --help") { try Self.check(example, installed: true) }
        // The subcommands' own help texts.
        let subcommands = help.output.components(separatedBy: "SUBCOMMANDS:").dropFirst().first?.split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        for subcommand in subcommands {
            let subhelp = try Self.runInScratchFolder("\(program) \(subcommand) --help")
            #expect(subhelp.status == 0, "\(program) \(subcommand) --help: \(subhelp.output)")
            for example in Self.helpExamples(subhelp.output, source: "\(program) \(subcommand) --help") {
                try Self.check(example, installed: true)
            }
        }
    }

    @Test func theConventionFindsWhatItShould() {
        let markdown = """
            ```sh
            echo one
            echo two
            ```
            ```json
            {"not": "shell"}
            ```
            ```sh long
            tools/test
            ```
            ```sh terminal
            hu-sim --listen 0.0.0.0:12345
            ```
            """
        let blocks = Self.markdownExamples(markdown, source: "x.md")
        #expect(blocks.map(\.script) == ["echo one\necho two", "tools/test", "hu-sim --listen 0.0.0.0:12345"])
        #expect(blocks.map(\.isNotRun) == [false, true, true])
        #expect(blocks.map(\.line) == [2, 9, 12])
        let help = """
            OVERVIEW: a tool

            Examples:
              # first:
              printf 'a\\n' |
                grep a
              # a minute (long):
              tools/bench
              # talks to an app (at a terminal):
              tool --listen 0.0.0.0:12345

            USAGE: tool
              --ignored
            """
        let examples = Self.helpExamples(help, source: "tool --help")
        #expect(examples.map(\.script) == ["printf 'a\\n' |\ngrep a", "tools/bench", "tool --listen 0.0.0.0:12345"])
        #expect(examples.map(\.isNotRun) == [false, true, true])
        #expect(Self.wrappedExampleLines(help).isEmpty)
        #expect(Self.wrappedExampleLines("Example:\n  hu-conform --junit\nreport.xml\n") == ["report.xml"])
        #expect(Self.programsNamed(in: "A=$(tools/x /tmp/y) B=1 hu-sim --a | tee z && .build/debug/hu-demo # c/d") == ["hu-sim", ".build/debug/hu-demo"])
    }

    // MARK: Finding examples

    /// The ```sh blocks, each one example; "```sh long" and "```sh terminal" mark one not to run.
    static func markdownExamples(_ text: String, source: String) -> [Example] {
        var examples: [Example] = []
        var fence: (isShell: Bool, isNotRun: Bool, line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix("```") {
                    if open.isShell {
                        examples.append(Example(source: source, line: open.line, script: open.lines.joined(separator: "\n"), isNotRun: open.isNotRun))
                    }
                    fence = nil
                } else {
                    fence?.lines.append(String(line))
                }
            } else if trimmed.hasPrefix("```") {
                let info = trimmed.dropFirst(3).split(separator: " ")
                fence = (info.first == "sh", info.dropFirst().contains { $0 == "long" || $0 == "terminal" }, index + 2, [])
            }
        }
        return examples
    }

    /// The indented lines of a help text's description (before USAGE:): `#` lines are
    /// comments ("(long)" or "(at a terminal)" in one marks the next example not to run); a
    /// line ending in `\` or `|` continues on the next.
    static func helpExamples(_ help: String, source: String) -> [Example] {
        let description = help.components(separatedBy: "\nUSAGE:").first ?? help
        var examples: [Example] = []
        var pending: [String] = []
        var isNotRun = false
        for (index, line) in description.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("  "), !text.isEmpty else { continue }
            if text.hasPrefix("#") {
                if text.contains("(long)") || text.contains("(at a terminal)") { isNotRun = true }
                continue
            }
            pending.append(text)
            guard !text.hasSuffix("\\"), !text.hasSuffix("|") else { continue }
            examples.append(Example(source: source, line: index + 1 - (pending.count - 1), script: pending.joined(separator: "\n"), isNotRun: isNotRun))
            pending = []
            isNotRun = false
        }
        return examples
    }

    /// Lines of the description that follow an example line without being blank or
    /// indented themselves: the help's 80-column wrapping cut an example in two.
    static func wrappedExampleLines(_ help: String) -> [String] {
        let lines = (help.components(separatedBy: "\nUSAGE:").first ?? help).split(separator: "\n", omittingEmptySubsequences: false)
        return zip(lines, lines.dropFirst()).compactMap { previous, line in
            previous.hasPrefix("  ") && !line.isEmpty && !line.hasPrefix("  ") ? String(line) : nil
        }
    }

    // MARK: Running them

    /// `installed`: the built programs are on PATH, as a help text expects.
    private static func check(_ example: Example, installed: Bool) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        if example.isNotRun {
            let syntax = try run(example.script, in: folder, installed: installed, syntaxOnly: true)
            #expect(syntax.status == 0, "\(example): not valid shell: \(syntax.output)")
            for program in programsNamed(in: example.script) {
                let found = try run("command -v -- '\(program)'", in: folder, installed: installed)
                #expect(found.status == 0, "\(example): \(program) does not exist")
            }
        } else {
            let outcome = try run(example.script, in: folder, installed: installed)
            #expect(outcome.status == 0, "\(example) failed (status \(outcome.status)):\n\(example.script)\n--- its output:\n\(outcome.output)")
        }
    }

    /// The project's programs and scripts `script` runs: the first word of each command, past
    /// variable assignments, when it is a path or one of the `hu-` programs (other programs,
    /// such as an app's runtime, are the reader's).
    static func programsNamed(in script: String) -> [String] {
        script.split(separator: "\n").flatMap { line in
            // Command substitutions ($(...)) hold words that are no command's first.
            let code = (line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                .replacing(/\$\([^)]*\)/, with: "x")
            return code.split(whereSeparator: { "|;&".contains($0) }).compactMap { command in
                command.split(separator: " ").first { !$0.contains("=") }.map(String.init)
            }.filter { $0.contains("/") || $0.hasPrefix("hu-") }
        }
    }

    /// Runs `script` with the built programs on PATH, in a scratch folder removed after.
    private static func runInScratchFolder(_ script: String) throws -> (status: Int32, output: String) {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try run(script, in: folder, installed: true)
    }

    /// A fresh folder that looks like the repository's root (the folders examples name are
    /// linked in), so files an example writes (wire.log, a report) land in it.
    private static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["fixtures", ".build", "tools", "docs"] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name), withDestinationURL: repository.appendingPathComponent(name))
        }
        return folder
    }

    /// Runs `script` with bash (`-e -o pipefail`; `-n` for syntax only), killed with its
    /// process group (Foundation starts each process in a group of its own) after 5 minutes.
    private static func run(_ script: String, in folder: URL, installed: Bool, syntaxOnly: Bool = false) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [syntaxOnly ? "-n" : "-e", "-o", "pipefail", "-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        if installed { environment["PATH"] = BuiltExecutables.folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
        environment["HOME"] = folder.path
        environment["NO_COLOR"] = "1"
        environment["HU_SIM"] = nil
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = try ChildPipe()
        process.standardOutput = output.writing
        process.standardError = output.writing
        try process.run()
        try? output.writing.close()
        let group = process.processIdentifier
        let killer = DispatchWorkItem { kill(-group, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: killer)
        let data = output.reading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
