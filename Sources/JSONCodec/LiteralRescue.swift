import CJansson

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the valid JSON texts that jansson refuses: numbers beyond its range
/// (`123456789012345678901234567890`, `1e400`) and object keys containing `\u0000`;
/// and spares jansson the long plain strings of a long text (base64 file data above all).
///
/// The text is copied with each such number, key or string replaced by a marker string,
/// jansson parses the copy, and the markers are swapped back while converting. A long
/// plain string (ASCII without control characters or escapes) needs no decoding, so its bytes are
/// taken as they are: jansson would otherwise read, check and copy them byte by byte,
/// which measured as most of the cost of a PutFile line (docs/performance.md). A marker starts with more U+0001
/// characters in a row than any string of the text holds (U+0001 can only be written as
/// the escape `\u0001`, so counting escapes is exact), so no real string is mistaken for one.
enum LiteralRescue {
    struct Markers {
        let prefix: String
        var numbers: [String] = []
        var keys: [String] = []
        var strings: [String] = []

        /// The value a marker string stands for; nil for any other string.
        func value(for string: String) -> JSON? {
            guard string.hasPrefix(prefix) else { return nil }
            if let number = lookup(string, kind: "n", in: numbers) { return .largeNumber(number) }
            return lookup(string, kind: "s", in: strings).map(JSON.string)
        }

        func key(for string: String) -> String? { lookup(string, kind: "k", in: keys) }

        private func lookup(_ string: String, kind: Character, in table: [String]) -> String? {
            guard string.hasPrefix(prefix) else { return nil }
            let rest = string.dropFirst(prefix.count)
            guard rest.first == kind, let index = Int(rest.dropFirst()), table.indices.contains(index) else {
                return nil
            }
            return table[index]
        }
    }

    /// Texts from this many bytes on are scanned for long plain strings to take past jansson.
    /// The scan costs about as much per byte as jansson saves per byte lifted: below this,
    /// SDL's lines (a few hundred bytes) rarely hold enough of them to repay it (callgrind).
    static let liftingThreshold = 2048
    /// Plain strings from this many bytes on are taken past jansson.
    static let liftedStringLength = 64

    static func parse(_ source: UnsafeRawBufferPointer) throws(JSONParseError) -> JSON {
        try parse(source, Scan(source))
    }

    /// Parses a long text with its long plain strings taken past jansson; nil when it has
    /// none or the copy does not parse (the caller then reads the original, whose errors
    /// carry the right positions).
    static func parseLiftingPlainStrings(_ source: UnsafeRawBufferPointer) -> JSON? {
        let scan = Scan(source, liftingPlainStringsFrom: liftedStringLength)
        guard scan.replacements.contains(where: { $0.kind == .plainString }) else { return nil }
        return try? parse(source, scan)
    }

