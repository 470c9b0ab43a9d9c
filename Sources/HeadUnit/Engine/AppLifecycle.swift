import SDLModel

// The app's HMI status and the end of its session (SDL-RULES §11, PROTOCOL.md §4–5).
extension HeadUnitEngine {
    /// Moves the app to `level` and/or `context`, telling it with `OnHMIStatus` when anything changed.
    func updateHMIStatus(level: HMILevel? = nil, context: SystemContext? = nil) {
        guard var app else { return }
        let newLevel = level ?? app.hmiLevel
        let newContext = context ?? app.systemContext
        let audible = app.request.isMediaApplication && (newLevel == .full || newLevel == .limited)
        let newAudio: AudioStreamingState = audible ? .audible : .notAudible
        guard newLevel != app.hmiLevel || newContext != app.systemContext || newAudio != app.audioStreamingState else {
            return
        }
        if newLevel == .none && app.hmiLevel != .none {
            // Entering NONE restarts the NONE-level file limits (SDL-RULES §9–10).
            app.putFilesInNone = 0
            app.listFilesInNone = 0
            app.deleteFilesInNone = 0
        }
        app.hmiLevel = newLevel
        app.systemContext = newContext
        app.audioStreamingState = newAudio
        self.app = app
        notify(OnHMIStatus(newLevel, audio: newAudio, context: newContext))
    }

    /// Ends the app's session (unregistration, `Sim.Reset`, disconnect): the interaction on
    /// screen and every request still waiting are answered ABORTED, choice sets and global
    /// properties are forgotten, and non-persistent files are removed.
    func endAppSession() {
        if interaction != nil {
            finishInteraction(.aborted(keyboardEvent: nil), context: nil)
        }
        for reply in timers.removeAll() {
            answer(reply, .aborted, info: "The app's session ended before the head unit answered.")
        }
        choiceSets = ChoiceSetTable()
        keyboard = KeyboardState()
        globalProperties = SetGlobalProperties()
        files.close()
        app = nil
    }
}
