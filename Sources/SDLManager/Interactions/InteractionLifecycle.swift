import Logging
import SDLModel

/// What every interaction result can say, so one lifecycle serves choice sets, search sets and keyboards.
protocol InteractionResult: Sendable, CustomStringConvertible {
    static var timedOut: Self { get }
    static func cancelled(by source: CancelSource) -> Self
    static func failed(_ error: any Error) -> Self
}

/// The result of an interaction showing choices.
protocol ChoiceInteractionResult: InteractionResult {
    static func selected(_ cell: ChoiceCell, row: Int, source: TriggerSource) -> Self
}

/// Why `CancelInteraction` did not close an interaction on screen.
enum DismissRefusal: Error {
    /// SDL older than 6.0 (or `UNSUPPORTED_REQUEST`): the interaction goes on until the user ends it.
    case unsupported(headUnitVersion: SdlMsgVersion?)
    /// The head unit refused the cancel, or did not answer it.
    case failed(reason: String)
}

/// The life of one `PerformInteraction` the manager shows: waiting → preparing → on screen
/// → finished, each move made in the domain, so a cancel and the queue cannot both act on
/// it; exactly one result, whatever races to set it. Presentations (choice sets, search
/// sets, keyboards) wrap one and add what they show.
@SDLActor final class InteractionLifecycle<Result: InteractionResult> {
    private enum Phase {
        /// Its operation waiting in the queue (or its artwork uploading).
        case waiting
        /// Its operation is running, getting ready; nothing is on screen yet.
        case preparing
        /// `PerformInteraction` is sent to a head unit of this SDL version (nil: it did not say).
        case onScreen(headUnitVersion: SdlMsgVersion?)
        case finished
    }

    /// The `cancelID` its PerformInteraction carries.
    nonisolated let cancelID: Int
    /// Names it in the log.
    nonisolated let name: String
    let completion = OnceCompletion<Result>()
    private var phase = Phase.waiting
    private var operation: SDLOperation<Void>?
    /// Whether an ABORTED answer was the app's doing.
    private(set) var wasCancelledByApp = false
    private let connection: SDLConnection
    private let logger: Logger

    nonisolated init(name: String, cancelID: Int, connection: SDLConnection, logger: Logger) {
        self.name = name
        self.cancelID = cancelID
        self.connection = connection
        self.logger = logger
    }

    var result: Result {
        get async {
            switch await completion.result {
            case .success(let result): result
            case .failure(let error): .failed(error)
            }
        }
    }

    var isFinished: Bool { completion.isFinished }

    /// Runs `handler` with the result once it is set (at once if it is).
    func whenEnded(_ handler: @escaping (Result) -> Void) {
        completion.whenFinished { outcome in
            switch outcome {
            case .success(let result): handler(result)
            case .failure(let error): handler(.failed(error))
            }
        }
    }

    /// The app cancels it: see `ChoicePresentation.cancel()`.
    func cancel() async throws(DismissRefusal) {
        switch phase {
        case .finished: return
        case .waiting, .preparing:
            let queued: SDLOperation<Void>? = if case .waiting = phase { operation } else { nil }
            wasCancelledByApp = true
            finish(.cancelled(by: .app))
            queued?.cancel()
        case .onScreen(let version):
            // CancelInteraction came with SDL 6.0; an unknown version is tried.
            if let version, version.majorVersion < 6 { throw .unsupported(headUnitVersion: version) }
            wasCancelledByApp = true
            do {
                try await dismiss(headUnitVersion: version, retryingIfIgnored: true)
            } catch {
                wasCancelledByApp = false
                throw error
            }
        }
    }

    /// Closes it on screen for the manager's own reasons (not counted as the app's cancel);
    /// false if the head unit cannot, or it is not on screen.
    @discardableResult
    func dismissOnScreen() async -> Bool {
        guard case .onScreen(let headUnitVersion) = phase else { return false }
        if let headUnitVersion, headUnitVersion.majorVersion < 6 { return false }
        do {
            try await dismiss(headUnitVersion: headUnitVersion, retryingIfIgnored: true)
            return true
        } catch {
            logger.notice("\(name) could not be closed: \(error)")
            return false
        }
    }

    private func dismiss(headUnitVersion: SdlMsgVersion?, retryingIfIgnored: Bool) async throws(DismissRefusal) {
        do {
            _ = try await connection.send(CancelInteraction(functionID: PerformInteraction.functionID, cancelID: cancelID))
        } catch let refusal as SDLResultError where refusal.resultCode == .unsupportedRequest {
            throw .unsupported(headUnitVersion: headUnitVersion)
        } catch let refusal as SDLResultError where refusal.resultCode == .ignored {
            // Nothing matched: either it has just ended (its own answer is the result), or the
            // PerformInteraction, sent just before, had not reached the head unit yet.
            guard retryingIfIgnored, !isFinished else { return }
            try await dismiss(headUnitVersion: headUnitVersion, retryingIfIgnored: false)
        } catch {
            guard !isFinished else { return }
            throw .failed(reason: "\(error)")
        }
    }

    /// Sets the result, once; later calls are ignored.
    @discardableResult
    func finish(_ result: Result) -> Bool {
        phase = .finished
        let first = completion.finish(.success(result))
        if first { logger.debug("\(name): \(result)") }
        return first
    }

    /// Its operation is in the queue; a cancel that came first takes it out again.
    func queued(_ operation: SDLOperation<Void>) {
        self.operation = operation
        if case .finished = phase { operation.cancel() }
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

    /// The operation starts getting it ready; false if it was cancelled meanwhile.
    func beginPreparing() -> Bool {
        guard case .waiting = phase else { return false }
        phase = .preparing
        return true
    }

    /// PerformInteraction is about to be sent; false if it was cancelled meanwhile.
    func beginShowing(headUnitVersion: SdlMsgVersion?) -> Bool {
        guard case .preparing = phase else { return false }
        phase = .onScreen(headUnitVersion: headUnitVersion)
        return true
    }

    /// How it ended when PerformInteraction got no answer, or a refusal: TIMED_OUT,
    /// ABORTED (by the app if it cancelled), any other error.
    func result(endedBy error: any Error) -> Result {
        guard let refusal = error as? SDLResultError else { return .failed(error) }
        switch refusal.resultCode {
        case .timedOut: return .timedOut
        case .aborted: return .cancelled(by: wasCancelledByApp ? .app : .user)
        default: return .failed(refusal)
        }
    }
}
