import SDLModel

// RegisterAppInterface, UnregisterAppInterface, GetSystemCapability (SDL-RULES §1, §11).
extension HeadUnitEngine {
    func registerAppInterface(_ request: RegisterAppInterface, from peer: PeerID, _ reply: ReplyToken?) {
        guard app == nil else {
            answer(reply, .applicationRegisteredAlready, info: "An app is already registered on this connection.")
            return
        }
        guard passCoreOnlyFault(RegisterAppInterface.method, reply, run: { $0.registerAppInterface(request, from: peer, $1) }) else { return }
        app = RegisteredApp(request: request)
        appPeer = peer
        files.open(appID: request.appID)

        var response = RegisterAppInterface.Response()
        response.sdlMsgVersion = min(request.sdlMsgVersion, profile.sdlVersion)
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
        answer(reply, SDLResponse(languagesMatch ? .success : .wrongLanguage, success: true, parameters: response))

        notify(OnHMIStatus(.none, audio: .notAudible, context: .main))
        // The HMI reports the display (keyboard capabilities included) to every new app.
        notify(OnSystemCapabilityUpdated(profile.displays))
        if configuration.autoActivate { updateHMIStatus(level: .full) }
    }

    func unregisterAppInterface(_ request: UnregisterAppInterface, _ reply: ReplyToken?) {
        guard passCoreOnlyFault(UnregisterAppInterface.method, reply, run: { $0.unregisterAppInterface(request, $1) }) else {
            return
        }
        if interaction != nil { finishInteraction(.aborted(keyboardEvent: nil), context: nil) }
        answer(reply, .success)
        endAppSession()
    }

    func getSystemCapability(_ request: GetSystemCapability, _ reply: ReplyToken?) {
        guard passCoreOnlyFault(GetSystemCapability.method, reply, run: { $0.getSystemCapability(request, $1) }) else { return }
        guard request.systemCapabilityType == .displays else {
            answer(reply, .dataNotAvailable, info: "The simulator has no \(request.systemCapabilityType.rawValue) capability.")
            return
        }
        // Apps are subscribed to DISPLAYS anyway: Core says so when asked to (un)subscribe (ATF WidgetSupport 006).
        let info = request.subscribe == nil ? nil : Self.displaysSubscriptionIgnored
        answer(reply, SDLResponse(.success, info: info, parameters: GetSystemCapability.Response(profile.displays)))
    }

    static let displaysSubscriptionIgnored =
        "Subscribe parameter is ignored. Auto Subscription/Unsubscription is used for DISPLAY capability type."

}
