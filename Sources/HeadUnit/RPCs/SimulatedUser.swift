import SDLModel

// The simulated driver: User.* (PROTOCOL.md §5, §9). An action the head unit cannot take
// (nothing on screen, a choice not visible) is refused with IGNORED and says why. Each acts
// on the app whose interaction is on screen, else on the app in FULL; `appID` names another.
extension HeadUnitEngine {
    /// The app an action on the interaction acts on: the one `appID` names, else the one
    /// whose interaction is on screen. Nil, answered, when there is none.
    private func appWithInteraction(named appID: String?, _ reply: ReplyToken?) -> RegisteredApp? {
        guard let appID else {
            if let shown = appOnScreen { return shown }
            answer(reply, .ignored, info: "No interaction is on screen")
            return nil
        }
        guard let app = registeredApp(withID: appID, reply) else { return nil }
        guard app.interaction != nil else {
            answer(reply, .ignored, info: "No interaction of the app \(app.appID) is on screen")
            return nil
        }
        return app
    }

    /// The app registered with `appID`; nil, answered as Core answers the HMI's request
    /// for an app it does not know (APPLICATION_NOT_REGISTERED), when there is none.
    func registeredApp(withID appID: String, _ reply: ReplyToken?) -> RegisteredApp? {
        if let app = app(withID: appID) { return app }
        let known = apps.map(\.appID).joined(separator: ", ")
        answer(reply, .applicationNotRegistered, info: "No app with appID \(appID) is registered (registered: \(known.isEmpty ? "none" : known))")
        return nil
    }

    func userSelectChoice(_ request: UserSelectChoice, _ reply: ReplyToken?) {
        guard let app = appWithInteraction(named: request.appID, reply), let current = app.interaction else { return }
        guard current.showsMenu else {
            answer(reply, .ignored, info: "The interaction on screen shows no choices")
            return
        }
        let choice: Choice?
        if let id = request.choiceID {
            choice = current.visibleChoice(withID: id)
        } else if let name = request.menuName {
            let visible = current.visibleChoices
            choice = visible.first { $0.menuName == name } ?? visible.first { $0.menuName.lowercased() == name.lowercased() }
        } else {
            answer(reply, .invalidData, info: "choiceID, menuName: give one of them (the choice to tap)")
            return
        }
        guard let choice else {
            let shown = current.visibleChoices.map { "\($0.choiceID) \($0.menuName)" }.joined(separator: ", ")
            answer(reply, .ignored, info: "That choice is not visible (visible: \(shown.isEmpty ? "none" : shown))")
            return
        }
        finishInteraction(of: app, .choice(choice.choiceID, .menu))
        answer(reply, .success)
    }

    func userSpeak(_ request: UserSpeak, _ reply: ReplyToken?) {
        guard let app = appWithInteraction(named: request.appID, reply), let current = app.interaction else { return }
        guard current.voiceSessionOpen else {
            answer(reply, .ignored, info: "No voice session is open")
            return
        }
        let said = request.utterance.lowercased()
        guard let choice = current.choices.first(where: { $0.vrCommands?.contains { $0.lowercased() == said } ?? false }) else {
            answer(reply, .success, info: "\"\(request.utterance)\" matches no voice command; the interaction stays open")
            return
        }
        finishInteraction(of: app, .choice(choice.choiceID, .vr))
        answer(reply, .success)
    }

    func userClose(_ request: UserClose, _ reply: ReplyToken?) {
        guard let app = appWithInteraction(named: request.appID, reply) else { return }
        finishInteraction(of: app, .aborted(keyboardEvent: .entryCancelled))
        answer(reply, .success)
    }

    // MARK: Switching apps

    /// The app `User.Activate`/`User.Deactivate` act on: the one `appID` names, else the app
    /// the head unit shows first (`app`: over stdin, else the first connection's, else the app
    /// in FULL). Nil, answered, when there is none.
    private func appToSwitch(named appID: String?, _ reply: ReplyToken?) -> RegisteredApp? {
        if let appID { return registeredApp(withID: appID, reply) }
        if let app { return app }
        if apps.isEmpty {
            answer(reply, .ignored, info: "No app is registered")
        } else {
            answer(reply, .invalidData, info: "appID: \(apps.count) apps are registered (\(apps.map(\.appID).joined(separator: ", "))); name the one to act on")
        }
        return nil
    }

    func userActivate(_ request: UserActivate, _ reply: ReplyToken?) {
        guard let app = appToSwitch(named: request.appID, reply) else { return }
        activate(app)
        answer(reply, .success)
    }

    func userActivateApp(_ request: UserActivateApp, _ reply: ReplyToken?) {
        guard let app = registeredApp(withID: request.appID, reply) else { return }
        activate(app)
        answer(reply, .success)
    }

    /// The driver picks `app` (the HMI's OnAppActivated): it goes to FULL and the other apps
    /// move as Core moves them. Leaving another app's screen closes the interaction on it.
    private func activate(_ app: RegisteredApp) {
        guard app.hmiLevel != .full else { return }
        if apps.contains(where: { $0.hmiLevel == .full }) { leaveScreen() }
        setLevel(.full, of: app)
    }

