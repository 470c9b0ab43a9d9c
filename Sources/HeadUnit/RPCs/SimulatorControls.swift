import JSONCodec
import SDLModel

// The simulator's own controls: Sim.* (PROTOCOL.md §5).
extension HeadUnitEngine {
    func simAdvanceTime(_ request: SimAdvanceTime, _ reply: ReplyToken?) {
        guard configuration.clock == .virtual else {
            answer(reply, .rejected, info: "Sim.AdvanceTime needs the virtual clock (hu-sim --clock virtual)")
            return
        }
        advanceClock(to: now + Int64(request.ms))
        answer(reply, SDLResult(.success, parameters: ["clockMs": .integer(now)]))
    }

    func simReset(_ request: SimReset, _ reply: ReplyToken?) {
        if app != nil {
            endAppSession()
            notify(OnAppInterfaceUnregistered(.masterReset))
        }
        faults.removeAll()
        nextGrammarID = 1
        answer(reply, .success)
    }

    func simInjectFault(_ request: SimInjectFault, _ reply: ReplyToken?) {
        let method = request.method == "CreateChoiceInteractionSet" ? CreateInteractionChoiceSet.method : request.method
        guard Self.sdlMethods.contains(method) else {
            answer(reply, .invalidData, info: "method: \"\(request.method)\" is not an SDL method of this simulator")
            return
        }
        guard request.resultCode != nil || request.delayMs != nil || request.drop == true else {
            answer(reply, .invalidData, info: "Give resultCode (and info), delayMs, or drop: true")
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
        answer(reply, SDLResult(.success, parameters: stateJSON))
    }

    /// The screen and the store, as `Sim.GetState` reports them (PROTOCOL.md §5).
    public var stateJSON: JSONObject {
        var state = JSONObject(minimumCapacity: 12)
        state.appendNew("clockMs", .integer(now))
        state.appendNew("registered", .bool(app != nil))
        state.appendNew("app", app.map { ["appName": .string($0.request.appName), "appID": .string($0.request.appID)] } ?? .null)
        state.appendNew("hmiLevel", .string((app?.hmiLevel ?? .none).rawValue))
        state.appendNew("systemContext", .string((app?.systemContext ?? .main).rawValue))
        state.appendNew("profile", .string(profile.name))
        state.appendNew("interaction", interaction.map { .object(interactionJSON($0)) } ?? .null)
        state.appendNew("keyboardProperties", keyboard.properties.encode())
        state.appendNew(
            "choiceSets",
            .array(
                choiceSets.keys.sorted().map { id in
                    let set = choiceSets[id]!
                    return [
                        "interactionChoiceSetID": .integer(Int64(id)),
                        "choiceIDs": .array(set.choices.map { .integer(Int64($0.choiceID)) }),
                        "hasVrCommands": .bool(set.grammarID != nil),
                        "available": .bool(set.availability == .ready),
                    ]
                }))
        state.appendNew("files", files.stateJSON)
        state.appendNew("quotaBytes", .integer(Int64(files.quotaBytes)))
        state.appendNew("usedBytes", .integer(Int64(files.usedBytes)))
        return state
    }

    private func interactionJSON(_ current: ActiveInteraction) -> JSONObject {
        var object = JSONObject(minimumCapacity: 16)
        let request = current.request
        object.appendNew("functionID", .integer(Int64(PerformInteraction.functionID)))
        object.appendNew("cancelID", request.cancelID.map { .integer(Int64($0)) } ?? .null)
        object.appendNew("interactionMode", .string(request.interactionMode.rawValue))
        object.appendNew("layout", current.layout.map { .string($0.rawValue) } ?? .null)
        object.appendNew("initialText", .string(request.initialText))
        object.appendNew("choiceSetIDs", .array(request.interactionChoiceSetIDList.map { .integer(Int64($0)) }))
        object.appendNew(
            "visibleChoices",
            .array(
                current.visibleChoices.map { choice in
                    var visible = JSONObject()
                    visible.appendNew("choiceID", .integer(Int64(choice.choiceID)))
                    visible.appendNew("menuName", .string(choice.menuName))
                    if let text = choice.secondaryText { visible.appendNew("secondaryText", .string(text)) }
                    if let text = choice.tertiaryText { visible.appendNew("tertiaryText", .string(text)) }
                    if profile.supportsImages, let image = choice.image { visible.appendNew("image", image.encode()) }
                    if profile.supportsImages, let image = choice.secondaryImage {
                        visible.appendNew("secondaryImage", image.encode())
                    }
                    return .object(visible)
                }))
        object.appendNew("voiceSessionOpen", .bool(current.voiceSessionOpen))
        if current.showsKeyboard {
            object.appendNew("keyboardText", .string(current.keyboardText))
            object.appendNew("autoCompleteList", .array(keyboard.autoCompleteList.map { .string($0) }))
            object.appendNew("keyboardProperties", keyboard.properties.encode())
            object.appendNew("inputMasked", .bool(isInputMasked(current)))
        }
        object.appendNew("msLeft", .integer(max(0, (current.endDeadline ?? now) - now)))
        return object
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
