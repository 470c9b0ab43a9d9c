import ChildProcess
import Conformance
import Foundation
import JSONCodec
import SDLModel
import SDLProtocol

/// The frame level: seeded SDL connections over TCP to one `hu-sim --listen`, one after the
/// other, each a handshake (its StartService in a version 1 header, as app libraries send
/// it, or version 5) and valid RPC requests (on the RPC service or the bulk data service)
/// mixed with broken frames — garbage bytes,
/// wrong versions and frame types, data sizes over the MTU, bad BSON, second starts, frames
/// for other sessions and services, consecutive frames without a first, broken binary headers
/// and JSON, EndService, a connection cut mid-frame.
///
/// Checked: the simulator never crashes or hangs (stdio answers after every connection, and
/// SIGTERM ends it with status 0), never answers a request twice or one never sent, and on a
/// connection nothing disruptive happened to, answers every request exactly once (synced by a
/// Heartbeat's ACK). PerformInteraction waits for a user, so it is owed no answer.
struct FrameFuzz {
    /// The simulator's shell command line.
    let command: String
    let connections: Int
    let seed: UInt64
    let deadlineSeconds: Int

    static let mtu = 512

    struct Report {
        var connections = 0
        var frames = 0
        var owed = 0
        var answered = 0
        var closedBySimulator = 0
        var peakRSSKiB = 0
        var problems: [String] = []

        var summary: String {
            """
              frame level: \(connections) connections, \(frames) frames; requests owed exactly one answer: \(owed), answered: \(answered); \
            connections the simulator closed: \(closedBySimulator); peak RSS \(peakRSSKiB / 1024) MiB; problems: \(problems.count)
            """
        }
    }

    func run() throws -> Report {
        var report = Report()
        let simulator = try ListeningChild(commandLine: command + " --listen 127.0.0.1:0 --mtu \(Self.mtu) --log-level error")
        var random = SplitMix64(seed: seed &+ 0x5D1)
        for index in 0..<connections {
            report.connections += 1
            var connection = try FuzzConnection(port: simulator.port, deadline: Date().addingTimeInterval(Double(deadlineSeconds)))
            let plan = Plan.make(using: &random)
            for piece in plan.pieces {
                report.frames += piece.frames
                connection.send(piece)
                if connection.closedBySimulator { break }
            }
            let synced = plan.isDisruptive || connection.closedBySimulator ? false : connection.sync()
            if connection.closedBySimulator { report.closedBySimulator += 1 }
            connection.finish()
            report.owed += synced ? connection.owed.count : 0
            report.answered += connection.answers.values.reduce(0, +)
            report.problems += connection.violations(checkingCompleteness: synced).map { "connection \(index) (seed \(seed)): \($0)" }
            if !simulator.isAnswering(deadlineSeconds: deadlineSeconds) {
                report.problems.append("connection \(index) (seed \(seed)): hu-sim stopped answering on stdio")
                break
            }
        }
        report.peakRSSKiB = simulator.peakRSSKiB()
        if let problem = simulator.stop(deadlineSeconds: deadlineSeconds) { report.problems.append(problem) }
        return report
    }

    // MARK: What a connection sends

    /// Bytes for the wire: whole frames, or a cut-off one.
    struct Piece {
        var bytes: [UInt8]
        var frames: Int
        /// The correlation ID of a request in it.
        var request: UInt32?
        /// That request must be answered (all but PerformInteraction, which waits for a user).
        var owesAnswer = false
        /// After it, what the simulator does next cannot be predicted (the stream may be out
        /// of step, or the session ended): completeness is no longer checked.
        var disrupts = false
        /// The connection is closed right after it.
        var closes = false
    }

    struct Plan {
        var pieces: [Piece] = []
        var isDisruptive: Bool { pieces.contains { $0.disrupts } }

