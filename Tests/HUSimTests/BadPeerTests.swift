import Foundation
import JSONCodec
import Synchronization
import Testing
import TestSupport

/// Peers that misbehave on the pipes (issue #11): input that ends in the middle of
/// something, a reader that goes away or stops reading, and lines or batches far bigger
/// than usual. `hu-sim` must answer what PROTOCOL.md §1–2 says, keep its memory bounded,
/// and exit 0 without a crash dump.
@Suite(.ownThreads) struct BadPeers {
    private static func ping(_ id: String) -> String { #"{"jsonrpc":"2.0","id":"\#(id)","method":"No.Such.Method"}"# }
    private static func ping(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"No.Such.Method"}"# }

    private static let register = StorageSimulator.line(id: 1, method: "RegisterAppInterface", params: StorageSimulator.registration())

    // MARK: Input that ends too early

    @Test func aLineCutOffByTheEndOfInputIsAParseErrorAndTheExitIsClean() throws {
        let input = Self.ping("a") + "\n" + #"{"jsonrpc":"2.0","id":"cut","meth"#
        let outcome = try SimulatorProcess.run(input: Data(input.utf8))
        #expect(outcome.messages.map { $0["id"] } == [.string("a"), .null])
        #expect(outcome.messages.last?["error"]?["code"] == .integer(-32700))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }

    @Test func aBatchCutOffByTheEndOfInputIsOneParseErrorAndNoneOfItsRequestsIsAnswered() throws {
        let input = "[" + Self.ping("1") + "," + Self.ping("2") + #",{"jsonrpc":"2.0","id":"3","#
        let outcome = try SimulatorProcess.run(input: Data(input.utf8))
        #expect(outcome.messages.count == 1, "\(outcome.lines)")
        #expect(outcome.messages.first?["id"] == .null)
        #expect(outcome.messages.first?["error"]?["code"] == .integer(-32700))
        #expect(outcome.status == 0)
    }

    @Test func anInteractionOpenWhenInputEndsMidLineIsAbortedAfterTheCutLineIsReported() throws {
        let choiceSet = #"{"interactionChoiceSetID":1,"choiceSet":[{"choiceID":1,"menuName":"Berlin"}]}"#
        let perform = #"{"initialText":"Pick","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[1]}"#
        let input = [
            Self.register,
            #"{"jsonrpc":"2.0","id":2,"method":"CreateInteractionChoiceSet","params":\#(choiceSet)}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"PerformInteraction","params":\#(perform)}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"User.SelectCh"#,
        ].joined(separator: "\n")
        let outcome = try SimulatorProcess.run(input: Data(input.utf8))
        let messages = outcome.messages
        let parseError = messages.firstIndex { $0["error"]?["code"] == .integer(-32700) }
        let aborted = messages.firstIndex { $0["id"] == .integer(3) }
        #expect(messages.filter { $0["id"] == .integer(3) }.count == 1)
        #expect(aborted.map { messages[$0]["result"]?.resultCodeText } == "ABORTED")
        // PROTOCOL §1: the rest of the input first, then the app is gone.
        #expect(parseError != nil && aborted != nil && parseError! < aborted!, "\(outcome.lines)")
        #expect(outcome.status == 0)
    }

    // MARK: A reader that goes away or stops reading

    @Test func aReaderThatClosesStdoutEndsTheSimulatorWithOneLogLineAndExitZero() throws {
        let simulator = try StorageSimulator(["--clock", "virtual"], capturingStandardError: true)
        #expect(simulator.register().resultCodeText == "SUCCESS")
        simulator.closeOutput()
        // Its next reply finds the pipe closed (EPIPE; SIGPIPE would kill it silently). A
        // process the test runner starts at that moment holds the pipe open between its fork
        // and exec, and replies then go through (seen under load): pings go on, spread over
        // up to 10 s, until the simulator stops reading.
        var sent = 0
        while sent < 10_000, simulator.send(Self.ping(sent)) {
            sent += 1
            if sent % 10 == 0 { usleep(10_000) }
        }
        #expect(simulator.waitForExit() == 0)
        let log = simulator.standardErrorText()
        #expect(log.contains("stdout was closed by the reader; exiting"), "\(log)")
        for crashSign in ["Fatal error", "Stack dump", "Illegal instruction", "Segmentation", "Backtrace", "💣"] {
            #expect(!log.contains(crashSign), "\(log)")
        }
        #expect(log.split(separator: "\n").count == 1, "\(log)")
    }

    /// Counts what the flooding writer got into the pipe.
    private final class Flood: Sendable {
        let bytesSent = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
    }

    @Test func aReaderThatStopsReadingStopsTheSimulatorReadingAndItsMemoryStaysBounded() throws {
        let simulator = try StorageSimulator(["--clock", "virtual"])
        simulator.register()
        // Warm up with the same traffic, read as it comes, so the baseline has seen it.
        for round in 0..<20 {
            for id in 0..<100 { simulator.send(Self.ping(-1 - round * 100 - id)) }
            _ = simulator.result(of: Int64(-100 - round * 100))  // and the registration's notifications before it
        }
        let baseline = try #require(simulator.peakMemoryBytes)

        // Far more replies than the pipe, the simulator's output bound and its read block hold together.
        let requests = 200_000
        let linesPerWrite = 500
        let totalBytes = (0..<requests).reduce(0) { $0 + Self.ping($1).utf8.count + 1 }
        let flood = Flood()
        Thread {
            for first in stride(from: 0, to: requests, by: linesPerWrite) {
                let text = (first..<min(first + linesPerWrite, requests)).map { Self.ping($0) + "\n" }.joined()
                guard text.utf8.withContiguousStorageIfAvailable({ simulator.sendBytes(UnsafeRawBufferPointer($0)) }) == true
                else { break }
                flood.bytesSent.add(text.utf8.count, ordering: .relaxed)
            }
            flood.done.store(true, ordering: .releasing)
        }.start()

        // Nobody reads: its output fills, then it stops reading, and its input fills too, well
        // before the end of the flood (a simulator that went on reading would keep it empty).
        simulator.waitUntilItsOutputIsFull(seconds: 120)
        simulator.waitUntilItsInputIsFull(seconds: 120)
        let floodEnded = flood.done.load(ordering: .acquiring)
        #expect(!floodEnded, "the simulator took all the input while nobody read its output")
        let stalledAt = flood.bytesSent.load(ordering: .relaxed)
        #expect(stalledAt < totalBytes / 4, "the simulator read \(stalledAt) of \(totalBytes) bytes while nobody read")
        let peak = try #require(simulator.peakMemoryBytes)
        let growth = peak - baseline
        #expect(Sanitizer.isActive || growth < 4 << 20, "VmHWM grew by \(growth >> 10) KiB (from \(baseline >> 10) KiB) while output was blocked")
        print("BadPeers: nobody reading, the simulator took \(stalledAt >> 10) of \(totalBytes >> 10) KiB of requests; VmHWM +\(growth >> 10) KiB")

        // Reading again: every request is answered, once, in order.
        var answered = 0
        while answered < requests, let message = simulator.nextMessage() {
            guard message["id"] == .integer(Int64(answered)) else {
                Issue.record("reply \(answered) is \(message)")
                break
            }
            answered += 1
        }
        #expect(answered == requests)
        guard answered == requests else {
            simulator.kill(SIGKILL)  // the writer may be stuck on a simulator nobody reads any more
            _ = simulator.waitForExit()
            return
        }
        // The writer ends as the simulator takes its last request (answered above): bounded.
        let writerDeadline = Date().addingTimeInterval(30)
        while !flood.done.load(ordering: .acquiring), Date() < writerDeadline { usleep(1000) }
        let writerEnded = flood.done.load(ordering: .acquiring)
        #expect(writerEnded, "the writer was still writing 30 s after every request was answered")
        #expect(simulator.finish() == 0)
    }

    // MARK: Big batches and long lines

    @Test func tenThousandRequestsInOneBatchGetOneArrayOfTenThousandRepliesInOrder() throws {
        let count = 10_000
        let batch = "[" + (0..<count).map { Self.ping($0) }.joined(separator: ",") + "]"
        let outcome = try SimulatorProcess.run(lines: [batch, Self.ping("after")])
        #expect(outcome.status == 0)
        let messages = outcome.messages
        #expect(messages.count == 2)
        let replies = try #require(messages.first?.arrayValue)
        #expect(replies.count == count)
        #expect(replies.map { $0["id"] } == (0..<count).map { .integer(Int64($0)) })
        #expect(replies.allSatisfy { $0["error"]?["code"] == .integer(-32601) })
        #expect(messages.last?["id"] == .string("after"))
    }

    /// PROTOCOL §1's default limit, 16 MiB (the framing of a limit is pinned down with a small
    /// `--max-line-bytes` in JSONRPCOverStdio and LineFraming).
    @Test func aLineOfExactlyTheDefaultLimitIsReadAndOneByteMoreIsRefused() throws {
        let limit = 16 << 20
        let head = #"{"jsonrpc":"2.0","id":"exact","method":"M","params":{"pad":""#
        let padding = String(repeating: "x", count: limit - head.utf8.count - 3)
        let exact = head + padding + #""}}"#
        let over = #"{"jsonrpc":"2.0","id":"over!","method":"M","params":{"pad":""# + padding + #"x"}}"#
        #expect(exact.utf8.count == limit)
        #expect(over.utf8.count == limit + 1)
        let outcome = try SimulatorProcess.run(lines: [exact, over, Self.ping("after")])
        let messages = outcome.messages
        #expect(messages.map { $0["id"] } == [.string("exact"), .null, .string("after")])
        #expect(messages.map { $0["error"]?["code"] } == [.integer(-32601), .integer(-32600), .integer(-32601)])
        #expect(outcome.status == 0)
    }

    /// 1 GiB: streamed through a pipe and skipped, it takes about a second even in a debug build.
    static let hugeLineBytes = 1 << 30

    @Test func aHugeLineStreamedInChunksIsSkippedWithoutHoldingIt() throws {
        let limit = 1 << 20
        let simulator = try StorageSimulator(["--clock", "virtual", "--max-line-bytes", "\(limit)"])
        simulator.register()
        simulator.send(Self.ping("before"))
        #expect(simulator.nextReply()?["id"] == .string("before"))
        let baseline = try #require(simulator.peakMemoryBytes)

        // Made as it is sent, 1 MiB at a time: neither side ever holds the line.
        let head = Array(#"{"jsonrpc":"2.0","id":"huge","method":"M","params":{"x":""#.utf8)
        let tail = Array((#""}}"# + "\n" + Self.ping("after") + "\n").utf8)
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        var remaining = Self.hugeLineBytes - head.count - 3
        let started = Date()
        #expect(head.withUnsafeBytes { simulator.sendBytes($0) })
        while remaining > 0 {
            let count = min(remaining, block.count)
            guard block.withUnsafeBytes({ simulator.sendBytes(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else { break }
            remaining -= count
        }
        #expect(remaining == 0, "the simulator stopped reading")
        #expect(tail.withUnsafeBytes { simulator.sendBytes($0) })

        let tooLong = simulator.nextReply()
        #expect(tooLong?["id"] == .null)
        #expect(tooLong?["error"]?["code"] == .integer(-32600))
        #expect(simulator.nextReply()?["id"] == .string("after"))
        let peak = try #require(simulator.peakMemoryBytes)
        #expect(Sanitizer.isActive || peak - baseline < 8 << 20, "VmHWM grew by \((peak - baseline) >> 10) KiB for a \(Self.hugeLineBytes >> 20) MiB line")
        #expect(simulator.finish() == 0)
        print("BadPeers: a \(Self.hugeLineBytes >> 20) MiB line skipped in \(Int(Date().timeIntervalSince(started) * 1000)) ms, VmHWM +\((peak - baseline) >> 10) KiB")
    }
}
