/// Request deadlines, earliest first: one timer serves every pending request, however many.
/// Answered requests are not removed (that would cost a search); they are skipped when due.
struct DeadlineHeap {
    struct Entry {
        let deadline: Duration
        let id: Int64
    }

    private var entries: [Entry] = []

    var earliest: Duration? { entries.first?.deadline }

    mutating func insert(_ deadline: Duration, id: Int64) {
        entries.append(Entry(deadline: deadline, id: id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns every entry due at or before `now`.
    mutating func popDue(at now: Duration) -> [Int64] {
        var due: [Int64] = []
        while let first = entries.first, first.deadline <= now {
            due.append(first.id)
            removeFirst()
        }
        return due
    }

    private mutating func removeFirst() {
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
