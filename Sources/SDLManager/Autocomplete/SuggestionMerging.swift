extension Suggestion {
    /// A cached answer brought up to date by a fresh one: the fresh entries in the fresh
    /// order, each replacing the cached entry with its id; then the cached entries the
    /// fresh answer does not have, in their order. An id seen twice on one side counts once
    /// (its first place).
    public static func merge(cached: [Suggestion], fresh: [Suggestion]) -> [Suggestion] {
        var seen = Set<String>()
        var merged: [Suggestion] = []
        merged.reserveCapacity(cached.count + fresh.count)
        for suggestion in fresh + cached where seen.insert(suggestion.id).inserted { merged.append(suggestion) }
        return merged
    }
}

/// The parts of a paged remote result known so far (positions in its ranking, e.g.
/// entries 0..<20 from one request, 40..<60 from another), so a provider can fetch only
/// the pages it is missing, and show what it has in order.
public struct PagedSuggestions: Sendable, Hashable {
    private struct Entry: Sendable, Hashable {
        var suggestion: Suggestion
        /// Which `insert` brought it: a later one is fresher.
        var generation: Int
    }

    /// Known entries by position.
    private var entries: [Int: Entry] = [:]
    private var generation = 0

    /// No pages yet.
    public init() {}

    /// Adds a page that starts at `offset`; its entries replace older ones at the same positions.
    public mutating func insert(_ page: [Suggestion], at offset: Int) {
        precondition(offset >= 0, "positions start at 0")
        generation += 1
        for (index, suggestion) in page.enumerated() {
            entries[offset + index] = Entry(suggestion: suggestion, generation: generation)
        }
    }

    /// The known blocks of positions, in order, each as long as it can be: the
    /// boundaries between which pages are missing.
    public var boundaries: [Range<Int>] { Self.boundaries(of: entries.keys.map { $0..<$0 + 1 }) }

    /// The parts of `wanted` no page has given yet.
    public func missingRanges(in wanted: Range<Int>) -> [Range<Int>] {
        Self.missingRanges(in: wanted, covered: boundaries)
    }

    /// Every known entry in position order; an entry whose id is also at another position
    /// (the ranking moved between two pages) is kept only from the fresher page.
    public var suggestions: [Suggestion] {
        var freshest: [String: (position: Int, generation: Int)] = [:]
        for (position, entry) in entries {
            let id = entry.suggestion.id
            if let known = freshest[id], known.generation > entry.generation
                || (known.generation == entry.generation && known.position < position)
            { continue }
            freshest[id] = (position, entry.generation)
        }
        return freshest.values.map(\.position).sorted().map { entries[$0]!.suggestion }
    }

    /// Ranges joined where they overlap or touch, sorted; empty ones left out.
    public static func boundaries(of ranges: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }

    /// The parts of `wanted` that none of `covered` holds, in order.
    public static func missingRanges(in wanted: Range<Int>, covered: [Range<Int>]) -> [Range<Int>] {
        var missing: [Range<Int>] = []
        var start = wanted.lowerBound
        for block in boundaries(of: covered) where block.upperBound > start {
            if block.lowerBound >= wanted.upperBound { break }
            if block.lowerBound > start { missing.append(start..<block.lowerBound) }
            start = max(start, block.upperBound)
        }
        if start < wanted.upperBound { missing.append(start..<wanted.upperBound) }
        return missing
    }
}
