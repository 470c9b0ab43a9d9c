
/// The engine's timers, on its own clock (milliseconds). Timers due at the same time fire
/// in the order they were set, so a run is the same every time.
struct TimerQueue {
    struct ID: Hashable { let raw: UInt64 }

    private struct Entry {
        let deadline: Int64
        let id: ID
        /// The request this timer will answer, if any: answered ABORTED if the app's session ends first.
        let reply: ReplyToken?
        /// The method whose answer it holds back (an injected delay), for `Sim.GetState`.
        let heldMethod: String?
    }

    /// Kept sorted by (deadline, id): a head unit has few timers at once.
    private var entries: [Entry] = []
    private var actions: [ID: (HeadUnitEngine) -> Void] = [:]
    private var nextID: UInt64 = 0

    @discardableResult
    mutating func schedule(
        at deadline: Int64, answering reply: ReplyToken? = nil, holding heldMethod: String? = nil, _ action: @escaping (HeadUnitEngine) -> Void
    ) -> ID {
        nextID += 1
        let id = ID(raw: nextID)
        let index = entries.firstIndex { ($0.deadline, $0.id.raw) > (deadline, id.raw) } ?? entries.endIndex
        entries.insert(Entry(deadline: deadline, id: id, reply: reply, heldMethod: heldMethod), at: index)
        actions[id] = action
        return id
    }

    mutating func cancel(_ id: ID?) {
        guard let id, actions.removeValue(forKey: id) != nil else { return }
        entries.removeAll { $0.id == id }
    }

    var nextDeadline: Int64? { entries.first?.deadline }

    /// The answers held back, due first first: their method and when they are due.
    var heldAnswers: [(method: String, deadline: Int64)] {
        entries.compactMap { entry in entry.heldMethod.map { ($0, entry.deadline) } }
    }

    /// Removes and returns the first timer due at or before `time`.
    mutating func popDue(at time: Int64) -> (deadline: Int64, action: (HeadUnitEngine) -> Void)? {
        guard let first = entries.first, first.deadline <= time else { return nil }
        entries.removeFirst()
        guard let action = actions.removeValue(forKey: first.id) else { return nil }
        return (first.deadline, action)
    }

    /// Drops every timer; returns the requests they would have answered, in due order.
    mutating func removeAll() -> [ReplyToken] {
        let replies = entries.compactMap(\.reply)
        entries.removeAll()
        actions.removeAll()
        return replies
    }
}
