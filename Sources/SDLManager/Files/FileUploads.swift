import SDLModel

/// How uploads run: transfers started or joined per file, queued in the files lane, sent in
/// batches (small files) or rounds of chunks (big ones), each decided just before it goes
/// and settled when its answers are in.
extension SDLFileManager {
    /// Starts (or joins) the transfers of `files`, hands each to `follow`, and waits for them
    /// all; cancelling the waiting task lets go of them, which cancels those no other call waits for.
    func results(
        of files: [SDLFile], retries: Int, progress: (@Sendable (UploadProgress) -> Void)?,
        follow: (FileTransfer) -> Void = { _ in }
    ) async -> [String: Result<UploadOutcome, any Error>] {
        let transfers: [FileTransfer]
        do {
            transfers = try startTransfers(for: files, retries: retries)
        } catch {
            return Dictionary(files.map { ($0.name, .failure(error)) }) { first, _ in first }
        }
        if let progress {
            let tally = ProgressTally(progress)
            for transfer in transfers { transfer.observe { sent, total in tally.add(sent: sent, total: total) } }
        }
        for transfer in transfers { follow(transfer) }
        return await withTaskCancellationHandler {
            var results: [String: Result<UploadOutcome, any Error>] = [:]
            for transfer in transfers { results[transfer.file.name] = await transfer.completion.result }
            return results
        } onCancel: {
            Task { @SDLActor in
                for transfer in transfers { transfer.release() }
            }
        }
    }

    static func outcomesOrFailure(_ results: [String: Result<UploadOutcome, any Error>]) throws -> [String: UploadOutcome] {
        var outcomes: [String: UploadOutcome] = [:]
        var failures: [String: any Error] = [:]
        for (name, result) in results {
            switch result {
            case .success(let outcome): outcomes[name] = outcome
            case .failure(let error): failures[name] = error
            }
        }
        guard failures.isEmpty else { throw SDLFileError.uploadsFailed(failures: failures, outcomes: outcomes) }
        return outcomes
    }

    private func chunks(of file: SDLFile) -> Int { (file.size + configuration.chunkSize - 1) / configuration.chunkSize }

    /// Joins a transfer of the same file that has not finished, or starts new ones in one
    /// operation; each is held for this call.
    private func startTransfers(for files: [SDLFile], retries: Int) throws -> [FileTransfer] {
        if let shutDownReason { throw SDLOperationError.shutDown(reason: shutDownReason) }
        var transfers: [FileTransfer] = []
        var fresh: [FileTransfer] = []
        for file in files {
            if let running = latestTransfers[file.name], !running.completion.isFinished, running.file == file {
                if !transfers.contains(where: { $0 === running }) { transfers.append(running) }
                continue
            }
            let transfer = FileTransfer(file, retries: retries)
            transfers.append(transfer)
            if file.size == 0 {
                transfer.finish(.failure(SDLFileError.emptyFile(file.name)))
            } else {
                latestTransfers[file.name] = transfer
                fresh.append(transfer)
            }
        }
        for transfer in transfers { transfer.hold() }
        if !fresh.isEmpty {
            submit(fresh)
            publishStatus()
        }
        return transfers
    }

    private func submit(_ transfers: [FileTransfer]) {
        let window = max(1, configuration.maximumConcurrentUploads)
        // Each round of PutFiles in flight may take up to a request's timeout.
        let rounds = (transfers.reduce(0) { $0 + chunks(of: $1.file) } + window - 1) / window
        let watchdog = queue.defaultWatchdog + connection.configuration.defaultTimeout * rounds
        let names = transfers.count == 1 ? transfers[0].file.name : "\(transfers.count) files"
        let operation = queue.submit("upload of \(names)", lane: .files, watchdog: watchdog) { _ in
            await self.runUploads(transfers, window: window)
        }
        operation.completion.whenFinished { outcome in
            // Ended early (cancelled, shut down, watchdog): its unfinished transfers end with that.
            if case .failure(let error) = outcome {
                for transfer in transfers { transfer.finish(.failure(error)) }
            }
            self.forget(transfers)
        }
    }

    private func forget(_ transfers: [FileTransfer]) {
        for transfer in transfers where latestTransfers[transfer.file.name] === transfer {
            latestTransfers[transfer.file.name] = nil
        }
        publishStatus()
    }

