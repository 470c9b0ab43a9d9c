import Logging
import SDLModel

/// Choice cells and sets on the head unit (SDL-0157), as `SDLManager.choiceSets`: it
/// assigns choice IDs, uploads artwork, creates and deletes one choice set per cell, and
/// presents sets, each presentation ending with exactly one `ChoiceSetResult`.
///
/// ```swift
/// let cells = try ["Berlin", "Paris"].map { try ChoiceCell(text: $0) }
/// let set = try ChoiceSet(title: "Pick a city", cells: cells)
/// switch await manager.choiceSets.present(set) {
/// case .selected(let cell, let row, _): print("picked \(cell.text) at row \(row)")
/// case .timedOut, .cancelled, .failed: print("no choice")
/// }
/// ```
///
/// It coordinates; the work is done by one operation per job, as in sdl_ios: the
/// voice-optional probe (`VoiceOptionalProbe`), loading cells (`PreloadChoicesOperation`),
/// deleting them (`DeleteChoicesOperation`) and showing a set (`PresentChoicesOperation`),
/// each run on the manager's queue in the order it was asked for. An operation that loads
/// cells uploads their artwork first, in the queue's files lane. What is loaded is
/// `LoadedChoiceCells`.
@SDLActor public final class ChoiceSetManager {
    /// What the manager does with sets that leave something unsaid, and with artwork that fails.
    public struct Configuration: Sendable {
        /// Load a cell only with all of its artwork: a cell whose artwork fails to upload
        /// fails too, instead of being loaded without that image (and a warning).
        public var requiresAllArtwork: Bool
        /// The layout of sets that give none (sdl_ios's `SDLChoiceSet.defaultLayout`).
        public var defaultLayout: ChoiceSetLayout
        /// The timeout of sets that give none (sdl_ios's `SDLChoiceSet.defaultTimeout`), brought
        /// into `ChoiceSet.timeouts` (5–100 s).
        public var defaultTimeout: Duration {
            didSet { defaultTimeout = min(max(defaultTimeout, ChoiceSet.timeouts.lowerBound), ChoiceSet.timeouts.upperBound) }
        }

        /// A configuration; by default a failed artwork sends its cell without the image.
        public init(requiresAllArtwork: Bool = false, defaultLayout: ChoiceSetLayout = .list, defaultTimeout: Duration = .seconds(10)) {
            self.requiresAllArtwork = requiresAllArtwork
            self.defaultLayout = defaultLayout
            self.defaultTimeout = min(max(defaultTimeout, ChoiceSet.timeouts.lowerBound), ChoiceSet.timeouts.upperBound)
        }
    }

    /// How this manager presents sets.
    public nonisolated let configuration: Configuration
    let connection: SDLConnection
    let queue: SDLOperationQueue
    let fileManager: SDLFileManager
    let logger: Logger
    /// Shows the search keyboards of searchable sets.
    let keyboards: KeyboardManager
    let cancelIDs: CancelIDSequence

