import Logging
import SDLModel

/// Loading cells onto the head unit (the loading half of sdl_ios's
/// `SDLPreloadPresentChoicesOperation`): one `CreateInteractionChoiceSet` per cell, all in
/// flight at once. The coordinator runs it in three steps: `plan` reserves texts and IDs
/// in its loaded cells, `send` goes to the head unit without touching them, `settle` puts
/// each answer back into them.
@SDLActor struct PreloadChoicesOperation {
    struct Report: Sendable {
        var loaded: [ChoiceCell] = []
        var warnings: [ChoiceArtworkWarning] = []
        var failures: [ChoiceCellFailure] = []

        var outcome: ChoicePreloadOutcome { ChoicePreloadOutcome(loaded: loaded, warnings: warnings) }
    }

    /// Cells not loaded yet, each once.
    let cells: [ChoiceCell]
    let rules: ChoiceScreenRules
    /// Artwork the head unit does not have, and why: cells go without it (or fail, with `requiresAllArtwork`).
    let absentArtwork: [String: any Error]
    let requiresAllArtwork: Bool
    let logger: Logger
    private(set) var report = Report()
    private var texts: [ChoiceCell: String] = [:]
    private var requests: [(cell: ChoiceCell, request: CreateInteractionChoiceSet)] = []

    init(
        cells: [ChoiceCell], rules: ChoiceScreenRules, absentArtwork: [String: any Error], requiresAllArtwork: Bool,
        logger: Logger
    ) {
        self.cells = cells
        self.rules = rules
        self.absentArtwork = absentArtwork
        self.requiresAllArtwork = requiresAllArtwork
        self.logger = logger
    }

    /// Gives each cell a text that tells it apart on screen and a choice ID; cells that
    /// cannot go (artwork required and absent, no ID left) fail here.
    mutating func plan(in loaded: inout LoadedChoiceCells) {
        texts = loaded.reserveTexts(for: cells, rules: rules)
        for cell in cells {
            let missing = rules.shownArtwork(of: cell).filter { absentArtwork[$0.name] != nil }
            if let first = missing.first, requiresAllArtwork {
                let failure = ChoiceSetError.artworkUnavailable(name: first.name, reason: "\(absentArtwork[first.name]!)")
                report.failures.append(ChoiceCellFailure(cell: cell, error: failure))
                continue
            }
            for artwork in missing {
                let warning = ChoiceArtworkWarning(cell: cell, artworkName: artwork.name, error: absentArtwork[artwork.name]!)
                logger.warning("\(warning)")
                report.warnings.append(warning)
            }
            do throws(ChoiceIDPoolError) {
                let id = try loaded.takeID()
                requests.append((cell, CreateInteractionChoiceSet(id: id, choices: [choice(for: cell, id: id)])))
            } catch {
                report.failures.append(ChoiceCellFailure(cell: cell, error: ChoiceSetError.choiceIDsExhausted))
            }
        }
    }

    /// The one place a cell becomes the `Choice` sent to the head unit: the fields its screen
    /// shows, its text from `plan`, and no artwork the head unit lacks.
    private func choice(for cell: ChoiceCell, id: Int) -> Choice {
        var choice = rules.choice(for: cell, id: id, text: texts[cell]!)
        if let artwork = cell.artwork, absentArtwork[artwork.name] != nil { choice.image = nil }
        if let artwork = cell.secondaryArtwork, absentArtwork[artwork.name] != nil { choice.secondaryImage = nil }
        return choice
    }

    typealias Answers = [Result<SDLResponse<CreateInteractionChoiceSet.ResponseParameters>, any Error>]

    func send(over connection: SDLConnection) async -> Answers {
        await connection.send(all: requests.map(\.request))
    }

    /// Records each answer. `isCurrent`: the registration `plan` ran under still holds (if
    /// not, `loaded` was emptied meanwhile and a success is a set the head unit forgot).
    mutating func settle(_ answers: Answers, into loaded: inout LoadedChoiceCells, isCurrent: Bool) {
        for ((cell, request), answer) in zip(requests, answers) {
            let id = request.interactionChoiceSetID
            switch answer {
            case .success where isCurrent:
                loaded.loaded(cell, id: id, text: texts[cell]!)
                report.loaded.append(cell)
            case .success:
                report.failures.append(ChoiceCellFailure(cell: cell, error: ChoiceSetError.registrationLost))
            case .failure(let error):
                // A refusal leaves no set behind: its ID is free again. Without an answer the
                // head unit may hold the set, so that ID stays taken on this connection.
                if error is SDLResultError, isCurrent { loaded.refused(id: id) }
                report.failures.append(ChoiceCellFailure(cell: cell, error: error))
            }
        }
        if isCurrent { loaded.releaseTexts(of: cells, texts: texts, rules: rules) }
        for failure in report.failures { logger.warning("choice cell not loaded: \(failure)") }
    }
}