    /// Files that fit in one PutFile (artwork, mostly) go out in batches, each batch written
    /// at once and answered together: one wait per batch instead of a task and its round of
    /// hops per file. Batches hold half the window, so while one batch's answers come back
    /// the next is with the head unit. Bigger files go in rounds of chunks, half the window
    /// at a time, each file on its own; all in the order asked.
    private func runUploads(_ transfers: [FileTransfer], window: Int) async {
        var jobs: [UploadJob] = []
        var batch: [FileTransfer] = []
        let batchSize = max(1, window / 2)
        for transfer in transfers {
            if transfer.size > configuration.chunkSize {
                if !batch.isEmpty { jobs.append(.batch(batch)) }
                batch = []
                jobs.append(.chunked(transfer))
            } else {
                batch.append(transfer)
                if batch.count == batchSize {
                    jobs.append(.batch(batch))
                    batch = []
                }
            }
        }
        if !batch.isEmpty { jobs.append(.batch(batch)) }
        // One job at once needs no task of its own (an artwork or two, the usual case).
        if jobs.count == 1, case .batch(let only) = jobs[0] { return await sendBatch(only) }
        await withTaskGroup(of: Int.self) { group in
            var inFlight = 0  // files
            for job in jobs {
                let files = if case .batch(let batch) = job { batch.count } else { batchSize }
                while inFlight > 0, inFlight + files > window, let finished = await group.next() { inFlight -= finished }
                // A task each: several jobs have requests with the head unit at once.
                group.addTask {
                    switch job {
                    case .batch(let batch): await self.sendBatch(batch)
                    case .chunked(let transfer): await self.run(transfer)
                    }
                    return files
                }
                inFlight += files
            }
        }
    }

    private enum UploadJob: Sendable {
        case batch([FileTransfer])
        case chunked(FileTransfer)
    }

    /// A file bigger than one PutFile: decided, then sent chunk by chunk.
    private func run(_ transfer: FileTransfer) async {
        guard decide([transfer]).count == 1 else { return }
        await send(transfer, retriesLeft: transfer.retries)
    }

    /// Sends each file of `batch` the head unit lacks as one PutFile, all at once; a file
    /// that fails goes on alone, with the retries it has left.
    private func sendBatch(_ batch: [FileTransfer]) async {
        let toSend = decide(batch)
        guard !toSend.isEmpty else { return }
        var attempts: [Attempt] = []
        var requests: [(transfer: FileTransfer, putFile: PutFile)] = []
        for transfer in toSend {
            do {
                requests.append((transfer, try Self.putFile(for: transfer.file, from: 0, chunkSize: configuration.chunkSize)))
            } catch {
                attempts.append((transfer, .failure(error), transfer.retries))
            }
        }
        let answers = await connection.send(all: requests.map(\.putFile))
        for ((transfer, _), answer) in zip(requests, answers) {
            if (try? answer.get()) != nil { transfer.acknowledge(transfer.size) }
            attempts.append((transfer, answer.map(\.parameters.spaceAvailable), transfer.retries))
        }
        for transfer in conclude(attempts) {
            await send(transfer, retriesLeft: transfer.retries - 1)
        }
    }

    /// Sends a file the head unit lacks (its bytes reserved) chunk by chunk, trying again
    /// from its first byte up to `retriesLeft` times.
    private func send(_ transfer: FileTransfer, retriesLeft: Int) async {
        var retriesLeft = retriesLeft
        while true {
            let attempt: Result<Int?, any Error>
            do {
                attempt = .success(try await sendChunks(of: transfer))
            } catch {
                attempt = .failure(error)
            }
            guard !conclude([(transfer, attempt, retriesLeft)]).isEmpty else { return }
            retriesLeft -= 1
        }
    }

