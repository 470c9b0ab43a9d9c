import JSONCodec

/// Where the answer to one request goes: its `id`, and its place in a batch if it came in one.
///
/// A handler keeps the address of a request it answers later (a `PerformInteraction` that
/// waits for the user) and hands it back with the answer; two requests that share an `id`
/// still get their own addresses.
public struct ReplyAddress: Sendable, Hashable {
    public let id: JSON
    let batch: BatchSlot?

    struct BatchSlot: Sendable, Hashable {
        let batch: Int
        let slot: Int
    }

    public init(id: JSON) {
        self.id = id
        self.batch = nil
    }

    init(id: JSON, batch: BatchSlot?) {
        self.id = id
        self.batch = batch
    }
}

/// Takes output that has grown past the host's high-water mark (writes it out).
public typealias OutputDrain = (inout [UInt8]) -> Void

/// What a line holds for the handler, once the router has answered what it could itself.
public enum ReceivedLine {
    /// Nothing to run: the line was a protocol error (answered), a notification-free
    /// response, or broken.
    case nothing
    case call(Call)
    /// A batch: its calls come one at a time from `BatchCalls.next`, so a batch of any
    /// length never has more than one element parsed at once.
    case batch(BatchCalls)
}

/// Turns lines into calls and answers into lines, per JSON-RPC 2.0: single messages are
/// answered on a line each; a batch is answered by one array line once every request in
/// it has its answer (in the batch's order), and a batch of notifications by nothing.
///
/// Memory per line is bounded (docs/behaviour.md, "Bad peers, bounds and faults"): a
/// message holding more than `maximumValues` values is refused before any tree is built
/// for it; a batch is read element by element; a batch's replies are kept compactly until
/// it is complete, and once they pass `budget` its further requests are answered without
/// being run.
public struct ReplyRouter: Sendable {
    /// The most values (array elements and object members, each counted once) one message
    /// may hold: SDL's largest requests hold a few thousand.
    public static let maximumValuesPerMessage = 100_000

    private struct PendingBatch: Sendable {
        /// The replies given so far, each an entry `[length: 4 bytes][kind: 1 byte][payload]`:
        /// kind 0, the reply's bytes; kind k > 0, the id's text for `sharedErrors[k - 1]`.
        /// In chunks of about 1 MiB, so the memory held is what the replies fill (one array
        /// would double, leaving up to half of it empty).
        var held: [[UInt8]] = []
        var heldBytes = 0
        /// Per request, in the batch's order: where its entry is (`chunk << 32 | offset`),
        /// `unanswered`, or `-2 - k` for `sharedErrors[k]` addressed to id null.
        var slots: [Int] = []
        var missing = 0
        /// True until its whole line has been read: until then it is never complete.
        var isOpen = true
        /// Once `held` passes this, the batch's further requests are not run.
        let budget: Int

        static let unanswered = -1

        var isComplete: Bool { !isOpen && missing == 0 }

        mutating func openSlot() -> Int {
            slots.append(Self.unanswered)
            missing += 1
            return slots.count - 1
        }

        static let chunkBytes = 1 << 20

        /// Keeps an entry written by `write` straight into the last chunk of `held`.
        mutating func hold(kind: UInt8, at slot: Int, _ write: (inout [UInt8]) -> Void) {
            if held.last.map({ $0.count >= Self.chunkBytes }) ?? true {
                held.append([])
                held[held.count - 1].reserveCapacity(Self.chunkBytes + (1 << 12))
            }
            let chunk = held.count - 1
            let start = held[chunk].count
            for _ in 0..<4 { held[chunk].append(0) }
            held[chunk].append(kind)
            write(&held[chunk])
            let length = held[chunk].count - start - 5
            held[chunk].withUnsafeMutableBytes { $0.storeBytes(of: UInt32(length).littleEndian, toByteOffset: start, as: UInt32.self) }
            heldBytes += length + 5
            slots[slot] = chunk << 32 | start
            missing -= 1
        }

