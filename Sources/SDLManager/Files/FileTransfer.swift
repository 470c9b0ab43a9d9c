/// What became of a file the app asked to upload.
public enum UploadOutcome: Sendable, Equatable {
    /// Its bytes were sent — once, however many callers asked for it at the same time.
    case uploaded
    /// The head unit already had a file of that name: nothing was sent.
    case alreadyOnHeadUnit
    /// A static icon, built into the head unit: nothing to send.
    case staticIcon
}

/// One file's progress in `SDLFileManager.uploads(_:)`: its bytes the head unit has
/// acknowledged, then, in its last update, its result.
public struct FileUploadUpdate: Sendable {
    /// The file's name on the head unit.
    public let name: String
    /// Bytes the head unit has confirmed.
    public let bytesSent: Int
    /// The file's size.
    public let totalBytes: Int
    /// nil while it is under way.
    public let result: Result<UploadOutcome, any Error>?

    /// An update on `name`; `result` set once the file is done.
    public init(name: String, bytesSent: Int, totalBytes: Int, result: Result<UploadOutcome, any Error>? = nil) {
        self.name = name
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
        self.result = result
    }

    /// `bytesSent` of `totalBytes`, from 0 to 1.
    public var fractionCompleted: Double { totalBytes == 0 ? 1 : Double(bytesSent) / Double(totalBytes) }
    /// Whether the file is done (its `result` is set).
    public var isFinished: Bool { result != nil }
}

/// Bytes on their way to the head unit, for a progress display.
public struct UploadProgress: Sendable, Equatable {
    /// Bytes the head unit has acknowledged.
    public let bytesSent: Int
    /// Bytes to send: files found already on the head unit, or failed, drop out of the total.
    public let totalBytes: Int

    /// Progress of `bytesSent` of `totalBytes`.
    public init(bytesSent: Int, totalBytes: Int) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent` of `totalBytes`, from 0 to 1.
    public var fractionCompleted: Double { totalBytes == 0 ? 1 : Double(bytesSent) / Double(totalBytes) }
}

/// Why a file was not uploaded.
public enum SDLFileError: Error, Sendable, CustomStringConvertible {
    /// Refused before a byte was sent: the head unit reports too little space.
    case insufficientSpace(file: String, size: Int, available: Int)
    /// SDL has no way to upload an empty file.
    case emptyFile(String)
    /// A file on the device could not be read (or shrank while it uploaded).
    case unreadable(path: String, reason: String)
    /// Some files of an upload failed (each with its own error); the others are in `outcomes`.
    case uploadsFailed(failures: [String: any Error], outcomes: [String: UploadOutcome])

    public var description: String {
        switch self {
        case .insufficientSpace(let file, let size, let available):
            "\(file) (\(size) bytes) does not fit: the head unit has \(available) bytes available"
        case .emptyFile(let name): "\(name) is empty: there is nothing to upload"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .uploadsFailed(let failures, _):
            "\(failures.count) upload(s) failed: "
                + failures.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
        }
    }
}

/// One file's transfer, shared by every caller that asked for the same file meanwhile.
@SDLActor final class FileTransfer {
    typealias ProgressObserver = (_ sentDelta: Int, _ totalDelta: Int) -> Void

    let file: SDLFile
    /// How often it is tried again after a failure.
    let retries: Int
    let completion = OnceCompletion<UploadOutcome>()
    /// Bytes the head unit has acknowledged.
    private(set) var acknowledgedBytes = 0
    private var observers: [ProgressObserver] = []
    /// How many upload calls wait for it.
    private var holders = 0

    init(_ file: SDLFile, retries: Int) {
        self.file = file
        self.retries = retries
    }

    var size: Int { file.size }

    /// Adds an observer of acknowledged bytes; it is first told what is already acknowledged.
    func observe(_ observer: @escaping ProgressObserver) {
        observers.append(observer)
        observer(acknowledgedBytes, size)
    }

    func acknowledge(_ bytes: Int) { changeAcknowledged(to: acknowledgedBytes + bytes) }

    /// One more upload call waits for it.
    func hold() { holders += 1 }

    /// An upload call no longer waits for it (its task was cancelled): with none left
    /// waiting, it is cancelled — not sent if it has not started, stopped between chunks if it has.
    func release() {
        holders -= 1
        if holders == 0 { finish(.failure(SDLOperationError.cancelled)) }
    }

    /// A retry starts the file again from its first byte.
    func restart() { changeAcknowledged(to: 0) }

    func finish(_ outcome: Result<UploadOutcome, any Error>) {
        guard completion.finish(outcome) else { return }
        if case .success(.uploaded) = outcome { return }
        // Nothing of it counts any more: not sent, and no longer to send.
        for observer in observers { observer(-acknowledgedBytes, -size) }
    }

    private func changeAcknowledged(to new: Int) {
        let delta = new - acknowledgedBytes
        acknowledgedBytes = new
        for observer in observers { observer(delta, 0) }
    }
}

/// Sums the progress of one upload call's transfers and reports it in order.
@SDLActor final class ProgressTally {
    private var sent = 0
    private var total = 0
    private let report: @Sendable (UploadProgress) -> Void

    init(_ report: @escaping @Sendable (UploadProgress) -> Void) { self.report = report }

    func add(sent: Int, total: Int) {
        self.sent += sent
        self.total += total
        report(UploadProgress(bytesSent: self.sent, totalBytes: self.total))
    }
}
