import Synchronization

/// The cancel IDs the manager's interactions carry, used in turn, shared by choice sets and
/// keyboards so two interactions under way never carry the same one.
final class CancelIDSequence: Sendable {
    private let next: Mutex<Int>
    private let range: ClosedRange<Int>

    init(_ range: ClosedRange<Int>) {
        self.range = range
        self.next = Mutex(range.lowerBound)
    }

    func take() -> Int {
        next.withLock { next in
            let id = next
            next = id == range.upperBound ? range.lowerBound : id + 1
            return id
        }
    }
}
