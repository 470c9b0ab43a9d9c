import ArgumentParser
import Foundation
import SDLModel

struct Upload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Upload throughput: one file in PutFile chunks through hu-sim, beside decoding and writing the same bytes.")
    @OptionGroup var targets: Targets
    @Option(help: "File size in MiB.") var mebibytes = 20
    @Option(help: "Chunk size in KiB.") var chunkKibibytes = 64
    @Option(help: "Runs; the best is kept.") var runs = 3

    func run() throws { try Self.measure(targets, mebibytes: mebibytes, chunkKibibytes: chunkKibibytes, runs: runs) }

    static func measure(_ targets: Targets, mebibytes: Int, chunkKibibytes: Int, runs: Int) throws {
        let size = mebibytes << 20
        let chunkSize = chunkKibibytes << 10
        let file = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let chunks = stride(from: 0, to: size, by: chunkSize).map { Array(file[$0..<min($0 + chunkSize, size)]) }
        var stream: [UInt8] = []
        var encoded: [String] = []
        for (index, chunk) in chunks.enumerated() {
            let data = Base64.encode(chunk)
            encoded.append(data)
            let length = index == 0 ? #","length":\#(size)"# : ""
            let line = #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"PutFile","params":{"syncFileName":"big.bin","fileType":"BINARY","offset":\#(index * chunkSize)\#(length),"crc":\#(CRC32.checksum(chunk)),"bulkData":"\#(data)"}}"#
            stream.append(contentsOf: line.utf8)
            stream.append(0x0A)
        }
        var best = (sim: Double.infinity, raw: Double.infinity)
        for _ in 0..<runs {
            best.sim = min(best.sim, try throughSimulator(try targets.simulator(), stream, replies: chunks.count))
            best.raw = min(best.raw, try decodeAndWrite(encoded))
        }
        let megabytes = Double(size) / 1_048_576
        print("upload, \(mebibytes) MiB in \(chunkKibibytes) KiB PutFile chunks with CRC-32 (best of \(runs);")
        print("  hu-sim timed from its answer to the registration: its start-up is `hu-bench startup`'s):")
        print("  through hu-sim             \(String(format: "%7.1f", megabytes / best.sim)) MiB/s")
        print("  base64-decode + write only \(String(format: "%7.1f", megabytes / best.raw)) MiB/s")
        print("  ratio                      \(String(format: "%.2f", best.raw / best.sim))× (bar ≥ 0.80×)")
    }

    /// Seconds from hu-sim's answer to the registration (and the three notifications that
    /// come with it) to its answer to the last chunk.
    private static func throughSimulator(_ command: String, _ stream: [UInt8], replies: Int) throws -> Double {
        let peer = try Peer(command)
        peer.send(Array((Streams.register + "\n").utf8))
        for _ in 0..<4 { _ = peer.readLine() }
        let start = monotonicSeconds()
        peer.feed(stream, thenClose: false)
        for _ in 0..<replies { _ = peer.readLine() }
        let elapsed = monotonicSeconds() - start
        peer.finish()
        return elapsed
    }

    /// The floor: decode each chunk's base64 and append it to a file, then sync it once.
    private static func decodeAndWrite(_ encoded: [String]) throws -> Double {
        let path = NSTemporaryDirectory() + "hu-bench-upload-\(getpid())"
        defer { unlink(path) }
        let start = monotonicSeconds()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        for text in encoded {
            guard let bytes = Base64.decode(text) else { throw ValidationError("bad base64") }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        fsync(descriptor)
        close(descriptor)
        return monotonicSeconds() - start
    }
}
