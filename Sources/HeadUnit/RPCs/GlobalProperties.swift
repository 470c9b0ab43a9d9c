import SDLModel

// SetGlobalProperties and ResetGlobalProperties, keyboard part (SDL-RULES §6–7).
extension HeadUnitEngine {
    func setGlobalProperties(_ request: SetGlobalProperties, of app: RegisteredApp, _ reply: ReplyToken?) {
        var request = request
        // 1. At least one parameter.
        guard request != SetGlobalProperties() else {
            answer(reply, .invalidData, info: "There are no parameters present in request.")
            return
        }
        // 2. autoCompleteText becomes a one-entry autoCompleteList, then is dropped, where the
        // head unit knows lists (an older one read neither the list nor the newer keyboard
        // parameters: they were removed with the parameters newer than it).
        if var keyboard = request.keyboardProperties, profile.supportsAutoCompleteList, let text = keyboard.autoCompleteText {
            if keyboard.autoCompleteList == nil { keyboard.autoCompleteList = [text] }
            keyboard.autoCompleteText = nil
            request.keyboardProperties = keyboard
        }
        // 3. Core's string checks.
        if let field = Self.fieldFailingSyntax(request) {
            answer(reply, .invalidData, info: "\(field) contains invalid characters or only spaces")
            return
        }
        // 4. No more custom keys than the layout offers.
        if let keys = request.keyboardProperties?.customKeys {
            let layout = request.keyboardProperties?.keyboardLayout ?? app.keyboard.cached?.keyboardLayout ?? .qwerty
            let allowed = profile.keyboardCapabilities?.configurableKeys(for: layout) ?? 0
            if keys.count > allowed {
                answer(reply, .invalidData, info: "keyboardProperties.customKeys: customKeys exceeds the number of customizable keys in this Layout")
                return
            }
        }
        // 5. vrHelpTitle and vrHelp come together, with positions in order.
        if (request.vrHelpTitle == nil) != (request.vrHelp == nil) {
            answer(reply, .rejected, info: "vrHelpTitle and vrHelp must be sent together")
            return
        }
        if let vrHelp = request.vrHelp, !CoreChecks.positionsAreSequential(vrHelp) {
            answer(reply, .rejected, info: "Non-sequential vrHelp item position")
            return
        }
        var images: [(String, Image?)] = [("menuIcon", request.menuIcon)]
        images += (request.vrHelp ?? []).enumerated().map { ("vrHelp[\($0.offset)].image", $0.element.image) }
        let imageCheck = verify(images: images, of: app)
        if case .invalid(let info) = imageCheck {
            answer(reply, .invalidData, info: info)
            return
        }
        // Prompts of type FILE name files the app uploaded (SDL-RULES §14), before the HMI is asked.
        let prompts = [("helpPrompt", request.helpPrompt), ("timeoutPrompt", request.timeoutPrompt)]
        if let prompt = promptNamingAMissingFile(prompts, of: app) {
            answer(reply, .fileNotFound, info: Self.missingSpeechFileInfo(prompt))
            return
        }
        // 6. The HMI: unsupported layout refused, unsupported mask ignored with a warning; a
        // menu layout the display lacks is not sent, and the answer is WARNINGS.
        let properties = request.keyboardProperties
        let layoutUnsupported = request.menuLayout.map { !profile.menuLayouts.contains($0) } ?? false
        if layoutUnsupported { request.menuLayout = nil }
        let sent = request
        let warning =
            if layoutUnsupported { Self.unsupportedMenuLayoutInfo } else if imageCheck == .missingFile { ImageCheck.missingInfo } else {
                unsupportedSpeechWarning(prompts.map(\.1))
            }
        awaitHMI(SetGlobalProperties.method, of: app, reply: reply) { engine in
            engine.hmiAnswer(to: properties, warning: warning)
        } complete: { engine, hmi in
            guard hmi.code.isSuccessFromHMI else {
                engine.answer(reply, hmi)
                return
            }
            if var properties {
                if !engine.profile.supportsMask { properties.maskInputCharacters = nil }
                app.keyboard.cache(properties)
            }
            app.globalProperties.keep(sent)
            engine.answer(reply, hmi)
        }
    }

    static let unsupportedMenuLayoutInfo = "The MenuLayout specified is unsupported, the default MenuLayout will be used."

    private func hmiAnswer(to properties: KeyboardProperties?, warning: String?) -> HMIAnswer {
        if let layout = properties?.keyboardLayout {
            let supported = profile.keyboardCapabilities?.supportedKeyboards?.contains { $0.keyboardLayout == layout }
                ?? (layout != .numeric)
            if !supported {
                return HMIAnswer(code: .unsupportedResource, info: "keyboard layout \(layout.rawValue) is not supported")
            }
        }
        if properties?.maskInputCharacters != nil, !profile.supportsMask {
            return HMIAnswer(code: .warnings, info: "maskInputCharacters is not supported by this head unit and was ignored")
        }
        if let warning { return HMIAnswer(code: .warnings, info: warning) }
        return .success
    }

