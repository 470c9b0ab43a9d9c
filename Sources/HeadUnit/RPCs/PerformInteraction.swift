import SDLModel

// PerformInteraction (SDL-RULES §4, §14): Core's checks in order, then the simulated HMI
// shows the interaction until the user, the clock or the app ends it.
extension HeadUnitEngine {
    func performInteraction(_ request: PerformInteraction, of app: RegisteredApp, _ reply: ReplyToken?) {
        let mode = request.interactionMode
        let layout = request.interactionLayout
        // 1–2. Mode, layout and the list of sets.
        if mode == .vrOnly && layout == .keyboard {
            answer(reply, .invalidData, info: "interactionMode VR_ONLY cannot show layout KEYBOARD")
            return
        }
        if request.interactionChoiceSetIDList.isEmpty && !(layout == .keyboard && mode == .manualOnly) {
            answer(reply, .invalidData, info: "interactionChoiceSetIDList may be empty only with layout KEYBOARD and mode MANUAL_ONLY")
            return
        }
        // 3. Every set exists; no choice ID appears twice across them.
        var sets: [StoredChoiceSet] = []
        var seenChoiceIDs = Set<Int>()
        for id in request.interactionChoiceSetIDList {
            guard let set = app.choiceSets[id] else {
                answer(reply, .invalidID, info: "interactionChoiceSetID \(id) does not exist")
                return
            }
            for choiceID in set.choiceIDs where !seenChoiceIDs.insert(choiceID).inserted {
                answer(reply, .invalidID, info: "choiceID \(choiceID) appears more than once in the listed choice sets")
                return
            }
            sets.append(set)
        }
        // 4. Every set is usable.
        if sets.contains(where: { $0.availability != .ready }) {
            answer(reply, .rejected, info: "One of choice sets is not available yet")
            return
        }
        // 5–6. vrHelp images, and Core's string checks.
        let vrHelpImages = verify(images: (request.vrHelp ?? []).enumerated().map { ("vrHelp[\($0.offset)].image", $0.element.image) }, of: app)
        if case .invalid(let info) = vrHelpImages {
            answer(reply, .invalidData, info: info)
            return
        }
        if let field = Self.fieldFailingSyntax(request) {
            answer(reply, .invalidData, info: "\(field) contains invalid characters or only spaces")
            return
        }
        // 7. Voice commands: no clash between sets, help in order, present where voice is used.
        if let clash = Self.voiceCommandClash(sets) {
            answer(reply, .duplicateName, info: "Choice set has duplicated VR synonym \"\(clash)\"")
            return
        }
        if let vrHelp = request.vrHelp, !CoreChecks.positionsAreSequential(vrHelp) {
            answer(reply, .rejected, info: "Non-sequential vrHelp item position")
            return
        }
        // A stored set's choices all have voice commands, or none has.
        if mode != .manualOnly, sets.contains(where: { !$0.hasVoice }) {
            answer(reply, .invalidData, info: "interactionChoiceSetIDList: Some choices don't contain VR commands.")
            return
        }
        // Prompts of type FILE name files the app uploaded (SDL-RULES §14), before the HMI is asked.
        let prompts = [("initialPrompt", request.initialPrompt), ("helpPrompt", request.helpPrompt), ("timeoutPrompt", request.timeoutPrompt)]
        if let prompt = promptNamingAMissingFile(prompts, of: app) {
            answer(reply, .fileNotFound, info: Self.missingSpeechFileInfo(prompt))
            return
        }
        // 8. The HMI: an injected answer, a second interaction refused, or the interaction shown.
        let fault = faults.take(for: PerformInteraction.method, appID: app.appID)
        if fault?.drop == true { return dropAnswer(reply) }
        if let refusal = fault?.resultCode.map({ HMIAnswer(code: $0, info: fault?.info) }) ?? hmiRefusal(of: request) {
            answerWithoutShowing(refusal, request, of: app, reply, delayMs: fault?.delayMs)
            return
        }
        let warning = vrHelpImages == .missingFile ? ImageCheck.missingInfo : unsupportedSpeechWarning(prompts.map(\.1))
        show(request, of: app, sets: sets, reply: reply, warning: warning, answerDelayMs: fault?.delayMs)
    }