        mutating func holdShared(_ index: Int, id: JSON, at slot: Int) {
            if id.isNull {
                slots[slot] = -2 - index
                missing -= 1
            } else {
                hold(kind: UInt8(index + 1), at: slot) { id.write(into: &$0) }
            }
        }
    }

    /// The batch whose line is being read, kept out of the table: most batches are complete
    /// when their line ends and never need it.
    private var reading: (number: Int, batch: PendingBatch)?
    /// Batches read to their end and still waiting for late answers.
    private var batches: [Int: PendingBatch] = [:]
    private var nextBatch = 0
    /// The router's own error replies, which batches store by number instead of as bytes.
    private var sharedErrors: [RPCError] = []
    private let maximumValues: Int
    private let batchReplyAllowance: Int

    /// `batchReplyAllowance`: what a batch's replies may fill beyond 4 times its line's size.
    public init(maximumValuesPerMessage: Int = ReplyRouter.maximumValuesPerMessage, batchReplyAllowance: Int = 16 << 20) {
        self.maximumValues = maximumValuesPerMessage
        self.batchReplyAllowance = batchReplyAllowance
    }

    /// Number of batches still waiting for answers.
    public var pendingBatchCount: Int { batches.count + (reading == nil ? 0 : 1) }

    /// Reads one line. Protocol errors are answered on `output` at once (or kept for their
    /// batch); what remains for the handler is returned.
    public mutating func receive(line: UnsafeRawBufferPointer, output: inout [UInt8]) -> ReceivedLine {
        if let elements = JSONOutline.elements(of: line) { return receiveBatch(line, elements, output: &output) }
        if line.count > maximumValues, JSONOutline.measure(line).values > maximumValues {
            writeLine(id: .null, .failure(tooManyValues), into: &output)
            return .nothing
        }
        let json: JSON
        do {
            json = try JSON.parse(line)
        } catch {
            writeLine(id: .null, .failure(Self.parseError(error, line)), into: &output)
            return .nothing
        }
        switch IncomingMessage(json) {
        case .call(let method, let params, let id):
            return .call(Call(method: method, params: params, replyTo: id.map { ReplyAddress(id: $0) }))
        case .response:
            return .nothing  // The simulator sends no requests, so it expects no responses.
        case .invalid(let error, let id):
            if let id { writeLine(id: id, .failure(error), into: &output) }
            return .nothing
        }
    }

    /// Answers a line over the limit: an Invalid Request with a null id.
    public func rejectTooLongLine(limit: Int, output: inout [UInt8]) {
        writeLine(id: .null, .failure(.invalidRequest("line longer than \(limit) bytes")), into: &output)
    }

    /// Writes the answer to the request at `address`, or keeps it until its batch is
    /// complete; a completed batch's array is written through `drain` as it grows.
    public mutating func answer(
        _ address: ReplyAddress, _ outcome: Result<JSON, RPCError>, output: inout [UInt8], drain: OutputDrain? = nil
    ) {
        answer(address, output: &output, drain: drain) { MessageWriter.writeResponse(id: address.id, outcome: outcome, into: &$0) }
    }

    /// Answers with a result already serialized (compact JSON): for answers built once and
    /// sent often, whose tree need not be written again each time.
    public mutating func answer(_ address: ReplyAddress, serializedResult: [UInt8], output: inout [UInt8], drain: OutputDrain? = nil) {
        answer(address, output: &output, drain: drain) { MessageWriter.writeResponse(id: address.id, serializedResult: serializedResult, into: &$0) }
    }

    private mutating func answer(_ address: ReplyAddress, output: inout [UInt8], drain: OutputDrain?, _ writeResponse: (inout [UInt8]) -> Void) {
        guard let slot = address.batch else {
            writeResponse(&output)
            output.append(UInt8(ascii: "\n"))
            return
        }
        let complete = withBatch(slot.batch) { batch in
            guard batch.slots[slot.slot] == PendingBatch.unanswered else { return false }
            batch.hold(kind: 0, at: slot.slot, writeResponse)
            return batch.isComplete
        }
        if complete == true, let batch = batches.removeValue(forKey: slot.batch) { write(batch, into: &output, drain: drain) }
    }

