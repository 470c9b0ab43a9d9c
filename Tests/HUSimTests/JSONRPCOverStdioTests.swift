import Foundation
import JSONCodec
import Testing
import TestSupport

/// The JSON-RPC layer of PROTOCOL.md §1–2, end to end through the real `hu-sim` binary.
@Suite(.ownThreads) struct JSONRPCOverStdio {
    private func ping(_ id: String) -> String { #"{"jsonrpc":"2.0","id":"\#(id)","method":"No.Such.Method"}"# }

    @Test func unknownMethodsAreAnsweredWithTheirID() throws {
        let outcome = try SimulatorProcess.run(lines: [ping("p1")])
        #expect(outcome.lines == [#"{"jsonrpc":"2.0","id":"p1","error":{"code":-32601,"message":"Method not found: No.Such.Method"}}"#])
        #expect(outcome.status == 0)
    }

    @Test func everyInvalidCorpusTextGetsOneParseErrorAndTheSimulatorGoesOn() throws {
        let corpus = try JSONCorpus.load()
        #expect(corpus.count >= 100)
        var lines: [String] = []
        for (index, entry) in corpus.enumerated() {
            lines.append(String(decoding: entry.bytes, as: UTF8.self))
            lines.append(ping("after-\(index)"))
        }
        var input = Data()
        for (index, entry) in corpus.enumerated() {
            input.append(contentsOf: entry.bytes)
            input.append(0x0A)
            input.append(contentsOf: Array(ping("after-\(index)").utf8))
            input.append(0x0A)
        }
        let outcome = try SimulatorProcess.run(input: input)
        var answers: [[JSON]] = []
        var current: [JSON] = []
        for message in outcome.messages {
            if case .string(let id)? = message["id"], id.hasPrefix("after-") {
                answers.append(current)
                current = []
            } else {
                current.append(message)
            }
        }
        #expect(answers.count == corpus.count, "the simulator stopped answering")
        for (entry, replies) in zip(corpus, answers) {
            let parseErrors = replies.filter { $0["error"]?["code"] == .integer(-32700) }
            if entry.isValid {
                #expect(parseErrors.isEmpty, "\(entry.name) is valid JSON but got \(replies)")
            } else {
                #expect(replies.count == 1 && parseErrors.count == 1, "\(entry.name): \(replies)")
                #expect(parseErrors.first?["id"] == .null)
            }
        }
    }

    @Test func crlfEndingsBlankLinesAndALastLineWithoutNewlineAreHandled() throws {
        let input = "\r\n" + ping("a") + "\r\n\n   \n" + ping("b")
        let outcome = try SimulatorProcess.run(input: Data(input.utf8))
        #expect(outcome.messages.map { $0["id"] } == [.string("a"), .string("b")])
    }

    @Test func aLineOverTheLimitIsAnsweredWithANullIDAndSkipped() throws {
        let limit = 200
        let exact = #"{"jsonrpc":"2.0","id":"exact","method":"M","params":{"pad":""#
        let padded = exact + String(repeating: "x", count: limit - exact.utf8.count - 3) + #""}}"#
        #expect(padded.utf8.count == limit)
        let over = String(padded.dropLast(2)) + #"x"}}"#
        let outcome = try SimulatorProcess.run(
            ["--clock", "virtual", "--max-line-bytes", "\(limit)"],
            lines: [padded, over, ping("after")])
        let messages = outcome.messages
        #expect(messages.count == 3)
        #expect(messages[0]["id"] == .string("exact"))
        #expect(messages[0]["error"]?["code"] == .integer(-32601))
        #expect(messages[1]["id"] == .null)
        #expect(messages[1]["error"]?["code"] == .integer(-32600))
        #expect(messages[2]["id"] == .string("after"))
    }

    @Test func aHugeLineIsSkippedWithoutHoldingIt() throws {
        var input = Data(#"{"jsonrpc":"2.0","id":1,"method":"M","params":{"x":""#.utf8)
        input.append(Data(repeating: UInt8(ascii: "a"), count: 8 << 20))
        input.append(Data(#""}}"#.utf8 + [0x0A]))
        input.append(Data((ping("after") + "\n").utf8))
        let outcome = try SimulatorProcess.run(["--clock", "virtual", "--max-line-bytes", "65536"], input: input)
        #expect(outcome.messages.map { $0["error"]?["code"] } == [.integer(-32600), .integer(-32601)])
    }

    @Test func batchesAreAnsweredAsOneArrayLine() throws {
        let outcome = try SimulatorProcess.run(lines: [
            "[" + ping("1") + "," + #"{"jsonrpc":"2.0","method":"N"}"# + ",42]",
            "[" + #"{"jsonrpc":"2.0","method":"N"}"# + "]",
            "[]",
        ])
        let messages = outcome.messages
        #expect(messages.count == 2)
        #expect(messages[0].arrayValue?.count == 2)
        #expect(messages[0].arrayValue?.first?["id"] == .string("1"))
        #expect(messages[0].arrayValue?.last?["error"]?["code"] == .integer(-32600))
        #expect(messages[1]["error"]?["code"] == .integer(-32600))
    }

    @Test func aNotificationWithAnUnknownMethodGetsNothing() throws {
        let outcome = try SimulatorProcess.run(lines: [#"{"jsonrpc":"2.0","method":"Nope"}"#, ping("after")])
        #expect(outcome.messages.map { $0["id"] } == [.string("after")])
    }

    @Test func anIntegerIDStaysAnInteger() throws {
        let outcome = try SimulatorProcess.run(lines: [#"{"jsonrpc":"2.0","id":7,"method":"X"}"#])
        #expect(outcome.lines.first?.hasPrefix(#"{"jsonrpc":"2.0","id":7,"#) == true)
    }

    @Test func stdoutCarriesOnlyProtocolLines() throws {
        let outcome = try SimulatorProcess.run(["--clock", "virtual", "--log-level", "trace"], lines: ["garbage", ping("a")])
        for line in outcome.lines { #expect((try? JSON.parse(line))?["jsonrpc"] == .string("2.0")) }
    }

    @Test func aBadOptionIsAOneLineErrorWithUsageExitCode() throws {
        let outcome = try SimulatorProcess.run(["--clock", "sometimes"], input: Data())
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--clock"))
        #expect(outcome.stdout.isEmpty)
    }
}

/// The hand-written JSON texts under fixtures/json: `y_` ones are valid, `n_` ones are not.
struct JSONCorpus {
    let name: String
    let bytes: [UInt8]
    var isValid: Bool { name.hasPrefix("y_") }

    static func load() throws -> [JSONCorpus] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../fixtures/json").standardized
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { JSONCorpus(name: $0, bytes: Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }
}
