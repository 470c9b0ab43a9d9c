import Clocks
import Foundation
import SDLManager
import SDLModel
import SimulatorClient
import Synchronization
import Testing

/// The manager under faults (issue #11): seeded random scenarios of preload, present,
/// keyboard, cancel, delete and upload against hu-sim's engine (in the test process), with injected drops, delays and
/// error codes, both clocks moved on, the simulator killed and the manager stopped at
/// random moments. Every operation must end with exactly one outcome, the queue must
/// never jam, and an artwork the head unit acknowledged is never sent again.
///
/// `HU_SCENARIOS` sets how many scenarios run (50 by default), `HU_SCENARIO_SEED` the
/// first one's seed (scenario i uses seed + i); a failure prints its seed and steps.
/// `tools/scenarios` runs 1,000.
@Suite(.timeLimit(.minutes(60))) struct ManagerFaultScenarioTests {
    @Test func everyOperationEndsOnceAndTheQueueNeverJamsUnderFaults() async throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["HU_SCENARIOS"].flatMap(Int.init) ?? 50
        let firstSeed = environment["HU_SCENARIO_SEED"].flatMap(UInt64.init) ?? 20_261_123
        var totals = ScenarioTotals()
        let started = ContinuousClock.now
        for index in 0..<count {
            let scenario = FaultScenario(seed: firstSeed &+ UInt64(index))
            let report = await FaultScenarioRunner.run(scenario)
            totals.add(report)
            if !report.violations.isEmpty {
                Issue.record(
                    """
                    scenario seed \(scenario.seed) broke:
                      \(report.violations.joined(separator: "\n  "))
                    steps:
                      \(scenario.steps.map(\.description).joined(separator: "\n  "))
                    replay: HU_SCENARIO_SEED=\(scenario.seed) HU_SCENARIOS=1 swift test --filter ManagerFaultScenarioTests
                    """)
            }
        }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        print(
            "manager fault scenarios: \(count) run from seed \(firstSeed), \(totals.operations) operations "
                + "(\(totals.presentations) presentations, \(totals.faults) faults injected, \(totals.kills) simulators killed, "
                + "\(totals.stops) stops), results lost \(totals.lost), doubled \(totals.doubled), "
                + "queue jams \(totals.jams), needless uploads \(totals.needlessUploads), "
                + "failed scenarios \(totals.failedScenarios), wall time \(String(format: "%.1f", seconds)) s\n"
                + "outcomes: " + totals.outcomes.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(totals.operations > count)
    }

    @Test func aScenarioIsTheSameForTheSameSeed() {
        #expect(FaultScenario(seed: 7).steps.map(\.description) == FaultScenario(seed: 7).steps.map(\.description))
        #expect(FaultScenario(seed: 7).steps.map(\.description) != FaultScenario(seed: 8).steps.map(\.description))
    }
}

// MARK: Scenarios

/// One random step; its description is how a failing scenario is printed for replay.
enum ScenarioStep: Sendable, CustomStringConvertible {
    enum Ending: String, Sendable, CaseIterable {
        case tap, say, close, nothing, timeout
    }

    enum KeyboardEnding: String, Sendable, CaseIterable {
        case typeAndSubmit = "type and submit", close, nothing, timeout
    }

    enum FaultKind: Sendable, CustomStringConvertible {
        case drop
        case delay(seconds: Int)
        case result(ResultCode)

        var fault: SimulatorDriver.Fault {
            switch self {
            case .drop: .drop
            case .delay(let seconds): .delay(.seconds(seconds))
            case .result(let code): .result(code, info: "injected")
            }
        }

        var description: String {
            switch self {
            case .drop: "drop"
            case .delay(let seconds): "delay \(seconds) s"
            case .result(let code): code.rawValue
            }
        }
    }

    case preload(cells: [Int])
    case delete(cells: [Int])
    case present(cells: [Int], ending: Ending)
    case keyboard(ending: KeyboardEnding, autocomplete: Bool)
    case cancelPresentation(newest: Bool)
    case upload(artwork: Int, copies: Int)
    case fault(method: any SDLRequest.Type, kind: FaultKind, count: Int)
    case advanceSimulatorClock(seconds: Int)
    case advanceConnectionClock(seconds: Int)
    case pause(milliseconds: Int)
    case killSimulator
    case stopManager

