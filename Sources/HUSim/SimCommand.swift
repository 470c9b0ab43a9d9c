import ArgumentParser
import CLinuxExtras
import CommandLineTool
import Glibc
import HeadUnit
import JSONCodec
import SDLModel
import Logging

@main
struct SimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hu-sim",
        abstract: "A simulated SDL head unit speaking JSON-RPC 2.0 on stdin/stdout, and SDL's own protocol over TCP with --listen.",
        usage: "hu-sim [<options>]\n  hu-sim call [<call-options>] METHOD name=value … [+ METHOD …]",
        discussion: """
            Plays an SDL head unit (SDL Core's checks, the HMI, and a simulated
            driver) for choice sets, interactions, the keyboard and files. One
            JSON-RPC message per line in, one per line out; logs go to stderr. The
            wire contract is PROTOCOL.md.

            Examples:
              # Ask the head unit for its state (virtual clock, as tests use):
              echo '{"jsonrpc":"2.0","id":1,"method":"Sim.GetState"}' |
                hu-sim --clock virtual

              # Keep uploaded files between runs, on a head unit without voice or images:
              hu-sim --storage ~/hu-files --profile text-only

              # Let a test drive time itself and cap the upload space at 1 MiB:
              hu-sim --clock virtual --quota 1048576

            At a terminal (stdin and stdout both terminals; or --interactive) hu-sim
            is interactive. Type `help` for every command and request, then e.g.:
            register Demo
            CreateI interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin}]
            perf initialText=Hi interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1]
            tap 1
            (a unique prefix names a request; add interactionLayout=LIST_WITH_SEARCH
            for a search field, then `type Ber`). The head unit's screen is drawn
            after every change; full JSON-RPC lines work too.

              # Watch a test or an app drive the simulator (screen on stderr):
              hu-sim --clock virtual --screen

              # Record a session as a conformance fixture (on the virtual clock unless
              # told otherwise, so that it replays exactly); hu-conform replays it:
              hu-sim --record my-bug.jsonl

              # Be the head unit a real SDL app (sdl_ios, sdl_java_suite, the JavaScript
              # suite) connects to over TCP, as to SDL Core; play its user at the console:
              hu-sim --listen 0.0.0.0:12345

              # ... and in a browser: open the URL it prints (the screen, live; tap, type,
              # speak, move the virtual clock, inject faults, watch the wire):
              hu-sim --listen 0.0.0.0:12345 --web 8080

              # One-shot calls from a script (see hu-sim call --help):
              hu-sim call Sim.GetState
            """,
        version: projectVersion,
        subcommands: [CallCommand.self]
    )

    @Option(help: "Where time comes from: 'real' (wall clock) or 'virtual' (moves only with Sim.AdvanceTime). Default: real; virtual with --record.")
    var clock: EngineClock?

    @OptionGroup var headUnit: HeadUnitOptions

    @Option(help: "Keep uploaded files in per-app folders under this directory (default: a private temporary folder removed at exit).")
    var storage: String?

    @Option(parsing: .unconditional, help: "Upload space per app, in bytes (\(SimOptions.quotaBounds.lowerBound) to \(SimOptions.quotaBounds.upperBound), 1 TiB).")
    var quota = SimOptions.defaults.quota

    @Option(
        parsing: .unconditional,
        help: "Longest accepted input line (and, with --listen, SDL message), in bytes (\(SimOptions.lineBounds.lowerBound) to \(SimOptions.lineBounds.upperBound), 1 GiB); longer lines are answered with an error and skipped.")
    var maxLineBytes = SimOptions.defaults.maxLineBytes

    @Option(help: "Least severe log message written to stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel = SimOptions.defaults.logLevel

    @Flag(
        inversion: .prefixedNo,
        help: "Typed commands and shorthand in, replies for people and the screen out (default: on when stdin and stdout are terminals).")
    var interactive: Bool?

    @Flag(help: "Piped mode: draw the head unit's screen on stderr after every change; stdout stays pure protocol.")
    var screen = false

    @Option(
        help: ArgumentHelp(
            "Serve SDL apps over TCP (SDL protocol 5) on HOST:PORT beside stdin/stdout; port 0 picks a free port, printed on stderr.",
            valueName: "host:port"))
    var listen: String?

    @Option(parsing: .unconditional, help: "With --listen: the most payload bytes per SDL frame, either way (told to the app at StartService; 64 to 1048576).")
    var mtu = SimOptions.defaults.mtu

    @Option(
        help: ArgumentHelp(
            "Serve the head unit's screen to browsers on [HOST:]PORT (without HOST: 127.0.0.1, this machine only); port 0 picks a free port; the URL is printed on stderr.",
            valueName: "host:port"))
    var web: String?

    @Flag(help: "With --listen or --web: keep serving apps and browsers after stdin ends (started with </dev/null, say), until SIGINT or SIGTERM.")
    var keepListening = false

    @Option(
        help: ArgumentHelp(
            "Write the session to <file> as a conformance fixture (send/expect JSON lines), named after the file; on the virtual clock unless --clock real is given, so that it replays exactly.",
            valueName: "file"))
    var record: String?

    /// What was parsed, as the fast path reads it too.
    var options: SimOptions {
        SimOptions(
            clock: clock, profile: headUnit.profile, storage: storage, quota: quota, maxLineBytes: maxLineBytes,
            noAutoActivate: headUnit.noAutoActivate,
            logLevel: logLevel, interactive: interactive, screen: screen, listen: listen, mtu: mtu, web: web, keepListening: keepListening,
            record: record, trace: headUnit.trace)
    }

    func validate() throws { try options.validate() }

    /// The usual few options are read without swift-argument-parser, whose reflection over
    /// every option (and its check for a completion-script request) was most of the
    /// start-up; anything else — help, `call`, an error, an unusual spelling — goes through
    /// the parser as before, so it is the parser that explains what is wrong.
    static func main() {
        keepFreedMemoryForReuse()
        if let options = SimOptions(usualArguments: CommandLine.arguments.dropFirst()), (try? options.validate()) != nil {
            runWithOneLineErrors { try options.run() }
        }
        mainWithOneLineErrors()
    }

    func run() throws { try options.run() }

    /// glibc gives the top of the heap back to the kernel whenever 128 KiB of it is free, and
    /// a PutFile line of a 64 KiB chunk frees more than that: every such line then took its
    /// pages back with fresh page faults (3,760 for a 20 MiB upload, a fifth of its CPU time;
    /// docs/performance.md). Up to 16 MiB of freed heap is kept for the next line instead, and
    /// blocks up to 4 MiB come from the heap (setting either limit stops glibc from raising
    /// the mmap threshold as it goes, so it is set too).
    private static func keepFreedMemoryForReuse() {
        mallopt(M_TRIM_THRESHOLD, 16 << 20)
        mallopt(M_MMAP_THRESHOLD, 4 << 20)
    }
}

