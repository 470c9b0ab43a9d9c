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
/// Its work runs on the manager's queue, in the order it was asked for: a call's artwork
/// is uploaded (through the file manager) before its operation is queued, and a later
/// call's operations never overtake an earlier call's.
public actor ChoiceSetManager {
    public struct Configuration: Sendable {
        /// Load a cell only with all of its artwork: a cell whose artwork fails to upload
        /// fails too, instead of being loaded without that image (and a warning).
        public var requiresAllArtwork: Bool

        public init(requiresAllArtwork: Bool = false) {
            self.requiresAllArtwork = requiresAllArtwork
        }
    }

    /// The cancel IDs of this manager's interactions, used in turn (as sdl_ios's choice set manager does).
    public static let cancelIDs = 101...200

    public nonisolated let configuration: Configuration
    private let connection: SDLConnection
    private let queue: SDLOperationQueue
    private let fileManager: SDLFileManager
    private let logger: Logger
    /// Keyboards, and the search keyboards of searchable sets; shares the cancel IDs.
    public nonisolated let keyboards: KeyboardManager
    private let cancelIDSequence = CancelIDSequence(ChoiceSetManager.cancelIDs)
    private let submissionOrder = SubmissionOrder()

    /// The cells on the head unit and their choice IDs (= their set IDs).
    private var loadedIDs: [ChoiceCell: Int] = [:]
    /// The text each loaded cell was sent with: its own, or with " (2)", … to tell it apart.
    private var sentTexts: [ChoiceCell: String] = [:]
    /// The main window's capabilities: what the screen can show of a cell.
    private var window: WindowCapability?
    /// The looks of the loaded cells under `rules`, kept so that numbering a new cell does
    /// not go over every loaded one; rebuilt when the rules change.
    private var looks: (rules: ChoiceScreenRules, taken: Set<ChoiceScreenRules.VisibleCell>)?
    private var ids = ChoiceIDPool()
    /// Whether the head unit accepts a choice without voice commands; nil until the probe
    /// after registration has answered. If not, cells without voice commands are sent with
    /// a placeholder voice command (their choice ID).
    public private(set) var isVoiceOptional: Bool?
    private var voiceProbe: Task<Bool, Never>?
    /// Artwork the head unit does not have (its upload failed): cells go without it.
    private var absentArtwork: Set<String> = []
    /// The negotiated SDL version from the registration response.
    public private(set) var headUnitVersion: SdlMsgVersion?
    /// Counts registrations: answers to requests of an earlier one are stale.
    private var generation = 0
    /// How to fail each presentation not ended yet, by its lifecycle.
    private var presentations: [ObjectIdentifier: @Sendable (any Error) -> Void] = [:]
    private var loadedObservers: [Int: AsyncStream<Set<ChoiceCell>>.Continuation] = [:]
    private var nextObserver = 0
    /// The main window's system context, and how many OnHMIStatus have told it.
    private var systemContext: SystemContext?
    private var statusCount = 0
    private var interactionEndWaiters: [(after: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var shutDownReason: String?

    public init(
        connection: SDLConnection, queue: SDLOperationQueue, fileManager: SDLFileManager,
        configuration: Configuration = Configuration(), logger: Logger = Logger(label: "sdl.choices")
    ) {
        self.connection = connection
        self.queue = queue
        self.fileManager = fileManager
        self.configuration = configuration
        self.logger = logger
        self.keyboards = KeyboardManager(
            connection: connection, queue: queue, cancelIDs: cancelIDSequence, order: submissionOrder, logger: logger)
    }

    // MARK: Loaded cells

    /// The cells on the head unit.
    public var loadedCells: Set<ChoiceCell> { Set(loadedIDs.keys) }

    /// The choice ID of a loaded cell.
    public func choiceID(of cell: ChoiceCell) -> Int? { loadedIDs[cell] }

    /// The loaded cells now, then after every change; ends when the manager shuts down.
    public func loadedCellUpdates() -> AsyncStream<Set<ChoiceCell>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Set<ChoiceCell>.self)
        continuation.yield(loadedCells)
        guard shutDownReason == nil else {
            continuation.finish()
            return stream
        }
        let key = nextObserver
        nextObserver += 1
        loadedObservers[key] = continuation
        continuation.onTermination = { _ in Task { await self.removeObserver(key) } }
        return stream
    }

    private func removeObserver(_ key: Int) { loadedObservers[key] = nil }

    private func publishLoadedCells() {
        guard !loadedObservers.isEmpty else { return }
        let cells = loadedCells
        for observer in loadedObservers.values { observer.yield(cells) }
    }

    // MARK: Preloading

    /// Puts the cells on the head unit that are not there yet, all their
    /// `CreateInteractionChoiceSet`s in flight at once, after uploading their artwork.
    /// Cells already loaded, or loaded by an earlier call by the time this one runs, are
    /// not sent again. Throws `ChoicePreloadError` naming exactly the cells that failed
    /// and why; the others stay loaded.
    @discardableResult
    public func preload(_ cells: [ChoiceCell]) async throws(ChoicePreloadError) -> ChoicePreloadOutcome {
        let wanted = Self.unique(cells).filter { loadedIDs[$0] == nil }
        guard !wanted.isEmpty else { return ChoicePreloadOutcome() }
        let operation = await inCallOrder { await self.queueLoad(wanted) }.value
        let report: LoadReport
        switch await operation.result {
        case .success(let finished): report = finished
        case .failure(let error):
            throw ChoicePreloadError(failures: wanted.map { ChoiceCellFailure(cell: $0, error: error) }, outcome: ChoicePreloadOutcome())
        }
        let outcome = ChoicePreloadOutcome(loaded: report.loaded, warnings: report.warnings)
        guard report.failures.isEmpty else { throw ChoicePreloadError(failures: report.failures, outcome: outcome) }
        return outcome
    }

    private struct LoadReport: Sendable {
        var loaded: [ChoiceCell] = []
        var warnings: [ChoiceArtworkWarning] = []
        var failures: [ChoiceCellFailure] = []
    }

    private func queueLoad(_ cells: [ChoiceCell]) async -> SDLOperation<LoadReport> {
        let uploadErrors = await uploadArtwork(of: cells)
        // The probe may run first, then one round of requests in flight.
        let watchdog = queue.defaultWatchdog + connection.configuration.defaultTimeout * 3
        return queue.submit("preload of \(cells.count) choice cell(s)", watchdog: watchdog) {
            await self.load(cells, uploadErrors: uploadErrors)
        }
    }

    /// Uploads the cells' artwork through the file manager (which skips what the head unit
    /// has and joins uploads under way); returns the errors of those that failed, by name.
    private func uploadArtwork(of cells: [ChoiceCell]) async -> [String: any Error] {
        var byName: [String: SDLArtwork] = [:]
        let rules = screenRules
        for cell in cells {
            // An image the screen cannot show is not sent with the cell, nor uploaded for it.
            for artwork in rules.shownArtwork(of: cell) where !artwork.isStaticIcon {
                byName[artwork.name] = artwork
            }
        }
        guard !byName.isEmpty else { return [:] }
        do {
            _ = try await fileManager.upload(Array(byName.values))
            return [:]
        } catch SDLFileError.uploadsFailed(let failures, _) {
            return failures
        } catch {
            return byName.mapValues { _ in error }
        }
    }

    /// Creates the sets of the cells not loaded yet; runs as (part of) a queued operation.
    private func load(_ cells: [ChoiceCell], uploadErrors: [String: any Error]) async -> LoadReport {
        _ = await voiceOptional()
        var report = LoadReport()
        let pending = Self.unique(cells).filter { loadedIDs[$0] == nil }
        guard !pending.isEmpty else { return report }
        var absent: [String: any Error] = [:]
        let rules = screenRules
        for artwork in Set(pending.flatMap(rules.shownArtwork)) where !artwork.isStaticIcon {
            if await !fileManager.hasUploaded(artwork.name) {
                absent[artwork.name] = uploadErrors[artwork.name] ?? ChoiceSetError.artworkUnavailable(name: artwork.name, reason: "not uploaded")
            }
        }
        absentArtwork = Set(absent.keys)
        let generation = self.generation
        // Moved out, not copied: inserting into a set still shared with `looks` would copy it whole.
        var taken = Set<ChoiceScreenRules.VisibleCell>()
        if var kept = looks.take(), kept.rules == rules {
            swap(&taken, &kept.taken)
        } else {
            taken = Set(sentTexts.map { rules.look(of: $0.key, text: $0.value) })
        }
        let texts = Dictionary(uniqueKeysWithValues: zip(pending, rules.uniqueTexts(for: pending, taken: &taken)))
        looks = (rules, taken)
        var requests: [(cell: ChoiceCell, request: CreateInteractionChoiceSet)] = []
        for cell in pending where loadedIDs[cell] == nil {
            let missing = rules.shownArtwork(of: cell).filter { absent[$0.name] != nil }
            if let first = missing.first, configuration.requiresAllArtwork {
                let failure = ChoiceSetError.artworkUnavailable(name: first.name, reason: "\(absent[first.name]!)")
                report.failures.append(ChoiceCellFailure(cell: cell, error: failure))
                continue
            }
            for artwork in missing {
                let warning = ChoiceArtworkWarning(cell: cell, artworkName: artwork.name, error: absent[artwork.name]!)
                logger.warning("\(warning)")
                report.warnings.append(warning)
            }
            do throws(ChoiceIDPoolError) {
                let id = try ids.take()
                let choice = choice(for: cell, id: id, text: texts[cell]!, rules: rules)
                requests.append((cell, CreateInteractionChoiceSet(id: id, choices: [choice])))
            } catch {
                report.failures.append(ChoiceCellFailure(cell: cell, error: ChoiceSetError.choiceIDsExhausted))
            }
        }
        let answers = await connection.send(all: requests.map(\.request))
        for ((cell, request), answer) in zip(requests, answers) {
            let id = request.interactionChoiceSetID
            switch answer {
            case .success where generation == self.generation:
                loadedIDs[cell] = id
                sentTexts[cell] = texts[cell]
                report.loaded.append(cell)
            case .success:
                report.failures.append(ChoiceCellFailure(cell: cell, error: ChoiceSetError.registrationLost))
            case .failure(let error):
                // A refusal leaves no set behind: its ID is free again. Without an answer the
                // head unit may hold the set, so that ID stays taken on this connection.
                if error is SDLResultError, generation == self.generation { try? ids.release(id) }
                report.failures.append(ChoiceCellFailure(cell: cell, error: error))
            }
        }
        // Looks given to cells that did not load are free again.
        if generation == self.generation, looks?.rules == rules {
            for cell in pending where sentTexts[cell] != texts[cell] {
                looks?.taken.remove(rules.look(of: cell, text: texts[cell]!))
            }
        }
        if !report.loaded.isEmpty { publishLoadedCells() }
        for failure in report.failures { logger.warning("choice cell not loaded: \(failure)") }
        return report
    }

    /// What this head unit's screen shows of a cell, and whether it needs voice commands.
    private var screenRules: ChoiceScreenRules {
        ChoiceScreenRules(window: window, headUnitVersion: headUnitVersion, voiceCommandsRequired: isVoiceOptional == false)
    }

    /// The one place a cell becomes the `Choice` sent to the head unit: the fields its screen
    /// shows, `text` from `ChoiceScreenRules.uniqueTexts`, and no artwork that failed to upload.
    private func choice(for cell: ChoiceCell, id: Int, text: String, rules: ChoiceScreenRules) -> Choice {
        var choice = rules.choice(for: cell, id: id, text: text)
        if let artwork = cell.artwork, absentArtwork.contains(artwork.name) { choice.image = nil }
        if let artwork = cell.secondaryArtwork, absentArtwork.contains(artwork.name) { choice.secondaryImage = nil }
        return choice
    }

    // MARK: The VR-optional probe

    /// Whether voice commands are optional on this head unit, asking it the first time:
    /// a set with ID 0 (never handed out) and one choice without voice commands.
    private func voiceOptional() async -> Bool {
        if let isVoiceOptional { return isVoiceOptional }
        let probe = voiceProbe ?? Task { await self.probeVoiceOptional() }
        voiceProbe = probe
        let generation = self.generation
        let optional = await probe.value
        if generation == self.generation {
            isVoiceOptional = optional
            voiceProbe = nil
        }
        return optional
    }

    private nonisolated func probeVoiceOptional() async -> Bool {
        let probe = CreateInteractionChoiceSet(id: 0, choices: [Choice(choiceID: 0, menuName: "Voice optional probe")])
        do {
            _ = try await connection.send(probe)
        } catch let refusal as SDLResultError {
            logger.info("voice commands are required on this head unit (\(refusal))")
            return false
        } catch {
            // No answer: assume the safe side, and remove the set in case it was created.
            logger.warning("the voice-optional probe got no answer (\(error)): sending voice commands on every choice")
            _ = try? await connection.send(DeleteInteractionChoiceSet(id: 0))
            return false
        }
        do {
            _ = try await connection.send(DeleteInteractionChoiceSet(id: 0))
        } catch {
            logger.warning("deleting the voice-optional probe set failed: \(error)")
        }
        return true
    }

    // MARK: Deleting

    /// Deletes the loaded ones among `cells` from the head unit (others are ignored), all
    /// requests in flight at once. A set the head unit reports `IN_USE` (an interaction on
    /// screen shows it) is deleted again once the interaction has ended. Throws
    /// `ChoiceDeleteError` naming the cells that could not be deleted.
    public func delete(_ cells: [ChoiceCell]) async throws(ChoiceDeleteError) {
        var remaining = Self.unique(cells).filter { loadedIDs[$0] != nil }
        var failures: [ChoiceCellFailure] = []
        while !remaining.isEmpty {
            let batch = remaining
            let operation = await inCallOrder {
                self.queue.submit("deletion of \(batch.count) choice cell(s)") { await self.deleteLoaded(batch) }
            }.value
            let report: DeleteReport
            switch await operation.result {
            case .success(let finished): report = finished
            case .failure(let error):
                failures += batch.map { ChoiceCellFailure(cell: $0, error: error) }
                report = DeleteReport()
            }
            failures += report.failures
            remaining = report.inUse
            guard !remaining.isEmpty else { break }
            logger.info("\(remaining.count) choice cell(s) in use: deleting them after the interaction")
            guard await interactionEnded(after: report.statusMark) else {
                let reason = SDLOperationError.shutDown(reason: shutDownReason ?? "the manager shut down")
                failures += remaining.map { ChoiceCellFailure(cell: $0, error: reason) }
                break
            }
        }
        guard failures.isEmpty else { throw ChoiceDeleteError(failures: failures) }
    }

    private struct DeleteReport: Sendable {
        var failures: [ChoiceCellFailure] = []
        var inUse: [ChoiceCell] = []
        /// `statusCount` when the requests were sent.
        var statusMark = 0
    }

    private func deleteLoaded(_ cells: [ChoiceCell]) async -> DeleteReport {
        let targets = cells.compactMap { cell in loadedIDs[cell].map { (cell: cell, id: $0) } }
        var report = DeleteReport(statusMark: statusCount)
        let generation = self.generation
        let answers = await connection.send(all: targets.map { DeleteInteractionChoiceSet(id: $0.id) })
        guard generation == self.generation else { return report }  // the head unit forgot them all
        var changed = false
        for ((cell, id), answer) in zip(targets, answers) {
            switch answer {
            case .failure(let refusal as SDLResultError) where refusal.resultCode == .inUse:
                report.inUse.append(cell)
            case .failure(let refusal as SDLResultError) where refusal.resultCode != .invalidID:
                report.failures.append(ChoiceCellFailure(cell: cell, error: refusal))
            case .failure(let error) where !(error is SDLResultError):
                report.failures.append(ChoiceCellFailure(cell: cell, error: error))
            default:
                // Deleted, or the head unit had no such set (INVALID_ID): either way it is gone.
                loadedIDs[cell] = nil
                if let text = sentTexts.removeValue(forKey: cell), let rules = looks?.rules {
                    looks?.taken.remove(rules.look(of: cell, text: text))
                }
                try? ids.release(id)
                changed = true
            }
        }
        if changed { publishLoadedCells() }
        return report
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

    // MARK: Presenting

    /// Presents `set` and returns how it ended: preloads the cells not loaded yet (artwork
    /// first), then shows it with `PerformInteraction` in turn with the queue's other work.
    /// Cancelling the calling task cancels the presentation (on a head unit older than
    /// SDL 6.0 an interaction on screen cannot be dismissed: its result then comes when the user ends it).
    public nonisolated func present(_ set: ChoiceSet, mode: InteractionMode = .manualOnly) async -> ChoiceSetResult {
        let presentation = await start(set, mode: mode)
        return await resultCancellingWithTask(
            of: "presentation", logger: logger, result: { await presentation.result }, cancel: { try await presentation.cancel() })
    }

    /// Presents `set` and tells `delegate` how it ended (held weakly, as SDL delegates are).
    @discardableResult
    public func presentChoiceSet(_ set: ChoiceSet, mode: InteractionMode = .manualOnly, delegate: any ChoiceSetDelegate) -> ChoicePresentation {
        let presentation = start(set, mode: mode)
        Task { [weak delegate] in
            let result = await presentation.result
            delegate?.deliver(result, for: set)
        }
        return presentation
    }

    /// Starts presenting `set`: the handle's `result` is how it ended, `cancel()` ends it early.
    public func start(_ set: ChoiceSet, mode: InteractionMode = .manualOnly) -> ChoicePresentation {
        let presentation = ChoicePresentation(set, mode: mode, cancelID: cancelIDSequence.take(), connection: connection, logger: logger)
        let lifecycle = presentation.lifecycle
        let wait = interactionWait(for: set)
        begin(lifecycle, set: set, mode: mode, watchdog: wait) { request in
            guard lifecycle.beginShowing(headUnitVersion: await self.headUnitVersion) else { return }
            let result: ChoiceSetResult
            do {
                let response = try await self.connection.send(request, timeout: wait)
                result = Self.selection(response.parameters, choiceIDs: request.interactionChoiceSetIDList, in: set)
            } catch {
                result = lifecycle.result(endedBy: error)
            }
            lifecycle.finish(result)
        }
        return presentation
    }

    // MARK: Searchable sets

    /// Presents `set` with a search keyboard (LIST_WITH_SEARCH, or ICON_WITH_SEARCH for
    /// tiles) and returns how it ended: a tapped cell, or the text the user submitted.
    /// - Parameters:
    ///   - keyboard: the search keyboard's configuration (nil: the keyboards' default).
    ///   - autocomplete: its suggestions (nil: the keyboard manager's `autocomplete`).
    public nonisolated func presentSearchable(
        _ set: ChoiceSet, keyboard: KeyboardConfiguration? = nil, autocomplete: KeyboardAutocomplete? = nil,
        mode: InteractionMode = .manualOnly
    ) async -> ChoiceSetSearchResult {
        let presentation = await startSearch(set, keyboard: keyboard, autocomplete: autocomplete, mode: mode)
        return await resultCancellingWithTask(
            of: "search", logger: logger, result: { await presentation.result }, cancel: { try await presentation.cancel() })
    }

    /// Starts presenting `set` with a search keyboard: see `presentSearchable`.
    public func startSearch(
        _ set: ChoiceSet, keyboard: KeyboardConfiguration? = nil, autocomplete: KeyboardAutocomplete? = nil,
        mode: InteractionMode = .manualOnly
    ) -> ChoiceSetSearchPresentation {
        let presentation = ChoiceSetSearchPresentation(
            set, keyboard: keyboard, cancelID: cancelIDSequence.take(), connection: connection, logger: logger)
        let lifecycle = presentation.lifecycle
        let wait = interactionWait(for: set)
        // The head unit restarts its timeout on every key: the keyboard's own resetting wait ends it.
        begin(lifecycle, set: set, mode: mode, watchdog: KeyboardManager.unboundedWait) { request in
            var request = request
            request.interactionLayout = set.layout == .tiles ? .iconWithSearch : .listWithSearch
            let answer = await self.keyboards.show(
                request, lifecycle: lifecycle, configuration: keyboard, autocomplete: autocomplete, feed: presentation.feed,
                wait: wait,
                closesOnVoice: false)
            guard let answer else { return }
            let result: ChoiceSetSearchResult
            switch answer {
            case .success(let response) where response.choiceID == nil && (response.manualTextEntry != nil || response.triggerSource == .keyboard):
                // An empty entry comes back as triggerSource KEYBOARD without manualTextEntry (SDL-RULES §14).
                result = .submitted(response.manualTextEntry ?? "")
            case .success(let response):
                result = Self.selection(response, choiceIDs: request.interactionChoiceSetIDList, in: set)
            case .failure(let error):
                result = lifecycle.result(endedBy: error)
            }
            lifecycle.finish(result)
        }
        return presentation
    }

    // MARK: Every presentation

    /// Follows `lifecycle` until it ends and queues its interaction in call order: the
    /// cells' artwork, then an operation that loads the cells and hands the PerformInteraction
    /// to `show`, which sends it and finishes the lifecycle.
    private func begin<R: InteractionResult>(
        _ lifecycle: InteractionLifecycle<R>, set: ChoiceSet, mode: InteractionMode, watchdog wait: Duration,
        show: @escaping @Sendable (PerformInteraction) async -> Void
    ) {
        if let shutDownReason {
            lifecycle.finish(.failed(SDLOperationError.shutDown(reason: shutDownReason)))
            return
        }
        let key = ObjectIdentifier(lifecycle)
        presentations[key] = { lifecycle.finish(.failed($0)) }
        lifecycle.completion.whenFinished { _ in Task { await self.forget(key) } }
        let missing = set.cells.filter { loadedIDs[$0] == nil }
        _ = inCallOrder {
            guard !lifecycle.isFinished else { return }
            let uploadErrors = await self.uploadArtwork(of: missing)
            guard !lifecycle.isFinished else { return }
            // Loading the cells, then the interaction itself: as long as the head unit may wait for it.
            let watchdog = self.queue.defaultWatchdog + self.connection.configuration.defaultTimeout * 3 + wait
            let operation = self.queue.submit("presentation of \"\(set.title)\"", watchdog: watchdog) {
                guard let request = await self.prepare(lifecycle, set: set, mode: mode, uploadErrors: uploadErrors) else { return }
                await show(request)
            }
            lifecycle.queued(operation)
        }
    }

    private func forget(_ key: ObjectIdentifier) { presentations[key] = nil }

    /// How long to wait for PerformInteraction's answer: longer than Core's own wait (its
    /// default timeout and twice the interaction's), so Core's answer comes first.
    private nonisolated func interactionWait(for set: ChoiceSet) -> Duration {
        connection.configuration.defaultTimeout * 2 + set.timeout * 2
    }

    /// Loads the set's cells and returns the PerformInteraction showing them; nil when the
    /// lifecycle was cancelled meanwhile or the cells failed to load (it is finished then).
    private func prepare<R: InteractionResult>(
        _ lifecycle: InteractionLifecycle<R>, set: ChoiceSet, mode: InteractionMode, uploadErrors: [String: any Error]
    ) async -> PerformInteraction? {
        guard lifecycle.beginPreparing() else { return nil }
        let report = await load(set.cells, uploadErrors: uploadErrors)
        guard report.failures.isEmpty else {
            let outcome = ChoicePreloadOutcome(loaded: report.loaded, warnings: report.warnings)
            lifecycle.finish(.failed(ChoicePreloadError(failures: report.failures, outcome: outcome)))
            return nil
        }
        let missing = set.cells.filter { loadedIDs[$0] == nil }
        guard missing.isEmpty else {
            lifecycle.finish(.failed(ChoiceSetError.cellsNotLoaded(missing)))
            return nil
        }
        var request = PerformInteraction(
            initialText: set.title, mode: mode, choiceSetIDs: set.cells.map { loadedIDs[$0]! }, layout: set.layout.layoutMode,
            timeout: set.timeoutMilliseconds, cancelID: lifecycle.cancelID)
        request.initialPrompt = set.initialPrompt
        request.helpPrompt = set.helpPrompt
        request.timeoutPrompt = set.timeoutPrompt
        request.vrHelp = set.vrHelp
        return request
    }

    private static func selection<R: ChoiceInteractionResult>(
        _ answer: PerformInteraction.Response, choiceIDs: [Int], in set: ChoiceSet
    ) -> R {
        guard let choiceID = answer.choiceID else { return .failed(ChoiceSetError.missingChoiceID) }
        guard let row = choiceIDs.firstIndex(of: choiceID) else { return .failed(ChoiceSetError.unknownChoiceID(choiceID)) }
        return .selected(set.cells[row], row: row, source: answer.triggerSource ?? .menu)
    }

    // MARK: Order of submissions

    /// Runs `step` after the steps of every earlier call, the keyboards' included.
    private func inCallOrder<Value: Sendable>(_ step: @escaping @Sendable () async -> Value) -> Task<Value, Never> {
        submissionOrder.after(step)
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
        ids.reset()
        let hadCells = !loadedIDs.isEmpty
        loadedIDs = [:]
        sentTexts = [:]
        looks = nil
        isVoiceOptional = nil
        voiceProbe = nil
        absentArtwork = []
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
    func shutDown(reason: String) async {
        guard shutDownReason == nil else { return }
        shutDownReason = reason
        let error = SDLOperationError.shutDown(reason: reason)
        for fail in presentations.values { fail(error) }
        presentations = [:]
        resumeInteractionEndWaiters(false)
        await keyboards.shutDown(reason: reason)
        for observer in loadedObservers.values { observer.finish() }
        loadedObservers = [:]
    }

    private static func unique(_ cells: [ChoiceCell]) -> [ChoiceCell] {
        var seen = Set<ChoiceCell>()
        return cells.filter { seen.insert($0).inserted }
    }
}