    var description: String {
        switch self {
        case .preload(let cells): "preload cells \(cells)"
        case .delete(let cells): "delete cells \(cells)"
        case .present(let cells, let ending): "present cells \(cells), then \(ending.rawValue)"
        case .keyboard(let ending, let autocomplete):
            "keyboard\(autocomplete ? " with autocomplete" : ""), then \(ending.rawValue)"
        case .cancelPresentation(let newest): "app cancels the \(newest ? "newest" : "oldest") unfinished presentation"
        case .upload(let artwork, let copies): "upload artwork \(artwork) \(copies)× at once"
        case .fault(let method, let kind, let count): "inject \(kind) on the next \(count) \(method.method)"
        case .advanceSimulatorClock(let seconds): "advance the simulator's clock \(seconds) s"
        case .advanceConnectionClock(let seconds): "advance the connection's clock \(seconds) s"
        case .pause(let milliseconds): "pause \(milliseconds) ms of real time"
        case .killSimulator: "kill the simulator"
        case .stopManager: "manager.stop()"
        }
    }
}

struct FaultScenario: Sendable {
    /// Cells 0–3 have voice commands, 4–7 do not (a set takes all or none); 6 and 7 have artwork.
    static let cellCount = 8
    static let artworkCount = 3
    static let faultMethods: [any SDLRequest.Type] = [
        CreateInteractionChoiceSet.self, PerformInteraction.self, CancelInteraction.self,
        DeleteInteractionChoiceSet.self, PutFile.self, ListFiles.self, SetGlobalProperties.self,
    ]
    static let faultCodes: [ResultCode] = [.genericError, .rejected, .outOfMemory, .tooManyPendingRequests, .disallowed, .aborted]

    let seed: UInt64
    let steps: [ScenarioStep]

    init(seed: UInt64) {
        self.seed = seed
        var random = SplitMix(seed: seed)
        var steps: [ScenarioStep] = []
        for _ in 0..<Int.random(in: 4...16, using: &random) {
            steps.append(Self.randomStep(using: &random))
        }
        self.steps = steps
    }

    private static func randomStep(using random: inout SplitMix) -> ScenarioStep {
        func someCells() -> [Int] {
            let family = Bool.random(using: &random) ? 0 : 4
            let picked = (family..<family + 4).filter { _ in Bool.random(using: &random) }
            return picked.isEmpty ? [family] : picked
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14: return .preload(cells: someCells())
        case 14..<20: return .delete(cells: someCells())
        case 20..<34: return .present(cells: someCells(), ending: ScenarioStep.Ending.allCases.randomElement(using: &random)!)
        case 34..<42:
            return .keyboard(
                ending: ScenarioStep.KeyboardEnding.allCases.randomElement(using: &random)!, autocomplete: Bool.random(using: &random))
        case 42..<50: return .cancelPresentation(newest: Bool.random(using: &random))
        case 50..<61: return .upload(artwork: Int.random(in: 0..<artworkCount, using: &random), copies: Int.random(in: 1...4, using: &random))
        case 61..<76:
            let kind: ScenarioStep.FaultKind =
                switch Int.random(in: 0..<3, using: &random) {
                case 0: .drop
                case 1: .delay(seconds: Int.random(in: 1...30, using: &random))
                default: .result(faultCodes.randomElement(using: &random)!)
                }
            return .fault(method: faultMethods.randomElement(using: &random)!, kind: kind, count: Int.random(in: 1...2, using: &random))
        case 76..<82: return .advanceSimulatorClock(seconds: Int.random(in: 1...40, using: &random))
        case 82..<90: return .advanceConnectionClock(seconds: [5, 11, 25, 45, 120].randomElement(using: &random)!)
        case 90..<96: return .pause(milliseconds: Int.random(in: 0...5, using: &random))
        case 96..<98: return .killSimulator
        default: return .stopManager
        }
    }

    static func cell(_ index: Int) -> ChoiceCell {
        let text = "Cell \(index)"
        // The texts and voice commands are valid by construction.
        return try! ChoiceCell(
            text: text, voiceCommands: index < 4 ? ["cell \(index)"] : nil,
            artwork: index >= 6 ? SDLArtwork(data: picture(200 + index)) : nil)
    }

    static func artwork(_ index: Int) -> SDLArtwork { SDLArtwork(data: picture(100 + index)) }

