import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// Cells named by their texts; with `voice`, each says its own text in lower case.
func cells(_ texts: String..., voice: Bool = false) throws -> [ChoiceCell] {
    try texts.map { try ChoiceCell(text: $0, voiceCommands: voice ? [$0.lowercased()] : nil) }
}

/// Waits until the voice-optional probe after registration has answered.
func probeAnswered(_ manager: SDLManager) async throws {
    let answered = try await eventually { await manager.choiceSets.isVoiceOptional != nil }
    try #require(answered)
}

/// Waits until the head unit shows an interaction, and returns it.
@discardableResult
func interactionOnScreen(_ user: SimulatorDriver) async throws -> SimGetState.Interaction {
    var shown: SimGetState.Interaction?
    _ = try await eventually {
        shown = try await user.state().interaction
        return shown != nil
    }
    return try #require(shown)
}

extension SimGetState.Response {
    /// The head unit's choice sets: set ID → whether its choices have voice commands.
    var voiceBySetID: [Int: Bool] {
        Dictionary(uniqueKeysWithValues: choiceSets.map { ($0.interactionChoiceSetID, $0.hasVrCommands) })
    }
}
