import Logging
import SDLModel

/// Asks the head unit whether a choice needs voice commands (sdl_ios's
/// `SDLCheckChoiceVROptionalOperation`): it creates a set with ID 0 (never handed out to a
/// cell) holding one choice without voice commands, and deletes it again.
@SDLActor struct VoiceOptionalProbe {
    let connection: SDLConnection
    let logger: Logger

    /// True if the head unit accepted the choice. A refusal means voice commands are
    /// required; no answer is taken as required too, the safe side.
    func run() async -> Bool {
        let probe = CreateInteractionChoiceSet(id: 0, choices: [Choice(choiceID: 0, menuName: "Voice optional probe")])
        do {
            _ = try await connection.send(probe)
        } catch let refusal as SDLResultError {
            logger.info("voice commands are required on this head unit (\(refusal))")
            return false
        } catch {
            // The set may have been created all the same: remove it.
            logger.warning("the voice-optional probe got no answer (\(error)): sending voice commands on every choice")
            _ = try? await connection.send(DeleteInteractionChoiceSet(id: 0))
            return false
        }
        do {
            _ = try await connection.send(DeleteInteractionChoiceSet(id: 0))
        } catch {
            logger.warning("deleting the voice-optional probe set failed: \(error)")
        }
        return true
    }
}
