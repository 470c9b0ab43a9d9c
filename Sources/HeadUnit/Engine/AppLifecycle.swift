import SDLModel

// The apps' HMI states and the end of an app's session (SDL-RULES §11, §15; PROTOCOL.md §4–5, §9).
extension HeadUnitEngine {
    /// Puts `app` in `level` as Core's StateController does (audio and video as that level
    /// gives them, `StateController.state`), then moves the other apps.
    func setLevel(_ level: HMILevel, of app: RegisteredApp) {
        setState(StateController.state(of: app.streams, in: level), of: app)
    }

    /// Puts `app` in `state` (Core's ApplyRegularState), then resolves every other app
    /// against it (`HmiLevelConflictResolver`); each app whose state changed is told with
    /// OnHMIStatus, the others are sent nothing.
    func setState(_ state: AppLevel, of app: RegisteredApp) {
        update(app, to: state, context: app.systemContext)
        for other in apps where other !== app {
            let resolved = StateController.resolve(other.streams, in: other.level, against: app.streams, in: state)
            update(other, to: resolved, context: other.systemContext)
        }
    }

    /// Changes `app`'s system context (an interaction shown or closed); its level stays.
    func setContext(_ context: SystemContext, of app: RegisteredApp) {
        update(app, to: app.level, context: context)
    }

    /// Sets `app`'s state, telling it with OnHMIStatus when anything changed.
    private func update(_ app: RegisteredApp, to state: AppLevel, context: SystemContext) {
        guard state != app.level || context != app.systemContext else { return }
        if state.level == .none && app.hmiLevel != .none {
            // Entering NONE restarts the NONE-level file limits (SDL-RULES §9–10).
            app.putFilesInNone = 0
            app.listFilesInNone = 0
            app.deleteFilesInNone = 0
        }
        app.hmiLevel = state.level
        app.audioStreamingState = state.audio
        app.videoStreamingState = state.video
        app.systemContext = context
        notify(OnHMIStatus(state.level, audio: state.audio, context: context, video: state.video), to: app)
    }

    /// Ends `app`'s session (unregistration, `Sim.Reset`, `Sim.RemoveApp`, disconnect): the
    /// interaction it shows and every request of it still waiting are answered ABORTED, and
    /// non-persistent files are removed; its choice sets and properties go with it. Other
    /// apps stay as they are.
    func endAppSession(_ app: RegisteredApp) {
        if app.interaction != nil {
            finishInteraction(of: app, .aborted(keyboardEvent: nil), context: nil)
        }
        for reply in timers.removeAll(ownedBy: app.handle) {
            answer(reply, .aborted, info: "The app's session ended before the head unit answered.")
        }
        app.files.close()
        removeApp(app)
    }

    /// The driver leaves the screen of the app in FULL (another app picked, the home screen,
    /// the app closed) through the generic HMI's app list: it puts the interaction's app back
    /// in MAIN, then fails the interaction on screen, whichever app's it is, as a cancel (the
    /// keyboard's ENTRY_CANCELLED, then ABORTED) (`AppsButton`: `onSystemContext`,
    /// `failInteractions`).
    func leaveScreen() {
        guard let shown = appOnScreen else { return }
        setContext(.main, of: shown)
        finishInteraction(of: shown, .aborted(keyboardEvent: .entryCancelled), context: nil)
    }
}
