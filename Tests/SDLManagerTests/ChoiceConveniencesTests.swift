import Clocks
import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The conveniences sdl_ios developers know, against hu-sim's engine: the manager's default
/// layout and timeout, the text a cell was sent with, a keyboard's fixed autocomplete list,
/// and the file manager's status as it changes.
@Suite(.timeLimit(.minutes(1))) struct ChoiceConveniencesTests {
    @Test func setsWithoutTheirOwnLayoutAndTimeoutTakeTheManagersDefaults() async throws {
        try await withSimulator { connection, user in
            var configuration = SDLManager.Configuration.test()
            configuration.choiceSets = ChoiceSetManager.Configuration(defaultLayout: .tiles, defaultTimeout: .seconds(20))
            let manager = SDLManager(connection: connection, configuration: configuration)
            try await manager.start()
            try await manager.waitUntilReady()
            let set = try ChoiceSet(title: "Pick a city", cells: ["Berlin", "Paris"].map { try ChoiceCell(text: $0) })
            let presentation = await manager.choiceSets.start(set)
            let shown = try await interactionOnScreen(user)
            #expect(shown.layout == .iconOnly)
            #expect(shown.msLeft == 20_000)
            try await user.tap("Paris")
            #expect(await presentation.result.selection?.cell.text == "Paris")
            // The set's own wins.
            let own = try ChoiceSet(title: "Pick a city", cells: set.cells, layout: .list, timeout: .seconds(5))
            let second = await manager.choiceSets.start(own)
            let again = try await interactionOnScreen(user)
            #expect(again.layout == .listOnly && again.msLeft == 5_000)
            try await user.tap("Berlin")
            _ = await second.result
            await manager.stop()
        }
    }

    @Test func theTextACellWasSentWithIsReadable() async throws {
        try await withReadyManager { manager, user in
            // Told apart by their voice commands only: on screen they would look alike.
            let large = try ChoiceCell(text: "Pizza", voiceCommands: ["large pizza"])
            let small = try ChoiceCell(text: "Pizza", voiceCommands: ["small pizza"])
            try await manager.choiceSets.preload([large, small])
            let texts = [await manager.choiceSets.sentText(of: large), await manager.choiceSets.sentText(of: small)]
            #expect(texts == ["Pizza", "Pizza (2)"])
            #expect(await manager.choiceSets.sentText(of: try ChoiceCell(text: "Not loaded")) == nil)
        }
    }

    @Test func aKeyboardsFixedAutocompleteListIsShownWithoutAProvider() async throws {
        try await withReadyManager { manager, user in
            let keyboard = await manager.keyboards.start(
                initialText: "Where to?", configuration: KeyboardConfiguration(autocompleteList: ["Home", "Work", "Home"]))
            let shown = try await interactionOnScreen(user)
            #expect(shown.autoCompleteList == ["Home", "Work"])
            try await user.submit()
            _ = await keyboard.result
            // Restored afterwards: the HMI's defaults carry no list.
            #expect(try await user.state().keyboardProperties == hmiDefaultKeyboard)
        }
    }

    @Test func theFileManagersStatusIsObservable() async throws {
        try await withReadyManager(files: .init(chunkSize: 1000)) { manager, _ in
            let files = manager.fileManager
            var updates = await files.statusUpdates().makeAsyncIterator()
            let first = await updates.next()
            #expect(first?.pendingUploads == 0 && first?.isSuspended == false)
            let upload = Task { try await files.upload(SDLFile(name: "route.bin", data: picture(1, size: 5000))) }
            var sawPending = false
            while let status = await updates.next() {
                if status.pendingUploads == 1 { sawPending = true }
                if status.pendingUploads == 0 && status.remoteFileCount == 1 { break }
            }
            #expect(sawPending)
            let outcome = try await upload.value
            #expect(outcome == .uploaded)
            #expect(await files.status.remoteFileCount == 1)
        }
    }
}
