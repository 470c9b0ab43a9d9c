import SDLModel

/// A choice set as Core stores it.
struct StoredChoiceSet {
    enum Availability {
        case ready
        /// The HMI has not yet answered the VR registration of the set's voice commands.
        case creating
        /// The HMI has not yet answered the VR deletion.
        case deleting
    }

    let id: Int
    let choices: [Choice]
    /// Every choice has voice commands: the set has a VR grammar.
    let grammarID: Int?
    var availability: Availability
}

// CreateInteractionChoiceSet and DeleteInteractionChoiceSet (SDL-RULES §2–3, §14).
extension HeadUnitEngine {
    func createInteractionChoiceSet(_ request: CreateInteractionChoiceSet, _ reply: ReplyToken?) {
        let choices = request.choiceSet
        // 1. Images: an invalid value refuses the set; the first missing file is remembered.
        var imagesMissing = false
        scan: for (index, choice) in choices.enumerated() where choice.image != nil || choice.secondaryImage != nil {
            for (name, image) in [("image", choice.image), ("secondaryImage", choice.secondaryImage)] {
                switch verify(images: [("choiceSet[\(index)].\(name)", image)]) {
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
        guard choiceSets[request.interactionChoiceSetID] == nil else {
            answer(reply, .invalidID, info: "interactionChoiceSetID \(request.interactionChoiceSetID) already exists")
            return
        }
        // 3. Each choice: unique ID, clean strings, no voice command shared with a later choice.
        for (index, choice) in choices.enumerated() {
            // At most 100 choices: a scan of those before beats hashing every ID.
            guard !choices[..<index].contains(where: { $0.choiceID == choice.choiceID }) else {
                answer(reply, .invalidID, info: "choiceSet[\(index)].choiceID \(choice.choiceID) is used twice in the set")
                return
            }
            if let field = Self.fieldFailingSyntax(choice) {
                answer(reply, .invalidData, info: "choiceSet[\(index)].\(field) contains invalid characters or only spaces")
                return
            }
            for command in choice.vrCommands ?? [] {
                let clash = choices[(index + 1)...].first { later in
                    later.vrCommands?.contains { CoreChecks.equalIgnoringASCIICase($0, command) } ?? false
                }
                if let clash {
                    answer(reply, .duplicateName, info: "vrCommand \"\(command)\" of choice \(choice.choiceID) is also a vrCommand of choice \(clash.choiceID)")
                    return
                }
            }
        }
        // 4. All choices or none have voice commands.
        let withVoice = choices.reduce(0) { $0 + ($1.vrCommands == nil ? 0 : 1) }
        guard withVoice == 0 || withVoice == choices.count else {
            answer(reply, .invalidData, info: "choiceSet: Some choices don't contain VR commands. Either all or none must have voice commands.")
            return
        }
        let warnings = imagesMissing ? HMIAnswer(code: .warnings, info: ImageCheck.missingInfo) : nil
        let id = request.interactionChoiceSetID
        // 5. Without voice commands Core stores the set and answers alone.
        guard withVoice > 0 else {
            let store: (HeadUnitEngine, ReplyToken?) -> Void = { engine, reply in
                engine.choiceSets[id] = StoredChoiceSet(id: id, choices: choices, grammarID: nil, availability: .ready)
                engine.answer(reply, warnings ?? .success)
            }
            if passCoreOnlyFault(CreateInteractionChoiceSet.method, reply, run: store) { store(self, reply) }
            return
        }
        // 6. With voice commands the set waits for the HMI's VR registration.
        let grammarID = nextGrammarID
        nextGrammarID += 1
        choiceSets[id] = StoredChoiceSet(id: id, choices: choices, grammarID: grammarID, availability: .creating)
        awaitHMI(CreateInteractionChoiceSet.method, reply: reply, component: "VR") { engine in
            engine.profile.voice
                ? .success : HMIAnswer(code: .unsupportedResource, info: "VR is not supported by this head unit")
        } complete: { engine, hmi in
            guard engine.choiceSets[id]?.grammarID == grammarID else { return }
            if hmi.code.isSuccessFromHMI || hmi.code == .unsupportedResource {
                engine.choiceSets[id]?.availability = .ready
                engine.answer(reply, hmi.code == .success ? (warnings ?? hmi) : hmi, success: true)
            } else {
                engine.choiceSets[id] = nil
                engine.answer(reply, hmi, success: false)
            }
        }
    }

    /// The first text of a choice that fails Core's `CheckSyntax`.
    private static func fieldFailingSyntax(_ choice: Choice) -> String? {
        if !CoreChecks.passesSyntax(choice.menuName) { return "menuName" }
        if let text = choice.secondaryText, !CoreChecks.passesSyntax(text) { return "secondaryText" }
        if let text = choice.tertiaryText, !CoreChecks.passesSyntax(text) { return "tertiaryText" }
        if let index = choice.vrCommands?.firstIndex(where: { !CoreChecks.passesSyntax($0) }) { return "vrCommands[\(index)]" }
        if let image = choice.image, !CoreChecks.passesSyntax(image.value) { return "image.value" }
        if let image = choice.secondaryImage, !CoreChecks.passesSyntax(image.value) { return "secondaryImage.value" }
        return nil
    }

    func deleteInteractionChoiceSet(_ request: DeleteInteractionChoiceSet, _ reply: ReplyToken?) {
        let id = request.interactionChoiceSetID
        guard let set = choiceSets[id] else {
            answer(reply, .invalidID, info: "interactionChoiceSetID \(id) does not exist")
            return
        }
        if let interaction, interaction.request.interactionChoiceSetIDList.contains(id) {
            answer(reply, .inUse, info: "interactionChoiceSetID \(id) is in use by the interaction on screen")
            return
        }
        guard set.availability == .ready else {
            answer(reply, .rejected, info: "interactionChoiceSetID \(id) is not available yet")
            return
        }
        guard set.grammarID != nil else {
            let remove: (HeadUnitEngine, ReplyToken?) -> Void = { engine, reply in
                engine.choiceSets[id] = nil
                engine.answer(reply, .success)
            }
            if passCoreOnlyFault(DeleteInteractionChoiceSet.method, reply, run: remove) { remove(self, reply) }
            return
        }
        choiceSets[id]?.availability = .deleting
        awaitHMI(DeleteInteractionChoiceSet.method, reply: reply, component: "VR") { _ in
            .success
        } complete: { engine, hmi in
            if hmi.code.isSuccessFromHMI {
                engine.choiceSets[id] = nil
            } else {
                engine.choiceSets[id]?.availability = .ready
            }
            engine.answer(reply, hmi)
        }
    }
}
