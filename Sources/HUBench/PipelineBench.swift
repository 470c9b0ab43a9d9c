import ArgumentParser
import Foundation
import Logging
import SDLManager
import SimulatorClient
import Synchronization

/// The manager library's file uploads through hu-sim, three ways: one upload call with
/// several PutFiles in flight (pipelined, replies matched by id); the same call with one
/// PutFile in flight at a time; and a loop of single-file upload calls, each awaited
/// before the next (one queue operation per file, as sdl_ios's serial file queue runs them).
struct Pipeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "PutFiles of small artworks through hu-sim with the manager library: pipelined vs one at a time.")
    @OptionGroup var targets: Targets
    @Option(help: "Artworks per upload.") var files = 10_000
    @Option(help: "PutFiles in flight when pipelined (default: the library's).")
    var window = SDLFileManager.Configuration().maximumConcurrentUploads
    @Option(help: "Runs per way; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, files: files, window: window, runs: runs) }

    private enum Way {
        case oneCall(inFlight: Int)
        case loopOfSingleUploads
    }

    static func measure(
        _ targets: Targets, files: Int, window: Int = SDLFileManager.Configuration().maximumConcurrentUploads, runs: Int
    ) throws {
        // 512 bytes each, a small icon; the first four make each one different.
        let artworks = (0..<files).map { number in
            SDLArtwork(data: (0..<512).map { UInt8(truncatingIfNeeded: $0 < 4 ? number >> ($0 * 8) : $0 &* 31) })
        }
        // hu-sim syncs every file it stores to disk; on a shared disk that, not the protocol,
        // is what would be timed. Its files go to memory (tmpfs) unless a command is given.
        let storage = "/dev/shm/hu-bench-pipeline-\(getpid())"
        let usesMemory = targets.isBuiltSimulator && FileManager.default.fileExists(atPath: "/dev/shm")
        let simulator = try targets.simulator(SimulatorCommand.virtualClock + (usesMemory ? ["--storage", storage] : []))
        defer { if usesMemory { try? FileManager.default.removeItem(atPath: storage) } }
        var best = (pipelined: Double.infinity, oneInFlight: Double.infinity, loop: Double.infinity)
        for _ in 0..<runs {
            best.pipelined = min(best.pipelined, try upload(artworks, through: simulator, .oneCall(inFlight: window)))
            best.oneInFlight = min(best.oneInFlight, try upload(artworks, through: simulator, .oneCall(inFlight: 1)))
            best.loop = min(best.loop, try upload(artworks, through: simulator, .loopOfSingleUploads))
        }
        func line(_ label: String, _ seconds: Double) -> String {
            label.padding(toLength: 46, withPad: " ", startingAt: 0)
                + "\(String(format: "%6.3f", seconds)) s  \(format(Double(files) / seconds)) PutFiles/s"
        }
        print("pipeline, \(files) PutFiles of 512-byte artworks through hu-sim with SDLFileManager (best of \(runs)):")
        print("  simulator: \(simulator)")
        print(line("  pipelined: one upload call, \(window) in flight", best.pipelined))
        print(line("  one at a time: the same call, 1 in flight", best.oneInFlight))
        print(line("  one at a time: a loop of single uploads", best.loop))
        print("  ratio, pipelined vs 1 in flight            \(String(format: "%.2f", best.oneInFlight / best.pipelined))× (goal ≥ 3×)")
        print("  ratio, pipelined vs the loop               \(String(format: "%.2f", best.loop / best.pipelined))× (goal ≥ 3×)")
    }

    /// Seconds to upload every artwork, on a fresh hu-sim with a ready manager.
    private static func upload(_ artworks: [SDLArtwork], through command: String, _ way: Way) throws -> Double {
        try blocking {
            // hu-sim removes the 10,000 files when the session ends: let it take its time.
            try await SimulatorProcess.withConnection(command: command, arguments: [], exitGracePeriod: .seconds(300)) { connection in
                var logger = Logger(label: "hu-bench")
                logger.logLevel = .warning
                let inFlight = if case .oneCall(let inFlight) = way { inFlight } else { 1 }
                let configuration = SDLManager.Configuration(
                    appName: "Bench", appID: "bench-1", files: .init(maximumConcurrentUploads: inFlight), logger: logger)
                let manager = SDLManager(connection: connection, configuration: configuration)
                try await manager.start()
                try await manager.waitUntilReady()
                let start = monotonicSeconds()
                var outcomes: [UploadOutcome] = []
                switch way {
                case .oneCall:
                    outcomes = Array(try await manager.fileManager.upload(artworks).values)
                case .loopOfSingleUploads:
                    for artwork in artworks { outcomes.append(try await manager.fileManager.upload(artwork)) }
                }
                let elapsed = monotonicSeconds() - start
                let sent = await connection.requestsSent("PutFile")
                guard outcomes.count == artworks.count, outcomes.allSatisfy({ $0 == .uploaded }), sent == artworks.count else {
                    throw ValidationError("expected \(artworks.count) uploads, got \(outcomes.count) outcomes and \(sent) PutFiles")
                }
                await manager.stop()
                return elapsed
            }
        }
    }
}

/// Runs async work from a synchronous command and waits for it.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<T, any Error>?>(nil)
    Task {
        let result: Result<T, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}
