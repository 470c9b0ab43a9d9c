/// One input line and what the simulator owes for it.
struct FuzzLine {
    var bytes: [UInt8]
    /// Ids that must be answered exactly once: inside the batch's array when `inBatch`.
    var answered: [(id: Int64, inBatch: Bool)] = []
    /// Ids in a line the simulator may not be able to read (truncated, corrupted, nested
    /// beyond the parser's depth): at most one reply each.
    var mayAnswer: [Int64] = []

    /// Every id of this line becomes "at most once": what the mutation did to the bytes
    /// decides whether the simulator can still read it.
    mutating func loseCertainty() {
        mayAnswer += answered.map(\.id)
        answered = []
    }
}