        static func make(using random: inout SplitMix64) -> Plan {
            var plan = Plan()
            var correlation: UInt32 = 0
            var messageID: UInt32 = 1
            func nextCorrelation() -> UInt32 {
                correlation += 1
                return correlation
            }
            func message(_ payload: [UInt8], session: UInt8 = 1, service: UInt8 = ServiceType.rpc, mtu: Int = FrameFuzz.mtu) -> (bytes: [UInt8], frames: Int) {
                var bytes: [UInt8] = []
                MessageFragmenter.write(Message(serviceType: service, sessionID: session, messageID: messageID, payload: payload), mtu: mtu, into: &bytes)
                messageID += 1
                return (bytes, payload.count > mtu ? 2 + (payload.count - 1) / mtu : 1)
            }
            func request(_ functionID: Int, _ json: String, service: UInt8 = ServiceType.rpc) -> Piece {
                let id = nextCorrelation()
                let payload = RPCMessage(kind: .request, functionID: UInt32(functionID), correlationID: id, json: Array(json.utf8)).payload
                let written = message(payload, service: service, mtu: Int.random(in: 64...FrameFuzz.mtu, using: &random))
                return Piece(bytes: written.bytes, frames: written.frames, request: id, owesAnswer: functionID != PerformInteraction.functionID)
            }
            func control(_ info: ControlFrameInfo, version: UInt8 = 5, service: UInt8 = ServiceType.rpc, session: UInt8 = 1, payload: [UInt8] = []) -> Piece {
                var frame = Frame.control(info, version: version, serviceType: service, sessionID: session)
                frame.payload = payload
                frame.header.dataSize = UInt32(payload.count)
                return Piece(bytes: frame.bytes, frames: 1)
            }

            let firstVersion: UInt8 = random.chance(50) ? 1 : 5
            plan.pieces.append(control(.startService, version: firstVersion, session: 0, payload: (["protocolVersion": .string("5.4.0")] as BSONDocument).bytes))
            plan.pieces.append(request(RegisterAppInterface.functionID, ValidParameters.registration.replacingOccurrences(of: "sdlMsgVersion", with: "syncMsgVersion")))
            let served = allSDLRequests.filter { $0.functionID != 0 && $0.method != RegisterAppInterface.method }
            // Half the connections break nothing beyond repair, so that completeness is checked on them.
            let maySpoilTheStream = random.chance(50)
            for _ in 0..<Int.random(in: 5...40, using: &random) {
                let roll = Int.random(in: 0..<100, using: &random)
                switch maySpoilTheStream || !(80..<97).contains(roll) ? roll : 0 {
                case 0..<55:
                    let type = served.randomElement(using: &random)!
                    let service = random.chance(15) ? ServiceType.hybrid : ServiceType.rpc
                    plan.pieces.append(request(type.functionID, ValidParameters.choices(for: type.method, using: &random), service: service))
                case 55..<60: plan.pieces.append(request([12, 13, 25, 41, 64].randomElement(using: &random)!, "{}"))  // unserved
                case 60..<63: plan.pieces.append(request(Int.random(in: 70...30000, using: &random), "{}"))  // not in the API
                case 63..<67: plan.pieces.append(request(34, ["{", "[1]", "\"x\"", "{\"a\":"].randomElement(using: &random)!))
                case 67..<70: plan.pieces.append(control(.heartbeat, service: ServiceType.control))
                case 70..<73:
                    let bson = random.chance(50) ? (["protocolVersion": .string("5.1.0")] as BSONDocument).bytes : randomBytes(Int.random(in: 1...20, using: &random), &random)
                    plan.pieces.append(control(.startService, version: [5, 5, 4, 2, 1, 6].randomElement(using: &random)!, service: [ServiceType.rpc, ServiceType.video, ServiceType.audio, 0x42].randomElement(using: &random)!, session: 0, payload: bson))
                case 73..<77:
                    let stray = RPCMessage(kind: .request, functionID: 34, correlationID: 0, json: Array("{}".utf8)).payload
                    let written = message(stray, session: random.chance(50) ? 9 : 1, service: random.chance(50) ? ServiceType.hybrid : ServiceType.video)
                    if written.bytes[3] == 1 && written.bytes[1] == ServiceType.hybrid { continue }  // served: not stray
                    plan.pieces.append(Piece(bytes: written.bytes, frames: written.frames))
                case 77..<80:
                    let written = message(randomBytes(Int.random(in: 0...11, using: &random), &random))
                    plan.pieces.append(Piece(bytes: written.bytes, frames: written.frames))  // a binary header too short
                case 80..<84: plan.pieces.append(Piece(bytes: randomBytes(Int.random(in: 1...64, using: &random), &random), frames: 0, disrupts: true))
                case 84..<87:
                    var header: [UInt8] = []
                    FrameHeader(frameType: .single, serviceType: ServiceType.rpc, frameInfo: 0, sessionID: 1, dataSize: UInt32.random(in: UInt32(FrameFuzz.mtu + 1)...UInt32.max, using: &random), messageID: 1).write(into: &header)
                    if random.chance(50) { header[0] = [0x05, 0x0D, 0x5C, 0x06].randomElement(using: &random)! }  // version 0, frame types 4–7
                    plan.pieces.append(Piece(bytes: header, frames: 1, disrupts: true))
                case 87..<90:
                    let frame = Frame(header: FrameHeader(frameType: .consecutive, serviceType: ServiceType.rpc, frameInfo: UInt8.random(in: 0...255, using: &random), sessionID: 1, dataSize: 3, messageID: 777), payload: [1, 2, 3])
                    plan.pieces.append(Piece(bytes: frame.bytes, frames: 1, disrupts: true))
                case 90..<92:
                    let first = Frame(header: FrameHeader(frameType: .first, serviceType: ServiceType.rpc, frameInfo: 0, sessionID: 1, dataSize: 8, messageID: 778), payload: [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 9])
                    plan.pieces.append(Piece(bytes: first.bytes, frames: 1, disrupts: true))
                case 92..<94: plan.pieces.append(control(.endService, payload: (["hashId": .int32(0x5D1)] as BSONDocument).bytes))
                    plan.pieces[plan.pieces.count - 1].disrupts = true
                case 94..<97:
                    let whole = request(CreateInteractionChoiceSet.functionID, ValidParameters.choices(for: CreateInteractionChoiceSet.method, using: &random))
                    let cut = Int.random(in: 1..<whole.bytes.count, using: &random)
                    plan.pieces.append(Piece(bytes: Array(whole.bytes[..<cut]), frames: 1, disrupts: true, closes: true))
                    return plan
                default:
                    plan.pieces.append(request(PerformInteraction.functionID, ValidParameters.choices(for: PerformInteraction.method, using: &random)))
                }
            }
            return plan
        }

