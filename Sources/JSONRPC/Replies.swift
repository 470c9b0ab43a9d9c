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

/// Turns lines into calls and answers into lines, per JSON-RPC 2.0: single messages are
/// answered on a line each; a batch is answered by one array line once every request in
/// it has its answer (in the batch's order), and a batch of notifications by nothing.
public struct ReplyRouter: Sendable {
    private struct PendingBatch: Sendable {
        var slots: [[UInt8]?]
        var missing: Int
    }

    private var batches: [Int: PendingBatch] = [:]
    private var nextBatch = 0

    public init() {}

    /// Number of batches still waiting for answers.
    public var pendingBatchCount: Int { batches.count }

    /// Reads one line: valid calls are appended to `calls`, in order, for the caller to
    /// handle; protocol errors are answered on `output` at once (or kept for their batch).
    public mutating func receive(line: UnsafeRawBufferPointer, calls: inout [Call], output: inout [UInt8]) {
        let json: JSON
        do {
            json = try JSON.parse(line)
        } catch {
            writeLine(id: .null, .failure(.parseError(error.message)), into: &output)
            return
        }
        guard case .array(let elements) = json else {
            receive(IncomingMessage(json), batch: nil, calls: &calls, output: &output)
            return
        }
        guard !elements.isEmpty else {
            writeLine(id: .null, .failure(.invalidRequest("an empty batch")), into: &output)
            return
        }
        let number = nextBatch
        nextBatch += 1
        batches[number] = PendingBatch(slots: [], missing: 0)
        for element in elements {
            receive(IncomingMessage(element), batch: number, calls: &calls, output: &output)
        }
        // Only now are all the batch's slots known, so only now can it be complete.
        flushIfComplete(number, into: &output)
    }

    /// Answers a line over the limit: an Invalid Request with a null id.
    public func rejectTooLongLine(limit: Int, output: inout [UInt8]) {
        writeLine(id: .null, .failure(.invalidRequest("line longer than \(limit) bytes")), into: &output)
    }

    /// Writes the answer to the request at `address`, or keeps it until its batch is complete.
    public mutating func answer(_ address: ReplyAddress, _ outcome: Result<JSON, RPCError>, output: inout [UInt8]) {
        if let slot = address.batch {
            store(outcome, at: address)
            flushIfComplete(slot.batch, into: &output)
        } else {
            writeLine(id: address.id, outcome, into: &output)
        }
    }

    private mutating func store(_ outcome: Result<JSON, RPCError>, at address: ReplyAddress) {
        guard let slot = address.batch, var batch = batches[slot.batch],
            batch.slots.indices.contains(slot.slot), batch.slots[slot.slot] == nil
        else { return }
        var element: [UInt8] = []
        MessageWriter.writeResponse(id: address.id, outcome: outcome, into: &element)
        batch.slots[slot.slot] = element
        batch.missing -= 1
        batches[slot.batch] = batch
    }

    private mutating func receive(
        _ message: IncomingMessage, batch: Int?, calls: inout [Call], output: inout [UInt8]
    ) {
        switch message {
        case .call(let method, let params, let id):
            calls.append(Call(method: method, params: params, replyTo: id.map { address(for: $0, batch: batch) }))
        case .response:
            break  // The simulator sends no requests, so it expects no responses.
        case .invalid(let error, let id):
            guard let id else { return }
            let address = address(for: id, batch: batch)
            if batch == nil {
                writeLine(id: id, .failure(error), into: &output)
            } else {
                store(.failure(error), at: address)
            }
        }
    }

    private mutating func address(for id: JSON, batch: Int?) -> ReplyAddress {
        guard let batch else { return ReplyAddress(id: id) }
        let slot = batches[batch]!.slots.count
        batches[batch]!.slots.append(nil)
        batches[batch]!.missing += 1
        return ReplyAddress(id: id, batch: .init(batch: batch, slot: slot))
    }

    private mutating func flushIfComplete(_ number: Int, into output: inout [UInt8]) {
        guard let batch = batches[number], batch.missing == 0 else { return }
        batches[number] = nil
        guard !batch.slots.isEmpty else { return }  // only notifications: nothing to answer
        output.append(UInt8(ascii: "["))
        for (index, element) in batch.slots.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: element!)
        }
        output.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
    }

    private func writeLine(id: JSON, _ outcome: Result<JSON, RPCError>, into output: inout [UInt8]) {
        MessageWriter.writeResponse(id: id, outcome: outcome, into: &output)
        output.append(UInt8(ascii: "\n"))
    }
}