    private static func parse(_ source: UnsafeRawBufferPointer, _ scan: Scan) throws(JSONParseError) -> JSON {
        var markers = Markers(prefix: String(repeating: "\u{1}", count: scan.longestSOHRun + 1))
        let escapedPrefix = Array(repeating: Array(#"\u0001"#.utf8), count: markers.prefix.count).joined()
        var copy: [UInt8] = []
        copy.reserveCapacity(source.count + 64)
        var cursor = 0
        for replacement in scan.replacements {
            let literal = source[replacement.range]
            let tag: String
            switch replacement.kind {
            case .number:
                tag = "n\(markers.numbers.count)"
                markers.numbers.append(String(decoding: literal, as: UTF8.self))
            case .key:
                // Only a key jansson reads as a string: a broken one must stay for it to refuse.
                guard let key = decodeStringLiteral(Array(literal)) else { continue }
                tag = "k\(markers.keys.count)"
                markers.keys.append(key)
            case .plainString:
                tag = "s\(markers.strings.count)"
                markers.strings.append(String(decoding: literal.dropFirst().dropLast(), as: UTF8.self))
            }
            copy.append(contentsOf: source[cursor..<replacement.range.lowerBound])
            copy.append(UInt8(ascii: "\""))
            copy.append(contentsOf: escapedPrefix)
            copy.append(contentsOf: tag.utf8)
            copy.append(UInt8(ascii: "\""))
            cursor = replacement.range.upperBound
            // jansson's lexer swallows one NUL byte right after a number (a quirk of its
            // refill); after the marker string it would not, so the number's NUL goes too.
            if replacement.kind == .number, cursor < source.count, source[cursor] == 0 { cursor += 1 }
        }
        copy.append(contentsOf: source[cursor...])
        let result = copy.withUnsafeBytes { buffer -> Result<JSON, JSONParseError> in
            var error = json_error_t()
            guard let root = JSON.load(buffer, &error) else { return .failure(JSONParseError(error)) }
            defer { json_decref(root) }
            return .success(JanssonTree.convert(root, markers: markers))
        }
        return try result.get()
    }

    /// The decoded text of a string literal (quotes included); nil when jansson cannot read it.
    private static func decodeStringLiteral(_ literal: [UInt8]) -> String? {
        literal.withUnsafeBytes { buffer in
            var error = json_error_t()
            guard let node = JSON.load(buffer, &error) else { return nil }
            defer { json_decref(node) }
            return JanssonTree.convert(node, markers: nil).stringValue
        }
    }

    /// One pass over the text that finds what to replace, without judging anything else:
    /// whatever else is wrong with the text, jansson reports when it reads the copy.
    struct Scan {
        enum Kind { case number, key, plainString }
        struct Replacement {
            let range: Range<Int>
            let kind: Kind
        }

        private(set) var replacements: [Replacement] = []
        private(set) var longestSOHRun = 0
        /// The first quote at or after the position last searched from (`skipPlainRun`).
        private var quoteAhead = -1

        /// Plain value strings at least this long (in bytes) are replaced too; nil: none.
        private let liftedStringLength: Int?

        init(_ bytes: UnsafeRawBufferPointer, liftingPlainStringsFrom liftedStringLength: Int? = nil) {
            self.liftedStringLength = liftedStringLength
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index = scanString(bytes, from: index)
                } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    var end = index
                    while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
                    // Not where a key goes: a number there is refused, however big (after the
                    // one NUL byte jansson swallows behind a number, see `parse`).
                    let next = end < bytes.count && bytes[end] == 0 ? end + 1 : end
                    if Self.isOutOfRange(bytes[index..<end]), !Self.isFollowedByColon(bytes, from: next) {
                        replacements.append(Replacement(range: index..<end, kind: .number))
                    }
                    index = end
                } else {
                    index += 1
                }
            }
        }

        /// Scans the string starting at `start` (a quote); returns the index after it.
        private mutating func scanString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
            var index = start + 1
            var hasNUL = false
            var isPlain = true
            var sohRun = 0
            while index < bytes.count {
                // The bytes up to the next quote or backslash: most of any string, read in a tight loop.
                let runStart = index
                if !skipPlainRun(bytes, &index) { isPlain = false }
                if index > runStart { sohRun = 0 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\\") else { break }
                isPlain = false
                let escape = index + 1 < bytes.count ? bytes[index + 1] : 0
                if escape == UInt8(ascii: "u"), index + 6 <= bytes.count {
                    let digits = bytes[(index + 2)..<(index + 6)]
                    if digits.elementsEqual("0000".utf8) { hasNUL = true }
                    if digits.elementsEqual("0001".utf8) {
                        sohRun += 1
                        longestSOHRun = max(longestSOHRun, sohRun)
                    } else {
                        sohRun = 0
                    }
                    index += 6
                } else {
                    sohRun = 0
                    index += 2
                }
            }
            let end = min(index + 1, bytes.count)
            if hasNUL, Self.isFollowedByColon(bytes, from: end) {
                replacements.append(Replacement(range: start..<end, kind: .key))
            } else if isPlain, let liftedStringLength, index < bytes.count, index - start - 1 >= liftedStringLength,
                !Self.isFollowedByColon(bytes, from: end)
            {
                replacements.append(Replacement(range: start..<end, kind: .plainString))
            }
            return end
        }

