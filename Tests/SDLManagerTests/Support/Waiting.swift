import SDLManager
import Testing

/// How long, in real time, a test waits for what should happen at once: long enough for a
/// loaded machine, short enough that a stuck test fails fast, named by what it waited for.
let patience = Duration.seconds(10)

/// Polls `condition` every millisecond until it holds, for up to `patience`; false if it never did.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + patience
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(1))
    }
    return try await condition()
}

/// Lets the work that something which just happened woke run to its end, before a test
/// checks that it did nothing: rounds of letting other tasks run and of a hop into
/// ``SDLActor`` behind the work queued there (an answer a provider gave late reaches the
/// loop through a stream, then the domain).
func afterTheWorkItWokeRuns() async {
    for _ in 0..<5 {
        await Task.yield()
        await Task { @SDLActor in }.value
    }
}

/// Holds whoever waits until the test opens it; a wait not over within `patience` is an
/// issue of the test that waited (and ends, so nothing hangs). Waiters ignore cancellation:
/// work on a latch is work that does not stop when asked to.
actor Latch {
    private var isOpen = false
    private var continuations: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextKey = 0

    /// How many wait now.
    var waiters: Int { continuations.count }

    func wait(sourceLocation: SourceLocation = #_sourceLocation) async {
        if isOpen { return }
        let key = nextKey
        nextKey += 1
        let expiry = Task {
            do { try await Task.sleep(for: patience) } catch { return }
            self.expire(key, sourceLocation: sourceLocation)
        }
        await withCheckedContinuation { continuations[key] = $0 }
        expiry.cancel()
    }

    func open() {
        isOpen = true
        for continuation in continuations.values { continuation.resume() }
        continuations = [:]
    }

    private func expire(_ key: Int, sourceLocation: SourceLocation) {
        guard let continuation = continuations.removeValue(forKey: key) else { return }
        Issue.record("a latch was not opened within \(patience)", sourceLocation: sourceLocation)
        continuation.resume()
    }
}
