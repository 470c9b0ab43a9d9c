/// One task sleeping until the earliest deadline its owner has (a request's timeout, an
/// operation's watchdog), set again only for an earlier one: however many deadlines, one
/// timer, and most of them pass without it waking (their work ends first).
@SDLActor struct DeadlineTimer {
    private let timekeeper: Timekeeper
    private var armed: (deadline: Duration, task: Task<Void, Never>)?

    nonisolated init(_ timekeeper: Timekeeper) { self.timekeeper = timekeeper }

    /// Sleeps until `earliest` (nil: nothing to wait for) unless already set for one as early,
    /// then calls `fire`, which looks at what is due and sets the timer again.
    mutating func set(for earliest: Duration?, _ fire: @escaping @SDLActor () -> Void) {
        guard let earliest else { return }
        if let armed, armed.deadline <= earliest { return }
        armed?.task.cancel()
        let sleep = timekeeper.sleep
        armed = (
            earliest,
            Task {
                do { try await sleep(earliest) } catch { return }
                fire()
            }
        )
    }

    /// The timer fired (what was due is being handled): the next `set` sets it anew.
    mutating func fired() { armed = nil }

    mutating func cancel() {
        armed?.task.cancel()
        armed = nil
    }
}