        /// Moves `index` to the next quote or backslash (or the end); returns whether every
        /// byte passed is valid in a string as it stands (ASCII, no control character;
        /// anything else is left to jansson to judge). glibc's memchr finds both stops (SIMD,
        /// a fraction of an instruction a byte), and the bytes between are checked sixty-four at
        /// a time (callgrind, docs/performance.md).
        private mutating func skipPlainRun(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> Bool {
            guard let base = bytes.baseAddress else { return true }
            // The first quote at or after an earlier position is also the first at or after
            // `index` while it lies ahead: a string with many escapes is searched once, not once an escape.
            if quoteAhead < index { quoteAhead = Self.first(UInt8(ascii: "\""), in: bytes, from: index, before: bytes.count) }
            let stop = Self.first(UInt8(ascii: "\\"), in: bytes, from: index, before: quoteAhead)
            defer { index = stop }
            return Self.isPlainASCII(base + index, count: stop - index)
        }

        /// The index of the first `byte` in `start..<end`, or `end`.
        private static func first(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, before end: Int) -> Int {
            guard start < end, let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else {
                return end
            }
            return base.distance(to: UnsafeRawPointer(found))
        }

        /// Whether every byte is from 0x20 to 0x7F: bit 7 of (byte - 0x20) is set below 0x20
        /// (it wraps), of the byte itself from 0x80 on. Sixty-four bytes a step, in four SIMD
        /// registers of sixteen lanes (SIMD64 itself compiled to a loop over its lanes).
        static func isPlainASCII(_ start: UnsafeRawPointer, count: Int) -> Bool {
            var outside = SIMD16<UInt8>()
            var offset = 0
            while count - offset >= 64 {
                let a = (start + offset).loadUnaligned(as: SIMD16<UInt8>.self)
                let b = (start + offset + 16).loadUnaligned(as: SIMD16<UInt8>.self)
                let c = (start + offset + 32).loadUnaligned(as: SIMD16<UInt8>.self)
                let d = (start + offset + 48).loadUnaligned(as: SIMD16<UInt8>.self)
                outside |= (a &- 0x20) | a | (b &- 0x20) | b | (c &- 0x20) | c | (d &- 0x20) | d
                offset += 64
            }
            while count - offset >= 16 {
                let bytes = (start + offset).loadUnaligned(as: SIMD16<UInt8>.self)
                outside |= (bytes &- 0x20) | bytes
                offset += 16
            }
            var outsideByte: UInt8 = 0
            while offset < count {
                let byte = start.load(fromByteOffset: offset, as: UInt8.self)
                outsideByte |= (byte &- 0x20) | byte
                offset += 1
            }
            return (outside.max() | outsideByte) & 0x80 == 0
        }

        private static func isFollowedByColon(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
            var index = start
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index < bytes.count && bytes[index] == UInt8(ascii: ":")
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        /// A well-formed JSON number that fits neither `Int64` nor a finite `Double`.
        private static func isOutOfRange(_ token: Slice<UnsafeRawBufferPointer>) -> Bool {
            let text = String(decoding: token, as: UTF8.self)
            guard isWellFormedNumber(Array(token)) else { return false }
            if token.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
                guard let value = Double(text) else { return true }
                return !value.isFinite
            }
            return Int64(text) == nil
        }

        /// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        static func isWellFormedNumber(_ token: [UInt8]) -> Bool {
            var index = 0
            func digits() -> Int {
                let start = index
                while index < token.count, token[index] >= UInt8(ascii: "0"), token[index] <= UInt8(ascii: "9") {
                    index += 1
                }
                return index - start
            }
            if index < token.count, token[index] == UInt8(ascii: "-") { index += 1 }
            guard index < token.count else { return false }
            if token[index] == UInt8(ascii: "0") {
                index += 1
            } else if digits() == 0 {
                return false
            }
            if index < token.count, token[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return false }
            }
            if index < token.count, token[index] == UInt8(ascii: "e") || token[index] == UInt8(ascii: "E") {
                index += 1
                if index < token.count, token[index] == UInt8(ascii: "+") || token[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { return false }
            }
            return index == token.count
        }
    }
}
