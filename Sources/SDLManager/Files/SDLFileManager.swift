import Logging
import SDLModel
import Synchronization

/// Keeps track of the app's files on the head unit and uploads them — each at most once.
///
/// It lists the head unit's files at start (a failing list means "assume none"); an upload
/// runs in the files lane of the manager's queue (so uploads go on while a keyboard is on
/// screen, and a choice set's operation can wait for its artwork there) and decides when it
/// runs, not when it is asked for, whether the head unit already has the file and whether
/// it fits; uploads of the same file asked for while one is queued or running share that
/// one transfer. How the bytes go is `FileUploads.swift`'s.
@SDLActor public final class SDLFileManager {
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
    let connection: SDLConnection
    /// The queue its uploads and deletes run on, one call's at a time, in the files lane: the
    /// manager's queue (held back, resumed and shut down with it), or, for a file manager
    /// made on its own, a queue of its own.
    public nonisolated let queue: SDLOperationQueue
    let logger: Logger
    /// The app's files on the head unit, as far as this manager knows.
    public internal(set) var remoteFileNames: Set<String> = []
    /// The head unit's last `spaceAvailable`; nil until it reports one.
    public internal(set) var bytesAvailable: Int?
    /// Bytes of uploads under way that the head unit has not acknowledged yet.
    var reservedBytes = 0
    /// The newest transfer of each name, which later uploads of the same file join.
    var latestTransfers: [String: FileTransfer] = [:]
    private let statusObservers = Broadcast<Status>()
    private(set) var shutDownReason: String?

    /// A file manager on `connection`; nothing is sent until `start()`.
    /// - Parameters:
    ///   - connection: the connection to the head unit.
    ///   - configuration: chunk size, retries and uploads in flight.
    ///   - watchdog: how long one upload or delete call may run (on top of a request
    ///     timeout per round of chunks) before the queue moves on without it.
    ///   - logger: where uploads and deletes are logged.
    public nonisolated convenience init(
        connection: SDLConnection, configuration: Configuration = Configuration(), watchdog: Duration = .seconds(30),
        logger: Logger = Logger(label: "sdl.files")
    ) {
        let queue = SDLOperationQueue(timekeeper: connection.configuration.timekeeper, defaultWatchdog: watchdog, logger: logger)
        self.init(connection: connection, queue: queue, configuration: configuration, logger: logger)
    }

    /// A file manager whose work runs in the files lane of `queue`.
    nonisolated init(connection: SDLConnection, queue: SDLOperationQueue, configuration: Configuration, logger: Logger) {
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

    /// Refuses every later upload (the manager shuts its queue, and so the uploads, down).
    func shutDown(reason: String) {
        shutDownReason = reason
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
        let told = ToldUpdates(continuation, files: files)
        let uploading = Task { @SDLActor in
            _ = await self.results(of: files, retries: retries, progress: nil) { transfer in
                transfer.observe { _, _ in
                    guard !transfer.completion.isFinished else { return }
                    told.yield(FileUploadUpdate(name: transfer.file.name, bytesSent: transfer.acknowledgedBytes, totalBytes: transfer.size))
                }
                transfer.completion.whenFinished { outcome in
                    let sent = if case .success(.uploaded) = outcome { transfer.size } else { transfer.acknowledgedBytes }
                    told.yield(FileUploadUpdate(name: transfer.file.name, bytesSent: sent, totalBytes: transfer.size, result: outcome))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { termination in
            // The consumer stopped: its files end for it now, as the last thing it reads.
            if case .cancelled = termination { told.endUnfinished(with: SDLOperationError.cancelled) }
            uploading.cancel()
        }
        return stream
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
        let operation = queue.submit("delete of \(label)", lane: .files) { _ in
            let answers = await self.connection.send(all: names.map { DeleteFile($0) })
            return self.deleted(zip(names, answers).map { ($0, $1.map(\.parameters.spaceAvailable)) })
        }
        // Cancelling the calling task cancels the operation, as `SDLOperationQueue.run` does.
        let outcome = await withTaskCancellationHandler {
            await operation.result
        } onCancel: {
            Task { @SDLActor in operation.cancel() }
        }
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

/// What an upload stream has told of each file: the consumer of `uploads(_:)` who stops
/// reading is told, before the stream ends, that the files not ended yet end for it.
/// Shared by the domain, which yields, and the consumer's side, where the stream ends.
private final class ToldUpdates: Sendable {
    private let continuation: AsyncStream<FileUploadUpdate>.Continuation
    /// The last update of each file whose outcome has not been told.
    private let unfinished: Mutex<[String: FileUploadUpdate]>

    init(_ continuation: AsyncStream<FileUploadUpdate>.Continuation, files: [SDLFile]) {
        self.continuation = continuation
        unfinished = Mutex(Dictionary(files.map { ($0.name, FileUploadUpdate(name: $0.name, bytesSent: 0, totalBytes: $0.size)) }) { first, _ in first })
    }

    func yield(_ update: FileUploadUpdate) {
        let fresh = unfinished.withLock { unfinished in
            guard unfinished[update.name] != nil else { return false }
            unfinished[update.name] = update.isFinished ? nil : update
            return true
        }
        if fresh { continuation.yield(update) }
    }

    func endUnfinished(with error: any Error) {
        let ending = unfinished.withLock { unfinished in
            defer { unfinished = [:] }
            return unfinished.values
        }
        for last in ending {
            continuation.yield(FileUploadUpdate(name: last.name, bytesSent: last.bytesSent, totalBytes: last.totalBytes, result: .failure(error)))
        }
    }
}