    private static func fieldFailingSyntax(_ request: SetGlobalProperties) -> String? {
        let keyboard = request.keyboardProperties
        for (name, list) in [
            ("keyboardProperties.limitedCharacterList", keyboard?.limitedCharacterList),
            ("keyboardProperties.autoCompleteList", keyboard?.autoCompleteList),
            ("keyboardProperties.customKeys", keyboard?.customKeys),
        ] {
            if let index = list?.firstIndex(where: { !CoreChecks.passesSyntax($0) }) { return "\(name)[\(index)]" }
        }
        if let text = keyboard?.autoCompleteText, !CoreChecks.passesSyntax(text) { return "keyboardProperties.autoCompleteText" }
        if let title = request.menuTitle, !CoreChecks.passesSyntax(title) { return "menuTitle" }
        if let title = request.vrHelpTitle, !CoreChecks.passesSyntax(title) { return "vrHelpTitle" }
        if let icon = request.menuIcon, !CoreChecks.passesSyntax(icon.value) { return "menuIcon.value" }
        for (index, item) in (request.vrHelp ?? []).enumerated() where !CoreChecks.passesSyntax(item.text) {
            return "vrHelp[\(index)].text"
        }
        for (name, prompt) in [("helpPrompt", request.helpPrompt), ("timeoutPrompt", request.timeoutPrompt)] {
            if let index = prompt?.firstIndex(where: { !CoreChecks.passesSyntax($0.text, allowEmpty: true) }) {
                return "\(name)[\(index)].text"
            }
        }
        return nil
    }

    func resetGlobalProperties(_ request: ResetGlobalProperties, of app: RegisteredApp, _ reply: ReplyToken?) {
        awaitHMI(ResetGlobalProperties.method, of: app, reply: reply) { _ in
            .success
        } complete: { engine, hmi in
            if hmi.code.isSuccessFromHMI {
                if request.properties.contains(.keyboardProperties) { app.keyboard.cached = nil }
                app.globalProperties.reset(request.properties)
            }
            engine.answer(reply, hmi)
        }
    }
}

extension SetGlobalProperties {
    /// What the HMI keeps after a successful SetGlobalProperties: each property sent
    /// replaces the one kept (keyboard properties are cached apart, SDL-RULES §6).
    mutating func keep(_ new: SetGlobalProperties) {
        userLocation = new.userLocation ?? userLocation
        helpPrompt = new.helpPrompt ?? helpPrompt
        timeoutPrompt = new.timeoutPrompt ?? timeoutPrompt
        vrHelpTitle = new.vrHelpTitle ?? vrHelpTitle
        vrHelp = new.vrHelp ?? vrHelp
        menuTitle = new.menuTitle ?? menuTitle
        menuIcon = new.menuIcon ?? menuIcon
        menuLayout = new.menuLayout ?? menuLayout
    }

    /// ResetGlobalProperties: the properties named go back to the HMI's defaults (none kept).
    mutating func reset(_ properties: [GlobalProperty]) {
        for property in properties {
            switch property {
            case .userLocation: userLocation = nil
            case .helpPrompt: helpPrompt = nil
            case .timeoutPrompt: timeoutPrompt = nil
            case .vrHelpTitle: vrHelpTitle = nil
            case .vrHelpItems: vrHelp = nil
            case .menuName: menuTitle = nil
            case .menuIcon: menuIcon = nil
            case .keyboardProperties: break
            }
        }
    }
}

extension KeyboardState {
    /// Core's caching of keyboard properties (SDL-RULES §6): language, layout,
    /// autoCompleteList and mask carry over when absent; keypressMode,
    /// limitedCharacterList and customKeys do not; an explicit empty list drops the list.
    mutating func cache(_ new: KeyboardProperties) {
        var merged = new
        if let old = cached {
            merged.language = new.language ?? old.language
            merged.keyboardLayout = new.keyboardLayout ?? old.keyboardLayout
            merged.maskInputCharacters = new.maskInputCharacters ?? old.maskInputCharacters
            merged.autoCompleteList = new.autoCompleteList ?? old.autoCompleteList
            if new.autoCompleteList == nil && new.autoCompleteText == nil { merged.autoCompleteText = old.autoCompleteText }
        }
        if merged.autoCompleteList == [] { merged.autoCompleteList = nil }
        cached = merged
    }
}
