import SDLModel

// CancelInteraction (SDL-RULES §5, §14).
extension HeadUnitEngine {
    func cancelInteraction(_ request: CancelInteraction, of app: RegisteredApp, _ reply: ReplyToken?) {
        guard profile.supportsCancelInteraction else {
            answer(reply, .unsupportedRequest, info: "CancelInteraction needs SDL 6.0; this head unit implements \(profile.sdlVersion.text)")
            return
        }
        guard CancelInteraction.cancellableFunctionIDs.contains(request.functionID) else {
            answer(reply, .invalidID, info: "functionID \(request.functionID) is not an interaction that can be cancelled")
            return
        }
        // The HMI looks for the interaction among this app's only (the generic HMI's UI.CancelInteraction).
        awaitHMI(CancelInteraction.method, of: app, reply: reply) { _ in
            Self.interaction(of: app, matches: request)
                ? .success
                : HMIAnswer(code: .ignored, info: request.cancelID.map { "No interaction with cancelID \($0) is on screen" } ?? "No interaction is on screen")
        } complete: { engine, hmi in
            if hmi.code.isSuccessFromHMI, Self.interaction(of: app, matches: request) {
                engine.finishInteraction(of: app, .aborted(keyboardEvent: .entryCancelled))
            }
            engine.answer(reply, hmi)
        }
    }

    private static func interaction(of app: RegisteredApp, matches request: CancelInteraction) -> Bool {
        guard request.functionID == PerformInteraction.functionID, let interaction = app.interaction else { return false }
        return request.cancelID == nil || request.cancelID == interaction.request.cancelID
    }
}

extension SdlMsgVersion {
    /// "8.0.0"
    public var text: String { "\(majorVersion).\(minorVersion).\(patchVersion ?? 0)" }
}
