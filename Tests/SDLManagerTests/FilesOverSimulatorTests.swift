import Clocks
import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The file manager against hu-sim's engine: what lands on the head unit, and how often.
@Suite(.timeLimit(.minutes(1))) struct FilesOverSimulatorTests {
    @Test func anArtworkIsUploadedOnceHoweverOftenItIsAskedFor() async throws {
        try await withReadyManager { manager, user in
            let artwork = SDLArtwork(data: picture(1, size: 5000))
            let outcomes = try await withThrowingTaskGroup(of: UploadOutcome.self) { group in
                for _ in 0..<100 { group.addTask { try await manager.fileManager.upload(artwork) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.allSatisfy { $0 == .uploaded || $0 == .alreadyOnHeadUnit })
            let again = try await manager.fileManager.upload(artwork)
            #expect(again == .alreadyOnHeadUnit)
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
            let files = try await user.state().files
            #expect(files == [SimGetState.File(syncFileName: artwork.name, fileType: .graphicPNG, size: 5000, persistentFile: false)])
        }
    }

    /// Over the real process: chunks of a file are hu-sim's longest lines on its stdin.
    @Test func aLargeFileArrivesWholeInChunks() async throws {
        try await withSimulatorProcess { connection, user in
            let manager = try await readyManager(on: connection, files: .init(chunkSize: 100_000))
            let file = SDLFile(name: "route.json", data: picture(2, size: 550_000), fileType: .json, persistent: true)
            let outcome = try await manager.fileManager.upload(file)
            #expect(outcome == .uploaded)
            #expect(await manager.connection.requestsSent(PutFile.self) == 6)
            let stored = try await user.state().files
            #expect(stored == [SimGetState.File(syncFileName: "route.json", fileType: .json, size: 550_000, persistentFile: true)])
            await manager.stop()
        }
    }

    @Test func anInjectedFailureIsRetriedOnce() async throws {
        try await withReadyManager { manager, user in
            try await user.injectFault(.result(.genericError, info: "injected"), on: PutFile.self)
            let outcome = try await manager.fileManager.upload(SDLArtwork(data: picture(3)))
            #expect(outcome == .uploaded)
            #expect(await manager.connection.requestsSent(PutFile.self) == 2)
            #expect(try await user.state().files.count == 1)
        }
    }

    @Test func twoFailuresInARowFailTheUploadWithTheHeadUnitsAnswer() async throws {
        try await withReadyManager { manager, user in
            try await user.injectFault(.result(.genericError, info: "injected"), on: PutFile.self, count: 2)
            await #expect(throws: SDLResultError(method: "PutFile", resultCode: .genericError, info: "injected")) {
                try await manager.fileManager.upload(SDLArtwork(data: picture(4)))
            }
            #expect(await manager.connection.requestsSent(PutFile.self) == 2)
            #expect(try await user.state().files.isEmpty)
        }
    }

    @Test func anUploadOverTheQuotaIsRefusedBeforeSendingAByte() async throws {
        try await withReadyManager(.quota(3000)) { manager, user in
            let files = manager.fileManager
            #expect(await files.bytesAvailable == 3000)
            _ = try await files.upload(SDLArtwork(data: picture(5, size: 2000)))
            let error = await #expect(throws: SDLFileError.self) { try await files.upload(SDLArtwork(data: picture(6, size: 2000))) }
            guard case .insufficientSpace(_, 2000, 1000)? = error else {
                Issue.record("refused with \(String(describing: error))")
                return
            }
            #expect(await manager.connection.requestsSent(PutFile.self) == 1)
            #expect(try await user.state().usedBytes == 2000)
        }
    }

    @Test func aDisallowedListAtStartStillLeavesAWorkingManager() async throws {
        try await withSimulator { connection, user in
            try await user.injectFault(.result(.disallowed), on: ListFiles.self)
            let manager = SDLManager(connection: connection, configuration: .test())
            try await manager.start()
            try await manager.waitUntilReady()
            #expect(await manager.fileManager.bytesAvailable == nil)
            let outcome = try await manager.fileManager.upload(SDLArtwork(data: picture(7)))
            #expect(outcome == .uploaded)
            await manager.stop()
        }
    }

    @Test func aDroppedPutFileTimesOutOnTheAppsClockAndIsRetried() async throws {
        let clock = TestClock()
        try await withReadyManager(clock: clock) { manager, user in
            try await user.injectFault(.drop, on: PutFile.self)
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(8))) }
            let sent = try await eventually { await manager.connection.requestsSent(PutFile.self) == 1 }
            #expect(sent)
            await clock.advance(by: .seconds(11))
            #expect(try await upload.value == .uploaded)
            #expect(await manager.connection.requestsSent(PutFile.self) == 2)
        }
    }

    @Test func deleteRemovesTheFileFromTheHeadUnit() async throws {
        try await withReadyManager { manager, user in
            let artwork = SDLArtwork(data: picture(9))
            _ = try await manager.fileManager.upload(artwork)
            try await manager.fileManager.delete(artwork.name)
            #expect(await !manager.fileManager.hasUploaded(artwork.name))
            #expect(try await user.state().files.isEmpty)
            await #expect(throws: SDLResultError.self) { try await manager.fileManager.delete(artwork.name) }
        }
    }
}
