import SDLModel

// RegisterAppInterface, UnregisterAppInterface, GetSystemCapability (SDL-RULES §1, §11).
extension HeadUnitEngine {
    // A fault's held-back answer runs the request's work again, never its fault: each call
    // takes exactly one fault (the work, not the entry point, is what a delay re-runs).

    func registerAppInterface(_ request: RegisterAppInterface, from peer: PeerID, _ reply: ReplyToken?) {
        guard isFirstRegistration(reply) else { return }
        if let field = Self.fieldFailingSyntax(request) {
            answer(reply, .invalidData, info: "\(field) contains invalid characters or only spaces")
            return
        }
        let takenByFault = !passCoreOnlyFault(RegisterAppInterface.method, reply) { engine, reply in
            // Another registration may have succeeded while this answer was held back.
            if engine.isFirstRegistration(reply) { engine.register(request, from: peer, reply) }
        }
        if !takenByFault { register(request, from: peer, reply) }
    }

    private func isFirstRegistration(_ reply: ReplyToken?) -> Bool {
        guard app != nil else { return true }
        answer(reply, .applicationRegisteredAlready, info: "An app is already registered on this connection.")
        return false
    }

    private func register(_ request: RegisterAppInterface, from peer: PeerID, _ reply: ReplyToken?) {
        let version = min(request.syncMsgVersion, profile.sdlVersion)
        app = RegisteredApp(request: request, version: SpecVersion(version))
        appPeer = peer
        // An SDL 1.x app has no appID (it came with 2.0): its name stands in for it.
        files.open(appID: request.appID.isEmpty ? request.appName : request.appID)

        var response = RegisterAppInterface.Response()
        response.syncMsgVersion = version
        response.sdlMsgVersion = version
        response.language = .enUS
        response.hmiDisplayLanguage = .enUS
        response.displayCapabilities = profile.displayCapabilities
        response.vrCapabilities = profile.voice ? [.text] : nil
        response.speechCapabilities = profile.speech
        response.iconResumed = appsWithIcons.contains(request.appID)
        // Core compares the desired languages with the HMI's active VR/TTS and UI languages: a
        // mismatch still registers the app, answered WRONG_LANGUAGE (ATF RegisterAppInterface
        // PositiveRequestCheck.3, ResultCodeCheck.4).
        let languagesMatch = request.languageDesired == response.language
            && request.hmiDisplayLanguageDesired == response.hmiDisplayLanguage
        // A ttsName the speech cannot say (a chunk type outside its capabilities) registers the
        // app too, answered WARNINGS (ATF API/Registration/002, 007); a language mismatch wins.
        let speechWarning = unsupportedSpeechWarning([request.ttsName]).map { "ttsName: " + $0 }
        if !languagesMatch {
            answer(reply, SDLResponse(.wrongLanguage, success: true, parameters: response))
        } else {
            answer(reply, SDLResponse(speechWarning == nil ? .success : .warnings, info: speechWarning, parameters: response))
        }

        notify(OnHMIStatus(.none, audio: .notAudible, context: .main))
        // The HMI reports the display (keyboard capabilities included) to every new app.
        notify(OnSystemCapabilityUpdated(profile.displays))
        if configuration.autoActivate { updateHMIStatus(level: .full) }
    }

    /// Core's `IsWhiteSpaceExist`: the strings it puts through `CheckSyntax` (SDL-RULES §0,
    /// §14); texts that may be empty are checked only when they are not.
    private static func fieldFailingSyntax(_ request: RegisterAppInterface) -> String? {
        if !CoreChecks.passesSyntax(request.appName) { return "appName" }
        if let index = request.ttsName?.firstIndex(where: { !CoreChecks.passesSyntax($0.text, allowEmpty: true) }) {
            return "ttsName[\(index)].text"
        }
        if let name = request.ngnMediaScreenAppName, !CoreChecks.passesSyntax(name) { return "ngnMediaScreenAppName" }
        if let index = request.vrSynonyms?.firstIndex(where: { !CoreChecks.passesSyntax($0) }) { return "vrSynonyms[\(index)]" }
        if let hashID = request.hashID, !CoreChecks.passesSyntax(hashID) { return "hashID" }
        if let device = request.deviceInfo {
            for (name, text) in [
                ("hardware", device.hardware), ("firmwareRev", device.firmwareRev), ("os", device.os),
                ("osVersion", device.osVersion), ("carrier", device.carrier),
            ] {
                if let text, !CoreChecks.passesSyntax(text, allowEmpty: true) { return "deviceInfo.\(name)" }
            }
        }
        if !request.appID.isEmpty, !CoreChecks.passesSyntax(request.appID) { return "appID" }
        return nil
    }

    func unregisterAppInterface(_ request: UnregisterAppInterface, _ reply: ReplyToken?) {
        // A held-back answer cannot outlive the session: ending it answers every timer ABORTED.
        if passCoreOnlyFault(UnregisterAppInterface.method, reply, run: { $0.unregister($1) }) { unregister(reply) }
    }

    private func unregister(_ reply: ReplyToken?) {
        if interaction != nil { finishInteraction(.aborted(keyboardEvent: nil), context: nil) }
        answer(reply, .success)
        endAppSession()
    }

    func getSystemCapability(_ request: GetSystemCapability, _ reply: ReplyToken?) {
        if passCoreOnlyFault(GetSystemCapability.method, reply, run: { $0.answerSystemCapability(request, $1) }) {
            answerSystemCapability(request, reply)
        }
    }

    private func answerSystemCapability(_ request: GetSystemCapability, _ reply: ReplyToken?) {
        guard request.systemCapabilityType == .displays else {
            answer(reply, .dataNotAvailable, info: "The simulator has no \(request.systemCapabilityType.rawValue) capability.")
            return
        }
        // Apps are subscribed to DISPLAYS anyway: Core says so when asked to (un)subscribe (ATF WidgetSupport 006).
        guard request.subscribe == nil else {
            answer(reply, SDLResponse(.success, info: Self.displaysSubscriptionIgnored, parameters: GetSystemCapability.Response(profile.displays)))
            return
        }
        answer(reply, displaysAnswer)
    }

    static let displaysSubscriptionIgnored =
        "Subscribe parameter is ignored. Auto Subscription/Unsubscription is used for DISPLAY capability type."

}
