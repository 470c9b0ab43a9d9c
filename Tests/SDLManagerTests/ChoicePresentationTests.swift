import Clocks
import Foundation
import JSONCodec
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// Presenting choice sets: each presentation ends with exactly one result, whatever ends
/// it. Against hu-sim's engine; an in-memory head unit for answers a real one never gives, or
/// gives only at the moment the test chooses.
@Suite(.timeLimit(.minutes(1))) struct ChoicePresentationTests {
    @Test func aTapSelectsTheCellWithItsRowInManualMode() async throws {
        try await withReadyManager { manager, user in
            let cities = try cells("Berlin", "Paris", "Rome")
            let set = try ChoiceSet(title: "Pick a city", cells: cities, layout: .tiles)
            let presentation = await manager.choiceSets.start(set)
            let screen = try await interactionOnScreen(user)
            #expect(screen.initialText == "Pick a city")
            #expect(screen.layout == .iconOnly)
            #expect(screen.visibleChoices.map(\.menuName) == ["Berlin", "Paris", "Rome"])
            #expect(screen.visibleChoices.map(\.choiceID) == [1, 2, 3])
            #expect(try await user.state().interaction?.interactionMode == .manualOnly)
            try await user.tap("Paris")
            let selection = try #require(await presentation.result.selection)
            #expect(selection.cell == cities[1])
            #expect(selection.row == 1)
            #expect(selection.source == .menu)
        }
    }

    @Test func aSpokenChoiceSelectsTheCellInVoiceMode() async throws {
        try await withReadyManager { manager, user in
            let cities = try cells("Berlin", "Paris", "Rome", voice: true)
            let set = try ChoiceSet(title: "Say a city", cells: cities)
            let presentation = await manager.choiceSets.start(set, mode: .vrOnly)
            try await interactionOnScreen(user)
            try await user.say("Rome")
            let selection = try #require(await presentation.result.selection)
            #expect(selection.cell == cities[2])
            #expect(selection.row == 2)
            #expect(selection.source == .vr)
        }
    }

    @Test func inBothModesATapOrAVoiceCommandSelects() async throws {
        try await withReadyManager { manager, user in
            let cities = try cells("Berlin", "Paris", voice: true)
            let set = try ChoiceSet(title: "Pick a city", cells: cities)
            let tapped = await manager.choiceSets.start(set, mode: .both)
            try await interactionOnScreen(user)
            try await user.tap("Berlin")
            #expect(await tapped.result.selection?.source == .menu)
            let spoken = await manager.choiceSets.start(set, mode: .both)
            try await interactionOnScreen(user)
            try await user.say("paris")
            let selection = try #require(await spoken.result.selection)
            #expect(selection.cell == cities[1])
            #expect(selection.source == .vr)
        }
    }

    @Test func theTimeoutEndsItTimedOut() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"), timeout: .seconds(5))
            let presentation = await manager.choiceSets.start(set)
            let screen = try await interactionOnScreen(user)
            #expect(screen.msLeft == 5000)
            try await user.advance(by: .seconds(5))
            #expect(await presentation.result.isTimedOut)
        }
    }

    @Test func theUsersCloseEndsItCancelledByTheUser() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(set)
            try await interactionOnScreen(user)
            try await user.close()
            #expect(await presentation.result.cancelSource == .user)
        }
    }

    @Test func theAppCancelsTheInteractionOnScreenWithItsCancelID() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(set)
            try await interactionOnScreen(user)
            let cancelID = try await user.state().interaction?.cancelID
            #expect(cancelID == presentation.cancelID)
            #expect(ChoiceSetManager.cancelIDs.contains(presentation.cancelID))
            try await presentation.cancel()
            #expect(await presentation.result.cancelSource == .app)
            #expect(await manager.connection.requestsSent(CancelInteraction.self) == 1)
            #expect(try await user.state().interaction == nil)
            // Cancelling what has ended does nothing.
            try await presentation.cancel()
            #expect(await manager.connection.requestsSent(CancelInteraction.self) == 1)
        }
    }

    @Test func aCancelledQueuedPresentationNeverReachesTheHeadUnit() async throws {
        try await withReadyManager { manager, user in
            let first = try ChoiceSet(title: "First", cells: try cells("Berlin", "Paris"))
            let second = try ChoiceSet(title: "Second", cells: try cells("Rome", "Madrid"))
            let shown = await manager.choiceSets.start(first)
            let queued = await manager.choiceSets.start(second)
            try await interactionOnScreen(user)
            try await queued.cancel()
            #expect(await queued.result.cancelSource == .app)
            try await user.tap("Paris")
            #expect(await shown.result.selection?.cell.text == "Paris")
            try await manager.queue.run("after both") {}
            #expect(await manager.connection.requestsSent(PerformInteraction.self) == 1)
            #expect(await manager.connection.requestsSent(CancelInteraction.self) == 0)
            #expect(try await user.state().interaction == nil)
        }
    }

    @Test func cancellingTheAwaitingTaskCancelsThePresentation() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let waiting = Task { await manager.choiceSets.present(set) }
            try await interactionOnScreen(user)
            waiting.cancel()
            #expect(await waiting.value.cancelSource == .app)
            #expect(await manager.connection.requestsSent(CancelInteraction.self) == 1)
        }
    }

    @Test func twoPresentationsQueuedBackToBackEachGetTheirOwnResult() async throws {
        try await withReadyManager { manager, user in
            let first = try ChoiceSet(title: "First", cells: try cells("Berlin", "Paris"))
            let second = try ChoiceSet(title: "Second", cells: try cells("Rome", "Madrid"))
            async let firstResult = manager.choiceSets.present(first)
            async let secondResult = manager.choiceSets.present(second)
            #expect(try await interactionOnScreen(user).initialText == "First")
            try await user.tap("Berlin")
            #expect(await firstResult.selection?.cell.text == "Berlin")
            #expect(try await interactionOnScreen(user).initialText == "Second")
            try await user.tap("Madrid")
            let selection = await secondResult.selection
            #expect(selection?.cell.text == "Madrid")
            #expect(selection?.row == 1)
        }
    }

    @Test func presentingAnEqualSetBuiltAnewReusesTheLoadedCells() async throws {
        try await withReadyManager { manager, user in
            let first = try ChoiceSet(title: "Pick", cells: try cells("Berlin", "Paris"))
            let presented = Task { await manager.choiceSets.present(first) }
            try await interactionOnScreen(user)
            try await user.tap("Berlin")
            _ = await presented.value
            let created = await manager.connection.requestsSent(CreateInteractionChoiceSet.self)
            let again = try ChoiceSet(title: "Pick", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(again)
            #expect(try await interactionOnScreen(user).visibleChoices.map(\.choiceID) == [1, 2])
            try await user.tap("Paris")
            #expect(await presentation.result.selection?.row == 1)
            #expect(await manager.connection.requestsSent(CreateInteractionChoiceSet.self) == created)
        }
    }

    @Test func theDelegateHearsTheSelectionAndTheTimeout() async throws {
        try await withReadyManager { manager, user in
            let delegate = RecordingDelegate()
            let cities = try cells("Berlin", "Paris")
            let set = try ChoiceSet(title: "Pick a city", cells: cities, timeout: .seconds(5))
            await manager.choiceSets.presentChoiceSet(set, delegate: delegate)
            try await interactionOnScreen(user)
            try await user.tap("Paris")
            #expect(try await eventually { delegate.events.count == 1 })
            await manager.choiceSets.presentChoiceSet(set, delegate: delegate)
            try await interactionOnScreen(user)
            try await user.advance(by: .seconds(5))
            #expect(try await eventually { delegate.events.count == 2 })
            #expect(delegate.events == ["selected Paris at 1 by MENU", "finished: \(ChoiceSetError.timedOut)"])
        }
    }

    // MARK: The journey through the manager's domain (docs/manager.md)

    @Test func presentingCellsWithNewArtworkTakesThreeRoundsOfAnswers() async throws {
        try await withInProcessSimulator { connection, simulator in
            let manager = try await readyManager(on: connection)
            try await probeAnswered(manager)
            let user = simulator.driver(behind: connection)
            let cells = try ["Berlin", "Paris"].enumerated().map { try ChoiceCell(text: $1, artwork: SDLArtwork(data: picture(40 + $0))) }
            let set = try ChoiceSet(title: "Pick a city", cells: cells)
            _ = try await user.state()  // settled: nothing else is on its way to the app
            let before = simulator.output.chunksTaken
            let presentation = Task { await manager.choiceSets.present(set) }
            try await interactionOnScreen(user)
            // One answer each for both PutFiles, both CreateInteractionChoiceSets (each pair
            // sent at once), and OnHMIStatus as the interaction shows: the reader entered the
            // domain three times.
            #expect(simulator.output.chunksTaken - before == 3)
            #expect(await connection.requestsSent(PutFile.self) == 2)
            try await user.tap("Paris")
            #expect(await presentation.value.selection?.cell == cells[1])
            // The answer and the OnHMIStatus back to MAIN came together: once more.
            #expect(simulator.output.chunksTaken - before == 4)
            await manager.stop()
        }
    }

    // MARK: Exactly one result, whatever ends it

    @Test func aConnectionLostMidInteractionFailsItOnce() async throws {
        try await withReadyManager { manager, user in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(set)
            try await interactionOnScreen(user)
            await manager.connection.close(reason: "the head unit went away")
            let error = try #require(await presentation.result.error)
            #expect(error is SDLConnectionError || error is SDLOperationError)
            #expect(await presentation.result.error != nil)
            let later = await manager.choiceSets.present(set)
            #expect(later.error != nil)
        }
    }

    @Test func aKilledSimulatorFailsTheInteractionOnScreenOnce() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("choice-sim-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        // The shell writes its PID, then becomes hu-sim: the test kills exactly the simulator it started.
        let command = "echo $$ > '\(pidFile.path)'; exec " + builtSimulator
        try await SimulatorProcess.withConnection(
            command: command, configuration: SDLConnection.Configuration(clock: TestClock(), logger: quietLogger), logger: quietLogger
        ) { connection in
            let user = SimulatorDriver(connection)
            let manager = SDLManager(connection: connection, configuration: .test())
            try await manager.start()
            try await manager.waitUntilReady()
            let delegate = RecordingDelegate()
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.presentChoiceSet(set, delegate: delegate)
            try await interactionOnScreen(user)
            let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGKILL) == 0)
            let error = try #require(await presentation.result.error)
            #expect(error is SDLConnectionError || error is SDLOperationError)
            #expect(try await eventually { await manager.state == .shutDown })
            #expect(try await eventually { delegate.events.count == 1 })
            #expect(delegate.events.count == 1)
        }
    }

    @Test func aHeadUnitCrashingMidInteractionFailsIt() async throws {
        try await withReadyManager { manager, user, simulator in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(set)
            try await interactionOnScreen(user)
            await simulator.kill()
            let error = try #require(await presentation.result.error)
            #expect(error is SDLConnectionError || error is SDLOperationError)
        }
    }

    @Test func stoppingTheManagerFailsTheShownAndEveryQueuedPresentation() async throws {
        try await withReadyManager { manager, user in
            let sets = try (1...3).map { try ChoiceSet(title: "Set \($0)", cells: try cells("A\($0)", "B\($0)")) }
            var presentations: [ChoicePresentation] = []
            for set in sets { presentations.append(await manager.choiceSets.start(set)) }
            try await interactionOnScreen(user)
            await manager.stop(reason: "test over")
            for presentation in presentations {
                #expect(await presentation.result.error as? SDLOperationError == .shutDown(reason: "test over"))
            }
            #expect(await manager.connection.requestsSent(PerformInteraction.self) == 1)
            let after = await manager.choiceSets.present(sets[0])
            #expect(after.error as? SDLOperationError == .shutDown(reason: "test over"))
        }
    }

    @Test func cellsThatFailToLoadFailThePresentationWithoutShowingIt() async throws {
        try await withReadyManager { manager, user in
            try await probeAnswered(manager)
            try await user.injectFault(.result(.outOfMemory, info: "full"), on: CreateInteractionChoiceSet.self)
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let result = await manager.choiceSets.present(set)
            let error = try #require(result.error as? ChoicePreloadError)
            #expect(error.failures.map(\.resultCode) == [.outOfMemory])
            #expect(await manager.connection.requestsSent(PerformInteraction.self) == 0)
        }
    }

    // MARK: A legacy head unit

    @Test func onAHeadUnitOlderThanSDL6CancelSaysItCannotDismissAndTheInteractionGoesOn() async throws {
        try await withReadyManager(.legacy) { manager, user in
            #expect(await manager.choiceSets.headUnitVersion?.majorVersion == 4)
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(set)
            try await interactionOnScreen(user)
            let refusal = await #expect(throws: ChoiceSetError.self) { try await presentation.cancel() }
            guard case .cannotDismissOnThisHeadUnit(let version)? = refusal else {
                Issue.record("cancel threw \(String(describing: refusal))")
                return
            }
            #expect(version.map { [$0.majorVersion, $0.minorVersion] } == [4, 5])
            #expect(await manager.connection.requestsSent(CancelInteraction.self) == 0)
            #expect(try await user.state().interaction != nil)
            try await user.close()
            #expect(await presentation.result.cancelSource == .user)
        }
    }

    @Test func aHeadUnitThatDoesNotSayItsVersionAndRefusesTheCancelCannotDismiss() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { _, _ in .drop }
        await headUnit.on(CancelInteraction.method) { _, _ in .result(.unsupportedRequest) }
        try await withFakeManager(headUnit) { manager in
            #expect(await manager.choiceSets.headUnitVersion == nil)
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let presentation = await manager.choiceSets.start(set)
            await headUnit.waitFor(PerformInteraction.method)
            await #expect(throws: ChoiceSetError.cannotDismissOnThisHeadUnit(headUnitVersion: nil)) {
                try await presentation.cancel()
            }
            #expect(await !presentation.isFinished)
            let interaction = try #require(await headUnit.requests(PerformInteraction.method).first)
            await headUnit.respond(to: interaction, with: .result(.aborted))
            #expect(await presentation.result.cancelSource == .user)
        }
    }

    // MARK: Answers a real head unit never gives

    @Test func thePerformInteractionCarriesTheSetAndACancelIDFromTheManagersRangeInTurn() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { request, _ in
            let firstID = request.params["interactionChoiceSetIDList"]?.arrayValue?.first ?? .integer(0)
            return .result(.success, ["choiceID": firstID, "triggerSource": "MENU"])
        }
        try await withFakeManager(headUnit) { manager in
            let choices = manager.choiceSets
            try await choices.preload(try cells("Rome"))
            let set = try ChoiceSet(
                title: "Pick a city", cells: try cells("Berlin", "Rome", "Paris"), layout: .tiles, timeout: .seconds(30),
                initialPrompt: [TTSChunk("Pick a city")], helpPrompt: [TTSChunk("Say a city")],
                timeoutPrompt: [TTSChunk("Too late")], vrHelp: [VoiceHelpItem("Berlin")])
            #expect(await choices.present(set, mode: .both).selection?.row == 0)
            #expect(await choices.present(set).selection?.cell.text == "Berlin")
            let sent = try await headUnit.requests(PerformInteraction.method).map { try PerformInteraction(parameters: $0.params) }
            let first = try #require(sent.first)
            #expect(first.initialText == "Pick a city")
            #expect(first.interactionMode == .both)
            // Set order: Rome was loaded first, so it has ID 1.
            #expect(first.interactionChoiceSetIDList == [2, 1, 3])
            #expect(first.interactionLayout == .iconOnly)
            #expect(first.timeout == 30000)
            #expect(first.initialPrompt == set.initialPrompt)
            #expect(first.helpPrompt == set.helpPrompt)
            #expect(first.timeoutPrompt == set.timeoutPrompt)
            #expect(first.vrHelp == [VrHelpItem(text: "Berlin", position: 1)])
            #expect(sent.map(\.cancelID) == [101, 102])
        }
    }

    @Test func anUnknownChoiceIDFailsThePresentation() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { _, _ in
            .result(.success, PerformInteraction.Response(choiceID: 999, triggerSource: .menu).parameters)
        }
        try await withFakeManager(headUnit) { manager in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let result = await manager.choiceSets.present(set)
            #expect(result.error as? ChoiceSetError == .unknownChoiceID(999))
        }
    }

    @Test func aSuccessWithoutAChoiceIDFailsThePresentation() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeManager(headUnit) { manager in
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"))
            let result = await manager.choiceSets.present(set)
            #expect(result.error as? ChoiceSetError == .missingChoiceID)
        }
    }

    @Test func anInteractionWhoseAnswerNeverComesFailsWhenItsWaitRunsOut() async throws {
        let clock = TestClock()
        try await withReadyManager(clock: clock) { manager, user in
            try await user.injectFault(.drop, on: PerformInteraction.self)
            let set = try ChoiceSet(title: "Pick a city", cells: try cells("Berlin", "Paris"), timeout: .seconds(5))
            let presentation = await manager.choiceSets.start(set)
            _ = try await user.state()  // settled: the PerformInteraction is with the head unit, unanswered
            // Twice the connection's 10 s timeout plus twice the interaction's 5 s: past Core's own wait.
            await clock.advance(by: .seconds(29))
            #expect(await !presentation.isFinished)
            await clock.advance(by: .seconds(1))
            let error = await presentation.result.error
            #expect(error as? SDLConnectionError == .timedOut(method: "PerformInteraction", after: .seconds(30)))
        }
    }
}

/// Records a delegate's calls as text.
final class RecordingDelegate: ChoiceSetDelegate {
    private let log = Mutex<[String]>([])

    var events: [String] { log.withLock { $0 } }

    func choiceSet(_ choiceSet: ChoiceSet, didSelect cell: ChoiceCell, row: Int, source: TriggerSource) {
        log.withLock { $0.append("selected \(cell.text) at \(row) by \(source.rawValue)") }
    }

    func choiceSet(_ choiceSet: ChoiceSet, didFinishWith error: any Error) {
        log.withLock { $0.append("finished: \(error)") }
    }
}
