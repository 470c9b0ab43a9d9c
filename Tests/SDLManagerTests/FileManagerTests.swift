import Clocks
import Foundation
import JSONCodec
import SDLManager
import SDLModel
import Synchronization
import Testing

/// The file manager against hu-sim's engine: the paths a head unit rarely takes (coalescing,
/// space, retries, dropped replies, a failing list, shutdown mid-upload), brought about with
/// the simulator's quota and injected faults.
@Suite(.timeLimit(.minutes(1))) struct FileManagerTests {
    @Test func aHundredIdenticalUploadsQueuedAtOnceSendOnePutFile() async throws {
        let artwork = SDLArtwork(data: picture(1, size: 300))
        // HMI NONE: the queue waits, so every upload is asked for before any runs.
        try await withInProcessSimulator(.withoutActivation) { connection, simulator in
            let manager = SDLManager(connection: connection, configuration: .test())
            try await manager.start()
            try await withThrowingTaskGroup(of: UploadOutcome.self) { group in
                for _ in 0..<100 { group.addTask { try await manager.fileManager.upload(artwork) } }
                // The upload waits in the suspended queue: no PutFile can have gone out.
                #expect(try await eventually { await manager.fileManager.status.pendingUploads == 1 })
                #expect(await manager.fileManager.status.isSuspended)
                #expect(await connection.requestsSent(PutFile.self) == 0)
                try await simulator.driver(behind: connection).activate()
                for try await outcome in group { #expect(outcome == .uploaded || outcome == .alreadyOnHeadUnit) }
            }
            #expect(await connection.requestsSent(PutFile.self) == 1)
            #expect(await manager.fileManager.hasUploaded(artwork.name))
            await manager.stop()
        }
    }

    @Test func oneCallListingAFileManyTimesSendsItOnce() async throws {
        let artwork = SDLArtwork(data: picture(2))
        try await withReadyManager { manager, _ in
            let outcomes = try await manager.fileManager.upload(Array(repeating: artwork, count: 100))
            #expect(outcomes == [artwork.name: .uploaded])
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
        }
    }

    @Test func anUploadThatCannotFitIsRefusedBeforeSendingAByte() async throws {
        try await withReadyManager(.quota(1000)) { manager, _, simulator in
            let big = SDLFile(name: "big.bin", data: picture(3, size: 1500))
            let small = SDLFile(name: "small.bin", data: picture(4, size: 500))
            let error = await #expect(throws: SDLFileError.self) { try await manager.fileManager.upload([big, small]) }
            guard case .uploadsFailed(let failures, let outcomes)? = error else {
                Issue.record("the upload failed with \(String(describing: error)), not naming each file")
                return
            }
            #expect(outcomes == ["small.bin": .uploaded])
            guard case .insufficientSpace(let file, let size, let available)? = failures["big.bin"] as? SDLFileError else {
                Issue.record("big.bin failed with \(String(describing: failures["big.bin"]))")
                return
            }
            #expect(file == "big.bin" && size == 1500 && available >= 500)
            #expect(await simulator.requests(PutFile.method).map { $0["syncFileName"] } == ["small.bin"])
            #expect(await manager.fileManager.bytesAvailable == 500)
        }
    }

    @Test func smallFilesGoOutTogetherAndOneThatFailsIsRetriedAlone() async throws {
        let artworks = (20..<30).map { SDLArtwork(data: picture($0)) }
        try await withReadyManager(files: .init(maximumConcurrentUploads: 8)) { manager, user, simulator in
            // The first PutFile the head unit reads fails: the first artwork's, in the first batch.
            try await user.injectFault(.result(.genericError, info: "injected"), on: PutFile.self)
            let outcomes = try await manager.fileManager.upload(artworks)
            #expect(outcomes.count == 10 && outcomes.values.allSatisfy { $0 == .uploaded })
            let sent = await simulator.requests(PutFile.method).compactMap { $0["syncFileName"]?.stringValue }
            let timesSent = Dictionary(sent.map { ($0, 1) }, uniquingKeysWith: +)
            #expect(timesSent == Dictionary(uniqueKeysWithValues: artworks.enumerated().map { ($1.name, $0 == 0 ? 2 : 1) }))
        }
    }

    @Test func retriesAreBounded() async throws {
        for retries in [0, 1, 3] {
            try await withReadyManager(files: .init(artworkRetries: retries)) { manager, user in
                try await user.injectFault(.result(.genericError, info: "always"), on: PutFile.self, count: 10)
                await #expect(throws: SDLResultError(method: "PutFile", resultCode: .genericError, info: "always")) {
                    try await manager.fileManager.upload(SDLArtwork(data: picture(6)))
                }
                #expect(await manager.connection.requestsSent(PutFile.self) == retries + 1)
            }
        }
    }

    @Test func aRefusalThatWouldNotChangeIsNotRetried() async throws {
        try await withReadyManager { manager, user in
            try await user.injectFault(.result(.invalidData, info: "bad name"), on: PutFile.self, count: 2)
            await #expect(throws: SDLResultError.self) { try await manager.fileManager.upload(SDLArtwork(data: picture(7))) }
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
        }
    }

    @Test func aDroppedReplyTimesOutAndIsRetriedOnce() async throws {
        let clock = TestClock()
        try await withReadyManager(clock: clock) { manager, user in
            try await user.injectFault(.drop, on: PutFile.self, count: 2)
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(8))) }
            _ = try await user.state()  // settled: the PutFile is with the head unit, unanswered
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
            await clock.advance(by: .seconds(11))
            _ = try await user.state()
            #expect(await manager.connection.requestsSent(PutFile.self) == 2)
            await clock.advance(by: .seconds(11))
            await #expect(throws: SDLConnectionError.timedOut(method: "PutFile", after: .seconds(10))) { try await upload.value }
            // The queue is free again.
            let after = try await manager.queue.run("after") { "ran" }
            #expect(after == "ran")
        }
    }

    @Test func nothingIsRetriedAfterShutdown() async throws {
        let clock = TestClock()
        try await withReadyManager(clock: clock) { manager, user, simulator in
            try await user.injectFault(.drop, on: PutFile.self, count: 2)
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(9))) }
            _ = try await user.state()  // settled: the PutFile is with the head unit, unanswered
            #expect(await simulator.requests(PutFile.method).count == 1)
            await manager.stop()
            await #expect(throws: SDLOperationError.shutDown(reason: "the app stopped the manager")) { try await upload.value }
            // The PutFile times out; a retry would be written as its timeout is handled.
            await clock.advance(by: .seconds(60))
            await afterTheWorkItWokeRuns()
            _ = try await user.state()
            #expect(await simulator.requests(PutFile.method).count == 1)
            await #expect(throws: SDLOperationError.shutDown(reason: "the app stopped the manager")) {
                try await manager.fileManager.upload(SDLArtwork(data: picture(10)))
            }
        }
    }

    @Test func aFailingListFilesAtStartMeansNothingIsAssumedUploaded() async throws {
        let logo = SDLArtwork(data: picture(11), name: "logo.png", persistent: true)
        try await withInProcessSimulator { connection, simulator in
            // An earlier run of the app left its logo on the head unit.
            let earlier = try await readyManager(on: connection)
            _ = try await earlier.fileManager.upload(logo)
            await earlier.stop()
            try await simulator.driver(behind: connection).injectFault(.result(.disallowed, info: "not in this HMI level"), on: ListFiles.self)
            let manager = try await readyManager(on: connection)
            #expect(await manager.state == .ready)
            #expect(await !manager.fileManager.hasUploaded("logo.png"))
            #expect(await manager.fileManager.bytesAvailable == nil)
            let sent = await connection.requestsSent(PutFile.self)
            #expect(try await manager.fileManager.upload(logo) == .uploaded)
            #expect(await connection.requestsSent(PutFile.self) == sent + 1)
            await manager.stop()
        }
    }

    @Test func aFileTheHeadUnitListsIsNotUploaded() async throws {
        let logo = SDLArtwork(data: picture(12), persistent: true)
        try await withInProcessSimulator { connection, _ in
            // An earlier run of the app left its logo on the head unit.
            let earlier = try await readyManager(on: connection)
            _ = try await earlier.fileManager.upload(logo)
            await earlier.stop()
            let manager = try await readyManager(on: connection)
            #expect(await manager.fileManager.hasUploaded(logo.name))
            #expect(await !manager.fileManager.needsUpload(logo))
            let sent = await connection.requestsSent(PutFile.self)
            #expect(try await manager.fileManager.upload(logo) == .alreadyOnHeadUnit)
            #expect(await connection.requestsSent(PutFile.self) == sent)
            await manager.stop()
        }
    }

    @Test func whetherToSendIsDecidedWhenTheUploadRuns() async throws {
        try await withReadyManager { manager, _ in
            let files = manager.fileManager
            let first = SDLFile(name: "same.bin", data: picture(13))
            let changed = SDLFile(name: "same.bin", data: picture(14))
            // Both queued before either runs; the one that runs second finds the other's file there.
            await files.queue.suspend()
            let one = Task { try await files.upload(first) }
            let two = Task { try await files.upload(changed) }
            #expect(try await eventually { await files.queue.waitingCount == 2 })
            await files.queue.resume()
            let outcomes = [try await one.value, try await two.value]
            #expect(outcomes.contains(.uploaded) && outcomes.contains(.alreadyOnHeadUnit))
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
            // Overwriting sends; an upload asked for after a delete sends again.
            var overwrite = changed
            overwrite.overwrite = true
            #expect(try await files.upload(overwrite) == .uploaded)
            try await files.delete("same.bin")
            #expect(await !files.hasUploaded("same.bin"))
            #expect(try await files.upload(first) == .uploaded)
            #expect(await manager.connection.requestsSent(PutFile.self) == 3)
            #expect(await manager.connection.requestsSent(DeleteFile.self) == 1)
        }
    }

    @Test func aLargeFileGoesInChunksEachWithItsOffsetLengthAndCRC() async throws {
        let data = picture(15, size: 250)
        try await withReadyManager(files: .init(chunkSize: 100)) { manager, _, simulator in
            let file = SDLFile(name: "big.json", data: data, fileType: .json, persistent: true)
            let outcome = try await manager.fileManager.upload(file)
            #expect(outcome == .uploaded)
            let chunks = await simulator.requests(PutFile.method)
            #expect(chunks.map { $0["offset"] } == [0, 100, 200])
            #expect(chunks.map { $0["length"] } == [250, 100, 50])
            #expect(chunks.allSatisfy { $0["fileType"] == "JSON" && $0["persistentFile"] == true })
            var received: [UInt8] = []
            for chunk in chunks {
                let bytes = [UInt8](Data(base64Encoded: chunk["bulkData"]?.stringValue ?? "") ?? Data())
                #expect(chunk["crc"] == .integer(Int64(bitwiseCRC32(bytes))))
                received += bytes
            }
            #expect(received == data)
        }
    }

    @Test func progressCountsAcknowledgedBytesOfTheWholeCall() async throws {
        let known = SDLArtwork(data: picture(16, size: 100))
        try await withReadyManager(files: .init(chunkSize: 100, maximumConcurrentUploads: 1)) { manager, _ in
            _ = try await manager.fileManager.upload(known)
            let reports = Mutex<[UploadProgress]>([])
            let artworks = [SDLArtwork(data: picture(17, size: 150)), known, SDLArtwork(data: picture(18, size: 100))]
            _ = try await manager.fileManager.upload(artworks) { progress in reports.withLock { $0.append(progress) } }
            let seen = reports.withLock { $0 }
            #expect(seen.last == UploadProgress(bytesSent: 250, totalBytes: 250))
            #expect(seen.map(\.bytesSent) == seen.map(\.bytesSent).sorted())
            #expect(seen.contains(UploadProgress(bytesSent: 100, totalBytes: 350)))
        }
    }

    @Test func staticIconsAreNeverUploaded() async throws {
        try await withReadyManager { manager, user in
            let icon = SDLArtwork(staticIcon: "0x11")
            #expect(icon.image == Image("0x11", type: .staticImage))
            #expect(await !manager.fileManager.needsUpload(icon))
            let outcome = try await manager.fileManager.upload(icon)
            let outcomes = try await manager.fileManager.upload([icon, SDLArtwork(staticIcon: "0x12")])
            #expect(outcome == .staticIcon)
            #expect(outcomes == ["0x11": .staticIcon, "0x12": .staticIcon])
            #expect(await manager.connection.requestsSent(PutFile.self) == 0)
            #expect(try await user.state().files.isEmpty)
        }
    }

    @Test func anEmptyFileIsRefused() async throws {
        try await withReadyManager { manager, _ in
            await #expect(throws: SDLFileError.self) { try await manager.fileManager.upload(SDLFile(name: "empty", data: [])) }
        }
    }
}

/// CRC-32 bit by bit, independent of the library's table-driven one.
func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
