import Logging
import SDLModel

/// Keeps track of the app's files on the head unit and uploads them — each at most once.
///
/// It lists the head unit's files at start (a failing list means "assume none"); an upload
/// runs on the manager's queue and decides when it runs, not when it is asked for, whether
/// the head unit already has the file and whether it fits; uploads of the same file asked
/// for while one is queued or running share that one transfer.
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

    private enum Decision {
        case send
        case skip(Result<UploadOutcome, any Error>)
    }

    public nonisolated let configuration: Configuration
    private let connection: SDLConnection
    private let queue: SDLOperationQueue
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

    public init(
        connection: SDLConnection, queue: SDLOperationQueue, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "sdl.files")
    ) {
        self.connection = connection
        self.queue = queue
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

    /// Refuses every later upload; the manager shuts the queue down right after.
    func shutDown(reason: String) { shutDownReason = reason }

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
        let transfers = try startTransfers(for: files, progress: progress)
        var outcomes: [String: UploadOutcome] = [:]
        var failures: [String: any Error] = [:]
        for transfer in transfers {
            switch await transfer.completion.outcome {
            case .success(let outcome): outcomes[transfer.file.name] = outcome
            case .failure(let error): failures[transfer.file.name] = error
            }
        }
        guard failures.isEmpty else { throw SDLFileError.uploadsFailed(failures: failures, outcomes: outcomes) }
        return outcomes
    }

    public func upload(
        _ artworks: [SDLArtwork], progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> [String: UploadOutcome] {
        var outcomes: [String: UploadOutcome] = [:]
        for artwork in artworks where artwork.isStaticIcon { outcomes[artwork.name] = .staticIcon }
        do {
            let uploaded = try await upload(artworks.compactMap(\.file), progress: progress)
            return outcomes.merging(uploaded) { _, new in new }
        } catch SDLFileError.uploadsFailed(let failures, let uploaded) {
            throw SDLFileError.uploadsFailed(failures: failures, outcomes: outcomes.merging(uploaded) { _, new in new })
        }
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
        let chunks = transfers.reduce(0) { $0 + ($1.size + configuration.chunkSize - 1) / configuration.chunkSize }
        let window = max(1, configuration.maximumConcurrentUploads)
        // Each round of PutFiles in flight may take up to a request's timeout.
        let rounds = (chunks + window - 1) / window
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

    private nonisolated func run(_ transfer: FileTransfer) async {
        guard !transfer.completion.isFinished else { return }
        if case .skip(let outcome) = await decide(transfer) {
            transfer.finish(outcome)
            return
        }
        await send(transfer, retriesLeft: configuration.retries)
    }

    /// Sends each file of `batch` the head unit lacks as one PutFile, all at once; a file
    /// that fails goes on alone, with the retries it has left.
    private nonisolated func sendBatch(_ batch: [FileTransfer]) async {
        let toSend = await decide(batch)
        guard !toSend.isEmpty else { return }
        let answers = await connection.send(all: toSend.map { Self.putFile(for: $0.file, from: 0, chunkSize: configuration.chunkSize) })
        await settle(zip(toSend, answers).compactMap { transfer, answer in
            (try? answer.get()).map { (transfer, $0.parameters.spaceAvailable) }
        })
        for (transfer, answer) in zip(toSend, answers) {
            switch answer {
            case .success:
                transfer.acknowledge(transfer.size)
                transfer.finish(.success(.uploaded))
            case .failure(let error):
                var retriesLeft = configuration.retries
                if await recover(transfer, from: error, retriesLeft: &retriesLeft) {
                    await send(transfer, retriesLeft: retriesLeft)
                }
            }
        }
    }

    /// Sends a file the head unit lacks (its bytes reserved) chunk by chunk, trying again
    /// from its first byte up to `retriesLeft` times.
    private nonisolated func send(_ transfer: FileTransfer, retriesLeft: Int) async {
        var retriesLeft = retriesLeft
        while true {
            do {
                try await sendChunks(of: transfer)
                await settle(transfer, uploaded: true)
                transfer.finish(.success(.uploaded))
                return
            } catch {
                guard await recover(transfer, from: error, retriesLeft: &retriesLeft) else { return }
            }
        }
    }

    /// After a failed attempt: true when the transfer starts over, false when it has failed for good.
    private nonisolated func recover(_ transfer: FileTransfer, from error: any Error, retriesLeft: inout Int) async -> Bool {
        if retriesLeft > 0, Self.isWorthRetrying(error), !Task.isCancelled, await isOpen {
            retriesLeft -= 1
            logger.notice("retrying the upload of \(transfer.file.name) after: \(error)")
            await restart(transfer)
            return true
        }
        await settle(transfer, uploaded: false)
        transfer.finish(.failure(error))
        return false
    }

    /// Decides for each file of a batch; those to skip are finished here, the others returned.
    private func decide(_ batch: [FileTransfer]) -> [FileTransfer] {
        batch.filter { transfer in
            guard !transfer.completion.isFinished else { return false }
            if case .skip(let outcome) = decide(transfer) {
                transfer.finish(outcome)
                return false
            }
            return true
        }
    }

    private func decide(_ transfer: FileTransfer) -> Decision {
        let file = transfer.file
        if let shutDownReason { return .skip(.failure(SDLOperationError.shutDown(reason: shutDownReason))) }
        if remoteFileNames.contains(file.name), !file.overwrite { return .skip(.success(.alreadyOnHeadUnit)) }
        if let bytesAvailable, file.data.count > bytesAvailable - reservedBytes {
            let available = max(0, bytesAvailable - reservedBytes)
            return .skip(.failure(SDLFileError.insufficientSpace(file: file.name, size: file.data.count, available: available)))
        }
        reservedBytes += file.data.count
        return .send
    }

    private var isOpen: Bool { shutDownReason == nil }

    private nonisolated func sendChunks(of transfer: FileTransfer) async throws {
        var offset = 0
        repeat {
            let sent = min(configuration.chunkSize, transfer.size - offset)
            let response = try await connection.send(Self.putFile(for: transfer.file, from: offset, chunkSize: configuration.chunkSize))
            await acknowledge(sent, spaceAvailable: response.parameters.spaceAvailable)
            transfer.acknowledge(sent)
            offset += sent
        } while offset < transfer.size
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

    private func acknowledge(_ bytes: Int, spaceAvailable: Int?) {
        reservedBytes -= bytes
        if let spaceAvailable { bytesAvailable = spaceAvailable }
    }

    private func restart(_ transfer: FileTransfer) {
        // Bytes already acknowledged are no longer reserved; the whole file is again.
        reservedBytes += transfer.acknowledgedBytes
        transfer.restart()
    }

    /// Files sent whole and acknowledged, with the head unit's space after each.
    private func settle(_ uploaded: [(FileTransfer, spaceAvailable: Int?)]) {
        for (transfer, spaceAvailable) in uploaded {
            acknowledge(transfer.size, spaceAvailable: spaceAvailable)
            remoteFileNames.insert(transfer.file.name)
        }
    }

    private func settle(_ transfer: FileTransfer, uploaded: Bool) {
        reservedBytes -= transfer.size - transfer.acknowledgedBytes
        if uploaded { remoteFileNames.insert(transfer.file.name) }
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