    func userDeactivate(_ request: UserDeactivate, _ reply: ReplyToken?) {
        guard let app = appToSwitch(named: request.appID, reply) else { return }
        // Core acts on the HMI's OnAppDeactivated only for the app in FULL.
        guard app.hmiLevel == .full else {
            answer(reply, .ignored, info: "The app \(app.appID) is in \(app.hmiLevel.rawValue), not on screen: only the app in FULL can be left for the home screen")
            return
        }
        leaveScreen()
        setState(StateController.deactivated(app.streams), of: app)
        answer(reply, .success)
    }

    /// The driver closes the app (the HMI's OnExitApplication): it goes to NONE and stays
    /// registered, for either reason (Core's OnExitApplicationNotification).
    func userExitApp(_ request: UserExitApp, _ reply: ReplyToken?) {
        guard let app = registeredApp(withID: request.appID, reply) else { return }
        if app.hmiLevel == .full {
            leaveScreen()
        } else if app.interaction != nil {
            finishInteraction(of: app, .aborted(keyboardEvent: .entryCancelled))
        }
        setLevel(.none, of: app)
        answer(reply, .success)
    }

    // MARK: The keyboard

    func userKeyboardEvent(_ request: UserKeyboardEvent, _ reply: ReplyToken?) {
        guard let app = appWithInteraction(named: request.appID, reply), var current = app.interaction else { return }
        guard current.showsKeyboard else {
            answer(reply, .ignored, info: "The interaction on screen shows no keyboard")
            return
        }
        switch request.event {
        case .keypress:
            guard let data = request.data, !data.isEmpty else {
                answer(reply, .invalidData, info: "data: KEYPRESS needs the characters typed, or BS for backspace")
                return
            }
            let keys = data == "BS" ? ["BS"] : data.map(String.init)
            let allowed = app.keyboard.properties.limitedCharacterList
            var refused: [String] = []
            for key in keys {
                if key == "BS" {
                    if !current.keyboardText.isEmpty { current.keyboardText.removeLast() }
                } else if let allowed, !allowed.contains(key) {
                    refused.append(key)
                    continue
                } else {
                    current.keyboardText += key
                }
                app.interaction = current
                reportKeypress(key, of: app)
            }
            restartMenuTimeout(of: app)
            answer(reply, .success, info: refused.isEmpty ? nil : "Keys not on this keyboard: \(refused.joined())")
        case .entrySubmitted:
            sendKeyboardInput(OnKeyboardInput(.entrySubmitted, data: current.keyboardText), to: app)
            finishInteraction(of: app, .text(current.keyboardText))
            answer(reply, .success)
        case .entryVoice:
            if let data = request.data { current.keyboardText = data }
            app.interaction = current
            sendKeyboardInput(OnKeyboardInput(.entryVoice, data: request.data), to: app)
            answer(reply, .success)
        case .entryCancelled, .entryAborted:
            finishInteraction(of: app, .aborted(keyboardEvent: request.event))
            answer(reply, .success)
        case .inputKeyMaskEnabled, .inputKeyMaskDisabled:
            guard profile.supportsMask, app.keyboard.properties.maskInputCharacters == .userChoice else {
                answer(reply, .ignored, info: "The keyboard offers no mask toggle (maskInputCharacters is not USER_CHOICE_INPUT_KEY_MASK)")
                return
            }
            current.userMaskEnabled = request.event == .inputKeyMaskEnabled
            app.interaction = current
            sendKeyboardInput(OnKeyboardInput(request.event), to: app)
            answer(reply, .success)
        }
    }

    func userSelectAutocomplete(_ request: UserSelectAutocomplete, _ reply: ReplyToken?) {
        guard let app = appWithInteraction(named: request.appID, reply), var current = app.interaction else { return }
        guard current.showsKeyboard else {
            answer(reply, .ignored, info: "No keyboard is on screen")
            return
        }
        let list = app.keyboard.autoCompleteList
        let entry: String?
        if let index = request.index {
            entry = list.indices.contains(index) ? list[index] : nil
        } else if let text = request.text {
            entry = list.first { $0 == text }
        } else {
            answer(reply, .invalidData, info: "index, text: give one of them (the autocomplete entry to pick)")
            return
        }
        guard let entry else {
            answer(reply, .ignored, info: "No such autocomplete entry (shown: \(list.isEmpty ? "none" : list.joined(separator: ", ")))")
            return
        }
        current.keyboardText = entry
        app.interaction = current
        if app.keyboard.keypressMode == .resendCurrentEntry { sendKeyboardInput(OnKeyboardInput(.keypress, data: entry), to: app) }
        restartMenuTimeout(of: app)
        answer(reply, .success)
    }

    /// `OnKeyboardInput` for one key of `app`'s keyboard, as its keypress mode says.
    private func reportKeypress(_ key: String, of app: RegisteredApp) {
        switch app.keyboard.keypressMode {
        case .singleKeypress: sendKeyboardInput(OnKeyboardInput(.keypress, data: key), to: app)
        case .resendCurrentEntry: sendKeyboardInput(OnKeyboardInput(.keypress, data: app.interaction?.keyboardText ?? ""), to: app)
        case .queueKeypresses: break
        }
    }

    /// Each keypress restarts the interaction's timeout.
    private func restartMenuTimeout(of app: RegisteredApp) {
        guard var current = app.interaction else { return }
        current.menuDeadline = now + Int64(current.request.timeout)
        app.interaction = current
        rescheduleInteractionTimer(of: app)
    }
}
