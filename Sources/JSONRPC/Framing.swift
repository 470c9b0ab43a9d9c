/// Splits a byte stream into lines (`\n`, or `\r\n`), one JSON-RPC message per line.
///
/// Complete lines inside a chunk are handed out in place, without copying; only a line
/// that straddles two chunks is gathered in a buffer. A line longer than the limit is
/// reported once, as soon as it is known to be too long, and the rest of it is skipped
/// as it streams by, so it is never held in memory.
public struct LineFramer: Sendable {
    public enum Line {
        /// A line's bytes without its ending.
        case text(UnsafeRawBufferPointer)
        /// A line over the limit, already skipped or being skipped.
        case tooLong
    }

    public let maximumLineBytes: Int
    /// The most bytes of an unfinished line held: the limit, and one byte of slack for a
    /// line of exactly the limit followed by its "\r" (no more than `Int.max`).
    private let maximumHeldBytes: Int
    private var partial: [UInt8] = []
    private var skippingLongLine = false

    public init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
        maximumHeldBytes = maximumLineBytes < Int.max ? maximumLineBytes + 1 : Int.max
    }

    /// Feeds the next chunk of the stream; `body` gets every line it completes, in order.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        var start = 0
        while start < chunk.count {
            guard let newline = Self.firstNewline(in: chunk, from: start) else {
                try keep(UnsafeRawBufferPointer(rebasing: chunk[start...]), body)
                return
            }
            let piece = UnsafeRawBufferPointer(rebasing: chunk[start..<newline])
            start = newline + 1
            if skippingLongLine {
                skippingLongLine = false
            } else if partial.isEmpty {
                try emit(piece, body)
            } else {
                partial.append(contentsOf: piece)
                let line = partial
                partial.removeAll(keepingCapacity: partial.count <= 1 << 16)
                try line.withUnsafeBytes { try emit($0, body) }
            }
        }
    }

    /// The end of the stream: a last line without a newline is still a line.
    public mutating func finish(_ body: (Line) throws -> Void) rethrows {
        defer {
            partial = []
            skippingLongLine = false
        }
        guard !skippingLongLine, !partial.isEmpty else { return }
        let line = partial
        try line.withUnsafeBytes { try emit($0, body) }
    }

    /// True while part of a line is held, waiting for its end.
    public var hasPartialLine: Bool { !partial.isEmpty || skippingLongLine }

    private mutating func keep(_ piece: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        guard !skippingLongLine else { return }
        // partial.count never exceeds maximumHeldBytes: the subtraction cannot overflow.
        if piece.count > maximumHeldBytes - partial.count {
            partial = []
            skippingLongLine = true
            try body(.tooLong)
        } else {
            partial.append(contentsOf: piece)
        }
    }

    private func emit(_ raw: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        var line = raw
        if let last = line.last, last == UInt8(ascii: "\r") {
            line = UnsafeRawBufferPointer(rebasing: line.dropLast())
        }
        if line.count > maximumLineBytes {
            try body(.tooLong)
        } else if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            try body(.text(line))
        }
    }

    private static func firstNewline(in chunk: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = chunk.baseAddress else { return nil }
        guard let found = memchrNewline(base + start, chunk.count - start) else { return nil }
        return base.distance(to: found)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

private func memchrNewline(_ start: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
    UnsafeRawPointer(memchr(start, 0x0A, count))
}