/// The options `hu-sim` and `hu-sim call` share. One group, declared by both: the parser
/// gives an option of the parent command to it wherever it is written, even after `call`,
/// so `call` reads the values the parent parsed (the same group) rather than options of its
/// own, which would never be set.
struct HeadUnitOptions: ParsableArguments {
    @Option(
        help: "The head unit's capabilities: a built-in profile name (\(Profile.builtInNames.joined(separator: ", "))) or a profile JSON file (a regular file of at most \(ProfileFile.maximumBytes) bytes).")
    var profile: String?

    @Flag(help: "Leave a registered app in HMI level NONE instead of bringing it to FULL.")
    var noAutoActivate = false

    @Option(
        help: ArgumentHelp(
            "Write every message in and out to <file> as JSON lines, with the simulator's clock: stdin's and stdout's lines (or the calls' requests and replies), with --listen every SDL message, with --web every page's; - writes to stderr.",
            valueName: "file"))
    var trace: String?
}

extension EngineClock: ExpressibleByArgument {}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// A profile given as a file: a regular file (not a device or a FIFO, which could be endless
/// or never end), read once, at most `maximumBytes`.
enum ProfileFile {
    static let maximumBytes = 1 << 20

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ path: String) throws(Problem) -> [UInt8] {
        // Non-blocking: opening a FIFO must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Problem(description: "cannot open it: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Problem(description: "it is not a regular file")
        }
        guard status.st_size <= maximumBytes else {
            throw Problem(description: "it is \(status.st_size) bytes, more than a profile's \(maximumBytes)")
        }
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw Problem(description: "cannot read it: \(String(cString: strerror(errno)))") }
            guard read > 0 else { break }
            count += read
        }
        guard count <= maximumBytes else { throw Problem(description: "it grew past a profile's \(maximumBytes) bytes while read") }
        return Array(bytes[..<count])
    }
}

/// `--profile`'s head unit: the built-in profile named, or the profile file given (read
/// once), the full profile when none is given; errors name the bad field.
func loadProfile(_ name: String?) throws -> Profile {
    guard let name else { return .full }
    if let builtIn = Profile.builtIn(named: name) { return builtIn }
    let bytes: [UInt8]
    do {
        bytes = try ProfileFile.read(name)
    } catch {
        throw ValidationError(
            "--profile '\(name)' is neither a built-in profile (\(Profile.builtInNames.joined(separator: ", "))) nor a profile file: \(error)")
    }
    do {
        return try Profile(json: try JSON.parse(bytes))
    } catch let error as JSONParseError {
        throw ValidationError("--profile \(name) is not valid JSON: \(error)")
    } catch let error as SchemaViolation {
        throw ValidationError("--profile \(name): \(error)")
    }
}
