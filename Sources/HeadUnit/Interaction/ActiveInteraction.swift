import SDLModel

/// The interaction on screen: what the HMI shows, the voice session beside it, the
/// keyboard's text, and when it times out.
struct ActiveInteraction {
    let reply: ReplyToken?
    let request: PerformInteraction
    /// The listed sets, in order (they cannot change or go while the interaction uses them).
    let sets: [StoredChoiceSet]
    /// The menu of choices is shown (not VR_ONLY, not KEYBOARD).
    let showsMenu: Bool
    /// A keyboard is shown (KEYBOARD, or a search layout).
    let showsKeyboard: Bool
    var voiceSessionOpen: Bool
    var menuDeadline: Int64?
    var voiceDeadline: Int64?
    var timer: TimerQueue.ID?
    var keyboardText = ""
    /// The user's choice for USER_CHOICE_INPUT_KEY_MASK: true when characters are hidden.
    var userMaskEnabled = false
    /// Why a successful end is WARNINGS: a vrHelp image names a file never uploaded, or a
    /// prompt's speech type is one the head unit cannot say; nil for SUCCESS.
    let warning: String?
    /// An injected `delayMs` holds the answer back by this much when the interaction ends.
    let answerDelayMs: Int?

    var layout: LayoutMode? {
        request.interactionMode == .vrOnly ? nil : (request.interactionLayout ?? .listOnly)
    }

    /// Every choice of the listed sets, in order, unpacked.
    var choices: [Choice] { sets.flatMap(\.choices) }

    /// The choices on screen: all of them, or, with a search layout, those whose
    /// `menuName` contains the typed text, ignoring case.
    var visibleChoices: [Choice] {
        guard showsMenu else { return [] }
        return choices.filter(isVisible)
    }

    /// The choice `id` if it is on screen; only it is unpacked (the listed sets share no
    /// choice ID: PerformInteraction refuses them).
    func visibleChoice(withID id: Int) -> Choice? {
        guard showsMenu else { return nil }
        for set in sets {
            if let choice = set.choice(withID: id) { return isVisible(choice) ? choice : nil }
        }
        return nil
    }

    /// On a menu shown, whether `choice` is among the choices on screen.
    private func isVisible(_ choice: Choice) -> Bool {
        !showsKeyboard || keyboardText.isEmpty || CoreChecks.contains(keyboardText, in: choice.menuName)
    }

    /// Whichever deadline comes last: when the whole interaction times out.
    var endDeadline: Int64? {
        [menuDeadline, voiceDeadline].compactMap { $0 }.max()
    }

    /// When Core stops waiting for the HMI's answer: counted from the start, or from the
    /// last keypress (the HMI's OnResetTimeout), as `coreWaitMs` says.
    var coreDeadline: Int64? {
        let wait = Int64(HeadUnitEngine.coreWaitMs(for: request) - request.timeout)
        return (menuDeadline ?? voiceDeadline).map { $0 + wait }
    }
}

/// How an interaction ends.
enum InteractionOutcome {
    case choice(Int, TriggerSource)
    case text(String)
    case timedOut
    /// Closed by the user, the app or the app's session ending; with a keyboard on
    /// screen the app is first told `keyboardEvent`.
    case aborted(keyboardEvent: KeyboardEvent?)
    /// Answered as the (injected) HMI says, without showing anything.
    case hmiAnswer(HMIAnswer)
}

/// The app's keyboard properties as Core caches them and the HMI's keyboard uses them.
struct KeyboardState {
    /// What SetGlobalProperties left (SDL-RULES §6 caching); nil before any, or after a reset.
    var cached: KeyboardProperties?

    /// What the keyboard shows with: the cache, or the HMI's defaults.
    var properties: KeyboardProperties {
        cached ?? KeyboardProperties(language: .enUS, keyboardLayout: .qwerty, maskInputCharacters: .disable)
    }

    var keypressMode: KeypressMode { cached?.keypressMode ?? .resendCurrentEntry }

    /// The autocomplete entries on screen.
    var autoCompleteList: [String] {
        if let list = cached?.autoCompleteList { return list }
        return cached?.autoCompleteText.map { [$0] } ?? []
    }
}
