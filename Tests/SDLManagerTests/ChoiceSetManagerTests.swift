import Clocks
import JSONCodec
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// Preloading and deleting choice cells, the VR-optional probe and artwork, against hu-sim's
/// engine (and an in-memory head unit where the test answers requests one by one, in an order
/// of its own).
@Suite(.timeLimit(.minutes(1))) struct ChoiceSetManagerTests {
    @Test func preloadPutsEachCellInItsOwnSetWithIDsFromOne() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            let choices = manager.choiceSets
            let created = await manager.connection.requestsSent(CreateInteractionChoiceSet.self)
            let cities = try cells("Berlin", "Paris", "Rome")
            let outcome = try await choices.preload(cities)
            #expect(outcome.loaded == cities)
            #expect(outcome.warnings.isEmpty)
            #expect(await choices.loadedCells == Set(cities))
            #expect(await cities.asyncMap { await choices.choiceID(of: $0) } == [1, 2, 3])
            #expect(await manager.connection.requestsSent(CreateInteractionChoiceSet.self) == created + 3)
            #expect(try await user.state().voiceBySetID == [1: false, 2: false, 3: false])
        }
    }

    @Test func preloadingLoadedCellsAgainSendsNothing() async throws {
        try await withReadyManager { manager, _ in
            let choices = manager.choiceSets
            try await choices.preload(try cells("Berlin", "Paris"))
            let created = await manager.connection.requestsSent(CreateInteractionChoiceSet.self)
            // Equal cells built anew are the same cells.
            let again = try await choices.preload(try cells("Paris", "Berlin", "Paris"))
            #expect(again.loaded.isEmpty)
            #expect(await manager.connection.requestsSent(CreateInteractionChoiceSet.self) == created)
        }
    }

    @Test func twoConcurrentPreloadsOfTheSameCellsSendThemOnce() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            let choices = manager.choiceSets
            let created = await manager.connection.requestsSent(CreateInteractionChoiceSet.self)
            let cities = try cells("Berlin", "Paris", "Rome")
            async let first = choices.preload(cities)
            async let second = choices.preload(cities.reversed())
            let outcomes = try await [first, second]
            #expect(outcomes.flatMap(\.loaded).count == 3)
            #expect(await manager.connection.requestsSent(CreateInteractionChoiceSet.self) == created + 3)
            #expect(try await user.state().choiceSets.count == 3)
        }
    }

    @Test func everyCellsRequestIsInFlightBeforeTheFirstAnswer() async throws {
        let headUnit = FakeHeadUnit()
        // The probe (the first call) is answered; the cells' sets wait for the test.
        await headUnit.on(CreateInteractionChoiceSet.method) { _, call in call == 1 ? nil : .drop }
        try await withFakeManager(headUnit) { manager in
            let cities = try cells("Berlin", "Paris", "Rome")
            let preload = Task { try await manager.choiceSets.preload(cities) }
            await headUnit.waitFor(CreateInteractionChoiceSet.method, count: 4)
            #expect(await manager.choiceSets.loadedCells.isEmpty)
            for request in await headUnit.requests(CreateInteractionChoiceSet.method).dropFirst() {
                await headUnit.respond(to: request, with: .result(.success))
            }
            #expect(try await preload.value.loaded == cities)
        }
    }

    @Test func stoppingTheManagerFailsAPreloadUnderWayForEachCell() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(CreateInteractionChoiceSet.method) { _, call in call == 1 ? nil : .drop }
        try await withFakeManager(headUnit) { manager in
            let cities = try cells("Berlin", "Paris")
            let preload = Task { try await manager.choiceSets.preload(cities) }
            await headUnit.waitFor(CreateInteractionChoiceSet.method, count: 3)
            await manager.stop(reason: "test over")
            let error = await #expect(throws: ChoicePreloadError.self) { try await preload.value }
            #expect(Set(error?.failedCells ?? []) == Set(cities))
            #expect(error?.failures.allSatisfy { $0.error as? SDLOperationError == .shutDown(reason: "test over") } == true)
            #expect(await manager.choiceSets.loadedCells.isEmpty)
        }
    }

    @Test func aFailedCellIsReportedWithTheHeadUnitsAnswerAndTheOthersStayLoaded() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            let choices = manager.choiceSets
            try await user.injectFault(.result(.rejected, info: "injected"), on: CreateInteractionChoiceSet.self)
            let cities = try cells("Berlin", "Paris", "Rome")
            let error = await #expect(throws: ChoicePreloadError.self) { try await choices.preload(cities) }
            let failure = try #require(error?.failures.first)
            #expect(error?.failures.count == 1)
            #expect(failure.resultCode == .rejected)
            #expect(failure.info == "injected")
            let survivors = Set(cities).subtracting([failure.cell])
            #expect(Set(error?.outcome.loaded ?? []) == survivors)
            #expect(await choices.loadedCells == survivors)
            // Its ID was freed: the retry takes it again and loads the cell.
            let retry = try await choices.preload(cities)
            #expect(retry.loaded == [failure.cell])
            #expect(await Set(cities.asyncMap { await choices.choiceID(of: $0) }) == [1, 2, 3])
        }
    }

    @Test func deleteRemovesOnlyLoadedCellsAndFreedIDsAreReusedLowestFirst() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            let choices = manager.choiceSets
            let cities = try cells("Berlin", "Paris", "Rome")
            try await choices.preload(cities)
            let deletes = await manager.connection.requestsSent(DeleteInteractionChoiceSet.self)
            try await choices.delete([cities[1], try ChoiceCell(text: "Never loaded")])
            #expect(await manager.connection.requestsSent(DeleteInteractionChoiceSet.self) == deletes + 1)
            #expect(await choices.loadedCells == [cities[0], cities[2]])
            #expect(try await user.state().voiceBySetID.keys.sorted() == [1, 3])
            let madrid = try ChoiceCell(text: "Madrid")
            try await choices.preload([madrid, cities[1]])
            #expect(await choices.choiceID(of: madrid) == 2)
            #expect(await choices.choiceID(of: cities[1]) == 4)
        }
    }

    @Test func runningOutOfChoiceIDsIsAClearErrorUntilCellsAreDeleted() async throws {
        try await withReadyManager { manager, _ in
            let choices = manager.choiceSets
            let all = try (1...65535).map { try ChoiceCell(text: "Cell \($0)") }
            try await choices.preload(all)
            let extra = try ChoiceCell(text: "One too many")
            let error = await #expect(throws: ChoicePreloadError.self) { try await choices.preload([extra]) }
            #expect(error?.failedCells == [extra])
            #expect(error?.failures.first?.error as? ChoiceSetError == .choiceIDsExhausted)
            try await choices.delete([all[41]])
            try await choices.preload([extra])
            #expect(await choices.choiceID(of: extra) == 42)
        }
    }

    @Test func loadedCellsAreObservable() async throws {
        try await withReadyManager { manager, _ in
            let choices = manager.choiceSets
            let updates = await choices.loadedCellUpdates()
            let seen = Task {
                var seen: [Set<ChoiceCell>] = []
                for await cells in updates {
                    seen.append(cells)
                    if seen.count == 3 { break }
                }
                return seen
            }
            let cities = try cells("Berlin", "Paris")
            try await choices.preload(cities)
            try await choices.delete([cities[0]])
            #expect(await seen.value == [[], Set(cities), [cities[1]]])
        }
    }

    @Test func aSetInUseIsDeletedAfterTheInteractionEnds() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            let choices = manager.choiceSets
            let berlin = try ChoiceCell(text: "Berlin")
            try await choices.preload([berlin])
            let id = try #require(await choices.choiceID(of: berlin))
            // An interaction the app sent itself, showing the cell's set.
            let interaction = Task {
                try await manager.connection.send(PerformInteraction(initialText: "Pick", mode: .manualOnly, choiceSetIDs: [id]))
            }
            try await interactionOnScreen(user)
            let deletes = await manager.connection.requestsSent(DeleteInteractionChoiceSet.self)
            let deletion = Task { try await choices.delete([berlin]) }
            #expect(try await eventually { await manager.connection.requestsSent(DeleteInteractionChoiceSet.self) == deletes + 1 })
            #expect(try await user.state().voiceBySetID.keys.contains(id))
            #expect(await choices.loadedCells == [berlin])
            try await user.close()
            await #expect(throws: SDLResultError.self) { try await interaction.value }
            try await deletion.value
            #expect(await manager.connection.requestsSent(DeleteInteractionChoiceSet.self) == deletes + 2)
            #expect(await choices.loadedCells.isEmpty)
            #expect(try await user.state().choiceSets.isEmpty)
        }
    }

    // MARK: The VR-optional probe

    @Test func theProbeFindsVoiceOptionalAndDeletesItsSet() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            #expect(await manager.choiceSets.isVoiceOptional == true)
            #expect(await manager.connection.requestsSent(CreateInteractionChoiceSet.self) == 1)
            #expect(await manager.connection.requestsSent(DeleteInteractionChoiceSet.self) == 1)
            #expect(try await user.state().choiceSets.isEmpty)
            try await manager.choiceSets.preload(try cells("Berlin"))
            #expect(try await user.state().voiceBySetID == [1: false])
        }
    }

    @Test func aRefusedProbeMeansCellsGetAPlaceholderVoiceCommand() async throws {
        try await withSimulator { connection, user in
            try await user.injectFault(.result(.rejected, info: "voice commands required"), on: CreateInteractionChoiceSet.self)
            let manager = SDLManager(connection: connection, configuration: .test())
            try await manager.start()
            try await manager.waitUntilReady()
            try await probeAnswered(manager)
            #expect(await manager.choiceSets.isVoiceOptional == false)
            // Nothing was created, so nothing is deleted.
            #expect(await connection.requestsSent(DeleteInteractionChoiceSet.self) == 0)
            let spoken = try ChoiceCell(text: "Rome", voiceCommands: ["rome"])
            try await manager.choiceSets.preload(try cells("Berlin") + [spoken])
            #expect(try await user.state().voiceBySetID == [1: true, 2: true])
            await manager.stop()
        }
    }

    @Test func theLegacyHeadUnitNeedsVoiceCommandsAndGetsPlaceholders() async throws {
        try await withReadyManager(.legacy) { manager, user in
            try await probeAnswered(manager)
            #expect(await manager.choiceSets.isVoiceOptional == false)
            try await manager.choiceSets.preload(try cells("Berlin", "Paris"))
            #expect(try await user.state().voiceBySetID == [1: true, 2: true])
        }
    }

    @Test func aReRegistrationStartsIDsOverAndForgetsTheLoadedCells() async throws {
        try await withReadyManager { manager, user in
            let choices = manager.choiceSets
            try await choices.preload(try cells("Berlin", "Paris"))
            try await user.reset()
            let forgotten = try await eventually {
                let loaded = await choices.loadedCells
                return await manager.state == .ready && loaded.isEmpty
            }
            #expect(forgotten)
            let rome = try ChoiceCell(text: "Rome")
            try await choices.preload([rome])
            #expect(await choices.choiceID(of: rome) == 1)
            #expect(try await user.state().voiceBySetID == [1: false])
        }
    }

    // MARK: Artwork

    @Test func artworkIsUploadedOnceBeforeTheSets() async throws {
        try await withReadyManager { manager, user in
            let shared = SDLArtwork(data: picture(1))
            let secondary = SDLArtwork(data: picture(2))
            let cities = [
                try ChoiceCell(text: "Berlin", artwork: shared),
                try ChoiceCell(text: "Paris", artwork: shared, secondaryArtwork: secondary),
                try ChoiceCell(text: "Rome", artwork: SDLArtwork(staticIcon: "0x11")),
            ]
            let outcome = try await manager.choiceSets.preload(cities)
            #expect(outcome.warnings.isEmpty)
            #expect(await manager.connection.requestsSent(PutFile.self) == 2)
            #expect(Set(try await user.state().files.map(\.syncFileName)) == [shared.name, secondary.name])
            // Equal cells presented later do not upload again.
            try await manager.choiceSets.preload(cities)
            #expect(await manager.connection.requestsSent(PutFile.self) == 2)
        }
    }

    @Test func theUploadPrecedesTheCellsSetAndTheImageIsSent() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeManager(headUnit) { manager in
            let artwork = SDLArtwork(data: picture(3))
            try await manager.choiceSets.preload([try ChoiceCell(text: "Berlin", artwork: artwork)])
            let methods = await headUnit.requests.map(\.method).filter { [PutFile.method, CreateInteractionChoiceSet.method].contains($0) }
            // The probe's set first, then the upload, then the cell's set.
            #expect(methods == [CreateInteractionChoiceSet.method, PutFile.method, CreateInteractionChoiceSet.method])
            let create = try #require(await headUnit.requests(CreateInteractionChoiceSet.method).last)
            let choice = try #require(create.params["choiceSet"]?.arrayValue?.first)
            #expect(choice["image"]?["value"]?.stringValue == artwork.name)
        }
    }

    @Test func aFailedUploadSendsTheCellWithoutThatImageAndWarns() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PutFile.method) { _, _ in .result(.invalidData, info: "bad bytes") }
        try await withFakeManager(headUnit) { manager in
            let artwork = SDLArtwork(data: picture(4))
            let berlin = try ChoiceCell(text: "Berlin", artwork: artwork)
            let outcome = try await manager.choiceSets.preload([berlin])
            #expect(outcome.loaded == [berlin])
            #expect(outcome.warnings.map(\.artworkName) == [artwork.name])
            #expect((outcome.warnings.first?.error as? SDLResultError)?.resultCode == .invalidData)
            let create = try #require(await headUnit.requests(CreateInteractionChoiceSet.method).last)
            let choice = try #require(create.params["choiceSet"]?.arrayValue?.first)
            #expect(choice["image"] == nil)
            #expect(choice["menuName"]?.stringValue == "Berlin")
        }
    }

    @Test func withAllOrNothingArtworkAFailedUploadFailsTheCell() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PutFile.method) { _, _ in .result(.invalidData, info: "bad bytes") }
        try await withFakeConnection(headUnit) { connection in
            var configuration = SDLManager.Configuration.test()
            configuration.choiceSets.requiresAllArtwork = true
            let manager = SDLManager(connection: connection, configuration: configuration)
            try await manager.start()
            try await manager.waitUntilReady()
            let artwork = SDLArtwork(data: picture(5))
            let berlin = try ChoiceCell(text: "Berlin", artwork: artwork)
            let paris = try ChoiceCell(text: "Paris")
            let error = await #expect(throws: ChoicePreloadError.self) { try await manager.choiceSets.preload([berlin, paris]) }
            #expect(error?.failedCells == [berlin])
            let reason = try #require(error?.failures.first?.error as? ChoiceSetError)
            guard case .artworkUnavailable(let name, _) = reason else {
                Issue.record("unexpected reason \(reason)")
                return
            }
            #expect(name == artwork.name)
            #expect(await manager.choiceSets.loadedCells == [paris])
            await manager.stop()
        }
    }
}

extension Sequence where Element: Sendable {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