    /// Chunk after chunk, each acknowledged before the next; returns the head unit's space after the last.
    private func sendChunks(of transfer: FileTransfer) async throws -> Int? {
        let chunkSize = configuration.chunkSize
        // Half the window at a time, as batches of small files go: memory holds these
        // chunks (read from disk just before), never the whole file.
        let inFlight = max(1, configuration.maximumConcurrentUploads / 2)
        var offset = 0
        var spaceAvailable: Int?
        repeat {
            // Cancelled by every call that waited for it: the rest is not sent.
            if transfer.completion.isFinished { throw SDLOperationError.cancelled }
            var requests: [(putFile: PutFile, bytes: Int)] = []
            var next = offset
            repeat {
                requests.append((try Self.putFile(for: transfer.file, from: next, chunkSize: chunkSize), min(chunkSize, transfer.size - next)))
                next += chunkSize
            } while next < transfer.size && requests.count < inFlight
            let answers = await connection.send(all: requests.map(\.putFile))
            for (answer, (_, bytes)) in zip(answers, requests) {
                spaceAvailable = try answer.get().parameters.spaceAvailable ?? spaceAvailable
                transfer.acknowledge(bytes)
            }
            offset = min(next, transfer.size)
        } while offset < transfer.size
        return spaceAvailable
    }

    // MARK: One step before and one after each attempt

    /// Decides for each file of a batch when its turn comes: the head unit has it, it does
    /// not fit, the manager stopped (each finished here), or it goes, its bytes reserved.
    private func decide(_ batch: [FileTransfer]) -> [FileTransfer] {
        batch.filter { transfer in
            guard !transfer.completion.isFinished else { return false }
            let file = transfer.file
            if let shutDownReason {
                transfer.finish(.failure(SDLOperationError.shutDown(reason: shutDownReason)))
            } else if remoteFileNames.contains(file.name), !file.overwrite {
                transfer.finish(.success(.alreadyOnHeadUnit))
            } else if let bytesAvailable, file.size > bytesAvailable - reservedBytes {
                let available = max(0, bytesAvailable - reservedBytes)
                transfer.finish(.failure(SDLFileError.insufficientSpace(file: file.name, size: file.size, available: available)))
            } else {
                reservedBytes += file.size
                return true
            }
            return false
        }
    }

    /// One try at sending a whole file: how it ended (with the head unit's space after it), and how many tries are left.
    private typealias Attempt = (transfer: FileTransfer, outcome: Result<Int?, any Error>, retriesLeft: Int)

    /// Records how each attempt ended: an arrived file is on the head unit; a failed one is
    /// tried again if it has retries left and another try could change the answer, else it
    /// fails with its own error. Returns those to try again.
    private func conclude(_ attempts: [Attempt]) -> [FileTransfer] {
        var again: [FileTransfer] = []
        for (transfer, attempt, retriesLeft) in attempts {
            switch attempt {
            case .success(let spaceAvailable):
                reservedBytes -= transfer.size
                if let spaceAvailable { bytesAvailable = spaceAvailable }
                remoteFileNames.insert(transfer.file.name)
                transfer.finish(.success(.uploaded))
            case .failure(let error) where retriesLeft > 0 && Self.isWorthRetrying(error) && !Task.isCancelled && shutDownReason == nil:
                logger.notice("retrying the upload of \(transfer.file.name) after: \(error)")
                transfer.restart()
                again.append(transfer)
            case .failure(let error):
                reservedBytes -= transfer.size
                transfer.finish(.failure(error))
            }
        }
        publishStatus()
        return again
    }

    /// The PutFile carrying the chunk of `file` that starts at `offset`, with its CRC.
    private static func putFile(for file: SDLFile, from offset: Int, chunkSize: Int) throws(SDLFileError) -> PutFile {
        let chunk = try file.bytes(at: offset, count: chunkSize)
        return PutFile(
            syncFileName: file.name, fileType: file.fileType, bulkData: Base64.encode(chunk),
            persistentFile: file.isPersistent, offset: offset,
            // SDL: the first chunk declares the whole file's size, later ones their own.
            length: offset == 0 ? file.size : chunk.count, crc: Int(CRC32.checksum(chunk)))
    }

    private static func isWorthRetrying(_ error: any Error) -> Bool {
        switch error {
        case let refusal as SDLResultError:
            // These answers would not change on a second try.
            ![.invalidData, .outOfMemory, .disallowed, .userDisallowed, .applicationNotRegistered, .unsupportedRequest]
                .contains(refusal.resultCode)
        case SDLConnectionError.timedOut: true
        default: false
        }
    }
}
