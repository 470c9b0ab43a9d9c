import JSONRPC
import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The JSON-RPC client against the real `hu-sim`: typed requests and notifications,
/// replies out of request order, and the simulator's protocol errors.
@Suite(.timeLimit(.minutes(1))) struct ConnectionOverSimulatorTests {
    @Test func registrationIsTypedAndItsNotificationsFollowInOrder() async throws {
        try await withSimulatorProcess { connection, _ in
            let events = await connection.notifications([OnHMIStatus.self, OnSystemCapabilityUpdated.self])
            let response = try await connection.send(RegisterAppInterface(appName: "Typed", appID: "typed-1"))
            #expect(response.resultCode == .success)
            #expect(response.parameters.displayCapabilities?.graphicSupported == true)
            var seen: [String] = []
            for await event in events.prefix(3) {
                switch event {
                case let status as OnHMIStatus: seen.append(status.hmiLevel.rawValue)
                case let update as OnSystemCapabilityUpdated: seen.append(update.systemCapability.systemCapabilityType.rawValue)
                default: seen.append("?")
                }
            }
            #expect(seen == ["NONE", "DISPLAYS", "FULL"])
        }
    }

    @Test func aWaitingInteractionDoesNotHoldUpTheRepliesSentAfterIt() async throws {
        try await withSimulatorProcess { connection, user in
            _ = try await connection.send(RegisterAppInterface(appName: "Pipelined", appID: "pipelined-1"))
            _ = try await connection.send(CreateInteractionChoiceSet(id: 1, choices: [Choice(choiceID: 7, menuName: "Seven")]))
            let interaction = Task {
                try await connection.send(PerformInteraction(initialText: "Pick", mode: .manualOnly, choiceSetIDs: [1]))
            }
            let shown = try await eventually { try await user.state().interaction != nil }
            #expect(shown)
            // Sent after it, answered before it.
            let listing = try await connection.send(ListFiles())
            #expect(listing.parameters.spaceAvailable == 104_857_600)
            try await user.tap("Seven")
            #expect(try await interaction.value.parameters.choiceID == 7)
        }
    }

    @Test func theSimulatorsProtocolErrorsAreProtocolErrors() async throws {
        try await withSimulatorProcess { connection, _ in
            let error = await #expect(throws: SDLConnectionError.self) { try await connection.request("Alert") }
            guard case .protocolError("Alert", let rpcError)? = error else {
                Issue.record("got \(String(describing: error))")
                return
            }
            #expect(rpcError.code == -32601)
        }
    }
}
