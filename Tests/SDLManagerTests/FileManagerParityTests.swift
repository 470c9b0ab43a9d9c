import Foundation
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// What sdl_ios and sdl_java_suite developers reach for in a file manager, against hu-sim's
/// engine: files streamed from disk, each file's progress and its cancel, several files
/// deleted in one call, and retry counts of their own for artwork and other files.
@Suite(.timeLimit(.minutes(1))) struct FileManagerParityTests {
    @Test func aFileOnDiskIsStreamedInChunksAndArrivesWhole() async throws {
        try await withTemporaryFile(named: "route.json", bytes: picture(1, size: 300_000)) { path in
            let file = try SDLFile(contentsOf: path, persistent: true)
            #expect(file.name == "route.json" && file.fileType == .json && file.size == 300_000)
            try await withReadyManager(files: .init(chunkSize: 64 * 1024)) { manager, user in
                #expect(try await manager.fileManager.upload(file) == .uploaded)
                #expect(await manager.connection.requestsSent(PutFile.self) == 5)
                let stored = try await user.state().files
                #expect(stored == [SimGetState.File(syncFileName: "route.json", fileType: .json, size: 300_000, persistentFile: true)])
            }
        }
    }

    @Test func aFileThatCannotBeReadIsAClearError() throws {
        let error = #expect(throws: SDLFileError.self) { try SDLFile(contentsOf: "/no/such/file.png") }
        #expect(error?.description == "cannot read /no/such/file.png: No such file or directory")
        #expect(SDLFile.fileType(forExtension: "JPEG") == .graphicJPEG)
        #expect(SDLFile.fileType(forExtension: "tar") == nil)
    }

    @Test func eachFileReportsItsProgressThenItsOutcome() async throws {
        try await withReadyManager(files: .init(chunkSize: 1000)) { manager, user in
            let big = SDLFile(name: "big.bin", data: picture(2, size: 4500))
            let small = SDLArtwork(data: picture(3, size: 200))
            var updates: [String: [FileUploadUpdate]] = [:]
            for await update in manager.fileManager.uploads([big]) { updates[update.name, default: []].append(update) }
            for await update in manager.fileManager.uploads([small, SDLArtwork(staticIcon: .acceptCall)]) {
                updates[update.name, default: []].append(update)
            }
            let bigUpdates = try #require(updates["big.bin"])
            #expect(bigUpdates.map(\.bytesSent) == [0, 1000, 2000, 3000, 4000, 4500, 4500])
            #expect(bigUpdates.dropLast().allSatisfy { !$0.isFinished && $0.totalBytes == 4500 })
            #expect(try bigUpdates.last?.result?.get() == .uploaded)
            #expect(try updates[small.name]?.last?.result?.get() == .uploaded)
            #expect(try updates["0x29"]?.map { try $0.result?.get() } == [.staticIcon])
            #expect(try await user.state().files.count == 2)
        }
    }

    @Test func cancellingTheTaskThatFollowsTheUploadsCancelsTheFilesNotUploadedYet() async throws {
        try await withReadyManager(files: .init(chunkSize: 1000)) { manager, user in
            let big = SDLFile(name: "big.bin", data: picture(4, size: 200_000))
            let following = Task {
                var seen: [FileUploadUpdate] = []
                for await update in manager.fileManager.uploads([big]) {
                    seen.append(update)
                    if update.bytesSent >= 3000 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return seen
            }
            let seen = await following.value
            // The stream ends with the file's outcome: cancelled, between two chunks.
            let last = try #require(seen.last)
            #expect(throws: SDLOperationError.cancelled) { try last.result?.get() }
            let sent = await manager.connection.requestsSent(PutFile.self)
            #expect(sent < 200)
            // What reached the head unit is a part, as Core keeps it; the manager does not count it as uploaded.
            #expect(try await user.state().files.allSatisfy { $0.size < 200_000 })
            #expect(await !manager.fileManager.hasUploaded("big.bin"))
            // Nothing of it stays reserved: the same file uploads in full afterwards.
            #expect(try await manager.fileManager.upload(big) == .uploaded)
            #expect(try await user.state().files.map(\.size) == [200_000])
        }
    }

    @Test func aCancelledUploadCallCancelsOnlyWhatNoOtherCallWaitsFor() async throws {
        try await withReadyManager(files: .init(chunkSize: 1000)) { manager, _ in
            let shared = SDLFile(name: "shared.bin", data: picture(5, size: 50_000))
            let kept = Task { try await manager.fileManager.upload(shared) }
            let started = try await eventually { await manager.connection.requestsSent(PutFile.self) > 2 }
            #expect(started)
            // Its progress is told as soon as it has joined the transfer under way.
            let joined = Mutex(false)
            let cancelled = Task { try await manager.fileManager.upload(shared, progress: { _ in joined.withLock { $0 = true } }) }
            let hasJoined = try await eventually { joined.withLock { $0 } }
            #expect(hasJoined)
            cancelled.cancel()
            #expect(try await kept.value == .uploaded)
            #expect(try await cancelled.value == .uploaded)
        }
    }

    @Test func severalFilesAreDeletedInOneCallEachWithItsOwnResult() async throws {
        try await withReadyManager { manager, user in
            let files = manager.fileManager
            _ = try await files.upload([SDLFile(name: "a.bin", data: picture(6)), SDLFile(name: "b.bin", data: picture(7))])
            let results = await files.deleteEach(["a.bin", "b.bin", "missing.bin"])
            let (a, b, missing) = (try #require(results["a.bin"]), try #require(results["b.bin"]), try #require(results["missing.bin"]))
            #expect(throws: Never.self) { try a.get() }
            #expect(throws: Never.self) { try b.get() }
            #expect(throws: SDLResultError.self) { try missing.get() }
            #expect(await manager.connection.requestsSent(DeleteFile.self) == 3)
            #expect(try await user.state().files.isEmpty)
            #expect(await !files.hasUploaded("a.bin"))
        }
    }

    @Test func artworkAndOtherFilesHaveRetryCountsOfTheirOwn() async throws {
        try await withReadyManager(files: .init(fileRetries: 2, artworkRetries: 0)) { manager, user in
            try await user.injectFault(.result(.genericError, info: "injected"), on: PutFile.self, count: 10)
            await #expect(throws: SDLResultError.self) { try await manager.fileManager.upload(SDLArtwork(data: picture(8))) }
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
            await #expect(throws: SDLResultError.self) {
                try await manager.fileManager.upload(SDLFile(name: "data.bin", data: picture(9)))
            }
            #expect(await manager.connection.requestsSent(PutFile.self) == 4)
        }
    }
}

/// A file in a temporary folder of its own, removed afterwards.
func withTemporaryFile<Result>(named name: String, bytes: [UInt8], _ body: (String) async throws -> Result) async throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-manager-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return try await body(path)
}
