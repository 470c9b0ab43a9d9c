import SDLModel

/// Faults injected with `Sim.InjectFault`: the next calls of a method are answered with
/// a chosen result, late, or never (PROTOCOL.md §5).
struct InjectedFault {
    var resultCode: ResultCode?
    var info: String?
    var delayMs: Int?
    var drop: Bool
    var remaining: Int
    /// The app whose calls it takes (by appID); nil for the next calls of any app.
    var appID: String? = nil

    func applies(to appID: String?) -> Bool { self.appID == nil || self.appID == appID }
}

struct FaultTable {
    /// Per method, the faults still waiting, oldest first from `next`: taking one costs
    /// O(1) however many a peer has queued.
    private struct Queue {
        var faults: [InjectedFault] = []
        var next = 0
    }

    private var queues: [String: Queue] = [:]

    mutating func add(_ fault: InjectedFault, for method: String) {
        queues[method, default: Queue()].faults.append(fault)
    }

    /// Uses up one call of the oldest fault waiting for `method` of the app `appID`.
    mutating func take(for method: String, appID: String?) -> InjectedFault? {
        // Most calls find no fault at all: no key to hash then.
        guard !queues.isEmpty else { return nil }
        // Moved out of the table while it changes, so the queue is never copied.
        guard var queue = queues.removeValue(forKey: method) else { return nil }
        // The oldest fault is nearly always the one: only faults for other apps are passed over.
        guard let index = queue.faults[queue.next...].firstIndex(where: { $0.applies(to: appID) }) else {
            queues[method] = queue
            return nil
        }
        let fault = queue.faults[index]
        if fault.remaining > 1 {
            queue.faults[index].remaining -= 1
        } else if index == queue.next {
            queue.next += 1
        } else {
            queue.faults.remove(at: index)
        }
        guard queue.next < queue.faults.count else { return fault }
        if queue.next >= 32, queue.next * 2 >= queue.faults.count {
            queue.faults.removeFirst(queue.next)
            queue.next = 0
        }
        queues[method] = queue
        return fault
    }

    mutating func removeAll() { queues.removeAll() }
}

/// What the HMI answers one request of Core's: a result code and a message.
struct HMIAnswer {
    var code: ResultCode
    var info: String?

    static let success = HMIAnswer(code: .success)

    init(code: ResultCode, info: String? = nil) {
        self.code = code
        self.info = info
    }

    /// The answer Core gives itself when the HMI's answer does not come in time.
    static func noResponse(from component: String) -> HMIAnswer {
        HMIAnswer(code: .genericError, info: "\(component) component does not respond")
    }
}
