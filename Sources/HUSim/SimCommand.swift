import ArgumentParser
import CommandLineTool
import Glibc
import HeadUnit
import SimulatorHost
import JSONCodec
import SDLModel
import Logging
import WebServer

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

    /// The clock in use: as given; else virtual for a recording, which then replays exactly
    /// (a replay cannot wait as a person did); else real.
    var clockMode: EngineClock { clock ?? (record != nil ? .virtual : .real) }

    @Option(
        help: "The head unit's capabilities: a built-in profile name (\(Profile.builtInNames.joined(separator: ", "))) or a profile JSON file (a regular file of at most \(ProfileFile.maximumBytes) bytes).")
    var profile: String?

    @Option(help: "Keep uploaded files in per-app folders under this directory (default: a private temporary folder removed at exit).")
    var storage: String?

    @Option(parsing: .unconditional, help: "Upload space per app, in bytes (\(Self.quotaBounds.lowerBound) to \(Self.quotaBounds.upperBound), 1 TiB).")
    var quota: Int64 = 100 << 20

    @Option(
        parsing: .unconditional,
        help: "Longest accepted input line (and, with --listen, SDL message), in bytes (\(Self.lineBounds.lowerBound) to \(Self.lineBounds.upperBound), 1 GiB); longer lines are answered with an error and skipped.")
    var maxLineBytes: Int = 16 << 20

    @Flag(help: "Leave a registered app in HMI level NONE instead of bringing it to FULL.")
    var noAutoActivate = false

    @Option(help: "Least severe log message written to stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

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
    var mtu: Int = 131_072

    @Option(
        help: ArgumentHelp(
            "Serve the head unit's screen to browsers on [HOST:]PORT (without HOST: 127.0.0.1, this machine only); port 0 picks a free port; the URL is printed on stderr.",
            valueName: "host:port"))
    var web: String?

    /// `--web`'s address: a port alone is on loopback.
    private var webEndpoint: Endpoint? {
        guard let web else { return nil }
        return Endpoint(web.allSatisfy(\.isNumber) ? "127.0.0.1:\(web)" : web)
    }

    @Flag(help: "With --listen or --web: keep serving apps and browsers after stdin ends (started with </dev/null, say), until SIGINT or SIGTERM.")
    var keepListening = false

    @Option(
        help: ArgumentHelp(
            "Write the session to <file> as a conformance fixture (send/expect JSON lines), named after the file; on the virtual clock unless --clock real is given, so that it replays exactly.",
            valueName: "file"))
    var record: String?

    static let quotaBounds: ClosedRange<Int64> = 0...(1 << 40)
    static let lineBounds: ClosedRange<Int> = 2...(1 << 30)

    @Option(
        help: ArgumentHelp(
            "Write every line in and out (and with --listen every SDL message) to <file> as JSON lines, with the simulator's clock; - writes to stderr.",
            valueName: "file"))
    var trace: String?

    func validate() throws {
        guard Self.quotaBounds.contains(quota) else {
            throw ValidationError("--quota must be \(Self.quotaBounds.lowerBound) to \(Self.quotaBounds.upperBound) bytes, not \(quota).")
        }
        guard Self.lineBounds.contains(maxLineBytes) else {
            throw ValidationError("--max-line-bytes must be \(Self.lineBounds.lowerBound) to \(Self.lineBounds.upperBound), not \(maxLineBytes).")
        }
        if let listen, Endpoint(listen) == nil {
            throw ValidationError("--listen takes HOST:PORT (e.g. 127.0.0.1:12345, [::1]:0), not \(listen).")
        }
        if let web, webEndpoint == nil {
            throw ValidationError("--web takes [HOST:]PORT (e.g. 8080, 127.0.0.1:8080, [::1]:0), not \(web).")
        }
        if keepListening && listen == nil && web == nil { throw ValidationError("--keep-listening needs --listen or --web.") }
        guard (64...(1 << 20)).contains(mtu) else { throw ValidationError("--mtu must be 64 to 1048576 bytes, not \(mtu).") }
    }

    static func main() { mainWithOneLineErrors() }

    func run() throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "hu-sim")
        let configuration = EngineConfiguration(
            profile: try loadProfile(profile), clock: clockMode, autoActivate: !noAutoActivate,
            quotaBytes: Int(quota))
        let store: DiskFileStore
        do {
            store = try DiskFileStore(path: storage)
        } catch {
            throw ValidationError("--storage \(storage ?? "(a private temporary folder)"): \(error)")
        }
        if let storage, let problem = StorageProbe.problem(in: storage) {
            store.finish()
            throw ValidationError("--storage \(storage) cannot hold uploads: \(problem)")
        }
        let engine = HeadUnitEngine(configuration: configuration, store: store)
        let host = EngineHost(engine: engine)
        let session = SimulatorSession(host: host, maximumLineBytes: maxLineBytes)
        let wireTrace = try trace.map { try WireTrace(writingTo: $0, clock: { engine.now }) }
        session.trace = wireTrace
        var apps: AppServer?
        if let listen, let endpoint = Endpoint(listen) {
            do {
                apps = try AppServer(
                    listeningOn: endpoint, host: host,
                    configuration: .init(mtu: mtu, maximumMessageSize: maxLineBytes), logger: logger)
            } catch {
                throw ValidationError("--listen \(listen): \(error)")
            }
            apps?.trace = wireTrace
            // Unconditionally, whatever the log level: port 0's choice is for whoever started us.
            writeAll(Array("hu-sim: listening for SDL apps on \(apps!.address)\n".utf8), to: STDERR_FILENO)
        }
        if record != nil && clockMode == .real {
            logger.warning(
                "recording on the real clock: times are recorded as \"$any\", and a replay (on the virtual clock) fires no timeout you waited for; record with the virtual clock (the default) and `wait` for a replay that does")
        }
        var pages: WebBridge?
        if let endpoint = webEndpoint {
            do {
                let server = try WebServer(host: endpoint.host, port: Int(endpoint.port), logger: logger)
                pages = WebBridge(server: server, host: host, clock: clockMode)
                writeAll(Array("hu-sim: the head unit's page is at \(server.url)\n".utf8), to: STDERR_FILENO)
            } catch {
                logger.critical("\(error)")
                throw ExitCode.failure
            }
        }
        let loop = StdioLoop(
            session: session, clock: clockMode, logger: logger, front: try makeFront(for: session), apps: apps, web: pages,
            keepsListening: keepListening)
        let status = loop.run()
        store.finish()  // after the app's session ended: a private folder goes
        throw ExitCode(status)
    }
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
