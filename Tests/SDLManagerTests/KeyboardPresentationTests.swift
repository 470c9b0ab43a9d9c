import Clocks
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// Presenting keyboards on `hu-sim`: exactly one result per keyboard, input routed to the
/// keyboard on screen only, and the keyboard properties in force before put back exactly.
@Suite(.timeLimit(.minutes(1))) struct KeyboardPresentationTests {
    // MARK: Results

    @Test func aSubmittedKeyboardEndsWithTheTextTyped() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            let screen = try await interactionOnScreen(user)
            #expect(screen.layout == .keyboard)
            #expect(screen.initialText == "Where to?")
            #expect(try await user.state().interaction?.interactionMode == .manualOnly)
            #expect(try await user.state().interaction?.cancelID == keyboard.cancelID)
            try await user.type("Berlin")
            try await user.submit()
            #expect(await keyboard.result.submittedText == "Berlin")
        }
    }

    @Test func theVoiceKeyEndsItVoiceRequestedAndClosesTheKeyboard() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            try await interactionOnScreen(user)
            _ = try await user.send(UserKeyboardEvent(.entryVoice))
            guard case .voiceRequested = await keyboard.result else {
                Issue.record("expected a voice request, got \(await keyboard.result)")
                return
            }
            #expect(try await user.state().interaction == nil)
        }
    }

    @Test func theAppsCancelEndsItCancelledByTheApp() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            try await interactionOnScreen(user)
            try await keyboard.cancel()
            guard case .cancelled(by: .app) = await keyboard.result else {
                Issue.record("expected a cancel by the app, got \(await keyboard.result)")
                return
            }
            #expect(try await user.state().interaction == nil)
        }
    }

    @Test func cancellingTheAwaitingTaskCancelsTheKeyboard() async throws {
        try await withReadyManager { manager, user in
            let waiting = Task { await manager.keyboards.present(initialText: "Where to?") }
            try await interactionOnScreen(user)
            waiting.cancel()
            guard case .cancelled(by: .app) = await waiting.value else {
                Issue.record("expected a cancel by the app, got \(await waiting.value)")
                return
            }
        }
    }

    @Test func aKeyboardCancelledWhileWaitingNeverReachesTheHeadUnit() async throws {
        try await withReadyManager { manager, user in
            let first = await manager.keyboards.start(initialText: "First")
            let second = await manager.keyboards.start(initialText: "Second")
            try await interactionOnScreen(user)
            try await second.cancel()
            guard case .cancelled(by: .app) = await second.result else {
                Issue.record("expected a cancel by the app, got \(await second.result)")
                return
            }
            try await user.submit()
            #expect(await first.result.submittedText == "")
            #expect(await manager.connection.requestsSent(PerformInteraction.self) == 1)
        }
    }

    @Test func aKeyboardAskedForAfterAChoiceSetWaitsForItsArtwork() async throws {
        try await withReadyManager { manager, user in
            let cell = try ChoiceCell(text: "Berlin", artwork: SDLArtwork(data: picture(7)))
            let set = await manager.choiceSets.start(try ChoiceSet(title: "Pick a city", cells: [cell]))
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            #expect(try await interactionOnScreen(user).initialText == "Pick a city")
            try await user.tap("Berlin")
            #expect(await set.result.selection?.cell == cell)
            #expect(try await interactionOnScreen(user).initialText == "Where to?")
            try await user.submit()
            #expect(await keyboard.result.submittedText == "")
        }
    }

    @Test func theUsersCloseEndsItCancelledByTheUser() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            try await interactionOnScreen(user)
            try await user.close()
            guard case .cancelled(by: .user) = await keyboard.result else {
                Issue.record("expected a cancel by the user, got \(await keyboard.result)")
                return
            }
        }
    }

    @Test func theTimeoutEndsItTimedOutAndKeysRestartIt() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?", timeout: .seconds(5))
            try await interactionOnScreen(user)
            try await user.advance(by: .seconds(4))
            try await user.type("B")
            try await user.advance(by: .seconds(4))
            #expect(await !keyboard.isFinished)
            try await user.advance(by: .seconds(1))
            guard case .timedOut = await keyboard.result else {
                Issue.record("expected a timeout, got \(await keyboard.result)")
                return
            }
        }
    }

    @Test func theManagersWaitRestartsOnEveryKeyAndEndsWithoutAnAnswer() async throws {
        // A head unit that shows the keyboard and never answers: only the manager's own wait ends it.
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { _, _ in .drop }
        let clock = TestClock()
        try await withFakeManager(headUnit, clock: clock) { manager in
            let keyboard = await manager.keyboards.start(initialText: "Where to?", timeout: .seconds(5))
            await headUnit.waitFor(PerformInteraction.method)
            // The wait: twice the connection's timeout (10 s) and twice the keyboard's (5 s).
            await clock.advance(by: .seconds(29))
            await headUnit.notify(OnKeyboardInput.method, OnKeyboardInput(.keypress, data: "B").parameters)
            #expect(await collectFirst(keyboard.events) == OnKeyboardInput(.keypress, data: "B"))
            await clock.advance(by: .seconds(29))
            #expect(await !keyboard.isFinished)
            await clock.advance(by: .seconds(1))
            guard case .failed(let error as KeyboardError) = await keyboard.result else {
                Issue.record("expected no answer, got \(await keyboard.result)")
                return
            }
            #expect(error == .noAnswer(after: .seconds(30)))
        }
    }

    @Test func theSubmitEventRightBeforeTheAnswerStillReachesTheKeyboard() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { _, _ in .drop }
        try await withFakeManager(headUnit) { manager in
            // The event and the answer arrive back to back, by different paths: many times over.
            for round in 1...20 {
                let keyboard = await manager.keyboards.start(initialText: "Round \(round)")
                let events = Task { await allEvents(keyboard.events) }
                await headUnit.waitFor(PerformInteraction.method, count: round)
                let request = try #require(await headUnit.requests(PerformInteraction.method).last)
                await headUnit.notify(OnKeyboardInput.method, OnKeyboardInput(.entrySubmitted, data: "x").parameters)
                await headUnit.respond(to: request, with: .result(.success, ["manualTextEntry": "x", "triggerSource": "KEYBOARD"]))
                #expect(await keyboard.result.submittedText == "x")
                #expect(await events.value == [OnKeyboardInput(.entrySubmitted, data: "x")])
            }
        }
    }

    @Test func anEventAfterTheKeyboardEndedReachesNoKeyboard() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { _, call in
            // The first keyboard is submitted at once, the second stays on screen.
            call == 1 ? .result(.success, ["manualTextEntry": "x", "triggerSource": "KEYBOARD"]) : .drop
        }
        try await withFakeManager(headUnit) { manager in
            let first = await manager.keyboards.start(initialText: "First")
            #expect(await first.result.submittedText == "x")
            await headUnit.notify(OnKeyboardInput.method, OnKeyboardInput(.keypress, data: "late").parameters)
            // Notifications are handled in order: once the menu shows, the late key has been dropped.
            await headUnit.notify(OnHMIStatus.method, OnHMIStatus(.full, audio: .notAudible, context: .menu).parameters)
            #expect(try await eventually { await manager.systemContext == .menu })
            let second = await manager.keyboards.start(initialText: "Second")
            await headUnit.waitFor(PerformInteraction.method, count: 2)
            await headUnit.notify(OnKeyboardInput.method, OnKeyboardInput(.keypress, data: "y").parameters)
            #expect(await collectFirst(second.events) == OnKeyboardInput(.keypress, data: "y"))
            #expect(await allEvents(first.events).isEmpty)
            try await second.cancel()
        }
    }

    @Test func aStoppedManagerFailsTheKeyboardOnScreenOnce() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            try await interactionOnScreen(user)
            await manager.stop()
            guard case .failed(let error as SDLOperationError) = await keyboard.result else {
                Issue.record("expected a failure, got \(await keyboard.result)")
                return
            }
            #expect(error.isCancellation)
            guard case .failed = await manager.keyboards.present(initialText: "Later") else {
                Issue.record("a stopped manager presents nothing")
                return
            }
        }
    }

    @Test func aLostConnectionFailsTheKeyboardOnScreenOnce() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PerformInteraction.method) { _, _ in .drop }
        try await withFakeManager(headUnit) { manager in
            let delegate = RecordingKeyboardDelegate()
            let keyboard = await manager.keyboards.presentKeyboard(initialText: "Where to?", delegate: delegate)
            await headUnit.waitFor(PerformInteraction.method)
            await headUnit.crash()
            guard case .failed = await keyboard.result else {
                Issue.record("expected a failure, got \(await keyboard.result)")
                return
            }
            let told = try await eventually { delegate.log.count == 1 }
            #expect(told)
            #expect(delegate.log.first?.hasPrefix("failed") == true)
        }
    }

    @Test func aLegacyHeadUnitCannotDismissAKeyboardOnScreen() async throws {
        try await withReadyManager(.legacy) { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            try await interactionOnScreen(user)
            do throws(KeyboardError) {
                try await keyboard.cancel()
                Issue.record("an SDL 4.5 head unit has no CancelInteraction")
            } catch {
                guard case .cannotDismissOnThisHeadUnit(let version) = error else { throw error }
                #expect(version?.majorVersion == 4)
            }
            try await user.type("Rome")
            try await user.submit()
            #expect(await keyboard.result.submittedText == "Rome")
            #expect(await manager.connection.requestsSent(CancelInteraction.self) == 0)
        }
    }

    // MARK: Input

    @Test(arguments: [
        (KeypressMode.resendCurrentEntry, [OnKeyboardInput(.keypress, data: "a"), OnKeyboardInput(.keypress, data: "ab"), OnKeyboardInput(.keypress, data: "a")]),
        (KeypressMode.singleKeypress, [OnKeyboardInput(.keypress, data: "a"), OnKeyboardInput(.keypress, data: "b"), OnKeyboardInput(.keypress, data: "BS")]),
        (KeypressMode.queueKeypresses, []),
    ])
    func keystrokesReachTheKeyboardAsItsKeypressModeSendsThem(mode: KeypressMode, keys: [OnKeyboardInput]) async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(initialText: "Type", configuration: KeyboardConfiguration(keypressMode: mode))
            let events = Task { await allEvents(keyboard.events) }
            try await interactionOnScreen(user)
            try await user.type("ab")
            try await user.type("BS")
            try await user.submit()
            #expect(await keyboard.result.submittedText == "a")
            #expect(await events.value == keys + [OnKeyboardInput(.entrySubmitted, data: "a")])
        }
    }

    @Test func maskTogglesReachTheKeyboardAndItsMaskState() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(
                initialText: "PIN", configuration: KeyboardConfiguration(maskInputCharacters: .userChoice))
            let events = Task { await allEvents(keyboard.events) }
            try await interactionOnScreen(user)
            _ = try await user.send(UserKeyboardEvent(.inputKeyMaskEnabled))
            #expect(try await eventually { await keyboard.isInputMasked == true })
            _ = try await user.send(UserKeyboardEvent(.inputKeyMaskDisabled))
            #expect(try await eventually { await keyboard.isInputMasked == false })
            try await user.close()
            #expect(await events.value.map(\.event) == [.inputKeyMaskEnabled, .inputKeyMaskDisabled, .entryCancelled])
        }
    }

    @Test func inputGoesOnlyToTheKeyboardOnScreenAndNotToOneThatEnded() async throws {
        try await withReadyManager { manager, user in
            let first = await manager.keyboards.start(initialText: "First")
            let firstEvents = Task { await allEvents(first.events) }
            try await interactionOnScreen(user)
            try await user.type("x")
            try await user.submit()
            #expect(await first.result.submittedText == "x")
            let second = await manager.keyboards.start(initialText: "Second")
            let secondEvents = Task { await allEvents(second.events) }
            try await interactionOnScreen(user)
            try await user.type("y")
            try await user.submit()
            #expect(await second.result.submittedText == "y")
            #expect(await firstEvents.value.compactMap(\.data) == ["x", "x"])
            #expect(await secondEvents.value.compactMap(\.data) == ["y", "y"])
        }
    }

    // MARK: Keyboard properties

    @Test func aKeyboardsOwnConfigurationIsRestoredExactlyToTheDefaultInForce() async throws {
        try await withReadyManager { manager, user in
            let standard = KeyboardConfiguration(layout: .qwertz, keypressMode: .singleKeypress, language: .deDE)
            try await manager.keyboards.setDefaultConfiguration(standard)
            let inForce = try await user.state().keyboardProperties
            #expect(inForce == KeyboardProperties(language: .deDE, keyboardLayout: .qwertz, keypressMode: .singleKeypress))
            let own = KeyboardConfiguration(
                layout: .azerty, keypressMode: .resendCurrentEntry, language: .frFR, limitedCharacterList: ["a", "b"],
                maskInputCharacters: .enable, customKeys: ["#", "$"])
            let keyboard = await manager.keyboards.start(initialText: "Code", configuration: own)
            try await interactionOnScreen(user)
            #expect(
                try await user.state().keyboardProperties
                    == KeyboardProperties(
                        language: .frFR, keyboardLayout: .azerty, keypressMode: .resendCurrentEntry, limitedCharacterList: ["a", "b"],
                        maskInputCharacters: .enable, customKeys: ["#", "$"]))
            try await user.close()
            _ = await keyboard.result
            #expect(try await user.state().keyboardProperties == inForce)
            #expect(await manager.keyboards.defaultConfiguration == standard)
        }
    }

    @Test func withNoPropertiesSetBeforeTheyAreResetAfterwards() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(
                initialText: "Code", configuration: KeyboardConfiguration(layout: .numeric, keypressMode: .queueKeypresses))
            try await interactionOnScreen(user)
            #expect(try await user.state().keyboardProperties.keyboardLayout == .numeric)
            try await user.advance(by: .seconds(10))
            guard case .timedOut = await keyboard.result else {
                Issue.record("expected a timeout, got \(await keyboard.result)")
                return
            }
            #expect(try await user.state().keyboardProperties == hmiDefaultKeyboard)
            #expect(await manager.connection.requestsSent(ResetGlobalProperties.self) == 1)
        }
    }

    @Test func aKeyboardWithTheDefaultInForceSendsNoProperties() async throws {
        try await withReadyManager { manager, user in
            try await manager.keyboards.setDefaultConfiguration(KeyboardConfiguration(keypressMode: .singleKeypress))
            let sent = await manager.connection.requestsSent(SetGlobalProperties.self)
            let keyboard = await manager.keyboards.start(initialText: "Where to?")
            try await interactionOnScreen(user)
            try await user.submit()
            _ = await keyboard.result
            #expect(await manager.connection.requestsSent(SetGlobalProperties.self) == sent)
            #expect(await manager.connection.requestsSent(ResetGlobalProperties.self) == 0)
        }
    }

    @Test func propertiesAreRestoredAfterAKeyboardTheAppCancelled() async throws {
        try await withReadyManager { manager, user in
            try await manager.keyboards.setDefaultConfiguration(KeyboardConfiguration(language: .deDE))
            let inForce = try await user.state().keyboardProperties
            let keyboard = await manager.keyboards.start(
                initialText: "Code", configuration: KeyboardConfiguration(layout: .azerty, maskInputCharacters: .enable))
            try await interactionOnScreen(user)
            try await keyboard.cancel()
            _ = await keyboard.result
            #expect(try await user.state().keyboardProperties == inForce)
        }
    }

    @Test func maskAndCustomKeysAreNotSentToAHeadUnitWithoutThem() async throws {
        try await withReadyManager(.textOnly) { manager, user in
            let own = KeyboardConfiguration(layout: .azerty, maskInputCharacters: .enable, customKeys: ["#", "$"])
            let keyboard = await manager.keyboards.start(initialText: "Code", configuration: own)
            try await interactionOnScreen(user)
            // AZERTY is not there: QWERTY (the default's layout) without custom keys or mask.
            #expect(
                try await user.state().keyboardProperties
                    == KeyboardProperties(language: nil, keyboardLayout: .qwerty, keypressMode: .resendCurrentEntry))
            try await user.type("ab")
            try await user.submit()
            #expect(await keyboard.result.submittedText == "ab")
            #expect(try await user.state().keyboardProperties == hmiDefaultKeyboard)
        }
    }

    @Test func aLegacyHeadUnitGetsNoLayoutCustomKeysOrMask() async throws {
        try await withReadyManager(.legacy) { manager, user in
            let own = KeyboardConfiguration(layout: .numeric, keypressMode: .singleKeypress, maskInputCharacters: .enable, customKeys: ["#"])
            let keyboard = await manager.keyboards.start(initialText: "Code", configuration: own)
            let events = Task { await allEvents(keyboard.events) }
            try await interactionOnScreen(user)
            #expect(try await user.state().keyboardProperties == KeyboardProperties(keypressMode: .singleKeypress))
            try await user.type("12")
            try await user.submit()
            #expect(await keyboard.result.submittedText == "12")
            #expect(await events.value.compactMap(\.data) == ["1", "2", "12"])
        }
    }
}