    // A fixed word list: building its index cannot fail.
    static let autocomplete = KeyboardAutocomplete(
        provider: try! LocalPrefixIndex(wordFrequencies: [("berlin", 9), ("bern", 5), ("bergen", 3), ("bremen", 2)]))
}

// MARK: Running one

/// What one scenario did and which invariants it broke.
struct ScenarioReport: Sendable {
    var operations = 0
    var presentations = 0
    var faults = 0
    var killed = false
    var stopped = false
    var lost = 0
    var doubled = 0
    var jammed = false
    var needlessUploads = 0
    /// How many operations ended each way ("selected", "timed out", "failed", "uploaded"...).
    var outcomes: [String: Int] = [:]
    var violations: [String] = []
}

struct ScenarioTotals {
    var operations = 0, presentations = 0, faults = 0, kills = 0, stops = 0
    var lost = 0, doubled = 0, jams = 0, needlessUploads = 0, failedScenarios = 0
    var outcomes: [String: Int] = [:]

    mutating func add(_ report: ScenarioReport) {
        operations += report.operations
        presentations += report.presentations
        faults += report.faults
        kills += report.killed ? 1 : 0
        stops += report.stopped ? 1 : 0
        lost += report.lost
        doubled += report.doubled
        jams += report.jammed ? 1 : 0
        needlessUploads += report.needlessUploads
        failedScenarios += report.violations.isEmpty ? 0 : 1
        outcomes.merge(report.outcomes, uniquingKeysWith: +)
    }
}

/// Every operation a scenario started, each run in its own task that counts its endings.
final class OperationLog: Sendable {
    struct Entry: Sendable {
        let name: String
        /// Started after `manager.stop()` returned: it must fail.
        let mustFail: Bool
        var endings = 0
        var outcome = ""
    }

    private let entries = Mutex<[Entry]>([])

    /// Starts `body` in a task of its own, queued in the manager's domain behind the work
    /// queued there before: operations started one after another start in that order, each
    /// asking for what it asks for at once before the next, and before the head unit settles.
    @SDLActor func start(_ name: String, mustFail: Bool = false, _ body: @escaping @SDLActor () async -> String) {
        let index = entries.withLock { entries in
            entries.append(Entry(name: name, mustFail: mustFail))
            return entries.count - 1
        }
        Task {
            let outcome = await body()
            entries.withLock { entries in
                entries[index].endings += 1
                entries[index].outcome = outcome
            }
        }
    }

    /// Starts `copies` of `body` at once: all are queued before any runs.
    @SDLActor func start(
        copies: Int, named name: (Int) -> String, mustFail: Bool = false, _ body: @escaping @SDLActor () async -> String
    ) {
        for copy in 0..<copies { start(name(copy), mustFail: mustFail, body) }
    }

    var all: [Entry] { entries.withLock { $0 } }
    var allEnded: Bool { entries.withLock { $0.allSatisfy { $0.endings > 0 } } }
}

/// A presentation, the delegate that hears its ending, and the step that started it.
struct StartedPresentation: Sendable {
    let presentation: ChoicePresentation
    let delegate: RecordingDelegate
    let step: Int
}

/// Something on screen or queued that the app may cancel: a choice set or a keyboard.
struct Cancellable: Sendable {
    let step: Int
    let isFinished: @SDLActor () -> Bool
    /// Asks for the cancel; what came of asking.
    let cancel: @Sendable () async -> String
}

enum FaultScenarioRunner {
    /// How far both clocks move in one round of settling: just past a request's timeout, so a
    /// request that timed out is tried again before a watchdog (40 s at least) ends its work.
    static let settleStep = Duration.seconds(11)
    /// Rounds of settling an operation may take to end: past every timeout and watchdog.
    static let settleRounds = 60

    static func run(_ scenario: FaultScenario) async -> ScenarioReport {
        var report = ScenarioReport()
        let clock = TestClock<Duration>()
        do {
            try await withInProcessSimulator(clock: clock) { connection, simulator in
                let manager = try await readyManager(on: connection)
                report = await run(scenario, manager: manager, user: simulator.driver(behind: connection), simulator: simulator, clock: clock)
                await manager.stop()
            }
        } catch {
            report.violations.append("the harness failed: \(error)")
        }
        return report
    }