    private var loaded = LoadedChoiceCells()
    /// The main window's capabilities: what the screen can show of a cell.
    private var window: WindowCapability?
    /// Whether the head unit accepts a choice without voice commands; nil until the probe
    /// after registration has answered. If not, cells without voice commands are sent with
    /// a placeholder voice command (their choice ID).
    public private(set) var isVoiceOptional: Bool?
    private var voiceProbe: Task<Bool, Never>?
    /// The negotiated SDL version from the registration response.
    public private(set) var headUnitVersion: SdlMsgVersion?
    /// Counts registrations: answers to requests of an earlier one are stale.
    private var generation = 0
    /// How to fail each presentation not ended yet, by its lifecycle.
    private var presentations: [ObjectIdentifier: (any Error) -> Void] = [:]
    private let loadedCellObservers = Broadcast<Set<ChoiceCell>>()
    /// The main window's system context, and how many OnHMIStatus have told it.
    private var systemContext: SystemContext?
    private var statusCount = 0
    private var interactionEndWaiters: [(after: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private(set) var shutDownReason: String?

    nonisolated init(
        connection: SDLConnection, queue: SDLOperationQueue, fileManager: SDLFileManager, keyboards: KeyboardManager,
        cancelIDs: CancelIDSequence, configuration: Configuration, logger: Logger
    ) {
        self.connection = connection
        self.queue = queue
        self.fileManager = fileManager
        self.keyboards = keyboards
        self.cancelIDs = cancelIDs
        self.configuration = configuration
        self.logger = logger
    }

    // MARK: Loaded cells

    /// The cells on the head unit.
    public var loadedCells: Set<ChoiceCell> { loaded.cells }

    /// The choice ID of a loaded cell.
    public func choiceID(of cell: ChoiceCell) -> Int? { loaded.id(of: cell) }

    /// The text a loaded cell was sent with: its own, or numbered " (2)", … where the screen
    /// would show it like another loaded cell (sdl_ios's `uniqueText`).
    public func sentText(of cell: ChoiceCell) -> String? { loaded.sentText(of: cell) }

    /// The loaded cells now, then after every change; ends when the manager shuts down.
    public func loadedCellUpdates() -> AsyncStream<Set<ChoiceCell>> {
        loadedCellObservers.stream(startingWith: loadedCells)
    }

    private func publishLoadedCells() {
        if loadedCellObservers.hasObservers { loadedCellObservers.yield(loadedCells) }
    }

    // MARK: Preloading

    /// Puts the cells on the head unit that are not there yet, all their
    /// `CreateInteractionChoiceSet`s in flight at once, after uploading their artwork.
    /// Cells already loaded, or loaded by an earlier call by the time this one runs, are
    /// not sent again. Throws `ChoicePreloadError` naming exactly the cells that failed
    /// and why; the others stay loaded.
    @discardableResult
    public func preload(_ cells: [ChoiceCell]) async throws(ChoicePreloadError) -> ChoicePreloadOutcome {
        let wanted = Self.unique(cells).filter { !loaded.contains($0) }
        guard !wanted.isEmpty else { return ChoicePreloadOutcome() }
        // The probe may run first, then one round of requests in flight (the artwork's upload,
        // watched in the files lane, does not count).
        let watchdog = queue.defaultWatchdog + connection.configuration.defaultTimeout * 3
        let operation = queue.submit("preload of \(wanted.count) choice cell(s)", lane: .main, watchdog: watchdog) { id in
            await self.load(wanted, in: id)
        }
        let report: PreloadChoicesOperation.Report
        switch await operation.completion.result {
        case .success(let finished): report = finished
        case .failure(let error):
            throw ChoicePreloadError(failures: wanted.map { ChoiceCellFailure(cell: $0, error: error) }, outcome: ChoicePreloadOutcome())
        }
        guard report.failures.isEmpty else { throw ChoicePreloadError(failures: report.failures, outcome: report.outcome) }
        return report.outcome
    }

    /// Loads the cells not loaded yet (`cells` holds each once: a set's, or a preload's
    /// uniqued), their artwork first: runs as (part of) the queued operation `operation`.
    /// Nothing is loaded when `isAbandoned` says so once the artwork is up.
    func load(_ cells: [ChoiceCell], in operation: Int, isAbandoned: () -> Bool = { false }) async -> PreloadChoicesOperation.Report {
        _ = await voiceOptional()
        var pending = cells.filter { !loaded.contains($0) }
        guard !pending.isEmpty else { return PreloadChoicesOperation.Report() }
        let artworks = artworkToUpload(for: pending)
        var absent: [String: any Error] = [:]
        if !artworks.isEmpty {
            absent = await uploadArtwork(artworks, in: operation)
            guard !isAbandoned() else { return PreloadChoicesOperation.Report() }
            // Loaded by another operation's cells meanwhile (they share the artwork's upload).
            pending = pending.filter { !loaded.contains($0) }
        }
        var preload = PreloadChoicesOperation(
            cells: pending, rules: screenRules, absentArtwork: absent, requiresAllArtwork: configuration.requiresAllArtwork,
            logger: logger)
        let generation = self.generation
        preload.plan(in: &loaded)
        let answers = await preload.send(over: connection)
        preload.settle(answers, into: &loaded, isCurrent: generation == self.generation)
        if !preload.report.loaded.isEmpty { publishLoadedCells() }
        return preload.report
    }

    /// The artwork the screen shows of `cells`, each once; static icons are never uploaded.
    private func artworkToUpload(for cells: [ChoiceCell]) -> [SDLArtwork] {
        var byName: [String: SDLArtwork] = [:]
        let rules = screenRules
        for cell in cells {
            // An image the screen cannot show is not sent with the cell, nor uploaded for it.
            for artwork in rules.shownArtwork(of: cell) where !artwork.isStaticIcon {
                byName[artwork.name] = artwork
            }
        }
        return Array(byName.values)
    }

    /// Uploads `artworks` through the file manager (which skips what the head unit has and
    /// joins uploads under way), the operation's watchdog stopped while it waits for the
    /// files lane; returns the artwork the head unit does not have after all, with why.
    private func uploadArtwork(_ artworks: [SDLArtwork], in operation: Int) async -> [String: any Error] {
        let results = await queue.whileWaitingForFiles(operation: operation) { await fileManager.uploadEach(artworks) }
        return results.compactMapValues { result in
            if case .failure(let error) = result { error } else { nil }
        }
    }

    /// What this head unit's screen shows of a cell, and whether it needs voice commands.
    private var screenRules: ChoiceScreenRules {
        ChoiceScreenRules(window: window, headUnitVersion: headUnitVersion, voiceCommandsRequired: isVoiceOptional == false)
    }

    /// The set IDs of `set`'s cells in its order; nil if one is not loaded.
    func loadedSetIDs(of set: ChoiceSet) -> [Int]? {
        let ids = set.cells.compactMap(loaded.id(of:))
        return ids.count == set.cells.count ? ids : nil
    }

    /// The cells of `set` not loaded.
    func unloadedCells(of set: ChoiceSet) -> [ChoiceCell] { set.cells.filter { !loaded.contains($0) } }

    // MARK: The VR-optional probe

    /// Whether voice commands are optional on this head unit, probing it the first time.
    private func voiceOptional() async -> Bool {
        if let isVoiceOptional { return isVoiceOptional }
        let probe = voiceProbe ?? Task { await VoiceOptionalProbe(connection: connection, logger: logger).run() }
        voiceProbe = probe
        let generation = self.generation
        let optional = await probe.value
        if generation == self.generation {
            isVoiceOptional = optional
            voiceProbe = nil
        }
        return optional
    }

    // MARK: Deleting

    /// Deletes the loaded ones among `cells` from the head unit (others are ignored), all
    /// requests in flight at once. A set the head unit reports `IN_USE` (an interaction on
    /// screen shows it) is deleted again once the interaction has ended. Throws
    /// `ChoiceDeleteError` naming the cells that could not be deleted.
    public func delete(_ cells: [ChoiceCell]) async throws(ChoiceDeleteError) {
        var remaining = Self.unique(cells).filter { loaded.contains($0) }
        var failures: [ChoiceCellFailure] = []
        while !remaining.isEmpty {
            let batch = remaining
            let operation = queue.submit("deletion of \(batch.count) choice cell(s)") { await self.deleteLoaded(batch) }
            let (report, statusMark): (DeleteChoicesOperation.Report, Int)
            switch await operation.completion.result {
            case .success(let finished): (report, statusMark) = finished
            case .failure(let error):
                failures += batch.map { ChoiceCellFailure(cell: $0, error: error) }
                (report, statusMark) = (DeleteChoicesOperation.Report(), 0)
            }
            failures += report.failures
            remaining = report.inUse
            guard !remaining.isEmpty else { break }
            logger.info("\(remaining.count) choice cell(s) in use: deleting them after the interaction")
            guard await interactionEnded(after: statusMark) else {
                let reason = SDLOperationError.shutDown(reason: shutDownReason ?? "the manager shut down")
                failures += remaining.map { ChoiceCellFailure(cell: $0, error: reason) }
                break
            }
        }
        guard failures.isEmpty else { throw ChoiceDeleteError(failures: failures) }
    }

    /// Deletes the loaded ones among `cells`; with `statusCount` when the requests went out.
    private func deleteLoaded(_ cells: [ChoiceCell]) async -> (DeleteChoicesOperation.Report, statusMark: Int) {
        let statusMark = statusCount
        let generation = self.generation
        let operation = DeleteChoicesOperation(targets: cells.compactMap { cell in loaded.id(of: cell).map { (cell, $0) } })
        let report = await operation.run(over: connection)
        // The head unit forgot them all meanwhile.
        guard generation == self.generation else { return (DeleteChoicesOperation.Report(), statusMark) }
        var changed = false
        for cell in report.gone where loaded.remove(cell) { changed = true }
        if changed { publishLoadedCells() }
        return (report, statusMark)
    }

    /// Waits until the main window's context is back to MAIN after an OnHMIStatus newer than
    /// `mark`; false if the manager shuts down first.
    private func interactionEnded(after mark: Int) async -> Bool {
        guard shutDownReason == nil else { return false }
        if statusCount > mark, systemContext == .main { return true }
        return await withCheckedContinuation { interactionEndWaiters.append((mark, $0)) }
    }

    private func resumeInteractionEndWaiters(_ value: Bool, where condition: (Int) -> Bool = { _ in true }) {
        let (due, waiting) = (interactionEndWaiters.filter { condition($0.after) }, interactionEndWaiters.filter { !condition($0.after) })
        interactionEndWaiters = waiting
        for waiter in due { waiter.continuation.resume(returning: value) }
    }

    // MARK: Every presentation

    /// Follows `lifecycle` until it ends and queues its interaction: an operation that loads
    /// the cells (artwork first) and hands the PerformInteraction to `show`, which sends it
    /// and finishes the lifecycle.
    func begin<R: InteractionResult>(
        _ lifecycle: InteractionLifecycle<R>, operation presenting: PresentChoicesOperation, watchdog wait: Duration,
        show: @escaping @SDLActor (PerformInteraction) async -> Void
    ) {
        if let shutDownReason {
            lifecycle.finish(.failed(SDLOperationError.shutDown(reason: shutDownReason)))
            return
        }
        let key = ObjectIdentifier(lifecycle)
        presentations[key] = { lifecycle.finish(.failed($0)) }
        lifecycle.completion.whenFinished { _ in self.presentations[key] = nil }
        let set = presenting.choiceSet
        // Loading the cells (their artwork's upload aside), then the interaction itself: as long as the head unit may wait for it.
        let watchdog = queue.defaultWatchdog + connection.configuration.defaultTimeout * 3 + wait
        let operation = queue.submit("presentation of \"\(set.title)\"", lane: .main, watchdog: watchdog) { id in
            guard let request = await self.prepare(lifecycle, operation: presenting, in: id) else { return }
            await show(request)
        }
        lifecycle.queued(operation)
    }

    /// Loads the set's cells and returns the PerformInteraction showing them; nil when the
    /// lifecycle was cancelled meanwhile or the cells failed to load (it is finished then).
    private func prepare<R: InteractionResult>(
        _ lifecycle: InteractionLifecycle<R>, operation presenting: PresentChoicesOperation, in operation: Int
    ) async -> PerformInteraction? {
        guard lifecycle.beginPreparing() else { return nil }
        let set = presenting.choiceSet
        let report = await load(set.cells, in: operation) { lifecycle.isFinished }
        guard !lifecycle.isFinished else { return nil }
        guard report.failures.isEmpty else {
            lifecycle.finish(.failed(ChoicePreloadError(failures: report.failures, outcome: report.outcome)))
            return nil
        }
        guard let setIDs = loadedSetIDs(of: set) else {
            lifecycle.finish(.failed(ChoiceSetError.cellsNotLoaded(unloadedCells(of: set))))
            return nil
        }
        return presenting.request(setIDs: setIDs)
    }

    /// How long to wait for PerformInteraction's answer: longer than Core's own wait (its
    /// default timeout and twice the interaction's), so Core's answer comes first.
    func interactionWait(for presenting: PresentChoicesOperation) -> Duration {
        connection.configuration.defaultTimeout * 2 + presenting.timeout * 2
    }

    // MARK: Following the session (called by SDLManager)

    /// The app is registered (again): a fresh head unit, without any of the app's choice
    /// sets; IDs start over and the voice-optional probe is queued.
    func registered(_ response: RegisterAppInterface.Response, window: WindowCapability?) {
        forgetHeadUnit()
        headUnitVersion = response.headUnitVersion
        self.window = window
        _ = queue.submit("voice-optional probe") { _ = await self.voiceOptional() }
    }

    /// The head unit unregistered the app: it dropped the app's choice sets.
    func registrationLost() {
        forgetHeadUnit()
    }

    private func forgetHeadUnit() {
        generation += 1
        let hadCells = !loaded.isEmpty
        loaded.reset()
        isVoiceOptional = nil
        voiceProbe = nil
        if hadCells { publishLoadedCells() }
        // Sets waiting to be deleted are gone with the rest.
        resumeInteractionEndWaiters(true)
    }

    /// The main window's capabilities changed: cells loaded from now on follow them.
    func windowChanged(_ window: WindowCapability?) {
        self.window = window
    }

    func systemContextChanged(_ context: SystemContext) {
        systemContext = context
        statusCount += 1
        guard context == .main else { return }
        resumeInteractionEndWaiters(true) { $0 < statusCount }
    }

    /// The manager stopped: every presentation not ended yet fails, and nothing more is accepted.
    func shutDown(reason: String) {
        guard shutDownReason == nil else { return }
        shutDownReason = reason
        let error = SDLOperationError.shutDown(reason: reason)
        for fail in presentations.values { fail(error) }
        presentations = [:]
        resumeInteractionEndWaiters(false)
        loadedCellObservers.finish()
    }

    private static func unique(_ cells: [ChoiceCell]) -> [ChoiceCell] {
        var seen = Set<ChoiceCell>()
        return cells.filter { seen.insert($0).inserted }
    }
}
