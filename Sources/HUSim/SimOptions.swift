import ArgumentParser
import Glibc
import HeadUnit
import Logging
import SimulatorHost
import WebServer

/// What hu-sim was asked to do: its options, from swift-argument-parser (`SimCommand`) or,
/// for the usual few, read directly (`init(usualArguments:)`); and the run itself.
struct SimOptions {
    var clock: EngineClock?
    var profile: String?
    var storage: String?
    var quota: Int64 = 100 << 20
    var maxLineBytes = 16 << 20
    var noAutoActivate = false
    var logLevel: Logger.Level = .info
    var interactive: Bool?
    var screen = false
    var listen: String?
    var mtu = 131_072
    var web: String?
    var keepListening = false
    var record: String?
    var trace: String?

    static let defaults = SimOptions()
    static let quotaBounds: ClosedRange<Int64> = 0...(1 << 40)
    static let lineBounds: ClosedRange<Int> = 2...(1 << 30)

    /// The clock in use: as given; else virtual for a recording, which then replays exactly
    /// (a replay cannot wait as a person did); else real.
    var clockMode: EngineClock { clock ?? (record != nil ? .virtual : .real) }

    /// `--web`'s address: a port alone is on loopback.
    private var webEndpoint: Endpoint? {
        guard let web else { return nil }
        return Endpoint(web.allSatisfy(\.isNumber) ? "127.0.0.1:\(web)" : web)
    }

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
                pages?.trace = wireTrace
                writeAll(Array("hu-sim: the head unit's page is at \(server.url)\n".utf8), to: STDERR_FILENO)
            } catch {
                logger.critical("\(error)")
                throw ExitCode.failure
            }
        }
        let loop = StdioLoop(
            session: session, clock: clockMode, logger: logger, front: try makeFront(for: session), apps: apps, web: pages,
            keepsListening: keepListening, releaseWhenIdle: store.closeOpenUpload,
            choresWhenIdle: store.sweepLeftovers)
        let status = loop.run()
        store.finish()  // after the app's session ended: a private folder goes
        throw ExitCode(status)
    }
}

extension SimOptions {
    /// The options in `arguments` when each is one of hu-sim's long options spelt out —
    /// `--name value`, `--name=value` or a flag — given once, its value one the parser would
    /// take too (through the same `init?(argument:)`) and not starting with '-'. Nil for
    /// anything else (`--help`, `call`, a short or repeated option, a bad value): the parser
    /// then reads the line and explains what is wrong, as it always did.
    init?(usualArguments arguments: ArraySlice<String>) {
        self.init()
        var rest = arguments
        var seen: [Substring] = []
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            let spelt = argument.dropFirst(2)
            let equals = spelt.firstIndex(of: "=")
            let name = spelt[..<(equals ?? spelt.endIndex)]
            let attached = equals.map { spelt[spelt.index(after: $0)...] }
            // --interactive and --no-interactive set one option.
            let option = name == "no-interactive" ? "interactive" : name
            guard !seen.contains(option) else { return nil }
            seen.append(option)
            func value() -> String? {
                guard let value = attached.map(String.init) ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
                return value
            }
            func flag() -> Bool? { attached == nil ? true : nil }
            switch name {
            case "clock": guard let value = value().flatMap(EngineClock.init(argument:)) else { return nil }; clock = value
            case "profile": guard let value = value() else { return nil }; profile = value
            case "storage": guard let value = value() else { return nil }; storage = value
            case "quota": guard let value = value().flatMap(Int64.init(argument:)) else { return nil }; quota = value
            case "max-line-bytes": guard let value = value().flatMap(Int.init(argument:)) else { return nil }; maxLineBytes = value
            case "no-auto-activate": guard let set = flag() else { return nil }; noAutoActivate = set
            case "log-level": guard let value = value().flatMap(Logger.Level.init(argument:)) else { return nil }; logLevel = value
            case "interactive": guard let set = flag() else { return nil }; interactive = set
            case "no-interactive": guard flag() != nil else { return nil }; interactive = false
            case "screen": guard let set = flag() else { return nil }; screen = set
            case "listen": guard let value = value() else { return nil }; listen = value
            case "mtu": guard let value = value().flatMap(Int.init(argument:)) else { return nil }; mtu = value
            case "web": guard let value = value() else { return nil }; web = value
            case "keep-listening": guard let set = flag() else { return nil }; keepListening = set
            case "record": guard let value = value() else { return nil }; record = value
            case "trace": guard let value = value() else { return nil }; trace = value
            default: return nil
            }
        }
    }
}
