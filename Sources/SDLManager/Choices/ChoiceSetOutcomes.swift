import SDLModel

/// How a presented choice set ended: exactly one of these per presentation.
public enum ChoiceSetResult: Sendable, CustomStringConvertible {
    /// The user picked `cell`, the `row`-th cell of the set (from 0), by touch or voice.
    case selected(ChoiceCell, row: Int, source: TriggerSource)
    /// The interaction's timeout ran out without a choice.
    case timedOut
    /// Closed before a choice: by the app (`cancel()`, or cancelling the awaiting task) or the user (back button).
    case cancelled(by: CancelSource)
    /// The set could not be shown or the answer made no sense (connection lost, manager
    /// stopped, cells that failed to load, an unknown choice ID, any other result code).
    case failed(any Error)

    /// The chosen cell, row and trigger source; nil unless `.selected`.
    public var selection: (cell: ChoiceCell, row: Int, source: TriggerSource)? {
        if case .selected(let cell, let row, let source) = self { (cell, row, source) } else { nil }
    }

    /// Whether the interaction timed out.
    public var isTimedOut: Bool {
        if case .timedOut = self { true } else { false }
    }

    /// Who cancelled it; nil unless `.cancelled`.
    public var cancelSource: CancelSource? {
        if case .cancelled(let source) = self { source } else { nil }
    }

    /// The error; nil unless `.failed`.
    public var error: (any Error)? {
        if case .failed(let error) = self { error } else { nil }
    }

    public var description: String {
        switch self {
        case .selected(let cell, let row, let source): "selected \"\(cell.text)\" (row \(row), \(source.rawValue))"
        case .timedOut: "timed out"
        case .cancelled(let source): "cancelled by the \(source)"
        case .failed(let error): "failed: \(error)"
        }
    }
}

/// Who closed an interaction before a choice was made.
public enum CancelSource: String, Sendable, Hashable, CustomStringConvertible {
    /// The app: `ChoicePresentation.cancel()` or the awaiting task's cancellation.
    case app
    /// The user, with the head unit's back or close button (the head unit answers ABORTED).
    case user

    public var description: String { rawValue }
}

/// What the choice set manager could not do, or refuses to pretend it did.
public enum ChoiceSetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The head unit implements SDL older than 6.0 (or answered `UNSUPPORTED_REQUEST`):
    /// it has no `CancelInteraction`, so the interaction on screen goes on until the user ends it.
    case cannotDismissOnThisHeadUnit(headUnitVersion: SdlMsgVersion?)
    /// `CancelInteraction` was sent and did not close the interaction.
    case cancelFailed(reason: String)
    /// The head unit answered a choice ID that is not one of the set's cells.
    case unknownChoiceID(Int)
    /// The head unit answered success without a choice ID.
    case missingChoiceID
    /// Cells of the set are no longer on the head unit (deleted, or the head unit was reset) when it was to be shown.
    case cellsNotLoaded([ChoiceCell])
    /// All 65535 choice IDs are in use: delete loaded cells first.
    case choiceIDsExhausted
    /// An artwork the cell needs is not on the head unit and the manager is configured to
    /// load a cell only with all of its artwork.
    case artworkUnavailable(name: String, reason: String)
    /// The head unit unregistered the app while the request was under way: it forgot its choice sets.
    case registrationLost
    /// `ChoiceSetDelegate` only: the interaction timed out.
    case timedOut
    /// `ChoiceSetDelegate` only: the interaction was closed before a choice.
    case cancelled(by: CancelSource)

    public var description: String {
        switch self {
        case .cannotDismissOnThisHeadUnit(let version):
            "the head unit (SDL \(version.map { "\($0.majorVersion).\($0.minorVersion)" } ?? "version unknown")) cannot dismiss an interaction: it goes on until the user ends it"
        case .cancelFailed(let reason): "the interaction could not be cancelled: \(reason)"
        case .unknownChoiceID(let id): "the head unit answered choice ID \(id), which is not in the set"
        case .missingChoiceID: "the head unit answered success without a choice ID"
        case .cellsNotLoaded(let cells):
            "cells not on the head unit any more: " + cells.map { "\"\($0.text)\"" }.joined(separator: ", ")
        case .choiceIDsExhausted: "all 65535 choice IDs are in use; delete loaded cells first"
        case .artworkUnavailable(let name, let reason): "artwork \(name) is not on the head unit: \(reason)"
        case .registrationLost: "the head unit unregistered the app meanwhile"
        case .timedOut: "the interaction timed out"
        case .cancelled(let source): "the interaction was cancelled by the \(source)"
        }
    }
}

/// One cell that did not make it onto (or off) the head unit, and why.
public struct ChoiceCellFailure: Sendable, CustomStringConvertible {
    /// The cell that failed.
    public let cell: ChoiceCell
    /// Why it failed.
    public let error: any Error

    /// `cell` failed with `error`.
    public init(cell: ChoiceCell, error: any Error) {
        self.cell = cell
        self.error = error
    }

    /// The head unit's answer, when it refused the request.
    public var resultCode: ResultCode? { (error as? SDLResultError)?.resultCode }
    /// The head unit's `info`, when it refused the cell.
    public var info: String? { (error as? SDLResultError)?.info }

    public var description: String { "\"\(cell.text)\": \(error)" }
}

/// An artwork that failed to upload: the cell was loaded without that image.
public struct ChoiceArtworkWarning: Sendable, CustomStringConvertible {
    /// The cell sent without its image.
    public let cell: ChoiceCell
    /// The artwork that failed to upload.
    public let artworkName: String
    /// Why it failed.
    public let error: any Error

    public var description: String { "\"\(cell.text)\" was loaded without artwork \(artworkName): \(error)" }
}

/// What a preload did.
public struct ChoicePreloadOutcome: Sendable {
    /// The cells this call put on the head unit (cells already there, or loaded by an
    /// earlier call meanwhile, are not sent again and are not listed).
    public let loaded: [ChoiceCell]
    /// Cells loaded without an artwork that failed to upload.
    public let warnings: [ChoiceArtworkWarning]

    /// A preload that loaded `loaded`, with `warnings` for artwork left out.
    public init(loaded: [ChoiceCell] = [], warnings: [ChoiceArtworkWarning] = []) {
        self.loaded = loaded
        self.warnings = warnings
    }
}

/// Some cells of a preload failed; the others were loaded and stay loaded.
public struct ChoicePreloadError: Error, Sendable, CustomStringConvertible {
    /// Exactly the cells that failed, each with its reason.
    public let failures: [ChoiceCellFailure]
    /// What did load.
    public let outcome: ChoicePreloadOutcome

    /// The cells that failed to load.
    public var failedCells: [ChoiceCell] { failures.map(\.cell) }

    public var description: String {
        "\(failures.count) choice cell(s) failed to load: " + failures.map(\.description).joined(separator: "; ")
    }
}

/// Some loaded cells could not be deleted; the others were.
public struct ChoiceDeleteError: Error, Sendable, CustomStringConvertible {
    /// Each cell that failed to delete, and why.
    public let failures: [ChoiceCellFailure]

    /// The cells that failed to delete.
    public var failedCells: [ChoiceCell] { failures.map(\.cell) }

    public var description: String {
        "\(failures.count) choice cell(s) could not be deleted: " + failures.map(\.description).joined(separator: "; ")
    }
}
