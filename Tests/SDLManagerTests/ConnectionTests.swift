import Clocks
import JSONCodec
import JSONRPC
import SDLManager
import SDLModel
import Testing

/// The JSON-RPC client against an in-memory head unit: ids, pipelining, errors, timeouts,
/// a crashing peer, notifications.
@Suite(.timeLimit(.minutes(1))) struct ConnectionTests {
    @Test func repliesAreMatchedByIDWhateverTheirOrder() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { request, _ in
            request.params["syncFileName"] == "first" ? .drop : .result(.success, info: "second")
        }
        try await withFakeConnection(headUnit) { connection in
            async let first = connection.send(DeleteFile("first"))
            await headUnit.waitFor(DeleteFile.method)
            let second = try await connection.send(DeleteFile("second"))
            #expect(second.info == "second")
            let held = await headUnit.requests(DeleteFile.method)[0]
            await headUnit.respond(to: held, with: .result(.success, info: "first"))
            #expect(try await first.info == "first")
        }
    }

    @Test func eachConnectionNumbersItsOwnRequests() async throws {
        for _ in 0..<2 {
            let headUnit = FakeHeadUnit()
            try await withFakeConnection(headUnit) { connection in
                for _ in 0..<3 { _ = try await connection.send(ListFiles()) }
            }
            #expect(await headUnit.requests.map(\.id) == [1, 2, 3])
        }
    }

    @Test func aFailedResultThrowsItsResultCodeAndInfo() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(PutFile.method) { _, _ in .result(.invalidData, info: "bulkData is not valid base64") }
        try await withFakeConnection(headUnit) { connection in
            let error = await #expect(throws: SDLResultError.self) {
                try await connection.send(PutFile(syncFileName: "a", fileType: .binary, bulkData: "!"))
            }
            #expect(error == SDLResultError(method: "PutFile", resultCode: .invalidData, info: "bulkData is not valid base64"))
        }
    }

    @Test func aJSONRPCErrorIsAProtocolError() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(ListFiles.method) { _, _ in .error(.methodNotFound("ListFiles")) }
        try await withFakeConnection(headUnit) { connection in
            await #expect(throws: SDLConnectionError.protocolError(method: "ListFiles", .methodNotFound("ListFiles"))) {
                try await connection.send(ListFiles())
            }
        }
    }

    @Test func aReplyThatNeverComesFailsOnlyItsRequest() async throws {
        let headUnit = FakeHeadUnit()
        let clock = TestClock()
        await headUnit.on(DeleteFile.method) { _, _ in .drop }
        try await withFakeConnection(headUnit, clock: clock) { connection in
            let lost = Task { try await connection.send(DeleteFile("never-answered")) }
            await headUnit.waitFor(DeleteFile.method)
            _ = try await connection.send(ListFiles())
            await clock.advance(by: .seconds(11))
            await #expect(throws: SDLConnectionError.timedOut(method: "DeleteFile", after: .seconds(10))) { try await lost.value }
            _ = try await connection.send(ListFiles())
        }
    }

    @Test func theLateAnswerToACancelledRequestIsKnownForWhatItIs() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { _, _ in .drop }
        let logs = CollectedLogs()
        try await SDLConnection.withConnection(
            reading: headUnit.output, writingTo: headUnit.sink, configuration: SDLConnection.Configuration(clock: TestClock(), logger: logs.logger)
        ) { connection in
            let cancelled = Task { try await connection.send(DeleteFile("given-up")) }
            await headUnit.waitFor(DeleteFile.method)
            cancelled.cancel()
            await #expect(throws: CancellationError.self) { try await cancelled.value }
            await headUnit.respond(to: await headUnit.requests(DeleteFile.method)[0], with: .result(.success))
            _ = try await connection.send(ListFiles())  // answered after the late answer
        }
        #expect(logs.messages.contains("the answer to DeleteFile (id 1) came after the app stopped waiting for it"))
        #expect(!logs.messages.contains { $0.hasPrefix("a reply to no pending request") })
    }

    @Test func aRequestsOwnTimeoutOverridesTheDefault() async throws {
        let headUnit = FakeHeadUnit()
        let clock = TestClock()
        await headUnit.on(DeleteFile.method) { _, _ in .drop }
        try await withFakeConnection(headUnit, clock: clock) { connection in
            let short = Task { try await connection.send(DeleteFile("short"), timeout: .seconds(1)) }
            let long = Task { try await connection.send(DeleteFile("long")) }
            await headUnit.waitFor(DeleteFile.method, count: 2)
            await clock.advance(by: .seconds(2))
            await #expect(throws: SDLConnectionError.timedOut(method: "DeleteFile", after: .seconds(1))) { try await short.value }
            await clock.advance(by: .seconds(9))
            await #expect(throws: SDLConnectionError.timedOut(method: "DeleteFile", after: .seconds(10))) { try await long.value }
        }
    }

    // MARK: Batches

    @Test func aBatchGoesOutWholeAndEachRequestGetsItsOwnAnswerInOrder() async throws {
        let headUnit = FakeHeadUnit()
        let clock = TestClock()
        await headUnit.on(DeleteFile.method) { request, _ in
            switch request.params["syncFileName"]?.stringValue {
            case "refused": .result(.rejected, info: "no")
            case "lost": .drop
            default: nil
            }
        }
        try await withFakeConnection(headUnit, clock: clock) { connection in
            let batch = Task { await connection.send(all: ["a", "refused", "lost", "b"].map { DeleteFile($0) }) }
            await headUnit.waitFor(DeleteFile.method, count: 4)
            #expect(await headUnit.requests.map(\.id) == [1, 2, 3, 4])
            #expect(await connection.requestsSent(DeleteFile.self) == 4)
            // Answered after the batch's answers: once it is, they are in.
            _ = try await connection.send(ListFiles())
            await clock.advance(by: .seconds(11))
            let outcomes = await batch.value
            #expect(outcomes.count == 4)
            #expect((try? outcomes[0].get()) != nil && (try? outcomes[3].get()) != nil)
            #expect(throws: SDLResultError(method: "DeleteFile", resultCode: .rejected, info: "no")) { try outcomes[1].get() }
            #expect(throws: SDLConnectionError.timedOut(method: "DeleteFile", after: .seconds(10))) { try outcomes[2].get() }
        }
    }

    @Test func aBatchPendingWhenThePeerDiesFailsWhole() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { _, call in call == 2 ? .crash : .drop }
        try await withFakeConnection(headUnit) { connection in
            let outcomes = await connection.send(all: [DeleteFile("1"), DeleteFile("2")])
            let gone = SDLConnectionError.disconnected(method: "DeleteFile", reason: "the head unit closed the connection")
            for outcome in outcomes { #expect(throws: gone) { try outcome.get() } }
        }
    }

    @Test func anEmptyBatchSendsNothingAndEndsAtOnce() async throws {
        try await withFakeConnection(FakeHeadUnit()) { connection in
            #expect(await connection.send(all: [DeleteFile]()).isEmpty)
            #expect(await connection.requestsSent(DeleteFile.self) == 0)
        }
    }

    @Test func aCancelledBatchEndsAtOnce() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { _, _ in .drop }
        try await withFakeConnection(headUnit) { connection in
            let batch = Task { await connection.send(all: [DeleteFile("1"), DeleteFile("2")]) }
            await headUnit.waitFor(DeleteFile.method, count: 2)
            batch.cancel()
            for outcome in await batch.value { #expect(throws: CancellationError.self) { try outcome.get() } }
        }
    }

    @Test func aCrashedPeerFailsEveryPendingRequestAtOnce() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { _, call in call == 3 ? .crash : .drop }
        try await withFakeConnection(headUnit) { connection in
            let first = Task { try await connection.send(DeleteFile("1")) }
            let second = Task { try await connection.send(DeleteFile("2")) }
            await headUnit.waitFor(DeleteFile.method, count: 2)
            let gone = SDLConnectionError.disconnected(method: "DeleteFile", reason: "the head unit closed the connection")
            await #expect(throws: gone) { try await connection.send(DeleteFile("3")) }
            await #expect(throws: gone) { try await first.value }
            await #expect(throws: gone) { try await second.value }
            #expect(await connection.closeReason == "the head unit closed the connection")
            await #expect(throws: SDLConnectionError.disconnected(method: "ListFiles", reason: "the head unit closed the connection")) {
                try await connection.send(ListFiles())
            }
        }
    }

    @Test func notificationsArriveTypedAndInOrder() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeConnection(headUnit) { connection in
            var statuses = await connection.notifications(OnHMIStatus.self).makeAsyncIterator()
            await headUnit.notify("OnHMIStatus", OnHMIStatus(.none, audio: .notAudible, context: .main).parameters)
            await headUnit.notify("OnKeyboardInput", OnKeyboardInput(.keypress, data: "a").parameters)
            await headUnit.notify("OnHMIStatus", ["hmiLevel": "NOT_A_LEVEL"])
            await headUnit.notify("OnHMIStatus", OnHMIStatus(.full, audio: .notAudible, context: .hmiObscured).parameters)
            #expect(await statuses.next()?.hmiLevel == HMILevel.none)
            let second = await statuses.next()
            #expect(second?.hmiLevel == .full)
            #expect(second?.systemContext == .hmiObscured)
        }
    }

    @Test func notificationsOfSeveralTypesKeepTheirOrder() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeConnection(headUnit) { connection in
            let events = await connection.notifications([OnHMIStatus.self, OnKeyboardInput.self])
            await headUnit.notify("OnKeyboardInput", OnKeyboardInput(.keypress, data: "a").parameters)
            await headUnit.notify("OnHMIStatus", OnHMIStatus(.full, audio: .notAudible, context: .main).parameters)
            await headUnit.notify("OnKeyboardInput", OnKeyboardInput(.entrySubmitted, data: "ab").parameters)
            var methods: [String] = []
            for await event in events.prefix(3) { methods.append(type(of: event).method) }
            #expect(methods == ["OnKeyboardInput", "OnHMIStatus", "OnKeyboardInput"])
        }
    }

    @Test func notificationSequencesEndWhenTheConnectionEnds() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeConnection(headUnit) { connection in
            let statuses = await connection.notifications(OnHMIStatus.self)
            await headUnit.crash()
            var count = 0
            for await _ in statuses { count += 1 }
            #expect(count == 0)
        }
    }

    @Test func cancellingTheWaitingTaskAbandonsOnlyThatRequest() async throws {
        let headUnit = FakeHeadUnit()
        await headUnit.on(DeleteFile.method) { _, _ in .drop }
        try await withFakeConnection(headUnit) { connection in
            let waiting = Task { try await connection.send(DeleteFile("slow")) }
            await headUnit.waitFor(DeleteFile.method)
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
            // Its late reply is dropped; the connection goes on.
            await headUnit.respond(to: await headUnit.requests(DeleteFile.method)[0], with: .result(.success))
            _ = try await connection.send(ListFiles())
        }
    }

    @Test func closingTheConnectionEndsItsOutput() async throws {
        let headUnit = FakeHeadUnit()
        try await withFakeConnection(headUnit) { connection in
            _ = try await connection.send(ListFiles())
        }
        #expect(try await eventually { await headUnit.inputEnded })
    }

    @Test func aRequestFromTheHeadUnitIsAnsweredMethodNotFound() async throws {
        let answer = TestSink()
        let incoming = AsyncStream<[UInt8]> { continuation in
            continuation.yield(Array(#"{"jsonrpc":"2.0","id":9,"method":"UI.Alert"}"#.utf8) + [0x0A])
        }
        let answered = try await SDLConnection.withConnection(reading: incoming, writingTo: answer) { _ in
            try await eventually { await answer.text.contains(#""id":9,"error":{"code":-32601"#) }
        }
        #expect(answered)
    }

    /// hu-sim's plain success reply is read from its bytes; what only looks like it is JSON's.
    @Test func aPlainSuccessReplyAnswersItsRequestAndLookalikesAreParsedAsJSON() async throws {
        let (incoming, headUnit) = AsyncStream<[UInt8]>.makeStream()
        let reply = { (id: String, result: String) in Array(#"{"jsonrpc":"2.0","id":\#(id),"result":\#(result)}"#.utf8) + [0x0A] }
        try await SDLConnection.withConnection(reading: incoming, writingTo: TestSink()) { connection async throws -> Void in
            let first = Task { try await connection.send(DeleteFile("a")) }
            #expect(try await eventually { await connection.requestsSent(DeleteFile.self) == 1 })
            // A leading zero is not JSON: that line is dropped, and request 1 gets the answer after it.
            headUnit.yield(reply("01", #"{"success":true,"resultCode":"SUCCESS"}"#))
            headUnit.yield(reply("1", #"{"success":false,"resultCode":"REJECTED"}"#))
            await #expect(throws: SDLResultError(method: "DeleteFile", resultCode: .rejected, info: nil)) { try await first.value }
            let second = Task { try await connection.send(DeleteFile("b")) }
            let third = Task { try await connection.send(DeleteFile("c")) }
            #expect(try await eventually { await connection.requestsSent(DeleteFile.self) == 3 })
            headUnit.yield(reply("3", #"{"success":true,"resultCode":"SUCCESS"}"#))
            // The same answer spelt otherwise.
            headUnit.yield(reply("2", #"{"success":true, "resultCode":"SUCCESS"}"#))
            #expect(try await second.value.resultCode == .success)
            #expect(try await third.value.resultCode == .success)
        }
    }
}

/// Collects what a connection writes.
actor TestSink: ByteSink {
    private(set) var bytes: [UInt8] = []
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func write(_ bytes: [UInt8]) async throws { self.bytes += bytes }
    func finish() async {}
}
