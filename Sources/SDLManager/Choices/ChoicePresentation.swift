import Logging
import SDLModel
import Synchronization

/// One presentation of a choice set, from `ChoiceSetManager.start(_:mode:)`: await its
/// `result` (exactly one, whatever happens), or `cancel()` it.
public final class ChoicePresentation: Sendable {
    /// Where the presentation is; every move happens under the lock, so a cancel and the
    /// queue cannot both act on it.
    private enum Phase {
        /// Its artwork uploading, or its operation waiting in the queue.
        case waiting
        /// Its operation is running, loading the cells; nothing is on screen yet.
        case preparing
        /// `PerformInteraction` is sent to a head unit of this SDL version (nil: it did not say).
        case onScreen(headUnitVersion: SdlMsgVersion?)
        case finished
    }

    private struct State {
        var phase = Phase.waiting
        var operation: SDLOperation<Void>?
        var cancelledByApp = false
    }

    public let choiceSet: ChoiceSet
    public let mode: InteractionMode
    /// The `cancelID` its PerformInteraction carries.
    public let cancelID: Int
    let completion = OnceCompletion<ChoiceSetResult>()
    private let state = Mutex(State())
    private let connection: SDLConnection
    private let logger: Logger

    init(_ choiceSet: ChoiceSet, mode: InteractionMode, cancelID: Int, connection: SDLConnection, logger: Logger) {
        self.choiceSet = choiceSet
        self.mode = mode
        self.cancelID = cancelID
        self.connection = connection
        self.logger = logger
    }

    /// The result; waits until the presentation has ended.
    public var result: ChoiceSetResult {
        get async {
            switch await completion.outcome {
            case .success(let result): result
            case .failure(let error): .failed(error)
            }
        }
    }

    public var isFinished: Bool { completion.isFinished }

    /// Cancels it. Still waiting or loading its cells: it never reaches the head unit and
    /// ends `.cancelled(by: .app)`. On screen: `CancelInteraction` closes it, and it ends
    /// `.cancelled(by: .app)` when the head unit answers ABORTED. Already ended: nothing happens.
    ///
    /// Throws `ChoiceSetError.cannotDismissOnThisHeadUnit` when it is on the screen of a head
    /// unit older than SDL 6.0: nothing is sent and the interaction goes on (its result comes
    /// when the user ends it). Throws `.cancelFailed` when the head unit refuses the cancel.
    public func cancel() async throws(ChoiceSetError) {
        enum Action {
            case nothing
            case finishNow(dequeue: SDLOperation<Void>?)
            case refuse(SdlMsgVersion)
            case dismiss(SdlMsgVersion?)
        }
        let action = state.withLock { state -> Action in
            switch state.phase {
            case .finished: return .nothing
            case .waiting, .preparing:
                let queued: SDLOperation<Void>? = if case .waiting = state.phase { state.operation } else { nil }
                state.cancelledByApp = true
                state.phase = .finished
                return .finishNow(dequeue: queued)
            case .onScreen(let version):
                // CancelInteraction came with SDL 6.0; an unknown version is tried.
                if let version, version.majorVersion < 6 { return .refuse(version) }
                state.cancelledByApp = true
                return .dismiss(version)
            }
        }
        switch action {
        case .nothing: return
        case .finishNow(let queued):
            finish(.cancelled(by: .app))
            queued?.cancel()
        case .refuse(let version):
            throw .cannotDismissOnThisHeadUnit(headUnitVersion: version)
        case .dismiss(let version):
            try await dismiss(headUnitVersion: version, retryingIfIgnored: true)
        }
    }

    private func dismiss(headUnitVersion: SdlMsgVersion?, retryingIfIgnored: Bool) async throws(ChoiceSetError) {
        do {
            _ = try await connection.send(CancelInteraction(functionID: PerformInteraction.functionID, cancelID: cancelID))
        } catch let refusal as SDLResultError where refusal.resultCode == .unsupportedRequest {
            state.withLock { $0.cancelledByApp = false }
            throw .cannotDismissOnThisHeadUnit(headUnitVersion: headUnitVersion)
        } catch let refusal as SDLResultError where refusal.resultCode == .ignored {
            // Nothing matched: either it has just ended (its own answer is the result), or the
            // PerformInteraction, sent just before, had not reached the head unit yet.
            guard retryingIfIgnored, !isFinished else { return }
            try await dismiss(headUnitVersion: headUnitVersion, retryingIfIgnored: false)
        } catch {
            guard !isFinished else { return }
            state.withLock { $0.cancelledByApp = false }
            throw .cancelFailed(reason: "\(error)")
        }
    }

    // MARK: Driven by the manager

    /// Sets the result, once; later calls are ignored.
    @discardableResult
    func finish(_ result: ChoiceSetResult) -> Bool {
        state.withLock { $0.phase = .finished }
        let first = completion.finish(.success(result))
        if first { logger.debug("choice set \"\(choiceSet.title)\": \(result)") }
        return first
    }

    /// Its operation is in the queue; a cancel that came first takes it out again.
    func queued(_ operation: SDLOperation<Void>) {
        let cancelled = state.withLock { state -> Bool in
            state.operation = operation
            if case .finished = state.phase { return true }
            return false
        }
        if cancelled { operation.cancel() }
        operation.completion.whenFinished { [self] outcome in
            // Ended by the queue before the presentation set its own result.
            guard case .failure(let error) = outcome else { return }
            if let error = error as? SDLOperationError, error == .cancelled {
                finish(.cancelled(by: .app))
            } else {
                finish(.failed(error))
            }
        }
    }

    /// The operation starts loading the cells; false if it was cancelled meanwhile.
    func beginPreparing() -> Bool {
        state.withLock { state in
            guard case .waiting = state.phase else { return false }
            state.phase = .preparing
            return true
        }
    }

    /// PerformInteraction is about to be sent; false if it was cancelled meanwhile.
    func beginShowing(headUnitVersion: SdlMsgVersion?) -> Bool {
        state.withLock { state in
            guard case .preparing = state.phase else { return false }
            state.phase = .onScreen(headUnitVersion: headUnitVersion)
            return true
        }
    }

    /// Whether an ABORTED answer was the app's doing.
    var wasCancelledByApp: Bool { state.withLock { $0.cancelledByApp } }
}

/// The delegate style SDL app developers know from sdl_ios's `SDLChoiceSetDelegate`.
/// Exactly one of the two methods is called per presentation. A timeout arrives as
/// `didFinishWith: ChoiceSetError.timedOut`, a cancel as `ChoiceSetError.cancelled(by: .app / .user)`,
/// every other failure with its own error.
public protocol ChoiceSetDelegate: AnyObject, Sendable {
    func choiceSet(_ choiceSet: ChoiceSet, didSelect cell: ChoiceCell, row: Int, source: TriggerSource)
    func choiceSet(_ choiceSet: ChoiceSet, didFinishWith error: any Error)
}

extension ChoiceSetDelegate {
    func deliver(_ result: ChoiceSetResult, for choiceSet: ChoiceSet) {
        switch result {
        case .selected(let cell, let row, let source): self.choiceSet(choiceSet, didSelect: cell, row: row, source: source)
        case .timedOut: self.choiceSet(choiceSet, didFinishWith: ChoiceSetError.timedOut)
        case .cancelled(let source): self.choiceSet(choiceSet, didFinishWith: ChoiceSetError.cancelled(by: source))
        case .failed(let error): self.choiceSet(choiceSet, didFinishWith: error)
        }
    }
}
