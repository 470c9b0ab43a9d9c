import JSONRPC
import SDLModel

// RegisterAppInterface, UnregisterAppInterface, GetSystemCapability (SDL-RULES §1, §11).
extension HeadUnitEngine {
    // A fault's held-back answer runs the request's work again, never its fault: each call
    // takes exactly one fault (the work, not the entry point, is what a delay re-runs).

    func registerAppInterface(_ request: RegisterAppInterface, _ reply: ReplyAddress?) {
        guard isFirstRegistration(reply) else { return }
        let takenByFault = !passCoreOnlyFault(RegisterAppInterface.method, reply) { engine, reply in
            // Another registration may have succeeded while this answer was held back.
            if engine.isFirstRegistration(reply) { engine.register(request, reply) }
        }
        if !takenByFault { register(request, reply) }
    }

    private func isFirstRegistration(_ reply: ReplyAddress?) -> Bool {
        guard app != nil else { return true }
        answer(reply, .applicationRegisteredAlready, info: "An app is already registered on this connection.")
        return false
    }

    private func register(_ request: RegisterAppInterface, _ reply: ReplyAddress?) {
        app = RegisteredApp(request: request)
        files.open(appID: request.appID)

        var response = RegisterAppInterface.Response()
        response.sdlMsgVersion = min(request.sdlMsgVersion, profile.sdlVersion)
        response.language = .enUS
        response.hmiDisplayLanguage = .enUS
        response.displayCapabilities = profile.displayCapabilities
        response.vrCapabilities = profile.voice ? [.text] : nil
        response.speechCapabilities = [.text, .silence]
        response.iconResumed = false
        answer(reply, SDLResponse(.success, parameters: response))

        notify(OnHMIStatus(.none, audio: .notAudible, context: .main))
        // The HMI reports the display (keyboard capabilities included) to every new app.
        notify(OnSystemCapabilityUpdated(profile.displays))
        if configuration.autoActivate { updateHMIStatus(level: .full) }
    }

    func unregisterAppInterface(_ request: UnregisterAppInterface, _ reply: ReplyAddress?) {
        // A held-back answer cannot outlive the session: ending it answers every timer ABORTED.
        if passCoreOnlyFault(UnregisterAppInterface.method, reply, run: { $0.unregister($1) }) { unregister(reply) }
    }

    private func unregister(_ reply: ReplyAddress?) {
        if interaction != nil { finishInteraction(.aborted(keyboardEvent: nil), context: nil) }
        answer(reply, .success)
        endAppSession()
    }

    func getSystemCapability(_ request: GetSystemCapability, _ reply: ReplyAddress?) {
        if passCoreOnlyFault(GetSystemCapability.method, reply, run: { $0.answerSystemCapability(request, $1) }) {
            answerSystemCapability(request, reply)
        }
    }

    private func answerSystemCapability(_ request: GetSystemCapability, _ reply: ReplyAddress?) {
        guard request.systemCapabilityType == .displays else {
            answer(reply, .dataNotAvailable, info: "The simulator has no \(request.systemCapabilityType.rawValue) capability.")
            return
        }
        answer(reply, SDLResponse(.success, parameters: GetSystemCapability.Response(profile.displays)))
    }
}
