import Clocks
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// Registration, the HMI level and system context, display capabilities and the manager's
/// state, against hu-sim's engine (and an in-memory head unit for what no simulator does: a
/// registration without display capabilities, notifications at the moment the test chooses).
@Suite(.timeLimit(.minutes(1))) struct LifecycleTests {
    @Test func theManagerRegistersFollowsTheHeadUnitAndBecomesReady() async throws {
        try await withReadyManager { manager, user in
            #expect(await manager.state == .ready)
            #expect(await manager.hmiLevel == .full)
            #expect(await manager.systemContext == .main)
            #expect(await manager.registration?.displayCapabilities?.displayName == "Generic HMI (SDL 8.0)")
            let window = await manager.defaultMainWindowCapability
            #expect(window?.keyboardCapabilities?.maskInputCharactersSupported == true)
            let simulator = try await user.state()
            #expect(simulator.registered)
        }
    }

    @Test func workSubmittedBeforeTheHeadUnitIsReadyWaitsAndRunsWhenItIs() async throws {
        try await withSimulator(.withoutActivation) { connection, user in
            let manager = SDLManager(connection: connection, configuration: .test())
            try await manager.start()
            let log = Log()
            let work = await manager.queue.submit("early work") { log.append("ran") }
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(1))) }
            // A round trip later the head unit is still in NONE: nothing has run.
            #expect(try await user.state().hmiLevel == HMILevel.none)
            #expect(await manager.state == .starting)
            #expect(log.entries.isEmpty)
            #expect(await connection.requestsSent(PutFile.self) == 0)
            try await user.activate()
            try await work.value
            #expect(try await upload.value == .uploaded)
            #expect(log.entries == ["ran"])
            #expect(await manager.state == .ready)
            await manager.stop()
        }
    }

    @Test func theSystemContextIsFollowed() async throws {
        try await withReadyManager { manager, user in
            _ = try await manager.connection.send(CreateInteractionChoiceSet(id: 1, choices: [Choice(choiceID: 1, menuName: "A")]))
            let interaction = Task {
                try await manager.connection.send(PerformInteraction(initialText: "Pick", mode: .manualOnly, choiceSetIDs: [1]))
            }
            #expect(try await eventually { await manager.systemContext == .hmiObscured })
            try await user.close()
            await #expect(throws: SDLResultError.self) { try await interaction.value }
            #expect(try await eventually { await manager.systemContext == .main })
        }
    }

    @Test func inBackgroundTheQueueStillRuns() async throws {
        try await withReadyManager { manager, user in
            try await user.deactivate()
            #expect(try await eventually { await manager.hmiLevel == .background })
            #expect(await manager.state == .ready)
            #expect(try await manager.fileManager.upload(SDLArtwork(data: picture(2))) == .uploaded)
        }
    }

    @Test func afterAResetTheManagerPausesRegistersAgainAndReadsTheFilesAgain() async throws {
        try await withReadyManager { manager, user in
            let files = manager.fileManager
            let kept = SDLArtwork(data: picture(3), persistent: true)
            let dropped = SDLArtwork(data: picture(4))
            _ = try await files.upload([kept, dropped])
            let updates = await manager.stateUpdates()
            let states = Task {
                var seen: [SDLManagerState] = []
                for await state in updates {
                    seen.append(state)
                    if seen.count == 4 { break }
                }
                return seen
            }
            try await user.reset()
            let seen = await states.value
            #expect(seen == [.ready, .paused(.unregistered(.masterReset)), .paused(.hmiLevelNone), .ready])
            #expect(await files.hasUploaded(kept.name))
            #expect(await !files.hasUploaded(dropped.name))
            #expect(try await files.upload(dropped) == .uploaded)
        }
    }

    @Test func aRefusedRegistrationShutsTheManagerDownWithTheHeadUnitsAnswer() async throws {
        try await withSimulator { connection, _ in
            var configuration = SDLManager.Configuration.test()
            configuration.appID = String(repeating: "x", count: 101)
            let manager = SDLManager(connection: connection, configuration: configuration)
            let error = await #expect(throws: SDLResultError.self) { try await manager.start() }
            #expect(error?.resultCode == .invalidData)
            #expect(await manager.state == .shutDown)
            await #expect(throws: SDLOperationError.self) { try await manager.waitUntilReady() }
        }
    }

    @Test func stopUnregistersTheApp() async throws {
        try await withSimulator { connection, user in
            let manager = SDLManager(connection: connection, configuration: .test())
            try await manager.start()
            try await manager.waitUntilReady()
            await manager.stop()
            #expect(await manager.state == .shutDown)
            #expect(try await !user.state().registered)
        }
    }

    // MARK: Rare paths

    @Test func shutdownWithAFullQueueFinishesEveryOperation() async throws {
        try await withReadyManager { manager, user, simulator in
            try await user.injectFault(.drop, on: PutFile.self)
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(5))) }
            _ = try await user.state()  // settled: the PutFile is with the head unit, unanswered
            let hang = Latch()
            let running = await manager.queue.submit("running") { await hang.wait() }
            var queued: [SDLOperation<Int>] = []
            for number in 0..<20 { queued.append(await manager.queue.submit("queued \(number)") { number }) }
            let laterUpload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(6))) }
            // The 20 wait behind the running operation, the later upload behind the first in the files lane.
            let allQueued = try await eventually { await manager.queue.waitingCount == 21 }
            #expect(allQueued)
            await manager.stop(reason: "test over")
            let shutDown = SDLOperationError.shutDown(reason: "test over")
            await #expect(throws: shutDown) { try await upload.value }
            await #expect(throws: shutDown) { try await laterUpload.value }
            await #expect(throws: shutDown) { try await running.value }
            for operation in queued { await #expect(throws: shutDown) { try await operation.value } }
            await #expect(throws: shutDown) { try await manager.queue.run("after") { 1 } }
            #expect(await simulator.requests(PutFile.method).count == 1)
            await hang.open()
        }
    }

    @Test func aCrashedHeadUnitShutsTheManagerDownAndFailsItsWork() async throws {
        try await withReadyManager { manager, user, simulator in
            try await user.injectFault(.drop, on: PutFile.self)
            let upload = Task { try await manager.fileManager.upload(SDLArtwork(data: picture(7))) }
            _ = try await user.state()  // settled: the PutFile is with the head unit, unanswered
            await simulator.kill()
            let gone = SDLConnectionError.disconnected(method: "PutFile", reason: "the head unit closed the connection")
            await #expect(throws: gone) { try await upload.value }
            let shutDown = try await eventually { await manager.state == .shutDown }
            #expect(shutDown)
        }
    }

    // MARK: What no simulator does, on an in-memory head unit

    @Test func withoutDisplayCapabilitiesInTheRegistrationTheManagerAsksForThem() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(RegisterAppInterface.method) { _, _ in .result(.success) }
        let display = DisplayCapability(
            displayName: "Asked", windowCapabilities: [WindowCapability(textFields: nil, imageFields: nil, imageTypeSupported: nil, keyboardCapabilities: nil)])
        await headUnit.on(GetSystemCapability.method) { _, _ in
            .result(.success, GetSystemCapability.Response(SystemCapability(displays: [display])).parameters)
        }
        try await withFakeManager(headUnit) { manager in
            #expect(await manager.displays == [display])
            #expect(await headUnit.requests(GetSystemCapability.method).map { $0.params["systemCapabilityType"] } == ["DISPLAYS"])
        }
    }

    @Test func backInHMILevelNoneTheManagerPausesAndQueuedWorkWaits() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeManager(headUnit) { manager in
            await headUnit.notify("OnHMIStatus", OnHMIStatus(.none, audio: .notAudible, context: .main).parameters)
            let paused = try await eventually { await manager.state == .paused(.hmiLevelNone) }
            #expect(paused)
            let work = await manager.queue.submit("waits") { "ran" }
            // Operations start only when the queue hands them out: paused, it hands out none.
            // (The voice-optional probe may still run: it was handed out before.)
            #expect(await manager.queue.waitingCount == 1)
            await headUnit.notify("OnHMIStatus", OnHMIStatus(.limited, audio: .notAudible, context: .main).parameters)
            #expect(try await work.value == "ran")
            #expect(await manager.state == .ready)
        }
    }
}
