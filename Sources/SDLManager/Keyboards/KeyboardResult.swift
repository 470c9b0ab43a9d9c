import SDLModel

/// How a presented keyboard ended: exactly one of these per keyboard.
public enum KeyboardResult: Sendable, CustomStringConvertible {
    /// The driver submitted this text.
    case submitted(String)
    /// The driver submitted the text of a suggestion the autocomplete list showed: that
    /// suggestion, with its id and title (a typeahead's dynamic choice).
    case suggestionPicked(Suggestion)
    /// The driver pressed the keyboard's voice key: the manager closed the keyboard (where
    /// the head unit can) so the app can listen instead.
    case voiceRequested
    /// Closed before a submit: by the app (`cancel()`, or cancelling the awaiting task) or the user.
    case cancelled(by: CancelSource)
    /// The keyboard's timeout ran out without a submit.
    case timedOut
    /// It could not be shown or its answer made no sense (connection lost, manager stopped,
    /// its properties refused, no answer within the wait, any other result code).
    case failed(any Error)

    /// The submitted text (a picked suggestion's too); nil unless `.submitted` or `.suggestionPicked`.
    public var submittedText: String? {
        switch self {
        case .submitted(let text): text
        case .suggestionPicked(let suggestion): suggestion.text
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .submitted(let text): "submitted \"\(text)\""
        case .suggestionPicked(let suggestion): "picked the suggestion \"\(suggestion.text)\" (\(suggestion.id))"
        case .voiceRequested: "voice requested"
        case .cancelled(let source): "cancelled by the \(source)"
        case .timedOut: "timed out"
        case .failed(let error): "failed: \(error)"
        }
    }
}

extension KeyboardResult: InteractionResult {}

/// How a searchable choice set ended: a tap (or voice) picks a cell, a submit gives the typed
/// text — never both. Its own type, so a plain set's `ChoiceSetResult` keeps no case it can never have.
public enum ChoiceSetSearchResult: Sendable, CustomStringConvertible {
    /// The user picked `cell`, the `row`-th cell of the set (from 0).
    case selected(ChoiceCell, row: Int, source: TriggerSource)
    /// The user submitted the search text instead of picking a cell.
    case submitted(String)
    /// The user submitted the text of a suggestion the autocomplete list showed: that suggestion.
    case suggestionPicked(Suggestion)
    /// Nobody picked or submitted in time.
    case timedOut
    /// Cancelled by the app or the driver (`CancelSource`).
    case cancelled(by: CancelSource)
    /// The interaction could not be shown or ended in an error.
    case failed(any Error)

    /// The tapped cell, its row and how it was picked, if one was.
    public var selection: (cell: ChoiceCell, row: Int, source: TriggerSource)? {
        if case .selected(let cell, let row, let source) = self { (cell, row, source) } else { nil }
    }

    /// The submitted text, if one was.
    public var submittedText: String? {
        switch self {
        case .submitted(let text): text
        case .suggestionPicked(let suggestion): suggestion.text
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .selected(let cell, let row, let source): "selected \"\(cell.text)\" (row \(row), \(source.rawValue))"
        case .submitted(let text): "submitted \"\(text)\""
        case .suggestionPicked(let suggestion): "picked the suggestion \"\(suggestion.text)\" (\(suggestion.id))"
        case .timedOut: "timed out"
        case .cancelled(let source): "cancelled by the \(source)"
        case .failed(let error): "failed: \(error)"
        }
    }
}

extension ChoiceSetSearchResult: ChoiceInteractionResult {}

/// What the keyboard manager could not do.
public enum KeyboardError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The head unit implements SDL older than 6.0 (or answered `UNSUPPORTED_REQUEST`): the
    /// keyboard on screen goes on until the user ends it.
    case cannotDismissOnThisHeadUnit(headUnitVersion: SdlMsgVersion?)
    /// `CancelInteraction` was sent and did not close the keyboard.
    case cancelFailed(reason: String)
    /// Nothing happened on the keyboard for this long after the last key, and the head unit
    /// did not answer: its own timeout should have ended it long before.
    case noAnswer(after: Duration)

    public var description: String {
        switch self {
        case .cannotDismissOnThisHeadUnit(let version):
            "the head unit (SDL \(version.map { "\($0.majorVersion).\($0.minorVersion)" } ?? "version unknown")) cannot dismiss a keyboard: it goes on until the user ends it"
        case .cancelFailed(let reason): "the keyboard could not be cancelled: \(reason)"
        case .noAnswer(let after): "the head unit did not end the keyboard within \(after) of the last key"
        }
    }

    init(_ refusal: DismissRefusal) {
        switch refusal {
        case .unsupported(let version): self = .cannotDismissOnThisHeadUnit(headUnitVersion: version)
        case .failed(let reason): self = .cancelFailed(reason: reason)
        }
    }
}
