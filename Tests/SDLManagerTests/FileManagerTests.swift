import Clocks
import Foundation
import JSONCodec
import SDLManager
import SDLModel
import Synchronization
import Testing

/// The file manager against an in-memory head unit: the paths a real one rarely takes
/// (coalescing, space, retries, dropped replies, a failing list, shutdown mid-upload).
@Suite(.timeLimit(.minutes(1))) struct FileManagerTests {
    @Test func aHundredIdenticalUploadsQueuedAtOnceSendOnePutFile() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.setActivatesOnRegistration(false)
        let artwork = SDLArtwork(data: picture(1, size: 300))
        try await withFakeManager(headUnit, waitUntilReady: false) { manager in
            // HMI NONE: the queue waits, so every upload is asked for before any runs.
            try await withThrowingTaskGroup(of: UploadOutcome.self) { group in
                for _ in 0..<100 { group.addTask { try await manager.fileManager.upload(artwork) } }
                // The upload waits in the suspended queue: no PutFile can have gone out.
                #expect(try await eventually { await manager.fileManager.status.pendingUploads == 1 })
                #expect(await manager.fileManager.status.isSuspended)
                #expect(await headUnit.requests(PutFile.method).isEmpty)
                await headUnit.notify("OnHMIStatus", OnHMIStatus(.full, audio: .notAudible, context: .main).parameters)
                for try await outcome in group { #expect(outcome == .uploaded || outcome == .alreadyOnHeadUnit) }
            }
            #expect(await headUnit.requests(PutFile.method).count == 1)
            #expect(await manager.fileManager.hasUploaded(artwork.name))
        }
    }

    @Test func oneCallListingAFileManyTimesSendsItOnce() async throws {
        let headUnit = FakeHeadUnit()
        let artwork = SDLArtwork(data: picture(2))
        try await withFakeManager(headUnit) { manager in
            let outcomes = try await manager.fileManager.upload(Array(repeating: artwork, count: 100))
            #expect(outcomes == [artwork.name: .uploaded])
            #expect(await headUnit.requests(PutFile.method).count == 1)
        }
    }

    @Test func anUploadThatCannotFitIsRefusedBeforeSendingAByte() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.setSpaceAvailable(1000)
        try await withFakeManager(headUnit) { manager in
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
            #expect(await headUnit.requests(PutFile.method).map { $0.params["syncFileName"] } == ["small.bin"])
            #expect(await manager.fileManager.bytesAvailable == 500)
        }
    }

    @Test func aFailedUploadIsRetriedOnceAndThenSucceeds() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PutFile.method) { _, call in call == 1 ? .result(.genericError, info: "injected") : nil }
        try await withFakeManager(headUnit) { manager in
            let outcome = try await manager.fileManager.upload(SDLArtwork(data: picture(5)))
            #expect(outcome == .uploaded)
            #expect(await headUnit.requests(PutFile.method).count == 2)
        }
    }

    @Test func smallFilesGoOutTogetherAndOneThatFailsIsRetriedAlone() async throws {
        let headUnit = FakeHeadUnit()
        let artworks = (20..<30).map { SDLArtwork(data: picture($0)) }
        // The third artwork's first PutFile fails (two batches are in flight at once: which comes first varies).
        let failed = Mutex(false)
        await headUnit.on(PutFile.method) { request, _ in
            guard request.params["syncFileName"]?.stringValue == artworks[2].name else { return nil }
            return failed.withLock { failed in
                defer { failed = true }
                return failed ? nil : .result(.genericError, info: "injected")
            }
        }
        try await withFakeManager(headUnit, files: .init(maximumConcurrentUploads: 8)) { manager in
            let outcomes = try await manager.fileManager.upload(artworks)
            #expect(outcomes.count == 10 && outcomes.values.allSatisfy { $0 == .uploaded })
            let sent = await headUnit.requests(PutFile.method).compactMap { $0.params["syncFileName"]?.stringValue }
            let timesSent = Dictionary(sent.map { ($0, 1) }, uniquingKeysWith: +)
            #expect(timesSent == Dictionary(uniqueKeysWithValues: artworks.enumerated().map { ($1.name, $0 == 2 ? 2 : 1) }))
        }
    }

    @Test func retriesAreBounded() async throws {
        for retries in [0, 1, 3] {
            let headUnit = FakeHeadUnit()
            await headUnit.on(PutFile.method) { _, _ in .result(.genericError, info: "always") }
            try await withFakeManager(headUnit, files: .init(artworkRetries: retries)) { manager in
                await #expect(throws: SDLResultError(method: "PutFile", resultCode: .genericError, info: "always")) {
                    try await manager.fileManager.upload(SDLArtwork(data: picture(6)))
                }
                #expect(await headUnit.requests(PutFile.method).count == retries + 1)
            }
        }
    }

    @Test func aRefusalThatWouldNotChangeIsNotRetried() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PutFile.method) { _, _ in .result(.invalidData, info: "bad name") }
        try await withFakeManager(headUnit) { manager in
            await #expect(throws: SDLResultError.self) { try await manager.fileManager.upload(SDLArtwork(data: picture(7))) }
            #expect(await headUnit.requests(PutFile.method).count == 1)
        }
    }

    @Test func aDroppedReplyTimesOutAndIsRetriedOnce() async throws {
        let headUnit = FakeHeadUnit()
        let clock = TestClock()
        await headUnit.on(PutFile.method) { _, _ in .drop }
        try await withFakeManager(headUnit, clock: clock) { manager in
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(8))) }
            await headUnit.waitFor(PutFile.method)
            await clock.advance(by: .seconds(11))
            await headUnit.waitFor(PutFile.method, count: 2)
            await clock.advance(by: .seconds(11))
            await #expect(throws: SDLConnectionError.timedOut(method: "PutFile", after: .seconds(10))) { try await upload.value }
            // The queue is free again.
            let after = try await manager.queue.run("after") { "ran" }
            #expect(after == "ran")
        }
    }

    @Test func nothingIsRetriedAfterShutdown() async throws {
        let headUnit = FakeHeadUnit()
        let clock = TestClock()
        await headUnit.on(PutFile.method) { _, _ in .drop }
        try await withFakeManager(headUnit, clock: clock) { manager in
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(9))) }
            await headUnit.waitFor(PutFile.method)
            await manager.stop()
            await #expect(throws: SDLOperationError.shutDown(reason: "the app stopped the manager")) { try await upload.value }
            // The PutFile times out; a retry would be written as its timeout is handled.
            await clock.advance(by: .seconds(60))
            await afterTheWorkItWokeRuns()
            await manager.connection.flushed()
            #expect(await headUnit.requests(PutFile.method).count == 1)
            await #expect(throws: SDLOperationError.shutDown(reason: "the app stopped the manager")) {
                try await manager.fileManager.upload(SDLArtwork(data: picture(10)))
            }
        }
    }

    @Test func aFailingListFilesAtStartMeansNothingIsAssumedUploaded() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.setListedFiles(["logo.png"])
        await headUnit.on(ListFiles.method) { _, _ in .result(.disallowed, info: "not in this HMI level") }
        try await withFakeManager(headUnit) { manager in
            #expect(await manager.state == .ready)
            #expect(await !manager.fileManager.hasUploaded("logo.png"))
            #expect(await manager.fileManager.bytesAvailable == nil)
            let logo = SDLArtwork(data: picture(11), name: "logo.png")
            let outcome = try await manager.fileManager.upload(logo)
            #expect(outcome == .uploaded)
            #expect(await headUnit.requests(PutFile.method).count == 1)
        }
    }

    @Test func aFileTheHeadUnitListsIsNotUploaded() async throws {
        let headUnit = FakeHeadUnit()
        let logo = SDLArtwork(data: picture(12))
        await headUnit.setListedFiles([logo.name])
        try await withFakeManager(headUnit) { manager in
            #expect(await manager.fileManager.hasUploaded(logo.name))
            #expect(await !manager.fileManager.needsUpload(logo))
            let outcome = try await manager.fileManager.upload(logo)
            #expect(outcome == .alreadyOnHeadUnit)
            #expect(await headUnit.requests(PutFile.method).isEmpty)
        }
    }

    @Test func whetherToSendIsDecidedWhenTheUploadRuns() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeManager(headUnit) { manager in
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
            #expect(await headUnit.requests(PutFile.method).count == 1)
            // Overwriting sends; an upload asked for after a delete sends again.
            var overwrite = changed
            overwrite.overwrite = true
            #expect(try await files.upload(overwrite) == .uploaded)
            try await files.delete("same.bin")
            #expect(await !files.hasUploaded("same.bin"))
            #expect(try await files.upload(first) == .uploaded)
            #expect(await headUnit.requests(PutFile.method).count == 3)
            #expect(await headUnit.requests(DeleteFile.method).count == 1)
        }
    }

    @Test func aLargeFileGoesInChunksEachWithItsOffsetLengthAndCRC() async throws {
        let headUnit = FakeHeadUnit()
        let data = picture(15, size: 250)
        try await withFakeManager(headUnit, files: .init(chunkSize: 100)) { manager in
            let file = SDLFile(name: "big.json", data: data, fileType: .json, persistent: true)
            let outcome = try await manager.fileManager.upload(file)
            #expect(outcome == .uploaded)
            let chunks = await headUnit.requests(PutFile.method).map { $0.params }
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
        let headUnit = FakeHeadUnit()
        let known = SDLArtwork(data: picture(16, size: 100))
        await headUnit.setListedFiles([known.name])
        try await withFakeManager(headUnit, files: .init(chunkSize: 100, maximumConcurrentUploads: 1)) { manager in
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
        let headUnit = FakeHeadUnit()
        try await withFakeManager(headUnit) { manager in
            let icon = SDLArtwork(staticIcon: "0x11")
            #expect(icon.image == Image("0x11", type: .staticImage))
            #expect(await !manager.fileManager.needsUpload(icon))
            let outcome = try await manager.fileManager.upload(icon)
            let outcomes = try await manager.fileManager.upload([icon, SDLArtwork(staticIcon: "0x12")])
            #expect(outcome == .staticIcon)
            #expect(outcomes == ["0x11": .staticIcon, "0x12": .staticIcon])
            #expect(await headUnit.requests(PutFile.method).isEmpty)
        }
    }

    @Test func anEmptyFileIsRefused() async throws {
        try await withFakeManager { manager in
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
