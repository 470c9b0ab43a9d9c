
/// The engine's timers, on its own clock (milliseconds). Timers due at the same time fire
/// in the order they were set, so a run is the same every time.
///
/// A binary heap: a peer can keep any number of answers waiting (`Sim.InjectFault` with
/// `delayMs`), so setting, firing and cancelling a timer cost O(log n), never O(n).
struct TimerQueue {
    struct ID: Hashable { let raw: UInt64 }

    private struct Entry {
        let deadline: Int64
        let id: ID
        /// The app whose timer it is (its interaction, an answer of its held back): it goes with the app.
        let owner: AppHandle?
        /// The request this timer will answer, if any: answered ABORTED if the app's session ends first.
        let reply: ReplyToken?
        /// The method whose answer it holds back (an injected delay), for `Sim.GetState`.
        let heldMethod: String?

        func isDue(before other: Entry) -> Bool { (deadline, id.raw) < (other.deadline, other.id.raw) }
    }

    /// A min-heap on (deadline, id). A cancelled timer's entry stays until it surfaces (or
    /// the dead outnumber the living and the heap is rebuilt); `actions` says which are live.
    private var heap: [Entry] = []
    private var actions: [ID: (HeadUnitEngine) -> Void] = [:]
    private var nextID: UInt64 = 0

    @discardableResult
    mutating func schedule(
        at deadline: Int64, for owner: AppHandle?, answering reply: ReplyToken? = nil, holding heldMethod: String? = nil,
        _ action: @escaping (HeadUnitEngine) -> Void
    ) -> ID {
        nextID += 1
        let id = ID(raw: nextID)
        actions[id] = action
        heap.append(Entry(deadline: deadline, id: id, owner: owner, reply: reply, heldMethod: heldMethod))
        siftUp(heap.count - 1)
        return id
    }

    mutating func cancel(_ id: ID?) {
        guard let id, actions.removeValue(forKey: id) != nil else { return }
        if heap.count > 64, heap.count > 2 * actions.count {
            heap.removeAll { actions[$0.id] == nil }
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }
        dropCancelledTop()
    }

    var nextDeadline: Int64? { heap.first?.deadline }

    /// The answers held back, due first first: their method and when they are due.
    var heldAnswers: [(method: String, deadline: Int64)] {
        heap.filter { actions[$0.id] != nil }.sorted { $0.isDue(before: $1) }
            .compactMap { entry in entry.heldMethod.map { ($0, entry.deadline) } }
    }

    /// Removes and returns the first timer due at or before `time`.
    mutating func popDue(at time: Int64) -> (deadline: Int64, action: (HeadUnitEngine) -> Void)? {
        guard let first = heap.first, first.deadline <= time else { return nil }
        removeTop()
        dropCancelledTop()
        return (first.deadline, actions.removeValue(forKey: first.id)!)
    }

    /// Drops the timers of `owner`'s; returns the requests they would have answered, in due order.
    mutating func removeAll(ownedBy owner: AppHandle) -> [ReplyToken] {
        removeAll { $0.owner == owner }
    }

    /// Drops the timers that would answer `peer` (gone: nothing it asked can reach it now).
    mutating func removeAll(answering peer: PeerID) {
        _ = removeAll { $0.reply?.peer == peer }
    }

    private mutating func removeAll(where dropped: (Entry) -> Bool) -> [ReplyToken] {
        let removed = heap.filter { actions[$0.id] != nil && dropped($0) }.sorted { $0.isDue(before: $1) }
        guard !removed.isEmpty else { return [] }
        for entry in removed { actions[entry.id] = nil }
        heap.removeAll { actions[$0.id] == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        return removed.compactMap(\.reply)
    }

    // MARK: The heap

    /// Keeps the first entry a live one, so `nextDeadline` is a timer that will fire.
    private mutating func dropCancelledTop() {
        while let first = heap.first, actions[first.id] == nil { removeTop() }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].isDue(before: heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var first = parent
            let left = 2 * parent + 1
            if left < heap.count, heap[left].isDue(before: heap[first]) { first = left }
            if left + 1 < heap.count, heap[left + 1].isDue(before: heap[first]) { first = left + 1 }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