/// The delegate adapter: every event, then exactly one ending, in sdl_ios's terms.
@Suite(.timeLimit(.minutes(1))) struct KeyboardDelegateTests {
    @Test func theDelegateHearsEveryKeyThenTheSubmittedText() async throws {
        try await withReadyManager { manager, user in
            let delegate = RecordingKeyboardDelegate()
            let keyboard = await manager.keyboards.presentKeyboard(
                initialText: "PIN", configuration: KeyboardConfiguration(maskInputCharacters: .userChoice), delegate: delegate)
            try await interactionOnScreen(user)
            try await user.type("12")
            _ = try await user.send(UserKeyboardEvent(.inputKeyMaskEnabled))
            try await user.submit()
            _ = await keyboard.result
            #expect(try await eventually { delegate.log.last == "submitted 12 (ENTRY_SUBMITTED)" })
            #expect(
                delegate.log == [
                    "event KEYPRESS 1", "event KEYPRESS 12", "event INPUT_KEY_MASK_ENABLED -", "masked true",
                    "event ENTRY_SUBMITTED 12", "submitted 12 (ENTRY_SUBMITTED)",
                ])
        }
    }

    @Test func theDelegateHearsOfAVoiceRequestACloseAndATimeout() async throws {
        try await withReadyManager { manager, user in
            let delegate = RecordingKeyboardDelegate()
            let voice = await manager.keyboards.presentKeyboard(initialText: "Where to?", delegate: delegate)
            try await interactionOnScreen(user)
            _ = try await user.send(UserKeyboardEvent(.entryVoice, data: "Rome"))
            _ = await voice.result
            #expect(try await eventually { delegate.log.last == "submitted Rome (ENTRY_VOICE)" })
            let closed = await manager.keyboards.presentKeyboard(initialText: "Where to?", delegate: delegate)
            try await interactionOnScreen(user)
            try await user.close()
            _ = await closed.result
            #expect(try await eventually { delegate.log.last == "aborted ENTRY_CANCELLED" })
            let timedOut = await manager.keyboards.presentKeyboard(initialText: "Where to?", timeout: .seconds(5), delegate: delegate)
            try await interactionOnScreen(user)
            try await user.advance(by: .seconds(5))
            _ = await timedOut.result
            #expect(try await eventually { delegate.log.last == "aborted ENTRY_ABORTED" })
            #expect(delegate.log.filter { $0.hasPrefix("submitted") || $0.hasPrefix("aborted") || $0.hasPrefix("failed") }.count == 3)
        }
    }
}

final class RecordingKeyboardDelegate: KeyboardDelegate {
    private let entries = Mutex<[String]>([])

    var log: [String] { entries.withLock { $0 } }

    private func record(_ entry: String) { entries.withLock { $0.append(entry) } }

    func userDidSubmitInput(_ text: String, withEvent event: KeyboardEvent) { record("submitted \(text) (\(event.rawValue))") }
    func keyboardDidAbort(withReason event: KeyboardEvent) { record("aborted \(event.rawValue)") }
    func keyboardDidFail(with error: any Error) { record("failed \(error)") }
    func keyboardDidSendEvent(_ event: KeyboardEvent, text: String?) { record("event \(event.rawValue) \(text ?? "-")") }
    func keyboardDidUpdateInputMask(_ isMasked: Bool) { record("masked \(isMasked)") }
}
