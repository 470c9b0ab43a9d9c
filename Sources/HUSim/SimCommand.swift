import ArgumentParser
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
        discussion: """
            Plays an SDL head unit (SDL Core's checks, the HMI, and a simulated driver) for
            choice sets, interactions, the keyboard and files. One JSON-RPC message per line
            in, one per line out; logs go to stderr. The wire contract is PROTOCOL.md.

            Examples:
              # Register an app and read the head unit's state (virtual clock, as tests use):
              printf '%s\\n' \\
                '{"jsonrpc":"2.0","id":1,"method":"RegisterAppInterface","params":{"appName":"Demo","appID":"demo-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","sdlMsgVersion":{"majorVersion":8,"minorVersion":0}}}' \\
                '{"jsonrpc":"2.0","id":2,"method":"Sim.GetState"}' | hu-sim --clock virtual

              # Keep uploaded files between runs, on a head unit without voice or images:
              hu-sim --storage ~/hu-files --profile text-only

              # Let a test drive time itself and cap the upload space at 1 MiB:
              hu-sim --clock virtual --quota 1048576

            At a terminal (stdin and stdout both terminals; or --interactive) hu-sim is
            interactive. Type `help` for every command and request, then for example:
            register Demo
            CreateI interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin}]
            perf initialText=Hi interactionMode=MANUAL_ONLY interactionChoiceSetIDList=[1]
            tap 1
            (a unique prefix names a request; add interactionLayout=LIST_WITH_SEARCH for
            a search field, then `type Ber`). The head unit's screen is drawn after
            every change; full JSON-RPC lines work too.

              # Watch a test or an app drive the simulator (screen on stderr):
              hu-sim --clock virtual --screen

              # Record a session as a conformance fixture; it replays
              # deterministically when recorded with --clock virtual:
              hu-sim --clock virtual --record my-bug.jsonl

              # Be the head unit a real SDL app (sdl_ios, sdl_java_suite, the JavaScript
              # suite) connects to over TCP, as to SDL Core; play its user at the console:
              hu-sim --listen 0.0.0.0:12345

              # ... and in a browser: open the URL it prints (the screen, live; tap, type,
              # speak, move the virtual clock, inject faults, watch the wire):
              hu-sim --listen 0.0.0.0:12345 --web 8080
            """
    )

    @Option(help: "Where time comes from: 'real' (wall clock) or 'virtual' (moves only with Sim.AdvanceTime).")
    var clock: ClockMode = .real

    @Option(help: "The head unit's capabilities: a built-in profile name (\(Profile.builtInNames.joined(separator: ", "))) or a profile JSON file.")
    var profile: String?

    @Option(help: "Keep uploaded files in per-app folders under this directory (default: a private temporary folder removed at exit).")
    var storage: String?

    @Option(help: "Upload space per app, in bytes.")
    var quota: Int64 = 100 << 20

    @Option(help: "Longest accepted input line (and, with --listen, SDL message), in bytes; longer lines are answered with an error and skipped.")
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

    @Option(help: "With --listen: the most payload bytes per SDL frame, either way (told to the app at StartService).")
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
            "Write the session to <file> as a conformance fixture (send/expect JSON lines); it replays deterministically when recorded with --clock virtual.",
            valueName: "file"))
    var record: String?

    private func fileExists(_ path: String) -> Bool { access(path, R_OK) == 0 }

    func validate() throws {
        guard quota >= 0 else { throw ValidationError("--quota must be 0 or more bytes, not \(quota).") }
        guard maxLineBytes >= 2 else {
            throw ValidationError("--max-line-bytes must be at least 2, not \(maxLineBytes).")
        }
        if let listen, Endpoint(listen) == nil {
            throw ValidationError("--listen takes HOST:PORT (e.g. 127.0.0.1:12345, [::1]:0), not \(listen).")
        }
        if let web, webEndpoint == nil {
            throw ValidationError("--web takes [HOST:]PORT (e.g. 8080, 127.0.0.1:8080, [::1]:0), not \(web).")
        }
        if keepListening && listen == nil && web == nil { throw ValidationError("--keep-listening needs --listen or --web.") }
        guard (64...(1 << 20)).contains(mtu) else { throw ValidationError("--mtu must be 64 to 1048576 bytes, not \(mtu).") }
        _ = try loadProfile()
    }

    /// The built-in profile named, or the profile file given; errors name the bad field.
    private func loadProfile() throws -> Profile {
        guard let profile else { return .full }
        if let builtIn = Profile.builtIn(named: profile) { return builtIn }
        guard fileExists(profile) else {
            throw ValidationError(
                "--profile '\(profile)' is neither a built-in profile (\(Profile.builtInNames.joined(separator: ", "))) nor a readable file."
            )
        }
        do {
            return try Profile(json: try JSON.parse(try readFile(profile)))
        } catch let error as JSONParseError {
            throw ValidationError("--profile \(profile) is not valid JSON: \(error)")
        } catch let error as SchemaViolation {
            throw ValidationError("--profile \(profile): \(error)")
        }
    }

    func run() throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "hu-sim")
        let configuration = EngineConfiguration(
            profile: try loadProfile(), clock: clock == .virtual ? .virtual : .real, autoActivate: !noAutoActivate,
            quotaBytes: Int(quota))
        let store: DiskFileStore
        do {
            store = try DiskFileStore(path: storage)
        } catch {
            logger.critical("cannot use the storage folder: \(error)")
            throw ExitCode.failure
        }
        let engine = HeadUnitEngine(configuration: configuration, store: store)
        let host = EngineHost(engine: engine)
        let session = SimulatorSession(host: host, maximumLineBytes: maxLineBytes)
        var apps: AppServer?
        if let listen, let endpoint = Endpoint(listen) {
            do {
                apps = try AppServer(
                    listeningOn: endpoint, host: host,
                    configuration: .init(mtu: mtu, maximumMessageSize: maxLineBytes), logger: logger)
            } catch {
                logger.critical("\(error)")
                throw ExitCode.failure
            }
            // Unconditionally, whatever the log level: port 0's choice is for whoever started us.
            writeAll(Array("hu-sim: listening for SDL apps on \(apps!.address)\n".utf8), to: STDERR_FILENO)
        }
        var pages: WebBridge?
        if let endpoint = webEndpoint {
            do {
                let server = try WebServer(host: endpoint.host, port: Int(endpoint.port), logger: logger)
                pages = WebBridge(server: server, host: host, clock: clock)
                writeAll(Array("hu-sim: the head unit's page is at \(server.url)\n".utf8), to: STDERR_FILENO)
            } catch {
                logger.critical("\(error)")
                throw ExitCode.failure
            }
        }
        let loop = StdioLoop(
            session: session, clock: clock, logger: logger, console: try makeConsole(for: session), apps: apps, web: pages,
            keepsListening: keepListening)
        let status = loop.run()
        store.finish()  // after the app's session ended: a private folder goes
        throw ExitCode(status)
    }
}

enum ClockMode: String, ExpressibleByArgument, CaseIterable {
    case real, virtual
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// The whole file at `path`.
func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw ValidationError("cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}
