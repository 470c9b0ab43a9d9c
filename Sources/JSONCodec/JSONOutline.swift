/// What one pass over a JSON text finds without parsing it: how many values it holds and
/// how deep it nests, and where the elements of a top-level array are. A peer's line can
/// be sized (and a batch taken apart) before a tree is built for it.
///
/// The pass follows strings exactly (quotes, backslash escapes) and counts brackets and
/// commas outside them, judging nothing else: for a valid text the figures are exact; for
/// an invalid one the parser, reading the pieces, reports what is wrong.
public enum JSONOutline {
    /// A piece of text and the size of the tree it would become.
    public struct Piece: Sendable, Equatable {
        /// Where the piece is in the text it was found in.
        public var range: Range<Int>
        /// Values, each array element and each object member counted once (an empty
        /// array or object counts 1): what a tree built from the piece would hold.
        public var values: Int
        /// How deeply its arrays and objects nest (a scalar: 0).
        public var depth: Int
    }

    /// The whole text as one piece.
    public static func measure(_ bytes: UnsafeRawBufferPointer) -> Piece {
        var cursor = Cursor(bytes: bytes, index: 0)
        cursor.scan(stoppingAtTopLevel: false)
        return Piece(range: 0..<bytes.count, values: cursor.values, depth: cursor.maximumDepth)
    }

    /// The elements of a top-level array, one at a time; nil when the text (after leading
    /// whitespace) does not start with '['.
    public static func elements(of bytes: UnsafeRawBufferPointer) -> Elements? {
        var index = 0
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        return Elements(bytes: bytes, index: index + 1)
    }

    public struct Elements {
        private let bytes: UnsafeRawBufferPointer
        private var index: Int
        private var isFinished = false
        private var hasReturnedAny = false

        fileprivate init(bytes: UnsafeRawBufferPointer, index: Int) {
            self.bytes = bytes
            self.index = index
        }

        /// The next element's text (whitespace around it included); nil after the last one.
        /// Throws where the array itself is broken: not closed, or text after its end.
        public mutating func next() throws(JSONParseError) -> Piece? {
            guard !isFinished else { return nil }
            let start = index
            var cursor = Cursor(bytes: bytes, index: index)
            cursor.scan(stoppingAtTopLevel: true)
            index = cursor.index + 1
            let piece = Piece(range: start..<cursor.index, values: cursor.values, depth: cursor.maximumDepth)
            guard cursor.index < bytes.count else {
                throw JSONParseError(message: "']' expected near end of file", position: bytes.count)
            }
            switch bytes[cursor.index] {
            case UInt8(ascii: ","):
                hasReturnedAny = true
                return piece
            case UInt8(ascii: "]"):
                isFinished = true
                var rest = index
                while rest < bytes.count, JSONOutline.isWhitespace(bytes[rest]) { rest += 1 }
                guard rest == bytes.count else { throw JSONParseError(message: "end of file expected", position: rest) }
                // `[ ]` has no element; an empty piece after a comma is one (which the parser refuses).
                return !hasReturnedAny && cursor.values == 0 ? nil : piece
            default:
                throw JSONParseError(message: "']' expected near '}'", position: cursor.index)
            }
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The pass itself: counts what it crosses until the end, or (when asked) until a comma
    /// or closing bracket outside every array and object it entered.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index: Int
        var values = 0
        var maximumDepth = 0

        mutating func scan(stoppingAtTopLevel: Bool) {
            var depth = 0
            var sawValue = false
            // The piece's own value: its commas and brackets count the rest.
            defer { if sawValue { values += 1 } }
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    skipString()
                    sawValue = true
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    maximumDepth = max(maximumDepth, depth)
                    values += 1
                    sawValue = true
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 {
                        if stoppingAtTopLevel { return }
                    } else {
                        depth -= 1
                    }
                case UInt8(ascii: ","):
                    if depth == 0 && stoppingAtTopLevel { return }
                    values += 1
                case let byte:
                    if !JSONOutline.isWhitespace(byte) { sawValue = true }
                }
                index += 1
            }
        }

        /// From an opening quote to just past its closing quote (or the end).
        private mutating func skipString() {
            guard let base = bytes.baseAddress else { return }
            var position = index + 1
            while position < bytes.count {
                guard let found = memchrQuote(base + position, bytes.count - position) else { break }
                position = base.distance(to: found)
                // Escaped when an odd number of backslashes stands right before it.
                var backslashes = 0
                while position - backslashes - 1 > index, bytes[position - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                position += 1
                if backslashes % 2 == 0 {
                    index = position
                    return
                }
            }
            index = bytes.count
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

private func memchrQuote(_ start: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
    UnsafeRawPointer(memchr(start, 0x22, count))
}
