import Testing

@testable import SDLProtocol

/// Frames from bytes, however the bytes are cut.
private func frames(_ chunks: [[UInt8]], limit: Int = 1000) throws(FramingError) -> [Frame] {
    var reader = FrameReader(maximumDataSize: limit)
    var frames: [Frame] = []
    for chunk in chunks { try reader.feed(chunk) { frames.append($0) } }
    return frames
}

@Suite struct Framing {
    @Test func aHeaderIsTwelveBigEndianBytes() {
        let header = FrameHeader(
            version: 5, encrypted: true, frameType: .consecutive, serviceType: 0x07, frameInfo: 0x2A, sessionID: 9,
            dataSize: 0x0102_0304, messageID: 0x0A0B_0C0D)
        var bytes: [UInt8] = []
        header.write(into: &bytes)
        #expect(bytes == [0x5B, 0x07, 0x2A, 0x09, 0x01, 0x02, 0x03, 0x04, 0x0A, 0x0B, 0x0C, 0x0D])
    }

    @Test func versionOneHeadersHaveNoMessageID() throws {
        let frame = try frames([[0x11, 0x07, 0x00, 0x01, 0, 0, 0, 2, 0xAB, 0xCD]]).first
        #expect(frame?.header.version == 1)
        #expect(frame?.payload == [0xAB, 0xCD])
    }

    @Test func framesSplitAnywhereComeOutWhole() throws {
        let one = Frame(header: FrameHeader(frameType: .single, serviceType: 7, frameInfo: 0, sessionID: 1, dataSize: 3, messageID: 1), payload: [1, 2, 3])
        let two = Frame.control(.heartbeat, serviceType: 0, sessionID: 1)
        let stream = one.bytes + two.bytes
        for cut in 0...stream.count {
            #expect(try frames([Array(stream[..<cut]), Array(stream[cut...])]) == [one, two])
        }
        #expect(try frames(stream.map { [$0] }) == [one, two])
    }

    @Test func aFrameOverTheLimitIsAnErrorBeforeItsDataArrives() {
        let header = FrameHeader(frameType: .single, serviceType: 7, frameInfo: 0, sessionID: 1, dataSize: 1001, messageID: 1)
        var bytes: [UInt8] = []
        header.write(into: &bytes)
        #expect(throws: FramingError.dataSizeTooLarge(1001, limit: 1000)) { try frames([bytes]) }
    }

    @Test func versionZeroAndFrameTypesBeyondThreeAreErrors() {
        #expect(throws: FramingError.versionZero) { try frames([[0x01, 7, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]]) }
        #expect(throws: FramingError.unknownFrameType(5)) { try frames([[0x55, 7, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]]) }
    }
}

@Suite struct MessageAssembly {
    private func message(_ size: Int) -> Message {
        Message(serviceType: 7, sessionID: 1, messageID: 42, payload: (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) })
    }

    /// What the fragmenter writes, read back as frames.
    private func fragments(_ message: Message, mtu: Int) throws -> [Frame] {
        var bytes: [UInt8] = []
        MessageFragmenter.write(message, mtu: mtu, into: &bytes)
        return try frames([bytes], limit: max(mtu, 8))  // a first frame always carries 8 bytes
    }

    @Test func aMessageThatFitsIsOneSingleFrame() throws {
        let parts = try fragments(message(100), mtu: 100)
        #expect(parts.map(\.header.frameType) == [.single])
    }

    @Test func aLargerMessageIsAFirstFrameAndNumberedConsecutiveFrames() throws {
        let parts = try fragments(message(250), mtu: 100)
        #expect(parts.map(\.header.frameType) == [.first, .consecutive, .consecutive, .consecutive])
        #expect(parts[0].payload == [0, 0, 0, 250, 0, 0, 0, 3])
        #expect(parts.dropFirst().map(\.header.frameInfo) == [1, 2, 0])
        #expect(parts.dropFirst().map(\.payload.count) == [100, 100, 50])
    }

    @Test func sequenceNumbersWrapFrom255To1() throws {
        let parts = try fragments(message(300), mtu: 1)
        #expect(parts[255].header.frameInfo == 255)
        #expect(parts[256].header.frameInfo == 1)
        #expect(parts.last?.header.frameInfo == 0)
    }

    @Test(arguments: [1, 7, 100, 249, 250, 251, 1000])
    func fragmentsAssembleIntoTheMessage(_ mtu: Int) throws {
        var assembler = MessageAssembler(maximumMessageSize: 10_000)
        var assembled: [Message] = []
        for frame in try fragments(message(250), mtu: mtu) {
            if let done = try assembler.take(frame) { assembled.append(done) }
        }
        #expect(assembled == [message(250)])
        #expect(assembler.messagesInFlight == 0)
    }

    @Test func frameOrderAndAnnouncedSizesAreChecked() throws {
        let parts = try fragments(message(250), mtu: 100)
        func assemble(_ frames: [Frame], limit: Int = 10_000) throws(AssemblyError) {
            var assembler = MessageAssembler(maximumMessageSize: limit)
            for frame in frames { _ = try assembler.take(frame) }
        }
        #expect(throws: AssemblyError.self) { try assemble([parts[0], parts[2]]) }  // a frame skipped
        #expect(throws: AssemblyError.self) { try assemble([parts[1]]) }  // no first frame
        #expect(throws: AssemblyError.self) { try assemble([parts[0], parts[0]]) }  // begun twice
        #expect(throws: AssemblyError.self) { try assemble([parts[0], parts[1], parts[3]]) }  // ends short
        #expect(throws: AssemblyError.self) { try assemble([parts[0]], limit: 249) }  // over the limit, at once
        var first = parts[0]
        first.payload = [0, 0, 0, 250, 0, 0, 0, 3, 0]
        #expect(throws: AssemblyError.self) { try assemble([first]) }  // not 8 bytes
    }

    @Test func messagesInFlightAreBounded() throws {
        var assembler = MessageAssembler(maximumMessageSize: 10_000, maximumMessagesInFlight: 2)
        for id in UInt32(1)...2 {
            var first = try fragments(message(250), mtu: 100)[0]
            first.header.messageID = id
            _ = try assembler.take(first)
        }
        var third = try fragments(message(250), mtu: 100)[0]
        third.header.messageID = 3
        #expect(throws: AssemblyError.self) { try assembler.take(third) }
    }
}

@Suite struct RPCMessages {
    @Test func theBinaryHeaderCarriesTypeFunctionCorrelationAndJSONSize() throws {
        let message = RPCMessage(kind: .response, functionID: 32, correlationID: 65529, json: Array(#"{"a":1}"#.utf8), bulkData: [9, 9])
        let payload = message.payload
        #expect(Array(payload[0..<12]) == [0x10, 0, 0, 32, 0, 0, 0xFF, 0xF9, 0, 0, 0, 7])
        #expect(try RPCMessage(payload: payload) == message)
    }

    @Test func notificationFunctionIDsUseTheLow28Bits() throws {
        let message = RPCMessage(kind: .notification, functionID: 32768, correlationID: 0, json: [])
        #expect(Array(message.payload[0..<4]) == [0x20, 0, 0x80, 0])
        #expect(try RPCMessage(payload: message.payload).functionID == 32768)
    }

    @Test func aShortOrInconsistentHeaderIsRefused() {
        #expect(throws: AssemblyError.self) { try RPCMessage(payload: [0, 0, 0, 1]) }
        #expect(throws: AssemblyError.self) { try RPCMessage(payload: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 5, 1, 2]) }
        #expect(throws: AssemblyError.self) { try RPCMessage(payload: [0x30, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0]) }
    }
}
