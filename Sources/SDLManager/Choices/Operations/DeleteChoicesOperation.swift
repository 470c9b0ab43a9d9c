import SDLModel

/// One round of deleting loaded cells (sdl_ios's `SDLDeleteChoicesOperation`): a
/// `DeleteInteractionChoiceSet` per cell, all in flight at once, each answer sorted into
/// gone, still in use, or failed.
@SDLActor struct DeleteChoicesOperation {
    struct Report: Sendable {
        /// Deleted, or the head unit had no such set (INVALID_ID): either way no longer there.
        var gone: [ChoiceCell] = []
        /// IN_USE: an interaction on screen shows them.
        var inUse: [ChoiceCell] = []
        var failures: [ChoiceCellFailure] = []
    }

    /// The loaded cells to delete, with their set IDs.
    let targets: [(cell: ChoiceCell, id: Int)]

    func run(over connection: SDLConnection) async -> Report {
        let answers = await connection.send(all: targets.map { DeleteInteractionChoiceSet(id: $0.id) })
        var report = Report()
        for ((cell, _), answer) in zip(targets, answers) {
            switch answer {
            case .failure(let refusal as SDLResultError) where refusal.resultCode == .inUse:
                report.inUse.append(cell)
            case .failure(let refusal as SDLResultError) where refusal.resultCode != .invalidID:
                report.failures.append(ChoiceCellFailure(cell: cell, error: refusal))
            case .failure(let error) where !(error is SDLResultError):
                report.failures.append(ChoiceCellFailure(cell: cell, error: error))
            default:
                report.gone.append(cell)
            }
        }
        return report
    }
}
