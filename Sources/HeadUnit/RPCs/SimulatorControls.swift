import SDLModel

// The simulator's own controls: Sim.* (PROTOCOL.md §5).
extension HeadUnitEngine {
    func simAdvanceTime(_ request: SimAdvanceTime, _ reply: ReplyToken?) {
        guard configuration.clock == .virtual else {
            answer(reply, .rejected, info: "Sim.AdvanceTime needs the virtual clock (hu-sim --clock virtual)")
            return
        }
        advanceClock(to: now + Int64(request.ms))
        answer(reply, SDLResponse(.success, parameters: SimAdvanceTime.Response(clockMs: Int(now))))
    }

    func simReset(_ request: SimReset, _ reply: ReplyToken?) {
        if app != nil {
            endAppSession()
            notify(OnAppInterfaceUnregistered(.masterReset))
        }
        faults.removeAll()
        answer(reply, .success)
    }

    func simInjectFault(_ request: SimInjectFault, _ reply: ReplyToken?) {
        let method = request.method == "CreateChoiceInteractionSet" ? CreateInteractionChoiceSet.method : request.method
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
                remaining: request.count),
            for: method)
        answer(reply, .success)
    }

    func simGetState(_ request: SimGetState, _ reply: ReplyToken?) {
        answer(reply, SDLResponse(.success, parameters: state))
    }

    /// The screen and the store, as `Sim.GetState` reports them (PROTOCOL.md §5).
    public var state: SimGetState.Response {
        var state = SimGetState.Response()
        state.clockMs = Int(now)
        state.registered = app != nil
        state.app = app.map { SimGetState.App($0.request, version: min($0.request.syncMsgVersion, profile.sdlVersion)) }
        state.hmiLevel = app?.hmiLevel ?? .none
        state.systemContext = app?.systemContext ?? .main
        state.profile = profile.name
        state.interaction = interaction.map(interactionState)
        state.keyboardProperties = keyboard.properties
        state.globalProperties = globalProperties
        state.choiceSets = choiceSets.sortedIDs.map { id in
            let set = choiceSets[id]!
            return SimGetState.ChoiceSet(
                id: id, choiceIDs: set.choiceIDs, hasVrCommands: set.hasVoice,
                available: set.availability == .ready)
        }
        state.files = files.stateFiles
        state.quotaBytes = files.quotaBytes
        state.usedBytes = files.usedBytes
        state.heldAnswers = timers.heldAnswers.map { SimGetState.HeldAnswer(method: $0.method, msLeft: Int(max(0, $0.deadline - now))) }
        return state
    }

    private func interactionState(_ current: ActiveInteraction) -> SimGetState.Interaction {
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
            shown.autoCompleteList = keyboard.autoCompleteList
            shown.keyboardProperties = keyboard.properties
            shown.inputMasked = isInputMasked(current)
        }
        shown.msLeft = Int(max(0, (current.endDeadline ?? now) - now))
        return shown
    }

    /// Whether the keyboard hides what is typed.
    func isInputMasked(_ current: ActiveInteraction) -> Bool {
        guard profile.supportsMask else { return false }
        switch keyboard.properties.maskInputCharacters {
        case .enable: return true
        case .userChoice: return current.userMaskEnabled
        default: return false
        }
    }
}