        private static func randomBytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
            (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
    }
}

/// One fuzzed connection: what it owes, and what came back.
private struct FuzzConnection {
    private let descriptor: Int32
    private let deadline: Date
    private var reader = FrameReader(maximumDataSize: 1 << 24)
    private var assembler = MessageAssembler(maximumMessageSize: 1 << 24)
    private var disrupted = false
    private(set) var closedBySimulator = false
    /// Requests owed exactly one answer (before anything disruptive).
    private(set) var owed: Set<UInt32> = []
    private(set) var sent: Set<UInt32> = []
    private(set) var answers: [UInt32: Int] = [:]
    private var heartbeatACKs = 0
    private var malformed: [String] = []

    init(port: UInt16, deadline: Date) throws {
        self.deadline = deadline
        guard let descriptor = LoopbackSocket.connect(port: port) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
        self.descriptor = descriptor
    }

    mutating func send(_ piece: FrameFuzz.Piece) {
        if let id = piece.request {
            sent.insert(id)
            if piece.owesAnswer && !disrupted { owed.insert(id) }
        }
        if piece.disrupts { disrupted = true }
        var offset = 0
        while offset < piece.bytes.count, !closedBySimulator, Date() < deadline {
            let written = piece.bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno != EAGAIN && errno != EINTR {
                closedBySimulator = true
            }
            pump(milliseconds: written > 0 ? 0 : 10)
        }
        pump(milliseconds: 0)
        if piece.closes { shutdown(descriptor, Int32(SHUT_WR)) }
    }

    /// A heartbeat; true once its ACK arrives, so every answer before it has arrived too.
    mutating func sync() -> Bool {
        let before = heartbeatACKs
        send(FrameFuzz.Piece(bytes: Frame.control(.heartbeat, serviceType: ServiceType.control, sessionID: 1).bytes, frames: 1))
        while heartbeatACKs == before, !closedBySimulator, Date() < deadline { pump(milliseconds: 20) }
        return heartbeatACKs > before
    }

    mutating func finish() {
        shutdown(descriptor, Int32(SHUT_WR))
        // Read what the simulator still sends until it closes its side (bounded).
        while !closedBySimulator, Date() < deadline { pump(milliseconds: 20) }
        close(descriptor)
    }

