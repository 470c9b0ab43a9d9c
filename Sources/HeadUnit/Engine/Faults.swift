import SDLModel

/// Faults injected with `Sim.InjectFault`: the next calls of a method are answered with
/// a chosen result, late, or never (PROTOCOL.md §5).
struct InjectedFault {
    var resultCode: ResultCode?
    var info: String?
    var delayMs: Int?
    var drop: Bool
    var remaining: Int
}

struct FaultTable {
    private var faults: [String: [InjectedFault]] = [:]

    mutating func add(_ fault: InjectedFault, for method: String) {
        faults[method, default: []].append(fault)
    }

    /// Uses up one call of the oldest fault waiting for `method`.
    mutating func take(for method: String) -> InjectedFault? {
        guard var queue = faults[method], var fault = queue.first else { return nil }
        fault.remaining -= 1
        if fault.remaining == 0 { queue.removeFirst() } else { queue[0] = fault }
        faults[method] = queue.isEmpty ? nil : queue
        return fault
    }

    mutating func removeAll() { faults.removeAll() }
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