    /// The batch's line has been read to its end: from now on it is complete once every
    /// request in it has its answer.
    public mutating func finish(_ calls: BatchCalls, output: inout [UInt8], drain: OutputDrain? = nil) {
        guard var batch = reading?.batch, reading?.number == calls.number else { return }
        reading = nil
        batch.isOpen = false
        if batch.isComplete { write(batch, into: &output, drain: drain) } else { batches[calls.number] = batch }
    }

    private mutating func withBatch<T>(_ number: Int, _ body: (inout PendingBatch) -> T) -> T? {
        if reading?.number == number { return body(&reading!.batch) }
        guard batches[number] != nil else { return nil }
        return body(&batches[number]!)
    }

    // MARK: Batches

    private static let tooManyValues = RPCError.invalidRequest("a message holds more than \(maximumValuesPerMessage) values")

    private var tooManyValues: RPCError {
        maximumValues == Self.maximumValuesPerMessage
            ? Self.tooManyValues : .invalidRequest("a message holds more than \(maximumValues) values")
    }

    /// Checks the whole batch first (a broken element makes the line one parse error, and
    /// none of its requests runs), one element at a time; then hands its calls out.
    private mutating func receiveBatch(
        _ line: UnsafeRawBufferPointer, _ elements: JSONOutline.Elements, output: inout [UInt8]
    ) -> ReceivedLine {
        var check = elements
        var count = 0
        // The first elements are kept parsed (within one message's bound on values), so
        // a batch of modest size is parsed once, not twice.
        var parsed: [JSON] = []
        var parsedValues = 0
        do throws(JSONParseError) {
            while let element = try check.next() {
                if element.values > maximumValues {
                    writeLine(id: .null, .failure(tooManyValues), into: &output)
                    return .nothing
                }
                // jansson's depth bound counts the batch's own array too.
                if element.depth >= JSON.maximumDepth {
                    throw JSONParseError(message: "maximum parsing depth reached", position: element.range.lowerBound)
                }
                let text = UnsafeRawBufferPointer(rebasing: line[element.range])
                do {
                    if parsed.count == count, parsedValues + element.values <= maximumValues {
                        parsed.append(try JSON.parse(text))
                        parsedValues += element.values
                    } else {
                        try JSON.validate(text)
                    }
                } catch {
                    throw JSONParseError(message: error.message, position: element.range.lowerBound + error.position)
                }
                count += 1
            }
        } catch {
            writeLine(id: .null, .failure(Self.parseError(error, line)), into: &output)
            return .nothing
        }
        guard count > 0 else {
            writeLine(id: .null, .failure(.invalidRequest("an empty batch")), into: &output)
            return .nothing
        }
        let number = nextBatch
        nextBatch += 1
        var batch = PendingBatch(budget: 4 * line.count + batchReplyAllowance)
        batch.slots.reserveCapacity(count)
        reading = (number, batch)
        return .batch(BatchCalls(number: number, line: line, elements: elements, parsed: parsed))
    }

    /// A batch's replies are kept until it is complete: past its budget, its further requests
    /// are not run (a reply can be far bigger than its request: `Sim.GetState`).
    private static let notRun = RPCError.internalError(
        "not run: the batch's replies so far passed what the simulator keeps for one batch (4 times its line's size + 16 MiB)")

    /// The next element's call, after answering (or keeping the answers of) the elements
    /// before it that are not calls or may not run.
    fileprivate mutating func nextCall(in reader: inout BatchCalls) -> Call? {
        guard let number = reading?.number, number == reader.number else { return nil }
        while let json = reader.nextElement() {
            switch IncomingMessage(json) {
            case .call(let method, let params, let id):
                guard let id else { return Call(method: method, params: params, replyTo: nil) }
                let slot = reading!.batch.openSlot()
                guard reading!.batch.heldBytes <= reading!.batch.budget else {
                    reading!.batch.holdShared(sharedErrorIndex(Self.notRun), id: id, at: slot)
                    continue
                }
                return Call(method: method, params: params, replyTo: ReplyAddress(id: id, batch: .init(batch: number, slot: slot)))
            case .response:
                continue
            case .invalid(let error, let id):
                guard let id else { continue }
                let index = sharedErrorIndex(error)
                reading!.batch.holdShared(index, id: id, at: reading!.batch.openSlot())
            }
        }
        return nil
    }

