import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The simulated user and the simulator's controls, as an app test uses them.
@Suite(.timeLimit(.minutes(1))) struct SimulatorDriverTests {
    private static let cities = [
        Choice(choiceID: 1, menuName: "Berlin", vrCommands: ["Berlin"]), Choice(choiceID: 2, menuName: "Bern", vrCommands: ["Bern"]),
        Choice(choiceID: 3, menuName: "Paris", vrCommands: ["Paris"]),
    ]

    /// Shows the cities with `layout` and `mode`; returns the pending interaction once it is on screen.
    private func present(
        _ manager: SDLManager, _ user: SimulatorDriver, mode: InteractionMode = .manualOnly, layout: LayoutMode? = nil
    ) async throws -> Task<SDLResponse<PerformInteraction.Response>, any Error> {
        _ = try await manager.connection.send(CreateInteractionChoiceSet(id: 1, choices: Self.cities))
        let interaction = Task {
            try await manager.connection.send(PerformInteraction(initialText: "City", mode: mode, choiceSetIDs: [1], layout: layout))
        }
        let shown = try await eventually { try await user.state().interaction != nil }
        #expect(shown)
        return interaction
    }

    @Test func theUserTypesOnTheKeyboardAndSubmits() async throws {
        try await withReadyManager { manager, user in
            let interaction = try await present(manager, user, layout: .keyboard)
            try await user.type("Ber")
            try await user.type("l")
            #expect(try await user.state().interaction?.keyboardText == "Berl")
            try await user.submit()
            let answer = try await interaction.value
            #expect(answer.parameters.manualTextEntry == "Berl")
            #expect(answer.parameters.triggerSource == .keyboard)
        }
    }

    @Test func theUserTapsAChoiceByNameOrID() async throws {
        try await withReadyManager { manager, user in
            let byName = try await present(manager, user)
            #expect(try await user.state().interaction?.visibleChoices.map(\.menuName) == ["Berlin", "Bern", "Paris"])
            try await user.tap("Paris")
            #expect(try await byName.value.parameters.choiceID == 3)
            let interaction = Task {
                try await manager.connection.send(PerformInteraction(initialText: "Again", mode: .manualOnly, choiceSetIDs: [1]))
            }
            let shown = try await eventually { try await user.state().interaction != nil }
            #expect(shown)
            try await user.tap(choiceID: 2)
            #expect(try await interaction.value.parameters.choiceID == 2)
        }
    }

    @Test func theUserSaysAVoiceCommand() async throws {
        try await withReadyManager { manager, user in
            let interaction = try await present(manager, user, mode: .both)
            try await user.say("bern")
            let answer = try await interaction.value
            #expect(answer.parameters.choiceID == 2)
            #expect(answer.parameters.triggerSource == .vr)
        }
    }

    @Test func closingAbortsAndTimeRunningOutTimesOut() async throws {
        try await withReadyManager { manager, user in
            let closed = try await present(manager, user)
            try await user.close()
            let abort = await #expect(throws: SDLResultError.self) { _ = try await closed.value }
            #expect(abort?.resultCode == .aborted)
            let unanswered = Task {
                try await manager.connection.send(PerformInteraction(initialText: "Again", mode: .manualOnly, choiceSetIDs: [1]))
            }
            let shown = try await eventually { try await user.state().interaction != nil }
            #expect(shown)
            let before = try await user.state().clockMs
            #expect(try await user.advance(by: .seconds(10)) == before + 10_000)
            let error = await #expect(throws: SDLResultError.self) { _ = try await unanswered.value }
            #expect(error?.resultCode == .timedOut)
        }
    }

    @Test func anActionWithNothingOnScreenIsRefused() async throws {
        try await withReadyManager { _, user in
            let error = await #expect(throws: SDLResultError.self) { try await user.tap("Berlin") }
            #expect(error?.resultCode == .ignored)
        }
    }

    @Test func aDelayedAnswerComesWhenTheSimulatedClockGetsThere() async throws {
        try await withReadyManager { manager, user in
            try await user.injectFault(.delay(.seconds(2)), on: ListFiles.self)
            let listing = Task { try await manager.connection.send(ListFiles()) }
            let sent = try await eventually { await manager.connection.requestsSent(ListFiles.self) == 2 }
            #expect(sent)
            try await user.advance(by: .seconds(2))
            #expect(try await listing.value.resultCode == .success)
        }
    }
}