    func violations(checkingCompleteness: Bool) -> [String] {
        var found = malformed
        for (id, count) in answers.sorted(by: { $0.key < $1.key }) {
            if !sent.contains(id) && id != 0 { found.append("an answer to correlation ID \(id), which was never sent") }
            if count > 1 { found.append("correlation ID \(id) answered \(count) times") }
        }
        if checkingCompleteness {
            for id in owed.sorted() where answers[id] == nil { found.append("correlation ID \(id) never answered") }
        }
        return found
    }

    private mutating func pump(milliseconds: Int32) {
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&fd, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 {
            if count == 0 || (errno != EAGAIN && errno != EINTR) { closedBySimulator = true }
            return
        }
        var frames: [Frame] = []
        do { try reader.feed(buffer[..<count]) { frames.append($0) } } catch { malformed.append("hu-sim sent a broken frame: \(error)") }
        for frame in frames {
            if frame.header.frameType == .control {
                if frame.header.frameInfo == ControlFrameInfo.heartbeatACK.rawValue { heartbeatACKs += 1 }
                continue
            }
            do {
                guard let message = try assembler.take(frame) else { continue }
                let rpc = try RPCMessage(payload: message.payload)
                if rpc.kind == .response { answers[rpc.correlationID, default: 0] += 1 }
                if (try? JSON.parse(rpc.json))?.objectValue == nil { malformed.append("hu-sim sent an RPC whose JSON is not an object") }
            } catch {
                malformed.append("hu-sim sent frames that do not make a message: \(error)")
            }
        }
    }
}

/// `hu-sim --listen` for the fuzzer: its port, a liveness check over stdio, and its end.
private final class ListeningChild {
    private let child: ChildProcess
    private let stdin: Int32
    private let stdout: Int32
    let port: UInt16
    private var nextID = 0

    /// `exec`: the simulator replaces the shell, so its exit status is its own (a pipeline
    /// still works: its last command is waited for).
    init(commandLine: String) throws {
        child = try ChildProcess(shell: "exec " + commandLine)
        stdin = child.input!
        stdout = child.output!
        let errors = child.errors!
        var seen = ""
        let started = Date()
        var buffer = [UInt8](repeating: 0, count: 1 << 12)
        while !seen.contains("\n"), Date().timeIntervalSince(started) < 20 {
            let count = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            seen += String(decoding: buffer[..<count], as: UTF8.self)
        }
        guard let line = seen.split(separator: "\n").first(where: { $0.contains("listening for SDL apps on") }),
            let port = line.split(separator: ":").last.flatMap({ UInt16($0) })
        else {
            child.terminate()
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.port = port
        // Logs are at error level; keep stderr drained anyway, so it can never block hu-sim.
        Thread {
            var sink = [UInt8](repeating: 0, count: 1 << 12)
            while sink.withUnsafeMutableBytes({ read(errors, $0.baseAddress, $0.count) }) > 0 {}
            close(errors)
        }.start()
    }

    deinit {
        close(stdin)
        close(stdout)
    }

    /// Sends Sim.GetState on stdin and waits (bounded) for its answer.
    func isAnswering(deadlineSeconds: Int) -> Bool {
        nextID += 1
        let request = Array(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"Sim.GetState"}"#.utf8) + [0x0A]
        guard request.withUnsafeBytes({ write(stdin, $0.baseAddress, $0.count) }) == request.count else { return false }
        let deadline = Date().addingTimeInterval(Double(deadlineSeconds))
        var pending = ""
        while Date() < deadline {
            var fd = pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, 100) >= 0 else { return false }
            guard fd.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { read(stdout, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
            if pending.contains(#""id":\#(nextID),"#) { return true }
        }
        return false
    }

    func peakRSSKiB() -> Int { peakResidentKiB(ofShell: child.pid) }

    /// SIGTERM; a problem unless it exits 0 in time.
    func stop(deadlineSeconds: Int) -> String? {
        child.signal(SIGTERM)
        guard let status = child.waitForExit(timeout: .seconds(deadlineSeconds)) else {
            child.signal(SIGKILL)
            _ = child.waitForExit()
            return "hu-sim did not end within \(deadlineSeconds) s of SIGTERM"
        }
        return status == .exited(0) ? nil : "hu-sim \(status) at SIGTERM"
    }
}
