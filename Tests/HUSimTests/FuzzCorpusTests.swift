import Foundation
import JSONCodec
import Testing
import TestSupport

/// The inputs under fixtures/fuzz-corpus (hand-picked, and any hu-fuzz found at fault), each
/// replayed through the built hu-sim between a registration and a `Sim.GetState`: the
/// simulator must survive it, write only JSON, and answer no id twice.
@Suite(.ownThreads) struct FuzzCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/fuzz-corpus").standardized

    static let inputs: [String] = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
        .filter { $0.hasSuffix(".line") }.sorted() ?? []

    static let registration = """
        {"jsonrpc":"2.0","id":900000001,"method":"RegisterAppInterface","params":{"appName":"Fuzz","appID":"fuzz-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}}
        """
    static let stateRequest = #"{"jsonrpc":"2.0","id":900000002,"method":"Sim.GetState"}"#

    @Test func theCorpusIsThere() {
        #expect(Self.inputs.count >= 20)
    }

    @Test(arguments: inputs)
    func aCorpusInputLeavesTheSimulatorRunningWithOneReplyPerID(_ name: String) throws {
        let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        #expect(!bytes.contains(0x0A), "a corpus input is one line")
        var input = Data((Self.registration + "\n").utf8)
        input.append(bytes)
        input.append(Data(("\n" + Self.stateRequest + "\n").utf8))

        let outcome = try SimulatorProcess.run(input: input)

        #expect(outcome.status == 0, "\(outcome.stderr)")
        var replies: [Int64: Int] = [:]
        for line in outcome.lines {
            let message = try JSON.parse(line)
            for reply in message.arrayValue ?? [message] {
                if let id = reply["id"]?.integerValue { replies[id, default: 0] += 1 }
            }
        }
        #expect(replies.filter { $0.value > 1 }.isEmpty, "ids answered more than once")
        #expect(replies[900000001] == 1)
        #expect(replies[900000002] == 1)
    }
}