    private static func run(
        _ scenario: FaultScenario, manager: SDLManager, user: SimulatorDriver, simulator: InProcessSimulator,
        clock: TestClock<Duration>
    ) async -> ScenarioReport {
        var report = ScenarioReport()
        let log = OperationLog()
        var presentations: [StartedPresentation] = []
        var cancellables: [Cancellable] = []
        /// Whether a PutFile may still meet an injected fault (and so be retried).
        var putFileFaulted = false
        for (number, step) in scenario.steps.enumerated() {
            switch step {
            case .preload(let indices):
                let cells = indices.map(FaultScenario.cell)
                await log.start("step \(number): \(step)") {
                    do { return "loaded \(try await manager.choiceSets.preload(cells).loaded.count)" } catch { return "failed: \(error)" }
                }
            case .delete(let indices):
                let cells = indices.map(FaultScenario.cell)
                await log.start("step \(number): \(step)") {
                    do { try await manager.choiceSets.delete(cells); return "deleted" } catch { return "failed: \(error)" }
                }
            case .present(let indices, let ending):
                let title = "Set \(number)"
                let set = try! ChoiceSet(title: title, cells: indices.map(FaultScenario.cell), timeout: .seconds(5))
                let delegate = RecordingDelegate()
                let mode: InteractionMode = indices[0] < 4 && ending == .say ? .both : .manualOnly
                let presentation = await manager.choiceSets.presentChoiceSet(set, mode: mode, delegate: delegate)
                presentations.append(StartedPresentation(presentation: presentation, delegate: delegate, step: number))
                cancellables.append(
                    Cancellable(step: number, isFinished: { presentation.isFinished }) {
                        do { try await presentation.cancel(); return "cancel sent" } catch { return "cancel failed: \(error)" }
                    })
                report.presentations += 1
                await log.start("step \(number): \(step)", mustFail: report.stopped) { "\(await presentation.result)" }
                if ending != .nothing { await act(ending, on: title, user: user) }
            case .keyboard(let ending, let autocomplete):
                let title = "Keyboard \(number)"
                let keyboard = await manager.keyboards.start(
                    initialText: title, autocomplete: autocomplete ? FaultScenario.autocomplete : nil, timeout: .seconds(5))
                cancellables.append(
                    Cancellable(step: number, isFinished: { keyboard.isFinished }) {
                        do { try await keyboard.cancel(); return "cancel sent" } catch { return "cancel failed: \(error)" }
                    })
                report.presentations += 1
                await log.start("step \(number): \(step)", mustFail: report.stopped) { "\(await keyboard.result)" }
                await act(ending, onKeyboard: title, user: user)
            case .cancelPresentation(let newest):
                var unfinished: [Cancellable] = []
                for cancellable in cancellables where await !cancellable.isFinished() { unfinished.append(cancellable) }
                guard let target = newest ? unfinished.last : unfinished.first else { continue }
                await log.start("step \(number): \(step) (the one of step \(target.step))", target.cancel)
            case .upload(let index, let copies):
                let artwork = FaultScenario.artwork(index)
                await log.start(copies: copies, named: { "step \(number): \(step), copy \($0)" }, mustFail: report.stopped) {
                    do { return "\(try await manager.fileManager.upload(artwork))" } catch { return "failed: \(error)" }
                }
            case .fault(let method, let kind, let count):
                report.faults += 1
                if method == PutFile.self { putFileFaulted = true }
                try? await user.injectFault(kind.fault, on: method, count: count)
            case .advanceSimulatorClock(let seconds):
                _ = try? await user.advance(by: .seconds(seconds))
            case .advanceConnectionClock(let seconds):
                await clock.advance(by: .seconds(seconds))
            case .pause(let milliseconds):
                try? await Task.sleep(for: .milliseconds(milliseconds))
            case .killSimulator:
                guard !report.killed else { continue }
                await simulator.kill()
                report.killed = true
            case .stopManager:
                report.stopped = true
                await manager.stop(reason: "the scenario stopped it")
            }
        }
        report.operations = log.all.count

        // Every operation ends once both clocks pass every timeout and watchdog.
        await settle(until: { log.allEnded }, user: user, clock: clock)
        for entry in log.all where entry.endings != 1 {
            if entry.endings == 0 { report.lost += 1 } else { report.doubled += 1 }
            report.violations.append("\(entry.name) ended \(entry.endings) times")
        }
        for entry in log.all where entry.mustFail && entry.endings == 1 && !entry.outcome.hasPrefix("failed") {
            report.violations.append("\(entry.name), started after stop(), ended \(entry.outcome)")
        }
        for entry in log.all where entry.endings == 1 { report.outcomes[Self.kind(of: entry.outcome), default: 0] += 1 }
        for started in presentations where await started.presentation.isFinished {
            let first = "\(await started.presentation.result)"
            let second = "\(await started.presentation.result)"
            if first != second {
                report.doubled += 1
                report.violations.append("the presentation of step \(started.step) gave \(first), then \(second)")
            }
            // The delegate hears the ending as the result is set.
            if started.delegate.events.count != 1 {
                if started.delegate.events.count > 1 { report.doubled += 1 }
                report.violations.append("the delegate of step \(started.step)'s presentation heard \(started.delegate.events)")
            }
        }

        if report.killed, !(await waitForShutDown(manager, user: user)) {
            report.violations.append("the manager did not shut down after its simulator was killed")
        }
        let state = await manager.state
        if state == .shutDown {
            // Shut down (stopped or the head unit gone): everything later fails at once.
            let late = await manager.queue.submit("after shutdown") { 1 }
            guard case .failure(let error as SDLOperationError) = await late.result, error.isCancellation else {
                report.violations.append("an operation submitted after shutdown did not fail with .shutDown")
                return report
            }
        } else if state == .ready {
            let probe = await manager.queue.submit("probe") { 1 }
            await settle(until: { await probe.isFinished }, user: user, clock: clock)
            let probeValue = await probe.isFinished ? try? await probe.value : nil
            if probeValue != 1 {
                report.jammed = true
                report.violations.append("the queue is jammed: a trivial operation did not finish")
            }
            await checkNoNeedlessUploads(manager: manager, user: user, clock: clock, report: &report)
            await checkUploadsCoalesce(manager: manager, user: user, clock: clock, putFileFaulted: putFileFaulted, report: &report)
        }
        return report
    }

