import Foundation
import Testing
import TestSupport

/// A file bigger than the memory the uploading process may use arrives whole: `SDLFile(contentsOf:)`
/// reads it a window of chunks at a time (`hu-bench stream`, its peak resident memory checked).
@Suite(.ownThreads, .timeLimit(.minutes(5))) struct StreamedUploadTests {
    @Test func aFileBiggerThanTheMemoryAllowedStreamsFromDisk() throws {
        let bench = Process()
        bench.executableURL = BuiltExecutables.url("hu-bench")
        // Under a sanitizer the peak memory is the sanitizer's: the file must still arrive whole.
        bench.arguments = ["stream", "--mebibytes", "128"] + (Sanitizer.isActive ? [] : ["--memory-limit", "64"])
        // The hu-sim built beside it, whatever the caller's shell says.
        bench.environment = ProcessInfo.processInfo.environment.filter { $0.key != "HU_SIM" }
        // The test process's own memory does not count: a program started by posix_spawn
        // inherits its parent's peak in getrusage's ru_maxrss, so this much resident here
        // would fail a check that read it.
        let residentHere = [UInt8](repeating: 1, count: 256 << 20)
        let output = try withExtendedLifetime(residentHere) { String(decoding: try bench.runCollectingOutput(), as: UTF8.self) }
        #expect(bench.terminationStatus == 0, "\(output)")
        #expect(output.contains("stream, a 128 MiB file from disk through hu-sim"), "\(output)")
        #expect(Sanitizer.isActive || output.contains("limit 64 MiB"), "\(output)")
    }
}