    /// Why the simulated HMI would not show the interaction: one is already on screen, this
    /// app's or another's (SDL-RULES §14), or it needs voice the head unit does not have.
    private func hmiRefusal(of request: PerformInteraction) -> HMIAnswer? {
        if appOnScreen != nil { return HMIAnswer(code: .rejected, info: "Another interaction is already on screen") }
        if request.interactionMode == .vrOnly && !profile.voice {
            return HMIAnswer(code: .unsupportedResource, info: "VR is not supported by this head unit")
        }
        return nil
    }

    /// The HMI answers without showing anything, `delayMs` late; past Core's wait, Core
    /// answers GENERIC_ERROR itself.
    private func answerWithoutShowing(_ hmi: HMIAnswer, _ request: PerformInteraction, of app: RegisteredApp, _ reply: ReplyToken?, delayMs: Int?) {
        guard let delay = delayMs, delay > 0 else {
            answer(reply, hmi)
            return
        }
        let wait = Self.coreWaitMs(for: request)
        let arriving = delay > wait ? HMIAnswer.noResponse(from: Self.waitedComponent(request)) : hmi
        timers.schedule(at: now + Int64(min(delay, wait)), for: app.handle, answering: reply, holding: PerformInteraction.method) {
            $0.answer(reply, arriving)
        }
    }

    private func show(
        _ request: PerformInteraction, of app: RegisteredApp, sets: [StoredChoiceSet], reply: ReplyToken?, warning: String?, answerDelayMs: Int?
    ) {
        let mode = request.interactionMode
        let layout = request.interactionLayout ?? .listOnly
        let onScreen = mode != .vrOnly
        let voice = mode != .manualOnly && profile.voice
        let timeout = Int64(request.timeout)
        app.interaction = ActiveInteraction(
            reply: reply, request: request, sets: sets,
            showsMenu: onScreen && layout != .keyboard, showsKeyboard: onScreen && (layout == .keyboard || layout.hasSearch),
            voiceSessionOpen: voice, menuDeadline: onScreen ? now + timeout : nil, voiceDeadline: voice ? now + timeout : nil,
            warning: warning, answerDelayMs: answerDelayMs)
        setContext(voice ? .vrSession : .hmiObscured, of: app)
        rescheduleInteractionTimer(of: app)
    }

    /// Sets the timer of `app`'s interaction for its next deadline: the voice session's end,
    /// or the end of the whole interaction.
    func rescheduleInteractionTimer(of app: RegisteredApp) {
        guard var current = app.interaction else { return }
        timers.cancel(current.timer)
        let voiceEnd = current.voiceSessionOpen ? current.voiceDeadline : nil
        guard let next = [voiceEnd, current.endDeadline].compactMap({ $0 }).min() else { return }
        current.timer = timers.schedule(at: next, for: app.handle) { $0.interactionTimerFired(of: app) }
        app.interaction = current
    }

    private func interactionTimerFired(of app: RegisteredApp) {
        guard var current = app.interaction else { return }
        current.timer = nil
        if current.voiceSessionOpen, let end = current.voiceDeadline, now >= end {
            current.voiceSessionOpen = false
            app.interaction = current
            if let menuEnd = current.menuDeadline, menuEnd > now {
                // BOTH: the voice session is over, the menu stays until its own timeout.
                setContext(.hmiObscured, of: app)
            }
        }
        app.interaction = current
        if let end = current.endDeadline, now >= end {
            finishInteraction(of: app, .timedOut)
        } else {
            rescheduleInteractionTimer(of: app)
        }
    }

