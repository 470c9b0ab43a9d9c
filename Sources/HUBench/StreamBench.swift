import ArgumentParser
import Foundation
import Logging
import SDLManager
import SimulatorClient

/// A file from disk uploaded through hu-sim with `SDLFile(contentsOf:)`: read a chunk at a
/// time, so this process's memory stays bounded by the chunks in flight, not the file. With
/// `--memory-limit`, it fails if its peak resident memory went past that many MiB: a file
/// bigger than the limit arriving whole shows it streamed. Resident memory, not RLIMIT_DATA:
/// every thread's 8 MiB stack counts as data, so a thread more under load broke that bound
/// while the upload itself used no more.
struct Stream: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A file bigger than the memory allowed, streamed from disk through hu-sim with the manager library.")
    @OptionGroup var targets: Targets
    @Option(name: .customLong("mebibytes"), help: "The file's size in MiB.") var size = 256
    @Option(help: "Fail if this process's peak resident memory goes past this many MiB (0: no limit).")
    var memoryLimit = 0

    func run() throws {
        let bytes = size << 20
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-bench-stream-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sparse file: reading it costs no disk, and the bytes still go out one by one.
        let path = folder.appendingPathComponent("map-tiles.bin").path
        guard FileManager.default.createFile(atPath: path, contents: nil), truncate(path, off_t(bytes)) == 0 else {
            throw ValidationError("cannot make a \(size) MiB file in \(folder.path)")
        }
        let file = try SDLFile(contentsOf: path)
        // hu-sim keeps the file on disk in a folder of its own; its quota is raised to fit.
        let simulator = try targets.simulator(SimulatorCommand.virtualClock + ["--quota", "\(bytes + (1 << 20))"])
        let seconds = try blocking {
            try await SimulatorProcess.withConnection(command: simulator, arguments: [], exitGracePeriod: .seconds(60)) { connection in
                var logger = Logger(label: "hu-bench")
                logger.logLevel = .warning
                let manager = SDLManager(connection: connection, configuration: .init(appName: "Bench", appID: "bench-1", logger: logger))
                try await manager.start()
                try await manager.waitUntilReady()
                let start = monotonicSeconds()
                let outcome = try await manager.fileManager.upload(file)
                let elapsed = monotonicSeconds() - start
                guard outcome == .uploaded else { throw ValidationError("expected the file uploaded, got \(outcome)") }
                await manager.stop()
                return elapsed
            }
        }
        let peak = peakResidentBytes(ofProcess: "self")
        print("stream, a \(size) MiB file from disk through hu-sim with SDLFile(contentsOf:), 64 KiB chunks:")
        print("  \(String(format: "%.2f", seconds)) s   \(String(format: "%.1f", Double(size) / seconds)) MiB/s")
        print("  peak RSS of this process \(mebibytes(peak))" + (memoryLimit > 0 ? ", limit \(memoryLimit) MiB" : ""))
        if memoryLimit > 0, peak > memoryLimit << 20 {
            throw ValidationError("the peak RSS, \(mebibytes(peak)), went past the limit of \(memoryLimit) MiB")
        }
    }
}