    private mutating func sharedErrorIndex(_ error: RPCError) -> Int {
        if let index = sharedErrors.firstIndex(of: error) { return index }
        sharedErrors.append(error)
        return sharedErrors.count - 1
    }

    /// Writes a complete batch's array, through `drain` as it grows: it can be far longer than
    /// what the batch holds (one shared error stands for every `1` in `[1,1,…]`).
    private func write(_ batch: PendingBatch, into output: inout [UInt8], drain: OutputDrain?) {
        guard !batch.slots.isEmpty else { return }  // only notifications: nothing to answer
        output.append(UInt8(ascii: "["))
        for (index, slot) in batch.slots.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writeHeld(slot, of: batch, into: &output)
            if let drain, output.count >= 1 << 16 { drain(&output) }
        }
        output.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
    }

    private func writeHeld(_ slot: Int, of batch: PendingBatch, into output: inout [UInt8]) {
        guard slot >= 0 else {
            MessageWriter.writeResponse(id: .null, outcome: .failure(sharedErrors[-2 - slot]), into: &output)
            return
        }
        let start = slot & 0xFFFF_FFFF
        batch.held[slot >> 32].withUnsafeBytes { held in
            let length = Int(UInt32(littleEndian: held.loadUnaligned(fromByteOffset: start, as: UInt32.self)))
            let kind = held[start + 4]
            let payload = UnsafeRawBufferPointer(rebasing: held[(start + 5)..<(start + 5 + length)])
            if kind == 0 {
                output.append(contentsOf: payload)
            } else {
                let id = (try? JSON.parse(payload)) ?? .null
                MessageWriter.writeResponse(id: id, outcome: .failure(sharedErrors[Int(kind) - 1]), into: &output)
            }
        }
    }

    // MARK: Lines

    /// A parse error; a line that starts with a UTF-8 byte-order mark is told so.
    private static func parseError(_ error: JSONParseError, _ line: UnsafeRawBufferPointer) -> RPCError {
        if line.starts(with: [0xEF, 0xBB, 0xBF]) {
            return .parseError("the line starts with a UTF-8 byte-order mark (EF BB BF), which JSON-RPC lines must not have")
        }
        return .parseError(error.message)
    }

    private func writeLine(id: JSON, _ outcome: Result<JSON, RPCError>, into output: inout [UInt8]) {
        MessageWriter.writeResponse(id: id, outcome: outcome, into: &output)
        output.append(UInt8(ascii: "\n"))
    }
}

/// The calls of one batch line, handed out one at a time (`next`), each parsed only when
/// its turn comes. Valid while the line's bytes are: within the host's handling of the line.
public struct BatchCalls {
    fileprivate let number: Int
    fileprivate let line: UnsafeRawBufferPointer
    fileprivate var elements: JSONOutline.Elements
    /// The first elements, already parsed when the batch was checked.
    fileprivate var parsed: [JSON]
    private var taken = 0

    fileprivate init(number: Int, line: UnsafeRawBufferPointer, elements: JSONOutline.Elements, parsed: [JSON]) {
        self.number = number
        self.line = line
        self.elements = elements
        self.parsed = parsed
    }

    /// The next call to run; protocol errors among the elements are kept for the batch's array.
    public mutating func next(_ router: inout ReplyRouter) -> Call? {
        router.nextCall(in: &self)
    }

    /// The next element's value. The batch was checked whole, so every element parses.
    fileprivate mutating func nextElement() -> JSON? {
        guard let element = try? elements.next() else { return nil }
        defer { taken += 1 }
        if taken < parsed.count { return parsed[taken] }
        return try? JSON.parse(UnsafeRawBufferPointer(rebasing: line[element.range]))
    }
}