    /// The outcome's kind, for the totals: "selected", "timed out", "cancelled by the user", "failed", "uploaded"...
    private static func kind(of outcome: String) -> String {
        if outcome.hasPrefix("selected") { return "selected" }
        if outcome.hasPrefix("loaded") { return "preloaded" }
        if outcome.hasPrefix("submitted") { return "submitted" }
        if outcome.hasPrefix("cancel failed") { return "cancel refused" }
        if outcome.hasPrefix("failed") { return "failed" }
        return outcome
    }

    /// Whether the manager has shut down once the head unit is settled (a few rounds: the
    /// shutdown after a lost connection waits behind the work the loss woke).
    private static func waitForShutDown(_ manager: SDLManager, user: SimulatorDriver) async -> Bool {
        for _ in 0..<10 {
            _ = try? await user.state()
            if await manager.state == .shutDown { return true }
        }
        return false
    }

    /// Moves both clocks on, round after round, until `condition` holds or the rounds run out.
    /// Each round first lets the head unit settle (the driver acts on a settled one): moving
    /// the connection's clock at once would time out requests it is about to answer.
    private static func settle(
        until condition: @Sendable () async -> Bool, user: SimulatorDriver, clock: TestClock<Duration>
    ) async {
        for _ in 0..<settleRounds {
            _ = try? await user.state()
            if await condition() { return }
            _ = try? await user.advance(by: settleStep)
            await clock.advance(by: settleStep)
        }
    }

    /// An artwork the manager knows to be on the head unit is on it, and uploading it again sends nothing.
    private static func checkNoNeedlessUploads(
        manager: SDLManager, user: SimulatorDriver, clock: TestClock<Duration>, report: inout ScenarioReport
    ) async {
        let files: [String]
        do {
            files = try await user.state().files.map(\.syncFileName)
        } catch {
            return report.violations.append("the head unit's files could not be read: \(error)")
        }
        let artworks = (0..<FaultScenario.artworkCount).map(FaultScenario.artwork)
            + (0..<FaultScenario.cellCount).compactMap { FaultScenario.cell($0).artwork }
        for artwork in artworks where await manager.fileManager.hasUploaded(artwork.name) {
            guard files.contains(artwork.name) else {
                report.violations.append("the manager believes \(artwork.name) is uploaded; the head unit lacks it")
                continue
            }
            let sent = await manager.connection.requestsSent(PutFile.self)
            let outcome = await uploads(of: artwork, copies: 1, manager: manager, user: user, clock: clock, report: &report)
            if await manager.connection.requestsSent(PutFile.self) != sent || outcome != ["alreadyOnHeadUnit"] {
                report.needlessUploads += 1
                report.violations.append("\(artwork.name), acknowledged before, was sent again (\(outcome))")
            }
        }
    }

