/// The choice IDs of one connection: 1–65535, never 0 (the manager's VR probe set uses 0),
/// the lowest free ID handed out first so freed IDs are reused before new ones.
///
/// A bit per ID (8 KiB) and a hint below which every ID is taken: taking is a short scan
/// from the hint, releasing is O(1).
public struct ChoiceIDPool: Sendable {
    /// The choice IDs SDL allows.
    public static let ids = 1...65535

    private var taken: [UInt64]
    /// Every ID below this is taken.
    private var lowestMaybeFree: Int
    /// How many IDs are handed out.
    public private(set) var takenCount = 0

    /// A pool with every ID free.
    public init() {
        taken = Array(repeating: 0, count: (Self.ids.upperBound + 1) / 64)  // exactly IDs 0…65535
        taken[0] = 1  // ID 0 is never handed out
        lowestMaybeFree = Self.ids.lowerBound
    }

    /// The lowest free ID, now taken.
    public mutating func take() throws(ChoiceIDPoolError) -> Int {
        var word = lowestMaybeFree / 64
        while word < taken.count {
            let free = ~taken[word]
            if free != 0 {
                let id = word * 64 + free.trailingZeroBitCount
                taken[word] |= 1 << UInt64(id % 64)
                takenCount += 1
                lowestMaybeFree = id + 1
                return id
            }
            word += 1
        }
        lowestMaybeFree = Self.ids.upperBound + 1
        throw .exhausted
    }

    /// Frees an ID taken earlier, for reuse.
    public mutating func release(_ id: Int) throws(ChoiceIDPoolError) {
        guard isTaken(id) else { throw .notTaken(id) }
        taken[id / 64] &= ~(1 << UInt64(id % 64))
        takenCount -= 1
        lowestMaybeFree = min(lowestMaybeFree, id)
    }

    /// Whether `id` is handed out.
    public func isTaken(_ id: Int) -> Bool {
        Self.ids.contains(id) && taken[id / 64] & (1 << UInt64(id % 64)) != 0
    }

    /// Every ID free again: a new connection starts with a head unit that has no choice sets.
    public mutating func reset() {
        self = ChoiceIDPool()
    }
}

/// Why the pool could not hand out or take back an ID.
public enum ChoiceIDPoolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// All 65535 IDs are in use: delete loaded cells before loading more.
    case exhausted
    /// Released an ID the pool had not handed out (or had already taken back).
    case notTaken(Int)

    public var description: String {
        switch self {
        case .exhausted: "all 65535 choice IDs are in use; delete loaded cells first"
        case .notTaken(let id): "choice ID \(id) is not in use"
        }
    }
}
