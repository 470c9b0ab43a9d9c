import JSONCodec

extension Matcher {
    /// Why a group of messages did not match a group of patterns in any order.
    public struct AnyOrderMismatch: Sendable, Error {
        /// The first pattern (by position) that no single received message matches, if any.
        public let unmatchedPattern: Int?
        /// That pattern's differences from the received message closest to it.
        public let closestDifferences: [Difference]
        public let closestMessage: Int?
    }

    /// Pairs each pattern with a different message so that every pair matches, trying
    /// every order (the groups are a few notifications). Captures are stored only when
    /// some order matches.
    public mutating func matchAnyOrder(_ patterns: [JSON], _ messages: [JSON]) throws(AnyOrderMismatch) {
        var used = [Bool](repeating: false, count: messages.count)
        if patterns.count == messages.count, let found = Self.assign(patterns[...], messages, &used, self) {
            self = found
            return
        }
        throw mismatch(patterns, messages)
    }

    private static func assign(_ patterns: ArraySlice<JSON>, _ messages: [JSON], _ used: inout [Bool], _ matcher: Matcher) -> Matcher? {
        guard let pattern = patterns.first else { return matcher }
        for index in messages.indices where !used[index] {
            var attempt = matcher
            guard attempt.match(pattern, messages[index]).isEmpty else { continue }
            used[index] = true
            if let found = assign(patterns.dropFirst(), messages, &used, attempt) { return found }
            used[index] = false
        }
        return nil
    }

    private func mismatch(_ patterns: [JSON], _ messages: [JSON]) -> AnyOrderMismatch {
        for (patternIndex, pattern) in patterns.enumerated() {
            var best: (index: Int, differences: [Difference])?
            for (index, message) in messages.enumerated() {
                var attempt = self
                let differences = attempt.match(pattern, message)
                if differences.isEmpty { best = nil; break }
                if best == nil || differences.count < best!.differences.count { best = (index, differences) }
            }
            if let best { return AnyOrderMismatch(unmatchedPattern: patternIndex, closestDifferences: best.differences, closestMessage: best.index) }
            if messages.isEmpty { return AnyOrderMismatch(unmatchedPattern: patternIndex, closestDifferences: [], closestMessage: nil) }
        }
        return AnyOrderMismatch(unmatchedPattern: nil, closestDifferences: [], closestMessage: nil)
    }
}
