import SDLModel

/// Showing a choice set whose cells are loaded (the presenting half of sdl_ios's
/// `SDLPreloadPresentChoicesOperation`): the `PerformInteraction` naming the cells' sets,
/// and its answer read as a cell of the set — plainly, or with a search keyboard.
@SDLActor struct PresentChoicesOperation {
    let choiceSet: ChoiceSet
    let mode: InteractionMode
    let cancelID: Int
    /// The set's own, else the manager's default.
    let layout: ChoiceSetLayout
    let timeout: Duration

    /// The interaction showing the set's cells, `setIDs` in the set's order.
    func request(setIDs: [Int]) -> PerformInteraction {
        var request = PerformInteraction(
            initialText: choiceSet.title, mode: mode, choiceSetIDs: setIDs, layout: layout.layoutMode,
            timeout: Int((timeout / .milliseconds(1)).rounded()), cancelID: cancelID)
        request.initialPrompt = choiceSet.initialPrompt
        request.helpPrompt = choiceSet.helpPrompt
        request.timeoutPrompt = choiceSet.timeoutPrompt
        request.vrHelp = choiceSet.vrHelp
        return request
    }

    /// Sends `request` and finishes `lifecycle` with how it ended.
    func show(
        _ request: PerformInteraction, lifecycle: InteractionLifecycle<ChoiceSetResult>, headUnitVersion: SdlMsgVersion?,
        over connection: SDLConnection, wait: Duration
    ) async {
        guard lifecycle.beginShowing(headUnitVersion: headUnitVersion) else { return }
        let result: ChoiceSetResult
        do {
            let response = try await connection.send(request, timeout: wait)
            result = selection(response.parameters, choiceIDs: request.interactionChoiceSetIDList)
        } catch {
            result = lifecycle.result(endedBy: error)
        }
        lifecycle.finish(result)
    }

    /// Shows `request` with a search keyboard through `keyboards` and finishes `lifecycle`
    /// with a picked cell or the submitted text.
    func showSearch(
        _ request: PerformInteraction, presentation: ChoiceSetSearchPresentation, autocomplete: KeyboardAutocomplete?,
        keyboards: KeyboardManager, wait: Duration
    ) async {
        var request = request
        request.interactionLayout = layout == .tiles ? .iconWithSearch : .listWithSearch
        let lifecycle = presentation.lifecycle
        let answer = await keyboards.show(
            request, lifecycle: lifecycle, configuration: presentation.keyboard, autocomplete: autocomplete,
            feed: presentation.feed, wait: wait, closesOnVoice: false)
        guard let answer else { return }
        let result: ChoiceSetSearchResult
        switch answer {
        case .success(let response) where response.choiceID == nil && (response.manualTextEntry != nil || response.triggerSource == .keyboard):
            // An empty entry comes back as triggerSource KEYBOARD without manualTextEntry (SDL-RULES §14).
            result = presentation.feed.pickedSuggestion.map { .suggestionPicked($0) } ?? .submitted(response.manualTextEntry ?? "")
        case .success(let response):
            result = selection(response, choiceIDs: request.interactionChoiceSetIDList)
        case .failure(let error):
            result = lifecycle.result(endedBy: error)
        }
        lifecycle.finish(result)
    }

    /// The cell the head unit's answer names: the set's cell in the row of its choice ID.
    private func selection<R: ChoiceInteractionResult>(_ answer: PerformInteraction.Response, choiceIDs: [Int]) -> R {
        guard let choiceID = answer.choiceID else { return .failed(ChoiceSetError.missingChoiceID) }
        guard let row = choiceIDs.firstIndex(of: choiceID) else { return .failed(ChoiceSetError.unknownChoiceID(choiceID)) }
        return .selected(choiceSet.cells[row], row: row, source: answer.triggerSource ?? .menu)
    }
}