    /// Ends `app`'s interaction and answers its PerformInteraction.
    func finishInteraction(of app: RegisteredApp, _ outcome: InteractionOutcome, context: SystemContext? = .main) {
        guard let current = app.interaction else { return }
        timers.cancel(current.timer)
        app.interaction = nil
        if current.showsKeyboard {
            switch outcome {
            case .timedOut: sendKeyboardInput(OnKeyboardInput(.entryAborted), to: app)
            case .aborted(let event?): sendKeyboardInput(OnKeyboardInput(event), to: app)
            default: break
            }
        }
        let success = current.warning == nil ? ResultCode.success : .warnings
        let info = current.warning
        let response: SDLResponse<PerformInteraction.Response>
        switch outcome {
        case .choice(let id, let source):
            response = SDLResponse(success, info: info, parameters: .init(choiceID: id, triggerSource: source))
        case .text(let text) where text.unicodeScalars.count > 500:
            // The HMI's answer breaks manualTextEntry's 500-character limit: Core refuses it.
            response = SDLResponse(.invalidData, success: false, info: "Received invalid data on HMI response")
        case .text(let text):
            // An empty entry has no manualTextEntry: the mobile schema needs at least one character (SDL-RULES §14).
            response = SDLResponse(success, info: info, parameters: .init(manualTextEntry: text.isEmpty ? nil : text, triggerSource: .keyboard))
        case .timedOut:
            response = SDLResponse(.timedOut, success: false, info: "The interaction timed out")
        case .aborted:
            response = SDLResponse(.aborted, success: false, info: "The interaction was closed before a choice was made")
        case .hmiAnswer(let hmi):
            response = SDLResponse(hmi.code, success: hmi.code.isSuccessFromHMI, info: hmi.info)
        }
        if let delay = current.answerDelayMs, delay > 0 {
            // The HMI's answer is held back; past Core's wait, Core answers GENERIC_ERROR itself.
            let coreDeadline = current.coreDeadline ?? .max
            let late = now + Int64(delay) > coreDeadline
            let arrival = late ? max(now, coreDeadline) : now + Int64(delay)
            let noResponse = SDLResponse<PerformInteraction.Response>(
                .genericError, success: false, info: HMIAnswer.noResponse(from: Self.waitedComponent(current.request)).info)
            timers.schedule(at: arrival, for: app.handle, answering: current.reply, holding: PerformInteraction.method) {
                $0.answer(current.reply, late ? noResponse : response)
            }
        } else {
            answer(current.reply, response)
        }
        if let context { setContext(context, of: app) }
    }

    /// Sends `OnKeyboardInput` from the keyboard of `app`'s interaction as Core routes it:
    /// Core picks the app whose KEYBOARD interaction is open, else the app in FULL, and
    /// its policy lets the notification through in FULL only; so it reaches `app` in FULL
    /// and never another app. Only data SDL's schema lets through (≤ 500 characters) is sent.
    func sendKeyboardInput(_ input: OnKeyboardInput, to app: RegisteredApp) {
        guard app.hmiLevel == .full else { return }
        if let data = input.data, data.unicodeScalars.count > 500 { return }
        notify(input, to: app)
    }

    /// Core's wait for the HMI's PerformInteraction answer (SDL-RULES §4): DefaultTimeout +
    /// compensation, plus the interaction's timeout twice (once for VR_ONLY).
    static func coreWaitMs(for request: PerformInteraction) -> Int {
        coreWaitMs + request.timeout * (request.interactionMode == .vrOnly ? 1 : 2)
    }

    /// The HMI component Core names when the answer does not come.
    private static func waitedComponent(_ request: PerformInteraction) -> String {
        request.interactionMode == .vrOnly ? "VR" : "UI"
    }

    private static func fieldFailingSyntax(_ request: PerformInteraction) -> String? {
        if !CoreChecks.passesSyntax(request.initialText) { return "initialText" }
        for (name, prompt) in [("initialPrompt", request.initialPrompt), ("helpPrompt", request.helpPrompt), ("timeoutPrompt", request.timeoutPrompt)] {
            if let index = prompt?.firstIndex(where: { !CoreChecks.passesSyntax($0.text, allowEmpty: true) }) {
                return "\(name)[\(index)].text"
            }
        }
        for (index, item) in (request.vrHelp ?? []).enumerated() {
            if !CoreChecks.passesSyntax(item.text) { return "vrHelp[\(index)].text" }
            if let image = item.image, !CoreChecks.passesSyntax(image.value) { return "vrHelp[\(index)].image.value" }
        }
        return nil
    }

    /// A voice command shared by choices of two different listed sets (ASCII case ignored).
    /// Core compares only each set's first choice (SDL-RULES §4, a Core bug); the simulator
    /// compares every choice, as the spec means.
    private static func voiceCommandClash(_ sets: [StoredChoiceSet]) -> String? {
        guard sets.count > 1 else { return nil }
        let commands = sets.map { $0.choices.flatMap { $0.vrCommands ?? [] } }
        for index in sets.indices {
            // A set listed twice is the same object: it does not clash with itself.
            for other in sets.indices[(index + 1)...] where sets[other] !== sets[index] {
                for theirs in commands[other] {
                    if commands[index].contains(where: { CoreChecks.equalIgnoringASCIICase($0, theirs) }) { return theirs }
                }
            }
        }
        return nil
    }
}
