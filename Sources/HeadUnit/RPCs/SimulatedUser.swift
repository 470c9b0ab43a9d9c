import SDLModel

// The simulated driver: User.* (PROTOCOL.md §5). An action the head unit cannot take
// (nothing on screen, a choice not visible) is refused with IGNORED and says why.
extension HeadUnitEngine {
    func userSelectChoice(_ request: UserSelectChoice, _ reply: ReplyToken?) {
        guard let current = interaction, current.showsMenu else {
            answer(reply, .ignored, info: interaction == nil ? "No interaction is on screen" : "The interaction on screen shows no choices")
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
        finishInteraction(.choice(choice.choiceID, .menu))
        answer(reply, .success)
    }

    func userSpeak(_ request: UserSpeak, _ reply: ReplyToken?) {
        guard let current = interaction, current.voiceSessionOpen else {
            answer(reply, .ignored, info: interaction == nil ? "No interaction is on screen" : "No voice session is open")
            return
        }
        let said = request.utterance.lowercased()
        guard let choice = current.choices.first(where: { $0.vrCommands?.contains { $0.lowercased() == said } ?? false }) else {
            answer(reply, .success, info: "\"\(request.utterance)\" matches no voice command; the interaction stays open")
            return
        }
        finishInteraction(.choice(choice.choiceID, .vr))
        answer(reply, .success)
    }

    func userClose(_ request: UserClose, _ reply: ReplyToken?) {
        guard interaction != nil else {
            answer(reply, .ignored, info: "No interaction is on screen")
            return
        }
        finishInteraction(.aborted(keyboardEvent: .entryCancelled))
        answer(reply, .success)
    }

    func userActivate(_ request: UserActivate, _ reply: ReplyToken?) {
        guard app != nil else {
            answer(reply, .ignored, info: "No app is registered")
            return
        }
        updateHMIStatus(level: .full)
        answer(reply, .success)
    }

    func userDeactivate(_ request: UserDeactivate, _ reply: ReplyToken?) {
        guard app != nil else {
            answer(reply, .ignored, info: "No app is registered")
            return
        }
        // Leaving the screen closes what the app showed on it.
        if interaction != nil { finishInteraction(.aborted(keyboardEvent: .entryCancelled), context: .main) }
        updateHMIStatus(level: .background)
        answer(reply, .success)
    }

    // MARK: The keyboard

    func userKeyboardEvent(_ request: UserKeyboardEvent, _ reply: ReplyToken?) {
        guard var current = interaction, current.showsKeyboard else {
            answer(reply, .ignored, info: interaction == nil ? "No interaction is on screen" : "The interaction on screen shows no keyboard")
            return
        }
        switch request.event {
        case .keypress:
            guard let data = request.data, !data.isEmpty else {
                answer(reply, .invalidData, info: "data: KEYPRESS needs the characters typed, or BS for backspace")
                return
            }
            let keys = data == "BS" ? ["BS"] : data.map(String.init)
            let allowed = keyboard.properties.limitedCharacterList
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
                interaction = current
                reportKeypress(key)
            }
            restartMenuTimeout()
            answer(reply, .success, info: refused.isEmpty ? nil : "Keys not on this keyboard: \(refused.joined())")
        case .entrySubmitted:
            sendKeyboardInput(OnKeyboardInput(.entrySubmitted, data: current.keyboardText))
            finishInteraction(.text(current.keyboardText))
            answer(reply, .success)
        case .entryVoice:
            if let data = request.data { current.keyboardText = data }
            interaction = current
            sendKeyboardInput(OnKeyboardInput(.entryVoice, data: request.data))
            answer(reply, .success)
        case .entryCancelled, .entryAborted:
            finishInteraction(.aborted(keyboardEvent: request.event))
            answer(reply, .success)
        case .inputKeyMaskEnabled, .inputKeyMaskDisabled:
            guard profile.supportsMask, keyboard.properties.maskInputCharacters == .userChoice else {
                answer(reply, .ignored, info: "The keyboard offers no mask toggle (maskInputCharacters is not USER_CHOICE_INPUT_KEY_MASK)")
                return
            }
            current.userMaskEnabled = request.event == .inputKeyMaskEnabled
            interaction = current
            sendKeyboardInput(OnKeyboardInput(request.event))
            answer(reply, .success)
        }
    }

    func userSelectAutocomplete(_ request: UserSelectAutocomplete, _ reply: ReplyToken?) {
        guard var current = interaction, current.showsKeyboard else {
            answer(reply, .ignored, info: "No keyboard is on screen")
            return
        }
        let list = keyboard.autoCompleteList
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
        interaction = current
        if keyboard.keypressMode == .resendCurrentEntry { sendKeyboardInput(OnKeyboardInput(.keypress, data: entry)) }
        restartMenuTimeout()
        answer(reply, .success)
    }

    /// `OnKeyboardInput` for one key, as the keypress mode says.
    private func reportKeypress(_ key: String) {
        switch keyboard.keypressMode {
        case .singleKeypress: sendKeyboardInput(OnKeyboardInput(.keypress, data: key))
        case .resendCurrentEntry: sendKeyboardInput(OnKeyboardInput(.keypress, data: interaction?.keyboardText ?? ""))
        case .queueKeypresses: break
        }
    }

    /// Each keypress restarts the interaction's timeout.
    private func restartMenuTimeout() {
        guard var current = interaction else { return }
        current.menuDeadline = now + Int64(current.request.timeout)
        interaction = current
        rescheduleInteractionTimer()
    }
}
