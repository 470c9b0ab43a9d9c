import SDLManager
import Testing

/// Choice IDs: 1–65535, never 0, lowest free first, reset per connection.
@Suite struct ChoiceIDPoolTests {
    @Test func idsStartAtOneAndCountUp() throws {
        var pool = ChoiceIDPool()
        #expect(try (0..<5).map { _ in try pool.take() } == [1, 2, 3, 4, 5])
        #expect(pool.takenCount == 5)
    }

    @Test func zeroIsNeverHandedOutNorTaken() throws {
        var pool = ChoiceIDPool()
        #expect(!pool.isTaken(0))
        #expect(throws: ChoiceIDPoolError.notTaken(0)) { try pool.release(0) }
        #expect(try pool.take() == 1)
    }

    @Test func freedIDsAreReusedLowestFirstBeforeNewOnes() throws {
        var pool = ChoiceIDPool()
        for _ in 1...10 { _ = try pool.take() }
        for id in [7, 3, 9] { try pool.release(id) }
        #expect(try (0..<4).map { _ in try pool.take() } == [3, 7, 9, 11])
    }

    @Test func allIDsCanBeTakenThenTheNextTakeSaysExhausted() throws {
        var pool = ChoiceIDPool()
        for expected in ChoiceIDPool.ids { #expect(try pool.take() == expected) }
        #expect(pool.takenCount == 65535)
        #expect(throws: ChoiceIDPoolError.exhausted) { try pool.take() }
        #expect(throws: ChoiceIDPoolError.exhausted) { try pool.take() }
    }

    @Test func afterExhaustionAFreedIDIsHandedOutAgain() throws {
        var pool = ChoiceIDPool()
        for _ in ChoiceIDPool.ids { _ = try pool.take() }
        try pool.release(65535)
        try pool.release(40000)
        #expect(try pool.take() == 40000)
        #expect(try pool.take() == 65535)
        #expect(throws: ChoiceIDPoolError.exhausted) { try pool.take() }
    }

    @Test func releasingAnIDNotTakenIsAnError() throws {
        var pool = ChoiceIDPool()
        let id = try pool.take()
        try pool.release(id)
        #expect(throws: ChoiceIDPoolError.notTaken(id)) { try pool.release(id) }
        #expect(throws: ChoiceIDPoolError.notTaken(65536)) { try pool.release(65536) }
        #expect(throws: ChoiceIDPoolError.notTaken(-1)) { try pool.release(-1) }
        #expect(pool.takenCount == 0)
    }

    @Test func resetFreesEveryIDForANewConnection() throws {
        var pool = ChoiceIDPool()
        for _ in 1...100 { _ = try pool.take() }
        pool.reset()
        #expect(pool.takenCount == 0)
        #expect(!pool.isTaken(50))
        #expect(try pool.take() == 1)
    }

    @Test func takingAndReleasingInAnyOrderAlwaysHandsOutTheLowestFreeID() throws {
        // Against a model: a sorted array of taken IDs (not a Set: its order changes per process).
        var pool = ChoiceIDPool()
        var model: [Int] = []
        var generator = SplitMix(seed: 42)
        for _ in 0..<5_000 {
            if model.isEmpty || generator.next() % 3 != 0 {
                let gap = model.indices.first { model[$0] != $0 + 1 } ?? model.count
                #expect(try pool.take() == gap + 1)
                model.insert(gap + 1, at: gap)
            } else {
                let id = model.remove(at: Int(generator.next() % UInt64(model.count)))
                try pool.release(id)
            }
        }
        #expect(pool.takenCount == model.count)
    }
}

/// A seeded generator, so the random test is the same every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
