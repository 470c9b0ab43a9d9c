/// The cancel IDs the manager's interactions carry, used in turn, shared by choice sets and
/// keyboards so two interactions under way never carry the same one.
@SDLActor final class CancelIDSequence {
    private var next: Int
    private let range: ClosedRange<Int>

    nonisolated init(_ range: ClosedRange<Int>) {
        self.range = range
        self.next = range.lowerBound
    }

    func take() -> Int {
        let id = next
        next = id == range.upperBound ? range.lowerBound : id + 1
        return id
    }
}
