import ArgumentParser
import Conformance
import Foundation
import JSONCodec
import SimulatorClient

/// What more apps cost: hu-sim's peak memory with 1, 2 and 8 apps registered (idle, and each
/// holding the same choice sets), and the throughput of the app on stdin while the others
/// are registered beside it, holding theirs: in lines per second of hu-sim's own CPU time
/// (the scheduler's count, which a machine loaded by others does not inflate), the 1-app
/// figure being the baseline of the others.
struct Apps: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What a second and an eighth app cost: peak memory with 1, 2 and 8 apps, and the stdin app's throughput beside them.",
        discussion: """
            The first app is on stdin; the others connect over SDL (--listen) and register
            there. Each app loads --sets choice sets of one choice; then the app on stdin runs
            the mixed SDL stream (--lines) while the others stay registered, holding theirs.
            """)
    @OptionGroup var targets: Targets
    @Option(help: "Lines of the mixed SDL stream the app on stdin runs.") var lines = 200_000
    @Option(help: "Choice sets of one choice each app holds.") var sets = 5_000
    @Option(help: "Throughput runs per count of apps; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, lines: lines, sets: sets, runs: runs) }

    static let appCounts = [1, 2, 8]

    static func measure(_ targets: Targets, lines: Int, sets: Int, runs: Int) throws {
        let stream = Streams.mixedSDL(count: lines)
        let count = stream.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        print("apps: what more apps cost (the app on stdin, the others over SDL):")
        var baseline: Double?
        for apps in appCounts {
            let idle = try Car(targets, apps: apps, sets: 0)
            let idleRSS = idle.peer.peakRSS()
            idle.finish()
            var best = Double.infinity
            var loadedRSS = 0
            for _ in 0..<runs {
                let car = try Car(targets, apps: apps, sets: sets)
                loadedRSS = max(loadedRSS, car.peer.peakRSS())
                best = min(best, car.cpuSeconds(running: stream))
            }
            let rate = Double(count) / best
            baseline = baseline ?? rate
            print(
                "  \(apps) app\(apps == 1 ? " " : "s")  peak RSS registered \(mebibytes(idleRSS)), with \(sets) sets each \(mebibytes(loadedRSS))   mixed SDL stream on stdin \(format(rate)) lines per CPU second (\(String(format: "%.2f", rate / baseline!))× one app's; \(count) lines, best of \(runs))")
        }
    }
}

/// hu-sim with `apps` apps registered, each holding `sets` one-choice sets: the first on
/// stdin, the rest on SDL connections of their own.
private final class Car {
    let peer: Peer
    private var others: [SDLChannel] = []

    init(_ targets: Targets, apps: Int, sets: Int) throws {
        peer = try Peer(
            try targets.simulator(SimulatorCommand.virtualClock + ["--listen", "127.0.0.1:0", "--max-apps", "\(apps)", "--log-level", "error"]),
            readingStderr: true)
        guard let line = peer.stderrLine(containing: "listening for SDL apps on"),
            let port = line.split(separator: ":").last.flatMap({ UInt16($0.trimmingCharacters(in: .whitespaces)) })
        else { throw ValidationError("the simulator printed no port to connect apps to") }
        // The app on stdin: registration (one reply, three notifications), then its sets.
        peer.feed(Self.loading(sets: sets), thenClose: false)
        for _ in 0..<(sets + 4) { _ = peer.readLine() }
        let deadline = ContinuousClock.now + .seconds(600)
        for number in 2..<(apps + 1) {
            let app = try SDLChannel(port: port, deadline: deadline)
            try app.send(Self.request(0, "RegisterAppInterface", Self.registration(number)))
            for set in 0..<sets { try app.send(Self.request(set + 1, "CreateInteractionChoiceSet", Self.choiceSet(set))) }
            var answered = 0
            while answered < sets + 1 {
                if try app.nextMessage()["id"] != nil { answered += 1 }
            }
            others.append(app)
        }
    }

    /// Runs `stream` on stdin, up to the answer of a request sent after it; returns the CPU
    /// seconds the simulator spent meanwhile, then stops it.
    func cpuSeconds(running stream: [UInt8]) -> Double {
        let start = peer.cpuSeconds()
        peer.feed(stream + Array(#"{"jsonrpc":"2.0","id":"end","method":"Sim.GetState"}"#.utf8) + [0x0A], thenClose: false)
        while true {
            let line = peer.readLine()
            if line.isEmpty || line.starts(with: Self.endOfStream) { break }
        }
        let seconds = peer.cpuSeconds() - start
        finish()
        return seconds
    }

    private static let endOfStream = Array(#"{"jsonrpc":"2.0","id":"end""#.utf8)

    func finish() {
        peer.finish()
        for app in others { app.close() }
    }

    /// The app on stdin's registration, then its sets, numbered clear of the mixed stream's.
    private static func loading(sets: Int) -> [UInt8] {
        var bytes = Array((Streams.register + "\n").utf8)
        for set in 0..<sets {
            bytes += request(set + 1, "CreateInteractionChoiceSet", choiceSet(set)).serialized
            bytes.append(0x0A)
        }
        return bytes
    }

    private static func request(_ id: Int, _ method: String, _ params: JSONObject) -> JSON {
        ["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method), "params": .object(params)]
    }

    private static func registration(_ number: Int) -> JSONObject {
        [
            "appName": .string("Bench \(number)"), "appID": .string("bench-\(number)"), "isMediaApplication": false,
            "languageDesired": "EN-US", "hmiDisplayLanguageDesired": "EN-US", "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
        ]
    }

    private static func choiceSet(_ set: Int) -> JSONObject {
        [
            "interactionChoiceSetID": .integer(Int64(1_000_000 + set)),
            "choiceSet": [["choiceID": .integer(Int64(set % 65536)), "menuName": .string("Choice number \(set)"), "vrCommands": [.string("Choice \(set)")]]],
        ]
    }
}
