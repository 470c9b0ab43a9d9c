import Logging
import SDLModel

/// Keeps track of the app's files on the head unit and uploads them — each at most once.
///
/// It lists the head unit's files at start (a failing list means "assume none"); an upload
/// runs on the file manager's own queue (as in sdl_ios, so a choice set's operation can wait
/// for its artwork there) and decides when it runs, not when it is asked for, whether the
/// head unit already has the file and whether it fits; uploads of the same file asked for
/// while one is queued or running share that one transfer.
public actor SDLFileManager {
    /// Chunk size, retries and uploads in flight.
    public struct Configuration: Sendable {
        /// Bytes per PutFile.
        public var chunkSize: Int
        /// How often a failed file is tried again (from its first byte) before it fails
        /// (sdl_ios's `fileRetryCount`, sdl_java_suite's `FileManagerConfig.fileRetryCount`).
        public var fileRetries: Int
        /// The same for artwork: images uploaded as `SDLArtwork` (`artworkRetryCount`).
        public var artworkRetries: Int
        /// Files of one upload call in flight at once (1: one PutFile at a time).
        public var maximumConcurrentUploads: Int

        /// A configuration with SDL's usual chunk size and one retry each.
        public init(chunkSize: Int = 64 * 1024, fileRetries: Int = 1, artworkRetries: Int = 1, maximumConcurrentUploads: Int = 64) {
            self.chunkSize = chunkSize
            self.fileRetries = fileRetries
            self.artworkRetries = artworkRetries
            self.maximumConcurrentUploads = maximumConcurrentUploads
        }
    }

    /// What the file manager is doing, for the app's own display (`statusUpdates()`).
    public struct Status: Sendable, Hashable {
        /// Uploads asked for that have not ended (a file joined by several calls counts once).
        public var pendingUploads: Int
        /// Its queue holds uploads back: the head unit is not ready.
        public var isSuspended: Bool
        /// The head unit's last `spaceAvailable`.
        public var bytesAvailable: Int?
        /// How many of the app's files the head unit has, as far as the manager knows.
        public var remoteFileCount: Int
    }

    /// How this file manager uploads.
    public nonisolated let configuration: Configuration
    private let connection: SDLConnection
    /// Its own queue of uploads and deletes, one call's at a time (sdl_ios's file manager
    /// has one too); held back, resumed and shut down with the manager's queue.
    public nonisolated let queue: SDLOperationQueue
    private let logger: Logger
    /// The app's files on the head unit, as far as this manager knows.
    public private(set) var remoteFileNames: Set<String> = []
    /// The head unit's last `spaceAvailable`; nil until it reports one.
    public private(set) var bytesAvailable: Int?
    /// Bytes of uploads under way that the head unit has not acknowledged yet.
    private var reservedBytes = 0
    /// The newest transfer of each name, which later uploads of the same file join.
    private var latestTransfers: [String: FileTransfer] = [:]
    private let statusObservers = Broadcast<Status>()
    private var shutDownReason: String?

    /// A file manager on `connection`; nothing is sent until `start()`.
    /// - Parameters:
    ///   - connection: the connection to the head unit.
    ///   - configuration: chunk size, retries and uploads in flight.
    ///   - watchdog: how long one upload or delete call may run (on top of a request
    ///     timeout per round of chunks) before the queue moves on without it.
    ///   - logger: where uploads and deletes are logged.
    public init(
        connection: SDLConnection, configuration: Configuration = Configuration(), watchdog: Duration = .seconds(30),
        logger: Logger = Logger(label: "sdl.files")
    ) {
        self.connection = connection
        self.queue = SDLOperationQueue(
            timekeeper: connection.configuration.timekeeper, defaultWatchdog: watchdog, logger: logger)
        self.configuration = configuration
        self.logger = logger
    }

    /// Reads the head unit's list of the app's files (the manager calls this after registering).
    public func start() async {
        do {
            let listing = try await connection.send(ListFiles())
            remoteFileNames = Set(listing.parameters.filenames ?? [])
            bytesAvailable = listing.parameters.spaceAvailable
        } catch {
            logger.warning("ListFiles failed (\(error)): assuming the head unit has none of the app's files")
            remoteFileNames = []
            bytesAvailable = nil
        }
        publishStatus()
    }

    /// Pending uploads, whether suspended, bytes available, files on the head unit.
    public var status: Status {
        Status(
            pendingUploads: latestTransfers.values.count { !$0.completion.isFinished }, isSuspended: queue.isSuspended,
            bytesAvailable: bytesAvailable, remoteFileCount: remoteFileNames.count)
    }

    /// The status now, then after every change; ends when the manager shuts down.
    public func statusUpdates() -> AsyncStream<Status> { statusObservers.stream(startingWith: status) }

    /// Tells the observers, if any, what changed.
    func publishStatus() {
        if statusObservers.hasObservers { statusObservers.yield(status) }
    }

    /// Whether the head unit has a file of this name, as far as this manager knows.
    public func hasUploaded(_ name: String) -> Bool { remoteFileNames.contains(name) }

    /// Whether `artwork` still has to be uploaded before the head unit can show it.
    public func needsUpload(_ artwork: SDLArtwork) -> Bool {
        guard let file = artwork.file else { return false }
        return file.overwrite || !remoteFileNames.contains(file.name)
    }

    /// Refuses every later upload and ends those under way.
    func shutDown(reason: String) {
        shutDownReason = reason
        queue.shutDown(reason: reason)
        statusObservers.finish()
    }

    /// After the head unit unregistered the app: its list is unknown until `start` again.
    func forgetRemoteFiles() {
        remoteFileNames = []
        bytesAvailable = nil
        publishStatus()
    }

    // MARK: Uploading

    /// Uploads `file` unless the head unit already has it (or `overwrite` is set).
    /// Cancelling the calling task cancels the upload (unless another call waits for it too).
    public func upload(_ file: SDLFile, progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws -> UploadOutcome {
        try await uploadEach([file], progress: progress)[file.name]!.get()
    }

    /// Uploads `artwork` unless it is a static icon or on the head unit already; retried `artworkRetries` times.
    public func upload(_ artwork: SDLArtwork, progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws -> UploadOutcome {
        try await uploadEach([artwork], progress: progress)[artwork.name]!.get()
    }

    /// Uploads `files` together, several in flight at once; `progress` sums them all.
    /// Throws `SDLFileError.uploadsFailed` (each failure with its own error) if any failed.
    /// Cancelling the calling task cancels the files not uploaded yet.
    public func upload(
        _ files: [SDLFile], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> [String: UploadOutcome] {
        try Self.outcomesOrFailure(await uploadEach(files, progress: progress))
    }

    /// Uploads each of `artworks` that is not on the head unit yet; throws `SDLFileError.uploadsFailed` naming each failure.
    public func upload(
        _ artworks: [SDLArtwork], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> [String: UploadOutcome] {
        try Self.outcomesOrFailure(await uploadEach(artworks, progress: progress))
    }

    /// Uploads `files` together, as `upload(_:progress:)` does, and returns each one's own
    /// outcome by name: a failure is that file's result, not thrown.
    public func uploadEach(
        _ files: [SDLFile], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async -> [String: Result<UploadOutcome, any Error>] {
        await results(of: files, retries: configuration.fileRetries, progress: progress)
    }

    /// Artwork is tried again `artworkRetries` times; static icons are in the results as
    /// `.staticIcon`, and nothing is sent for them.
    public func uploadEach(
        _ artworks: [SDLArtwork], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async -> [String: Result<UploadOutcome, any Error>] {
        var results = await results(of: artworks.compactMap(\.file), retries: configuration.artworkRetries, progress: progress)
        for artwork in artworks where artwork.isStaticIcon { results[artwork.name] = .success(.staticIcon) }
        return results
    }

    /// Uploads `files` together and tells how each goes as it goes: its bytes acknowledged,
    /// then its outcome (sdl_ios's `uploadFiles:progressHandler:`, one update per file and
    /// step). The stream ends when every file has. Cancelling the task that iterates it (or
    /// dropping the stream) cancels the files not uploaded yet.
    public nonisolated func uploads(_ files: [SDLFile]) -> AsyncStream<FileUploadUpdate> {
        updates(of: files, statics: [], retries: configuration.fileRetries)
    }

    /// The same for artwork (sdl_ios's `uploadArtworks:progressHandler:`); a static icon has
    /// one update, `.staticIcon`.
    public nonisolated func uploads(_ artworks: [SDLArtwork]) -> AsyncStream<FileUploadUpdate> {
        updates(of: artworks.compactMap(\.file), statics: artworks.filter(\.isStaticIcon).map(\.name), retries: configuration.artworkRetries)
    }

    private nonisolated func updates(of files: [SDLFile], statics: [String], retries: Int) -> AsyncStream<FileUploadUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: FileUploadUpdate.self)
        for name in statics { continuation.yield(FileUploadUpdate(name: name, bytesSent: 0, totalBytes: 0, result: .success(.staticIcon))) }
        let uploading = Task {
            _ = await self.results(of: files, retries: retries, progress: nil) { transfer in
                transfer.observe { _, _ in
                    guard !transfer.completion.isFinished else { return }
                    continuation.yield(FileUploadUpdate(name: transfer.file.name, bytesSent: transfer.acknowledgedBytes, totalBytes: transfer.size))
                }
                transfer.completion.whenFinished { outcome in
                    let sent = if case .success(.uploaded) = outcome { transfer.size } else { transfer.acknowledgedBytes }
                    continuation.yield(FileUploadUpdate(name: transfer.file.name, bytesSent: sent, totalBytes: transfer.size, result: outcome))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in uploading.cancel() }
        return stream
    }

    /// Starts (or joins) the transfers of `files`, hands each to `follow`, and waits for them
    /// all; cancelling the waiting task lets go of them, which cancels those no other call waits for.
    private func results(
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
            for transfer in transfers { results[transfer.file.name] = await transfer.completion.outcome }
            return results
        } onCancel: {
            for transfer in transfers { transfer.release() }
        }
    }

    private static func outcomesOrFailure(_ results: [String: Result<UploadOutcome, any Error>]) throws -> [String: UploadOutcome] {
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

    private nonisolated func chunks(of file: SDLFile) -> Int { (file.size + configuration.chunkSize - 1) / configuration.chunkSize }

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
        let operation = queue.submit("upload of \(names)", watchdog: watchdog) { [self] in
            await runUploads(transfers, window: window)
        }
        operation.completion.whenFinished { outcome in
            // Ended early (cancelled, shut down, watchdog): its unfinished transfers end with that.
            if case .failure(let error) = outcome {
                for transfer in transfers { transfer.finish(.failure(error)) }
            }
            Task { await self.forget(transfers) }
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
    private nonisolated func runUploads(_ transfers: [FileTransfer], window: Int) async {
        enum Job {
            case batch([FileTransfer])
            case chunked(FileTransfer)
        }
        var jobs: [Job] = []
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
        await withTaskGroup(of: Int.self) { group in
            var inFlight = 0  // files
            for job in jobs {
                let files = if case .batch(let batch) = job { batch.count } else { batchSize }
                while inFlight > 0, inFlight + files > window, let finished = await group.next() { inFlight -= finished }
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

    /// A file bigger than one PutFile: decided, then sent chunk by chunk.
    private nonisolated func run(_ transfer: FileTransfer) async {
        guard await decide([transfer]).count == 1 else { return }
        await send(transfer, retriesLeft: transfer.retries)
    }

    /// Sends each file of `batch` the head unit lacks as one PutFile, all at once; a file
    /// that fails goes on alone, with the retries it has left.
    private nonisolated func sendBatch(_ batch: [FileTransfer]) async {
        let toSend = await decide(batch)
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
        for transfer in await conclude(attempts) {
            await send(transfer, retriesLeft: transfer.retries - 1)
        }
    }

    /// Sends a file the head unit lacks (its bytes reserved) chunk by chunk, trying again
    /// from its first byte up to `retriesLeft` times.
    private nonisolated func send(_ transfer: FileTransfer, retriesLeft: Int) async {
        var retriesLeft = retriesLeft
        while true {
            let attempt: Result<Int?, any Error>
            do {
                attempt = .success(try await sendChunks(of: transfer))
            } catch {
                attempt = .failure(error)
            }
            guard await !conclude([(transfer, attempt, retriesLeft)]).isEmpty else { return }
            retriesLeft -= 1
        }
    }

    /// Chunk after chunk, each acknowledged before the next; returns the head unit's space after the last.
    private nonisolated func sendChunks(of transfer: FileTransfer) async throws -> Int? {
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

    // MARK: The isolated steps: one before and one after each attempt

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
    /// fails. Returns those to try again, and the outcomes of the others, for the caller to
    /// finish them off the actor (finishing wakes every caller waiting for them).
    private func settle(_ attempts: [Attempt]) -> (again: [FileTransfer], ended: [(FileTransfer, Result<UploadOutcome, any Error>)]) {
        var again: [FileTransfer] = []
        var ended: [(FileTransfer, Result<UploadOutcome, any Error>)] = []
        for (transfer, attempt, retriesLeft) in attempts {
            switch attempt {
            case .success(let spaceAvailable):
                reservedBytes -= transfer.size
                if let spaceAvailable { bytesAvailable = spaceAvailable }
                remoteFileNames.insert(transfer.file.name)
                ended.append((transfer, .success(.uploaded)))
            case .failure(let error) where retriesLeft > 0 && Self.isWorthRetrying(error) && !Task.isCancelled && shutDownReason == nil:
                logger.notice("retrying the upload of \(transfer.file.name) after: \(error)")
                transfer.restart()
                again.append(transfer)
            case .failure(let error):
                reservedBytes -= transfer.size
                ended.append((transfer, .failure(error)))
            }
        }
        publishStatus()
        return (again, ended)
    }

    /// Settles `attempts` and finishes those that ended; returns those to try again.
    private nonisolated func conclude(_ attempts: [Attempt]) async -> [FileTransfer] {
        // A failure no retry can change ends at once, with its own error: not with the
        // shutdown that a lost connection brings while the actor is reached.
        for (transfer, outcome, retriesLeft) in attempts {
            if case .failure(let error) = outcome, retriesLeft == 0 || !Self.isWorthRetrying(error) { transfer.finish(.failure(error)) }
        }
        let (again, ended) = await settle(attempts)
        for (transfer, outcome) in ended { transfer.finish(outcome) }
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

    // MARK: Deleting

    /// Deletes a file from the head unit, in turn with the uploads queued before it.
    public func delete(_ name: String) async throws {
        try await deleteEach([name])[name]!.get()
    }

    /// Deletes several files in one call, all their DeleteFiles in flight at once, in turn
    /// with the uploads queued before it; returns each name's own result (sdl_ios's
    /// `deleteRemoteFilesWithNames:completionHandler:`, sdl_java_suite's `deleteRemoteFilesWithNames`).
    public func deleteEach(_ names: [String]) async -> [String: Result<Void, any Error>] {
        var seen = Set<String>()
        let names = names.filter { seen.insert($0).inserted }
        if let shutDownReason {
            return Dictionary(uniqueKeysWithValues: names.map { ($0, .failure(SDLOperationError.shutDown(reason: shutDownReason))) })
        }
        // An upload asked for after this delete must not join one queued before it.
        for name in names { latestTransfers[name] = nil }
        let label = names.count == 1 ? names[0] : "\(names.count) files"
        let operation = queue.submit("delete of \(label)") { [self] in
            let answers = await connection.send(all: names.map { DeleteFile($0) })
            return await deleted(zip(names, answers).map { ($0, $1.map(\.parameters.spaceAvailable)) })
        }
        // Cancelling the calling task cancels the operation, as `SDLOperationQueue.run` does.
        let outcome = await withTaskCancellationHandler { await operation.result } onCancel: { operation.cancel() }
        switch outcome {
        case .success(let results): return results
        case .failure(let error): return Dictionary(uniqueKeysWithValues: names.map { ($0, .failure(error)) })
        }
    }

    /// Records the deletes that succeeded, with the head unit's space after them.
    private func deleted(_ answers: [(String, Result<Int?, any Error>)]) -> [String: Result<Void, any Error>] {
        var results: [String: Result<Void, any Error>] = [:]
        for (name, answer) in answers {
            if case .success(let spaceAvailable) = answer {
                remoteFileNames.remove(name)
                if let spaceAvailable { bytesAvailable = spaceAvailable }
            }
            results[name] = answer.map { _ in }
        }
        publishStatus()
        return results
    }
}
