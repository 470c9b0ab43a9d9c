import SDLModel

// CancelInteraction (SDL-RULES §5, §14).
extension HeadUnitEngine {
    func cancelInteraction(_ request: CancelInteraction, _ reply: ReplyToken?) {
        guard profile.supportsCancelInteraction else {
            answer(reply, .unsupportedRequest, info: "CancelInteraction needs SDL 6.0; this head unit implements \(profile.sdlVersion.text)")
            return
        }
        guard CancelInteraction.cancellableFunctionIDs.contains(request.functionID) else {
            answer(reply, .invalidID, info: "functionID \(request.functionID) is not an interaction that can be cancelled")
            return
        }
        awaitHMI(CancelInteraction.method, reply: reply) { engine in
            engine.interactionMatches(request)
                ? .success
                : HMIAnswer(code: .ignored, info: request.cancelID.map { "No interaction with cancelID \($0) is on screen" } ?? "No interaction is on screen")
        } complete: { engine, hmi in
            if hmi.code.isSuccessFromHMI, engine.interactionMatches(request) {
                engine.finishInteraction(.aborted(keyboardEvent: .entryCancelled))
            }
            engine.answer(reply, hmi)
        }
    }

    private func interactionMatches(_ request: CancelInteraction) -> Bool {
        guard request.functionID == PerformInteraction.functionID, let interaction else { return false }
        return request.cancelID == nil || request.cancelID == interaction.request.cancelID
    }
}

extension SdlMsgVersion {
    /// "8.0.0"
    public var text: String { "\(majorVersion).\(minorVersion).\(patchVersion ?? 0)" }
}
