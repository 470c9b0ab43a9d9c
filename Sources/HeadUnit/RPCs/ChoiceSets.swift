import SDLModel

// CreateInteractionChoiceSet and DeleteInteractionChoiceSet (SDL-RULES §2–3, §14).
extension HeadUnitEngine {
    // The checks read each choice's fields in place (`choices[index].menuName`): binding a
    // whole `Choice` copies its seven fields, and this is the hot path of choice-set streams.
    func createInteractionChoiceSet(_ request: CreateInteractionChoiceSet, of app: RegisteredApp, _ reply: ReplyToken?) {
        let choices = request.choiceSet
        // 1. Images: an invalid value refuses the set; the first missing file is remembered.
        var imagesMissing = false
        scan: for index in choices.indices where choices[index].image != nil || choices[index].secondaryImage != nil {
            for (name, image) in [("image", choices[index].image), ("secondaryImage", choices[index].secondaryImage)] {
                switch verify(images: [("choiceSet[\(index)].\(name)", image)], of: app) {
                case .ok: continue
                case .invalid(let info):
                    answer(reply, .invalidData, info: info)
                    return
                case .missingFile:
                    imagesMissing = true
                    break scan
                }
            }
        }
        // 2. The set's ID must be new.
        guard app.choiceSets[request.interactionChoiceSetID] == nil else {
            answer(reply, .invalidID, info: "interactionChoiceSetID \(request.interactionChoiceSetID) already exists")
            return
        }
        // 3. Each choice: unique ID, clean strings, no voice command shared with a later choice.
        for index in choices.indices {
            let choiceID = choices[index].choiceID
            // At most 100 choices: a scan of those before beats hashing every ID.
            guard !(0..<index).contains(where: { choices[$0].choiceID == choiceID }) else {
                answer(reply, .invalidID, info: "choiceSet[\(index)].choiceID \(choiceID) is used twice in the set")
                return
            }
            if let field = Self.fieldFailingSyntax(choices, at: index) {
                answer(reply, .invalidData, info: "choiceSet[\(index)].\(field) contains invalid characters or only spaces")
                return
            }
            for command in choices[index].vrCommands ?? [] {
                let clash = (index + 1..<choices.count).first { later in
                    choices[later].vrCommands?.contains { CoreChecks.equalIgnoringASCIICase($0, command) } ?? false
                }
                if let clash {
                    answer(reply, .duplicateName, info: "vrCommand \"\(command)\" of choice \(choiceID) is also a vrCommand of choice \(choices[clash].choiceID)")
                    return
                }
            }
        }
        // 4. All choices or none have voice commands.
        let withVoice = choices.indices.reduce(0) { $0 + (choices[$1].vrCommands == nil ? 0 : 1) }
        guard withVoice == 0 || withVoice == choices.count else {
            answer(reply, .invalidData, info: "choiceSet: Some choices don't contain VR commands. Either all or none must have voice commands.")
            return
        }
        let warnings = imagesMissing ? HMIAnswer(code: .warnings, info: ImageCheck.missingInfo) : nil
        let id = request.interactionChoiceSetID
        // 5. Without voice commands Core stores the set and answers alone.
        guard withVoice > 0 else {
            let store: (HeadUnitEngine, ReplyToken?) -> Void = { engine, reply in
                app.choiceSets[id] = .make(choices, availability: .ready)
                engine.answer(reply, warnings ?? .success)
            }
            if passCoreOnlyFault(CreateInteractionChoiceSet.method, of: app, reply, run: store) { store(self, reply) }
            return
        }
        // 6. With voice commands the set waits for the HMI's VR registration.
        let stored = StoredChoiceSet.make(choices, availability: .creating)
        app.choiceSets[id] = stored
        awaitHMI(CreateInteractionChoiceSet.method, of: app, reply: reply, component: "VR") { engine in
            engine.profile.voice
                ? .success : HMIAnswer(code: .unsupportedResource, info: "VR is not supported by this head unit")
        } complete: { engine, hmi in
            // The set may have gone meanwhile (the app's session ended), or been created again.
            guard app.choiceSets[id] === stored else { return }
            if hmi.code.isSuccessFromHMI || hmi.code == .unsupportedResource {
                stored.availability = .ready
                engine.answer(reply, hmi.code == .success ? (warnings ?? hmi) : hmi, success: true)
            } else {
                app.choiceSets[id] = nil
                engine.answer(reply, hmi, success: false)
            }
        }
    }

    /// The first text of the choice at `index` that fails Core's `CheckSyntax`.
    private static func fieldFailingSyntax(_ choices: [Choice], at index: Int) -> String? {
        if !CoreChecks.passesSyntax(choices[index].menuName) { return "menuName" }
        if let text = choices[index].secondaryText, !CoreChecks.passesSyntax(text) { return "secondaryText" }
        if let text = choices[index].tertiaryText, !CoreChecks.passesSyntax(text) { return "tertiaryText" }
        if let command = choices[index].vrCommands?.firstIndex(where: { !CoreChecks.passesSyntax($0) }) { return "vrCommands[\(command)]" }
        if let image = choices[index].image, !CoreChecks.passesSyntax(image.value) { return "image.value" }
        if let image = choices[index].secondaryImage, !CoreChecks.passesSyntax(image.value) { return "secondaryImage.value" }
        return nil
    }

    func deleteInteractionChoiceSet(_ request: DeleteInteractionChoiceSet, of app: RegisteredApp, _ reply: ReplyToken?) {
        let id = request.interactionChoiceSetID
        guard let set = app.choiceSets[id] else {
            answer(reply, .invalidID, info: "interactionChoiceSetID \(id) does not exist")
            return
        }
        if let interaction = app.interaction, interaction.request.interactionChoiceSetIDList.contains(id) {
            answer(reply, .inUse, info: "interactionChoiceSetID \(id) is in use by the interaction on screen")
            return
        }
        guard set.availability == .ready else {
            answer(reply, .rejected, info: "interactionChoiceSetID \(id) is not available yet")
            return
        }
        guard set.hasVoice else {
            let remove: (HeadUnitEngine, ReplyToken?) -> Void = { engine, reply in
                app.choiceSets[id] = nil
                engine.answer(reply, .success)
            }
            if passCoreOnlyFault(DeleteInteractionChoiceSet.method, of: app, reply, run: remove) { remove(self, reply) }
            return
        }
        set.availability = .deleting
        awaitHMI(DeleteInteractionChoiceSet.method, of: app, reply: reply, component: "VR") { _ in
            .success
        } complete: { engine, hmi in
            if hmi.code.isSuccessFromHMI {
                app.choiceSets[id] = nil
            } else {
                app.choiceSets[id]?.availability = .ready
            }
            engine.answer(reply, hmi)
        }
    }
}
