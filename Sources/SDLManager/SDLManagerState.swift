import SDLModel

/// Where a manager is in its life; apps and tests observe it with `SDLManager.stateUpdates()`.
public enum SDLManagerState: Sendable, Equatable, CustomStringConvertible {
    /// Registering, or registered but the head unit not ready yet (HMI level NONE,
    /// display capabilities or the file list not known yet). Queued work waits.
    case starting
    /// Registered, in FULL, LIMITED or BACKGROUND, capabilities known: queued work runs.
    case ready
    /// It was ready and is not any more; queued work waits until it is again.
    case paused(PauseReason)
    /// Stopped, by the app or because the connection ended; nothing runs any more.
    case shutDown

    public var description: String {
        switch self {
        case .starting: "starting"
        case .ready: "ready"
        case .paused(.hmiLevelNone): "paused (HMI level NONE)"
        case .paused(.unregistered(let reason)): "paused (unregistered: \(reason.rawValue))"
        case .shutDown: "shut down"
        }
    }
}

/// Why the manager is paused.
public enum PauseReason: Sendable, Equatable {
    /// The head unit sent the app back to HMI level NONE.
    case hmiLevelNone
    /// The head unit unregistered the app; after a reset the manager registers again.
    case unregistered(AppInterfaceUnregisteredReason)
}
