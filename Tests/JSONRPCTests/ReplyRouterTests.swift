import JSONCodec
import Testing

@testable import JSONRPC

/// A router fed with one line; calls are answered by `answer` (nil: left unanswered).
private struct Harness {
    var router = ReplyRouter()
    var output: [UInt8] = []
    var calls: [Call] = []

    /// Each call is answered as soon as it is handed out, as the engine answers most.
    mutating func send(_ line: String, answer: (Call) -> Result<JSON, RPCError>? = { _ in .success(.bool(true)) }) {
        calls.removeAll()
        Array(line.utf8).withUnsafeBytes { bytes in
            switch router.receive(line: bytes, output: &output) {
            case .nothing: break
            case .call(let call): handle(call, answer)
            case .batch(var batch):
                while let call = batch.next(&router) { handle(call, answer) }
                router.finish(batch, output: &output)
            }
        }
    }

    private mutating func handle(_ call: Call, _ answer: (Call) -> Result<JSON, RPCError>?) {
        calls.append(call)
        guard let address = call.replyTo, let outcome = answer(call) else { return }
        router.answer(address, outcome, output: &output)
    }

    mutating func takeLines() -> [String] {
        defer { output.removeAll() }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

@Suite struct ReplyRouting {
    @Test func aRequestIsAnsweredWithItsID() {
        var harness = Harness()
        harness.send(#"{"jsonrpc":"2.0","id":7,"method":"m"}"#)
        #expect(harness.takeLines() == [#"{"jsonrpc":"2.0","id":7,"result":true}"#])
    }

    @Test(arguments: [#""abc""#, "null", "-1.5", "123456789012345678901234567890"])
    func everyKindOfIDIsEchoedExactly(_ id: String) {
        var harness = Harness()
        harness.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"m"}"#)
        #expect(harness.takeLines() == [#"{"jsonrpc":"2.0","id":\#(id),"result":true}"#])
    }

    @Test func aNotificationIsNeverAnswered() {
        var harness = Harness()
        harness.send(#"{"jsonrpc":"2.0","method":"m"}"#)
        harness.send(#"{"jsonrpc":"2.0","method":"m","params":[1]}"#)
        #expect(harness.takeLines().isEmpty)
        #expect(harness.calls.isEmpty)
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":5}"#, #"{"jsonrpc":"2.0","id":1,"error":{"code":-32600"#),
        (#"{"jsonrpc":"1.0","id":2,"method":"m"}"#, #"{"jsonrpc":"2.0","id":2,"error":{"code":-32600"#),
        (#"{"id":3,"method":"m"}"#, #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600"#),
        (#"{"jsonrpc":"2.0","id":{"a":1},"method":"m"}"#, #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600"#),
        (#"{"jsonrpc":"2.0","id":[1],"method":5}"#, #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600"#),
        (#"{"jsonrpc":"2.0","id":true,"method":"m"}"#, #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600"#),
        (#"{"jsonrpc":"2.0","id":4}"#, #"{"jsonrpc":"2.0","id":4,"error":{"code":-32600"#),
        (#"{"jsonrpc":"2.0","id":5,"method":"m","params":[1]}"#, #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602"#),
        (#"{"jsonrpc":"2.0","id":6,"method":"m","params":"x"}"#, #"{"jsonrpc":"2.0","id":6,"error":{"code":-32602"#),
        ("5", #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600"#),
        ("[]", #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600"#),
        ("{", #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700"#),
    ])
    func protocolErrorsAreAnsweredWithTheStandardCodes(_ line: String, _ expectedStart: String) {
        var harness = Harness()
        harness.send(line)
        let lines = harness.takeLines()
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(expectedStart) == true, "\(lines)")
    }

    @Test func aBatchIsAnsweredByOneArrayInRequestOrder() {
        var harness = Harness()
        harness.send(#"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"n"},7,{"jsonrpc":"2.0","id":"x","method":"b"}]"#) {
            .success(.string($0.method))
        }
        #expect(harness.takeLines() == [
            #"[{"jsonrpc":"2.0","id":1,"result":"a"},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a message must be an object"}},{"jsonrpc":"2.0","id":"x","result":"b"}]"#
        ])
    }

    @Test func aBatchOfNotificationsGetsNothing() {
        var harness = Harness()
        harness.send(#"[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","method":"b"}]"#)
        #expect(harness.takeLines().isEmpty)
        #expect(harness.router.pendingBatchCount == 0)
    }

    @Test func aBatchWaitsForItsLateAnswer() {
        var harness = Harness()
        harness.send(#"[{"jsonrpc":"2.0","id":1,"method":"wait"},{"jsonrpc":"2.0","id":2,"method":"now"}]"#) {
            $0.method == "wait" ? nil : .success(.integer(2))
        }
        #expect(harness.takeLines().isEmpty)
        let waiting = harness.calls[0].replyTo!
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"later"}"#)
        #expect(harness.takeLines() == [#"{"jsonrpc":"2.0","id":3,"result":true}"#])
        harness.router.answer(waiting, .success(.integer(1)), output: &harness.output)
        #expect(harness.takeLines() == [#"[{"jsonrpc":"2.0","id":1,"result":1},{"jsonrpc":"2.0","id":2,"result":2}]"#])
    }

    @Test func twoRequestsWithTheSameIDGetAnAnswerEach() {
        var harness = Harness()
        harness.send(#"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":1,"method":"b"}]"#) { .success(.string($0.method)) }
        #expect(harness.takeLines() == [#"[{"jsonrpc":"2.0","id":1,"result":"a"},{"jsonrpc":"2.0","id":1,"result":"b"}]"#])
    }

    @Test func aResponseFromThePeerIsIgnored() {
        var harness = Harness()
        harness.send(#"{"jsonrpc":"2.0","id":1,"result":{}}"#)
        #expect(harness.takeLines().isEmpty)
    }

    // MARK: Batches of any size, read one element at a time (issue 18)

    @Test func aBatchIsCheckedWholeBeforeAnyOfItsRequestsIsHandedOut() {
        var harness = Harness()
        harness.send(#"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"},{"jsonrpc":"2.0","id":3,"#)
        #expect(harness.calls.isEmpty)
        let lines = harness.takeLines()
        #expect(lines.count == 1 && lines[0].hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700"#), "\(lines)")
    }

    @Test(arguments: [
        #"[{"jsonrpc":"2.0","id":1,"method":"a"}"#, #"[{"jsonrpc":"2.0","id":1,"method":"a"}]]"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"a"}}"#, #"[{"jsonrpc":"2.0","id":1,"method":"a"},]"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"a"} x]"#, #"[{"jsonrpc":"2.0","id":1,"method":"a"}]x"#,
        "[1,,2]", "[\"a]",
    ])
    func aBrokenBatchIsOneParseErrorAndRunsNothing(_ line: String) {
        var harness = Harness()
        harness.send(line)
        #expect(harness.calls.isEmpty)
        let lines = harness.takeLines()
        #expect(lines.count == 1 && lines[0].contains(#""code":-32700"#), "\(lines)")
        #expect(harness.router.pendingBatchCount == 0)
    }

    @Test func answersGivenWhileTheBatchIsStillBeingReadWaitForItsEnd() {
        var harness = Harness()
        let batch = "[" + (1...500).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"m"}"# }.joined(separator: " , ") + "]"
        harness.send(batch) { .success(.string($0.method)) }
        let lines = harness.takeLines()
        #expect(lines.count == 1)
        let replies = (try? JSON.parse(lines[0]))?.arrayValue ?? []
        #expect(replies.map { $0["id"] } == (1...500).map { .integer(Int64($0)) })
    }

    @Test func nonMessagesInABatchAreAnsweredWithIDNullInTheirPlace() {
        var harness = Harness()
        harness.send(#"[1,{"jsonrpc":"2.0","id":"k","method":"m"},"x",{"id":5},[]]"#)
        let replies = harness.takeLines().first.flatMap { try? JSON.parse($0) }?.arrayValue ?? []
        #expect(replies.map { $0["id"] } == [.null, .string("k"), .null, .integer(5), .null])
        #expect(replies.map { $0["error"]?["code"] } == [.integer(-32600), nil, .integer(-32600), .integer(-32600), .integer(-32600)])
    }

    @Test func aMessageWithMoreValuesThanTheLimitIsRefusedUnread() {
        var harness = Harness(router: ReplyRouter(maximumValuesPerMessage: 10))
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1,2,3,4,5,6,7,8,9,10]}}"#)
        harness.send(#"[{"jsonrpc":"2.0","id":2,"method":"m"},{"jsonrpc":"2.0","id":3,"method":"m","params":{"a":[[[[[[[[[[]]]]]]]]]]}}]"#)
        harness.send(#"{"jsonrpc":"2.0","id":4,"method":"m","params":{"a":[1,2,3]}}"#)
        #expect(harness.calls.map { $0.replyTo?.id } == [.integer(4)])
        let lines = harness.takeLines()
        #expect(lines.count == 3)
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a message holds more than 10 values"#) }, "\(lines)")
    }

    @Test func aBatchElementNestedToJanssonsDepthWithTheArrayAroundItIsAParseError() {
        var harness = Harness()
        let depth = JSON.maximumDepth
        harness.send("[" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "]")
        #expect(harness.takeLines().first?.contains(#""code":-32600,"message":"Invalid Request: a message must be an object""#) == true)
        harness.send("[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]")
        #expect(harness.takeLines().first?.contains(#""code":-32700"#) == true)
    }

    @Test func aBatchWhoseRepliesPassItsBudgetAnswersTheRestWithoutRunningThem() {
        var harness = Harness(router: ReplyRouter(batchReplyAllowance: 1000))
        let requests = (1...100).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"m"}"# }
        let line = "[" + requests.joined(separator: ",") + "]"
        // Replies far bigger than their requests: the budget (4 × the line + 1000 bytes) runs out.
        harness.send(line) { _ in .success(.string(String(repeating: "r", count: 200))) }
        let replies = harness.takeLines().first.flatMap { try? JSON.parse($0) }?.arrayValue ?? []
        #expect(replies.map { $0["id"] } == (1...100).map { .integer(Int64($0)) })
        let run = replies.filter { $0["result"] != nil }.count
        #expect(run > 0 && run < 100, "\(run) run")
        #expect(harness.calls.count == run)
        #expect(replies.dropFirst(run).allSatisfy { $0["error"]?["code"] == .integer(-32603) })
    }

    @Test func aLineStartingWithAByteOrderMarkIsAParseErrorThatSaysSo() {
        var harness = Harness()
        harness.send("\u{FEFF}" + #"{"jsonrpc":"2.0","id":1,"method":"m"}"#)
        #expect(harness.calls.isEmpty)
        #expect(harness.takeLines().first?.contains("byte-order mark") == true)
    }
}

/// A line with a raw NUL byte is not JSON, wherever the byte stands (RFC 8259), even where
/// jansson alone would take it for the end of the text: one parse error with id null, and
/// no request of the line runs — not even one whose id was read before the NUL.
@Suite struct LinesWithARawNULByte {
    static let lines: [String] = [
        "{\"jsonrpc\":\"2.0\",\"id\":7\u{0},\"method\":\"m\"}",  // after a number
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\",\"params\":{\"a\":[2\u{0}]}}",  // after a number in an array
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\",\"params\":{\"a\":true\u{0}}}",  // after a literal
        "{\"jsonrpc\":\"2.0\",\u{0}\"id\":7,\"method\":\"m\"}",  // between tokens
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\u{0}\"}",  // inside a string, unescaped
        "\u{0}{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\"}",  // at the start
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\"}\u{0}",  // at the end
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\",\"params\":{\"a\":123456789012345678901234567890\u{0}}}",  // a big number
        "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\",\"params\":{\"a\":2\u{0}}},{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"m\"}]",  // in a batch
        "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\"}\u{0},{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"m\"}]",  // between a batch's elements
    ]

    @Test(arguments: lines)
    func isOneParseErrorWithIDNull(_ line: String) {
        var harness = Harness()
        harness.send(line)
        #expect(harness.calls.isEmpty)
        let replies = harness.takeLines()
        #expect(replies.count == 1)
        #expect(replies.first?.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: a raw NUL byte"#) == true, "\(replies)")
    }

    @Test func theSameLineWithTheByteEscapedInAStringIsARequest() {
        var harness = Harness()
        harness.send(#"{"jsonrpc":"2.0","id":7,"method":"m\u0000"}"#)
        #expect(harness.calls.map(\.method) == ["m\u{0}"])
    }
}
