/// Splits a byte stream into lines (`\n`, or `\r\n`), one JSON-RPC message per line: the
/// one framer of the project, for the simulator's input and for every reader of its output.
///
/// Complete lines inside a chunk are handed out in place, without copying; only a line
/// that straddles two chunks is gathered in a buffer. A line longer than the limit is
/// reported once, as soon as it is known to be too long, and the rest of it is skipped
/// as it streams by, so it is never held in memory; its end is reported with its length.
public struct LineFramer: Sendable {
    public enum Line {
        /// A line's bytes without its ending.
        case text(UnsafeRawBufferPointer)
        /// A line over the limit, already skipped or being skipped.
        case tooLong
        /// The end of the line last reported `tooLong`: its length without its ending.
        case endOfTooLongLine(byteCount: Int)
    }

    public let maximumLineBytes: Int
    /// Blank lines (only spaces and tabs) are handed out too, rather than skipped.
    public let keepsBlankLines: Bool
    /// The most bytes of an unfinished line held: the limit, and one byte of slack for a
    /// line of exactly the limit followed by its "\r" (no more than `Int.max`).
    private let maximumHeldBytes: Int
    private var partial: [UInt8] = []
    /// A held line's buffer is kept for the next one up to this size: a stream of long lines
    /// (64 KiB PutFile chunks are 87 KiB lines) then grows no buffer anew for each (callgrind).
    private static let keptCapacity = 1 << 18
    private var skippingLongLine = false
    /// Bytes of the long line being skipped, so far, and whether the last one was `\r`.
    private var skippedBytes = 0
    private var skippedCarriageReturn = false

    public init(maximumLineBytes: Int, keepsBlankLines: Bool = false) {
        self.maximumLineBytes = maximumLineBytes
        self.keepsBlankLines = keepsBlankLines
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
                skip(piece)
                try endSkippedLine(body)
            } else if partial.isEmpty {
                try emit(piece, body)
            } else {
                partial.append(contentsOf: piece)
                defer { partial.removeAll(keepingCapacity: partial.count <= Self.keptCapacity) }
                try partial.withUnsafeBytes { try emit($0, body) }
            }
        }
    }

    /// The end of the stream: a last line without a newline is still a line.
    public mutating func finish(_ body: (Line) throws -> Void) rethrows {
        defer { partial = [] }
        if skippingLongLine { try endSkippedLine(body) }
        guard !partial.isEmpty else { return }
        let line = partial
        try line.withUnsafeBytes { try emit($0, body) }
    }

    /// Every line of `bytes`, which hold whole lines (a last one without its newline counts),
    /// however long: for reading a simulator's output in one piece.
    public static func forEachLine(in bytes: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
        var framer = LineFramer(maximumLineBytes: bytes.count)
        bytes.withUnsafeBytes { chunk in
            framer.feed(chunk) { line in if case .text(let text) = line { body(text) } }
        }
        framer.finish { line in if case .text(let text) = line { body(text) } }
    }

    /// True while part of a line is held, waiting for its end.
    public var hasPartialLine: Bool { !partial.isEmpty || skippingLongLine }

    private mutating func keep(_ piece: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        guard !skippingLongLine else { return skip(piece) }
        // partial.count never exceeds maximumHeldBytes: the subtraction cannot overflow.
        if piece.count > maximumHeldBytes - partial.count {
            skippedBytes = partial.count
            partial = []
            skippingLongLine = true
            skip(piece)
            try body(.tooLong)
        } else {
            partial.append(contentsOf: piece)
        }
    }

    private mutating func skip(_ piece: UnsafeRawBufferPointer) {
        guard let last = piece.last else { return }
        skippedBytes += piece.count
        skippedCarriageReturn = last == UInt8(ascii: "\r")
    }

    private mutating func endSkippedLine(_ body: (Line) throws -> Void) rethrows {
        let count = skippedBytes - (skippedCarriageReturn ? 1 : 0)
        skippingLongLine = false
        skippedBytes = 0
        skippedCarriageReturn = false
        try body(.endOfTooLongLine(byteCount: count))
    }

    private func emit(_ raw: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        var line = raw
        if let last = line.last, last == UInt8(ascii: "\r") {
            line = UnsafeRawBufferPointer(rebasing: line.dropLast())
        }
        if line.count > maximumLineBytes {
            try body(.tooLong)
            try body(.endOfTooLongLine(byteCount: line.count))
        } else if keepsBlankLines || !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
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
