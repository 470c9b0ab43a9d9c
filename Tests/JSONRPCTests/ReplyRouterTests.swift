import JSONCodec
import Testing

@testable import JSONRPC

/// A router fed with one line; calls are answered by `answer` (nil: left unanswered).
private struct Harness {
    var router = ReplyRouter()
    var output: [UInt8] = []
    var calls: [Call] = []

    mutating func send(_ line: String, answer: (Call) -> Result<JSON, RPCError>? = { _ in .success(.bool(true)) }) {
        calls.removeAll()
        Array(line.utf8).withUnsafeBytes { router.receive(line: $0, calls: &calls, output: &output) }
        for call in calls {
            guard let address = call.replyTo, let outcome = answer(call) else { continue }
            router.answer(address, outcome, output: &output)
        }
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
}
