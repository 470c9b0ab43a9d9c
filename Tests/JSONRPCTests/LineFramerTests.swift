import Testing

@testable import JSONRPC

/// Feeds `chunks` to a framer and returns what it saw: each line as text, "<too long>" for a
/// long one (and "<N bytes>" at its end, when `ends` is set).
private func lines(_ chunks: [String], limit: Int = 100, finish: Bool = true, ends: Bool = false, blank: Bool = false) -> [String] {
    var framer = LineFramer(maximumLineBytes: limit, keepsBlankLines: blank)
    var seen: [String] = []
    let record: (LineFramer.Line) -> Void = { line in
        switch line {
        case .text(let bytes): seen.append(String(decoding: bytes, as: UTF8.self))
        case .tooLong: seen.append("<too long>")
        case .endOfTooLongLine(let count): if ends { seen.append("<\(count) bytes>") }
        }
    }
    for chunk in chunks {
        Array(chunk.utf8).withUnsafeBytes { framer.feed($0, record) }
    }
    if finish { framer.finish(record) }
    return seen
}

@Suite struct LineFraming {
    @Test func splitsOnNewlinesAndStripsCarriageReturns() {
        #expect(lines(["a\nb\r\nc\n"]) == ["a", "b", "c"])
    }

    @Test func joinsALineSplitAcrossChunks() {
        #expect(lines(["ab", "cd", "e\nf", "g\n"]) == ["abcde", "fg"])
    }

    @Test func ignoresBlankLines() {
        #expect(lines(["\n\r\n  \n\t\na\n\n"]) == ["a"])
    }

    @Test func keepsBlankLinesWhenAsked() {
        #expect(lines(["\n  \r\na\n"], blank: true) == ["", "  ", "a"])
    }

    @Test func theEndOfALongLineIsReportedWithItsLengthWithoutItsEnding() {
        let line = String(repeating: "x", count: 11)
        #expect(lines([line + "\nok\n"], limit: 10, ends: true) == ["<too long>", "<11 bytes>", "ok"])
        #expect(lines(["xxxxxx", "xxxxxx", "xxxxxx", "xx\r", "\nok\n"], limit: 10, ends: true) == ["<too long>", "<20 bytes>", "ok"])
        #expect(lines(["xxxxxx", "xxxxxx\nok\n"], limit: 10, ends: true) == ["<too long>", "<12 bytes>", "ok"])
        #expect(lines(["a\n" + String(repeating: "x", count: 50)], limit: 10, ends: true) == ["a", "<too long>", "<50 bytes>"])
    }

    @Test func aLastLineWithoutNewlineCountsAtTheEnd() {
        #expect(lines(["a\nlast"]) == ["a", "last"])
        #expect(lines(["a\nlast"], finish: false) == ["a"])
    }

    @Test func aLineOfExactlyTheLimitPasses() {
        let line = String(repeating: "x", count: 10)
        #expect(lines([line + "\n"], limit: 10) == [line])
        #expect(lines([line + "\r\n"], limit: 10) == [line])
        #expect(lines([String(line.prefix(4)), String(line.dropFirst(4)) + "\r", "\n"], limit: 10) == [line])
    }

    @Test func aLineOneByteOverTheLimitIsReportedOnceAndSkipped() {
        let line = String(repeating: "x", count: 11)
        #expect(lines([line + "\nok\n"], limit: 10) == ["<too long>", "ok"])
        #expect(lines(["xxxxxx", "xxxxxx", "xxxxxx", "xx\nok\n"], limit: 10) == ["<too long>", "ok"])
    }

    @Test func aLongLineIsNotHeldInMemory() {
        var framer = LineFramer(maximumLineBytes: 1000)
        var tooLong = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<1000 {
            chunk.withUnsafeBytes { bytes in
                framer.feed(bytes) { if case .tooLong = $0 { tooLong += 1 } }
            }
        }
        #expect(tooLong == 1)
        #expect(framer.hasPartialLine)
    }

    @Test func anUnfinishedLongLineAtTheEndIsDropped() {
        #expect(lines(["a\n" + String(repeating: "x", count: 50)], limit: 10) == ["a", "<too long>"])
    }
}