    /// Three uploads of a new artwork at once share one transfer: one PutFile (two if an
    /// injected fault is still waiting for a PutFile and the retry is needed).
    private static func checkUploadsCoalesce(
        manager: SDLManager, user: SimulatorDriver, clock: TestClock<Duration>, putFileFaulted: Bool,
        report: inout ScenarioReport
    ) async {
        let artwork = SDLArtwork(data: picture(7, size: 96))
        let sent = await manager.connection.requestsSent(PutFile.self)
        let outcomes = await uploads(of: artwork, copies: 3, manager: manager, user: user, clock: clock, report: &report)
        let putFiles = await manager.connection.requestsSent(PutFile.self) - sent
        let allowed = putFileFaulted ? 1 + manager.fileManager.configuration.artworkRetries : 1
        // Started at once they share the transfer and all end "uploaded"; a loaded machine may
        // run them one after another, and a call that starts after the transfer ended finds
        // the file there: "alreadyOnHeadUnit". Either way one transfer was made.
        let ended = Set(outcomes)
        let agree = ended == ["uploaded"] || ended == ["uploaded", "alreadyOnHeadUnit"]
            || (putFileFaulted && outcomes.allSatisfy { $0.hasPrefix("failed") })
        if putFiles > allowed || !agree {
            report.needlessUploads += max(0, putFiles - allowed)
            report.violations.append("three uploads of one new artwork at once sent \(putFiles) PutFile(s) and ended \(outcomes)")
        }
    }

    /// Uploads `artwork` `copies` times at once; the outcomes once all ended (a lost one counts and reads "lost").
    private static func uploads(
        of artwork: SDLArtwork, copies: Int, manager: SDLManager, user: SimulatorDriver, clock: TestClock<Duration>,
        report: inout ScenarioReport
    ) async -> [String] {
        let log = OperationLog()
        await log.start(copies: copies, named: { _ in "upload of \(artwork.name)" }) {
            do { return "\(try await manager.fileManager.upload(artwork))" } catch { return "failed: \(error)" }
        }
        await settle(until: { log.allEnded }, user: user, clock: clock)
        report.operations += copies
        return log.all.map { entry in
            if entry.endings != 1 {
                report.lost += entry.endings == 0 ? 1 : 0
                report.doubled += entry.endings > 1 ? 1 : 0
                report.violations.append("\(entry.name) at the end ended \(entry.endings) times")
            }
            return entry.endings == 1 ? entry.outcome : "lost"
        }
    }

    /// The simulated driver ends the keyboard titled `title` once it is on screen.
    private static func act(_ ending: ScenarioStep.KeyboardEnding, onKeyboard title: String, user: SimulatorDriver) async {
        guard ending != .nothing, await waitUntilShown(title, user: user) != nil else { return }
        switch ending {
        case .typeAndSubmit:
            try? await user.type("ber")
            try? await user.submit()
        case .close: try? await user.close()
        case .timeout: _ = try? await user.advance(by: .seconds(5))
        case .nothing: return
        }
    }

    /// The interaction titled `title` if it is on screen once the head unit has settled.
    private static func waitUntilShown(_ title: String, user: SimulatorDriver) async -> SimGetState.Interaction? {
        guard let interaction = try? await user.state().interaction, interaction.initialText == title else { return nil }
        return interaction
    }

    /// The simulated user ends the interaction titled `title` once it is on screen.
    private static func act(_ ending: ScenarioStep.Ending, on title: String, user: SimulatorDriver) async {
        guard let shown = await waitUntilShown(title, user: user), let first = shown.visibleChoices.first else { return }
        switch ending {
        case .tap: try? await user.tap(choiceID: first.choiceID)
        case .say: try? await user.say(first.menuName.lowercased())
        case .close: try? await user.close()
        case .timeout: _ = try? await user.advance(by: .seconds(5))
        case .nothing: return
        }
    }
}
