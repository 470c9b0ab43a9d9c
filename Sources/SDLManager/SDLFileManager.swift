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
    public struct Configuration: Sendable {
        /// Bytes per PutFile.
        public var chunkSize: Int
        /// How often a failed file is tried again (from its first byte) before it fails.
        public var retries: Int
        /// Files of one upload call in flight at once (1: one PutFile at a time).
        public var maximumConcurrentUploads: Int

        public init(chunkSize: Int = 64 * 1024, retries: Int = 1, maximumConcurrentUploads: Int = 64) {
            self.chunkSize = chunkSize
            self.retries = retries
            self.maximumConcurrentUploads = maximumConcurrentUploads
        }
    }

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
    private var shutDownReason: String?

    /// - Parameter watchdog: how long one upload or delete call may run (on top of a request
    ///   timeout per round of chunks) before the queue moves on without it.
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
    }

    /// After the head unit unregistered the app: its list is unknown until `start` again.
    func forgetRemoteFiles() {
        remoteFileNames = []
        bytesAvailable = nil
    }

    // MARK: Uploading

    /// Uploads `file` unless the head unit already has it (or `overwrite` is set).
    public func upload(_ file: SDLFile, progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws -> UploadOutcome {
        let transfer = try startTransfers(for: [file], progress: progress)[0]
        return try await transfer.completion.value
    }

    public func upload(_ artwork: SDLArtwork, progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws -> UploadOutcome {
        guard let file = artwork.file else { return .staticIcon }
        return try await upload(file, progress: progress)
    }

    /// Uploads `files` together, several in flight at once; `progress` sums them all.
    /// Throws `SDLFileError.uploadsFailed` (each failure with its own error) if any failed.
    public func upload(
        _ files: [SDLFile], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> [String: UploadOutcome] {
        try Self.outcomesOrFailure(await uploadEach(files, progress: progress))
    }

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
        let transfers: [FileTransfer]
        do {
            transfers = try startTransfers(for: files, progress: progress)
        } catch {
            return Dictionary(files.map { ($0.name, .failure(error)) }) { first, _ in first }
        }
        var results: [String: Result<UploadOutcome, any Error>] = [:]
        for transfer in transfers { results[transfer.file.name] = await transfer.completion.outcome }
        return results
    }

    /// Static icons are in the results as `.staticIcon`; nothing is sent for them.
    public func uploadEach(
        _ artworks: [SDLArtwork], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async -> [String: Result<UploadOutcome, any Error>] {
        var results = await uploadEach(artworks.compactMap(\.file), progress: progress)
        for artwork in artworks where artwork.isStaticIcon { results[artwork.name] = .success(.staticIcon) }
        return results
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

    /// How long a queued operation that uploads `artworks` first may take for them: the
    /// watchdog their own upload operation gets.
    nonisolated func watchdog(forUploading files: [SDLFile]) -> Duration {
        watchdog(chunks: files.reduce(0) { $0 + chunks(of: $1) })
    }

    private nonisolated func chunks(of file: SDLFile) -> Int { (file.data.count + configuration.chunkSize - 1) / configuration.chunkSize }

    private nonisolated func watchdog(chunks: Int) -> Duration {
        let window = max(1, configuration.maximumConcurrentUploads)
        // Each round of PutFiles in flight may take up to a request's timeout.
        let rounds = (chunks + window - 1) / window
        return queue.defaultWatchdog + connection.configuration.defaultTimeout * rounds
    }

    /// Joins a transfer of the same file that has not finished, or starts new ones in one operation.
    private func startTransfers(for files: [SDLFile], progress: (@Sendable (UploadProgress) -> Void)?) throws -> [FileTransfer] {
        if let shutDownReason { throw SDLOperationError.shutDown(reason: shutDownReason) }
        var transfers: [FileTransfer] = []
        var fresh: [FileTransfer] = []
        for file in files {
            if let running = latestTransfers[file.name], !running.completion.isFinished, running.file == file {
                if !transfers.contains(where: { $0 === running }) { transfers.append(running) }
                continue
            }
            let transfer = FileTransfer(file)
            transfers.append(transfer)
            if file.data.isEmpty {
                transfer.finish(.failure(SDLFileError.emptyFile(file.name)))
            } else {
                latestTransfers[file.name] = transfer
                fresh.append(transfer)
            }
        }
        if let progress {
            let tally = ProgressTally(progress)
            for transfer in transfers { transfer.observe { sent, total in tally.add(sent: sent, total: total) } }
        }
        if !fresh.isEmpty { submit(fresh) }
        return transfers
    }

    private func submit(_ transfers: [FileTransfer]) {
        let watchdog = watchdog(chunks: transfers.reduce(0) { $0 + chunks(of: $1.file) })
        let names = transfers.count == 1 ? transfers[0].file.name : "\(transfers.count) files"
        let window = max(1, configuration.maximumConcurrentUploads)
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
    }

    /// Files that fit in one PutFile (artwork, mostly) go out in batches, each batch written
    /// at once and answered together: one wait per batch instead of a task and its round of
    /// hops per file. Batches hold half the window, so while one batch's answers come back
    /// the next is with the head unit. Bigger files go chunk by chunk; all in the order asked.
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
                let files = if case .batch(let batch) = job { batch.count } else { 1 }
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
        await send(transfer, retriesLeft: configuration.retries)
    }

    /// Sends each file of `batch` the head unit lacks as one PutFile, all at once; a file
    /// that fails goes on alone, with the retries it has left.
    private nonisolated func sendBatch(_ batch: [FileTransfer]) async {
        let toSend = await decide(batch)
        guard !toSend.isEmpty else { return }
        let answers = await connection.send(all: toSend.map { Self.putFile(for: $0.file, from: 0, chunkSize: configuration.chunkSize) })
        for (transfer, answer) in zip(toSend, answers) where (try? answer.get()) != nil { transfer.acknowledge(transfer.size) }
        let attempts = zip(toSend, answers).map { transfer, answer in (transfer, answer.map(\.parameters.spaceAvailable)) }
        for transfer in await settle(attempts, retriesLeft: configuration.retries) {
            await send(transfer, retriesLeft: configuration.retries - 1)
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
            guard await !settle([(transfer, attempt)], retriesLeft: retriesLeft).isEmpty else { return }
            retriesLeft -= 1
        }
    }

    /// Chunk after chunk, each acknowledged before the next; returns the head unit's space after the last.
    private nonisolated func sendChunks(of transfer: FileTransfer) async throws -> Int? {
        var offset = 0
        var spaceAvailable: Int?
        repeat {
            let sent = min(configuration.chunkSize, transfer.size - offset)
            let response = try await connection.send(Self.putFile(for: transfer.file, from: offset, chunkSize: configuration.chunkSize))
            spaceAvailable = response.parameters.spaceAvailable ?? spaceAvailable
            transfer.acknowledge(sent)
            offset += sent
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
            } else if let bytesAvailable, file.data.count > bytesAvailable - reservedBytes {
                let available = max(0, bytesAvailable - reservedBytes)
                transfer.finish(.failure(SDLFileError.insufficientSpace(file: file.name, size: file.data.count, available: available)))
            } else {
                reservedBytes += file.data.count
                return true
            }
            return false
        }
    }

    /// Records how each attempt (a whole file) ended: an arrived file is on the head unit,
    /// with the space it reported after it; a failed one is tried again if it has retries
    /// left and another try could change the answer, else it fails. Returns those to try again.
    private func settle(_ attempts: [(FileTransfer, Result<Int?, any Error>)], retriesLeft: Int) -> [FileTransfer] {
        var again: [FileTransfer] = []
        for (transfer, attempt) in attempts {
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
        return again
    }

    /// The PutFile carrying the chunk of `file` that starts at `offset`, with its CRC.
    private static func putFile(for file: SDLFile, from offset: Int, chunkSize: Int) -> PutFile {
        let end = min(offset + chunkSize, file.data.count)
        let chunk = Array(file.data[offset..<end])
        return PutFile(
            syncFileName: file.name, fileType: file.fileType, bulkData: Base64.encode(chunk),
            persistentFile: file.isPersistent, offset: offset,
            // SDL: the first chunk declares the whole file's size, later ones their own.
            length: offset == 0 ? file.data.count : chunk.count, crc: Int(CRC32.checksum(chunk)))
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
        if let shutDownReason { throw SDLOperationError.shutDown(reason: shutDownReason) }
        // An upload asked for after this delete must not join one queued before it.
        latestTransfers[name] = nil
        try await queue.run("delete of \(name)") { [self] in
            let response = try await connection.send(DeleteFile(name))
            await deleted(name, spaceAvailable: response.parameters.spaceAvailable)
        }
    }

    private func deleted(_ name: String, spaceAvailable: Int?) {
        remoteFileNames.remove(name)
        if let spaceAvailable { bytesAvailable = spaceAvailable }
    }
}
