import SDLModel

// The simulator's own controls: Sim.* (PROTOCOL.md §5, §9).
extension HeadUnitEngine {
    func simAdvanceTime(_ request: SimAdvanceTime, _ reply: ReplyToken?) {
        guard configuration.clock == .virtual else {
            answer(reply, .rejected, info: "Sim.AdvanceTime needs the virtual clock (hu-sim --clock virtual)")
            return
        }
        advanceClock(to: now + Int64(request.ms))
        answer(reply, SDLResponse(.success, parameters: SimAdvanceTime.Response(clockMs: Int(now))))
    }

    /// A master reset (the HMI's OnExitAllApplications(MASTER_RESET)): every app's session
    /// ends and each app is told; simulated apps are gone with it.
    func simReset(_ request: SimReset, _ reply: ReplyToken?) {
        for app in apps {
            endAppSession(app)
            notify(OnAppInterfaceUnregistered(.masterReset), to: app)
        }
        faults.removeAll()
        answer(reply, .success)
    }

    /// Registers a simulated app: the checks and the levels of a registration, no peer.
    func simAddApp(_ request: SimAddApp, _ reply: ReplyToken?) {
        var registration = RegisterAppInterface(appName: request.appName, appID: request.appID, syncMsgVersion: profile.sdlVersion)
        registration.isMediaApplication = request.isMediaApplication
        registration.appHMIType = request.appHMIType
        guard mayRegister(registration, from: nil, reply) else { return }
        let app = addApp(registration, version: profileVersion, from: nil)
        answer(reply, SDLResponse(.success, parameters: SimAddApp.Response(appID: app.appID)))
        activateIfNothingIsShown(app)
    }

    /// Unregisters a simulated app, as its UnregisterAppInterface would.
    func simRemoveApp(_ request: SimRemoveApp, _ reply: ReplyToken?) {
        guard let app = registeredApp(withID: request.appID, reply) else { return }
        guard app.door == .simulated else {
            answer(reply, .invalidData, info: "appID: \(app.appID) is an app connected over \(app.door.rawValue); it unregisters itself")
            return
        }
        endAppSession(app)
        answer(reply, .success)
    }

    func simInjectFault(_ request: SimInjectFault, _ reply: ReplyToken?) {
        let method = request.method == CreateInteractionChoiceSet.aliasMethod ? CreateInteractionChoiceSet.method : request.method
        guard sdlMethods.contains(method) else {
            answer(reply, .invalidData, info: "method: \"\(request.method)\" is not an SDL method of this simulator")
            return
        }
        guard request.resultCode != nil || request.delayMs != nil || request.drop == true else {
            answer(reply, .invalidData, info: "resultCode, delayMs, drop: give one of them (resultCode with its info, delayMs, or drop: true)")
            return
        }
        faults.add(
            InjectedFault(
                resultCode: request.resultCode, info: request.info, delayMs: request.delayMs, drop: request.drop ?? false,
                remaining: request.count, appID: request.appID),
            for: method)
        answer(reply, .success)
    }

    func simGetState(_ request: SimGetState, _ reply: ReplyToken?) {
        if let appID = request.appID {
            guard let app = registeredApp(withID: appID, reply) else { return }
            answer(reply, SDLResponse(.success, parameters: state(showing: app)))
        } else {
            answer(reply, SDLResponse(.success, parameters: state))
        }
    }

    /// The screen and the store, as `Sim.GetState` reports them (PROTOCOL.md §5, §9): the
    /// top level shows the app registered over stdin (else the first connection's app, else
    /// the app in FULL), `apps` every app.
    public var state: SimGetState.Response { state(showing: app) }

    private func state(showing app: RegisteredApp?) -> SimGetState.Response {
        var state = SimGetState.Response()
        state.clockMs = Int(now)
        state.profile = profile.name
        state.heldAnswers = timers.heldAnswers.map { SimGetState.HeldAnswer(method: $0.method, msLeft: Int(max(0, $0.deadline - now))) }
        state.apps = apps.map { app in
            SimGetState.AppStatus(
                appID: app.appID, appName: app.request.appName, hmiLevel: app.hmiLevel, audioStreamingState: app.audioStreamingState,
                videoStreamingState: app.videoStreamingState, systemContext: app.systemContext, door: app.door.rawValue,
                interactionOnScreen: app.interaction != nil)
        }
        state.keyboardProperties = KeyboardState().properties
        state.quotaBytes = configuration.quotaBytes
        guard let app else { return state }
        state.registered = true
        state.app = SimGetState.App(app.request, version: min(app.request.syncMsgVersion, profile.sdlVersion))
        state.hmiLevel = app.hmiLevel
        state.systemContext = app.systemContext
        state.interaction = app.interaction.map { interactionState($0, of: app) }
        state.keyboardProperties = app.keyboard.properties
        state.globalProperties = app.globalProperties
        state.choiceSets = app.choiceSets.sortedIDs.map { id in
            let set = app.choiceSets[id]!
            return SimGetState.ChoiceSet(
                id: id, choiceIDs: set.choiceIDs, hasVrCommands: set.hasVoice,
                available: set.availability == .ready)
        }
        state.files = app.files.stateFiles
        state.quotaBytes = app.files.quotaBytes
        state.usedBytes = app.files.usedBytes
        return state
    }

    private func interactionState(_ current: ActiveInteraction, of app: RegisteredApp) -> SimGetState.Interaction {
        var shown = SimGetState.Interaction()
        let request = current.request
        shown.cancelID = request.cancelID
        shown.interactionMode = request.interactionMode
        shown.layout = current.layout
        shown.initialText = request.initialText
        shown.choiceSetIDs = request.interactionChoiceSetIDList
        shown.visibleChoices = current.visibleChoices.map { choice in
            var visible = choice
            visible.vrCommands = nil
            if !profile.supportsImages {
                visible.image = nil
                visible.secondaryImage = nil
            }
            return visible
        }
        shown.voiceSessionOpen = current.voiceSessionOpen
        if current.showsKeyboard {
            shown.keyboardText = current.keyboardText
            shown.autoCompleteList = app.keyboard.autoCompleteList
            shown.keyboardProperties = app.keyboard.properties
            shown.inputMasked = isInputMasked(current, of: app)
        }
        shown.msLeft = Int(max(0, (current.endDeadline ?? now) - now))
        return shown
    }

    /// Whether `app`'s keyboard hides what is typed.
    func isInputMasked(_ current: ActiveInteraction, of app: RegisteredApp) -> Bool {
        guard profile.supportsMask else { return false }
        switch app.keyboard.properties.maskInputCharacters {
        case .enable: return true
        case .userChoice: return current.userMaskEnabled
        default: return false
        }
    }
}
