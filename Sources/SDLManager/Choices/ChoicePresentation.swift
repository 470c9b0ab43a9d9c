import Logging
import SDLModel

/// One presentation of a choice set, from `ChoiceSetManager.start(_:mode:)`: await its
/// `result` (exactly one, whatever happens), or `cancel()` it.
@SDLActor public final class ChoicePresentation {
    /// The set presented.
    public nonisolated let choiceSet: ChoiceSet
    /// Whether the driver picks by touch, by voice, or both.
    public nonisolated let mode: InteractionMode
    /// Its phases and its one result, shared with the other interactions the manager shows.
    let lifecycle: InteractionLifecycle<ChoiceSetResult>

    init(_ choiceSet: ChoiceSet, mode: InteractionMode, cancelID: Int, connection: SDLConnection, logger: Logger) {
        self.choiceSet = choiceSet
        self.mode = mode
        self.lifecycle = InteractionLifecycle(
            name: "choice set \"\(choiceSet.title)\"", cancelID: cancelID, connection: connection, logger: logger)
    }

    /// The `cancelID` its PerformInteraction carries.
    public nonisolated var cancelID: Int { lifecycle.cancelID }

    /// The result; waits until the presentation has ended.
    public var result: ChoiceSetResult {
        get async { await lifecycle.result }
    }

    /// Whether the presentation has its result.
    public var isFinished: Bool { lifecycle.isFinished }

    /// Cancels it. Still waiting or loading its cells: it never reaches the head unit and
    /// ends `.cancelled(by: .app)`. On screen: `CancelInteraction` closes it, and it ends
    /// `.cancelled(by: .app)` when the head unit answers ABORTED. Already ended: nothing happens.
    ///
    /// Throws `ChoiceSetError.cannotDismissOnThisHeadUnit` when it is on the screen of a head
    /// unit older than SDL 6.0: nothing is sent and the interaction goes on (its result comes
    /// when the user ends it). Throws `.cancelFailed` when the head unit refuses the cancel.
    public func cancel() async throws(ChoiceSetError) {
        do {
            try await lifecycle.cancel()
        } catch {
            throw ChoiceSetError(error)
        }
    }
}

extension ChoiceSetError {
    init(_ refusal: DismissRefusal) {
        switch refusal {
        case .unsupported(let version): self = .cannotDismissOnThisHeadUnit(headUnitVersion: version)
        case .failed(let reason): self = .cancelFailed(reason: reason)
        }
    }
}

extension ChoiceSetResult: ChoiceInteractionResult {}

/// The delegate style SDL app developers know from sdl_ios's `SDLChoiceSetDelegate`.
/// Exactly one of the two methods is called per presentation. A timeout arrives as
/// `didFinishWith: ChoiceSetError.timedOut`, a cancel as `ChoiceSetError.cancelled(by: .app / .user)`,
/// every other failure with its own error.
public protocol ChoiceSetDelegate: AnyObject, Sendable {
    /// The driver picked `cell`, the `row`-th of the set (from 0), by touch or voice (`source`).
    func choiceSet(_ choiceSet: ChoiceSet, didSelect cell: ChoiceCell, row: Int, source: TriggerSource)
    /// The presentation ended without a pick: timed out, cancelled or failed (`error`).
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
