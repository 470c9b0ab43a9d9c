import SDLModel

// RegisterAppInterface, UnregisterAppInterface, GetSystemCapability (SDL-RULES §1, §11, §15).
extension HeadUnitEngine {
    // A fault's held-back answer runs the request's work again, never its fault: each call
    // takes exactly one fault (the work, not the entry point, is what a delay re-runs).

    func registerAppInterface(_ request: RegisterAppInterface, from peer: PeerID, _ reply: ReplyToken?) {
        guard mayRegister(request, from: peer, reply) else { return }
        let takenByFault = !passCoreOnlyFault(RegisterAppInterface.method, of: nil, appID: request.appID, reply) { engine, reply in
            // Another registration may have succeeded while this answer was held back.
            if engine.mayRegister(request, from: peer, reply) { engine.register(request, from: peer, reply) }
        }
        if !takenByFault { register(request, from: peer, reply) }
    }

    /// Core's checks of a registration against the apps registered already, then of its
    /// strings, in Core's order (RegisterAppInterfaceRequest::Run); a refusal is answered here.
    /// `peer` nil: a simulated app (`Sim.AddApp`).
    func mayRegister(_ request: RegisterAppInterface, from peer: PeerID?, _ reply: ReplyToken?) -> Bool {
        guard let (code, info) = registrationRefusal(request, from: peer) else { return true }
        answer(reply, code, info: info)
        return false
    }

    private func registrationRefusal(_ request: RegisterAppInterface, from peer: PeerID?) -> (ResultCode, String)? {
        if let peer, app(registeredFrom: peer) != nil {
            return (.applicationRegisteredAlready, "An app is already registered on this connection.")
        }
        if apps.count >= configuration.maxApps {
            return (.tooManyApplications, "The head unit holds \(apps.count) apps, its most (hu-sim --max-apps \(configuration.maxApps)).")
        }
        let candidate = RegisteredApp.policyID(of: request)
        // Core looks the ID up as sent among the (lowercased) IDs it keeps, then ignoring case.
        if let same = apps.first(where: { $0.policyID.lowercased() == candidate }) {
            return (.applicationRegisteredAlready, "The app \(same.request.appName) is registered with the appID \(candidate) already.")
        }
        if let same = apps.first(where: { $0.policyID.lowercased() == candidate.lowercased() }) {
            return (.disallowed, "The app \(same.request.appName) is registered with the appID \(same.policyID), the same but for case.")
        }
        if let clash = nameClash(request) { return (.duplicateName, clash) }
        if let field = Self.fieldFailingSyntax(request) { return (.invalidData, "\(field) contains invalid characters or only spaces") }
        return nil
    }

    /// Core's `CheckCoincidence`: a name the new app would share with a registered one,
    /// ignoring case — its appName as their appName or one of their vrSynonyms, one of its
    /// vrSynonyms as their appName, or a ttsName text as one of theirs.
    private func nameClash(_ request: RegisterAppInterface) -> String? {
        let name = request.appName.lowercased()
        let synonyms = (request.vrSynonyms ?? []).map { $0.lowercased() }
        let spoken = (request.ttsName ?? []).map { $0.text.lowercased() }
        for other in apps {
            let theirName = other.request.appName.lowercased()
            let theirs = "the registered app \(other.request.appName) (appID \(other.appID))"
            if name == theirName { return "appName \"\(request.appName)\" is the name of \(theirs)." }
            if other.request.vrSynonyms?.contains(where: { $0.lowercased() == name }) == true {
                return "appName \"\(request.appName)\" is a vrSynonym of \(theirs)."
            }
            if let synonym = synonyms.firstIndex(of: theirName) {
                return "vrSynonyms[\(synonym)] \"\(request.vrSynonyms![synonym])\" is the name of \(theirs)."
            }
            if let chunk = other.request.ttsName?.first(where: { spoken.contains($0.text.lowercased()) }) {
                return "ttsName \"\(chunk.text)\" is a ttsName of \(theirs)."
            }
        }
        return nil
    }

    private func register(_ request: RegisterAppInterface, from peer: PeerID, _ reply: ReplyToken?) {
        let version = min(request.syncMsgVersion, profile.sdlVersion)
        let app = addApp(request, version: SpecVersion(version), from: peer)

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

        notify(OnHMIStatus(.none, audio: .notAudible, context: .main, video: .notStreamable), to: app)
        // The HMI reports the display (keyboard capabilities included) to every new app.
        notify(OnSystemCapabilityUpdated(profile.displays), to: app)
        activateIfNothingIsShown(app)
    }

    /// `--no-auto-activate` aside, the driver opens an app that registers while no app is
    /// in FULL; one registering beside an app in FULL waits in NONE to be picked.
    func activateIfNothingIsShown(_ app: RegisteredApp) {
        guard configuration.autoActivate, !apps.contains(where: { $0.hmiLevel == .full }) else { return }
        setLevel(.full, of: app)
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

    func unregisterAppInterface(_ request: UnregisterAppInterface, of app: RegisteredApp, _ reply: ReplyToken?) {
        // A held-back answer cannot outlive the session: ending it answers every timer ABORTED.
        if passCoreOnlyFault(UnregisterAppInterface.method, of: app, reply, run: { $0.unregister(app, $1) }) { unregister(app, reply) }
    }

    private func unregister(_ app: RegisteredApp, _ reply: ReplyToken?) {
        if app.interaction != nil { finishInteraction(of: app, .aborted(keyboardEvent: nil), context: nil) }
        answer(reply, .success)
        endAppSession(app)
    }

    func getSystemCapability(_ request: GetSystemCapability, of app: RegisteredApp, _ reply: ReplyToken?) {
        if passCoreOnlyFault(GetSystemCapability.method, of: app, reply, run: { $0.answerSystemCapability(request, $1) }) {
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
