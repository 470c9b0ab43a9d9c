import Logging
import SDLModel

/// The app's side of a head unit session: registers the app, follows its HMI level,
/// system context and display capabilities, and runs the app's work on one serial
/// queue that waits while the head unit is not ready. It and its managers live in
/// ``SDLActor``: they call one another directly, and follow the head unit's notifications
/// as the connection reads them.
///
/// ```swift
/// let manager = SDLManager(connection: connection, configuration: .init(appName: "Demo", appID: "demo-1"))
/// try await manager.start()
/// try await manager.waitUntilReady()
/// try await manager.fileManager.upload(SDLArtwork(data: pngBytes))
/// await manager.stop()
/// ```
@SDLActor public final class SDLManager {
    /// The app as it registers (name, ID, language, SDL version, HMI types) and how its managers run.
    public struct Configuration: Sendable {
        /// The app's name on the head unit.
        public var appName: String
        /// The app's ID (`fullAppID`).
        public var appID: String
        /// Whether the app plays media.
        public var isMediaApplication: Bool
        /// The language the app speaks and shows.
        public var language: Language
        /// The highest SDL version the app speaks.
        public var sdlMsgVersion: SdlMsgVersion
        /// The app's HMI types (navigation, media…); nil for the default.
        public var appHMIType: [AppHMIType]?
        /// How long a queued operation may run before the queue moves on without it.
        public var operationWatchdog: Duration
        /// How the file manager uploads.
        public var files: SDLFileManager.Configuration
        /// How choice sets are presented.
        public var choiceSets = ChoiceSetManager.Configuration()
        /// Where the manager logs.
        public var logger: Logger

        /// A configuration for the app `appName` with ID `appID`; by default not media, English (US), SDL 8.0, a 30-second watchdog.
        public init(
            appName: String, appID: String, isMediaApplication: Bool = false, language: Language = .enUS,
            sdlMsgVersion: SdlMsgVersion = SdlMsgVersion(8, 0), appHMIType: [AppHMIType]? = nil,
            operationWatchdog: Duration = .seconds(30), files: SDLFileManager.Configuration = .init(),
            logger: Logger = Logger(label: "sdl.manager")
        ) {
            self.appName = appName
            self.appID = appID
            self.isMediaApplication = isMediaApplication
            self.language = language
            self.sdlMsgVersion = sdlMsgVersion
            self.appHMIType = appHMIType
            self.operationWatchdog = operationWatchdog
            self.files = files
            self.logger = logger
        }
    }

    /// The app and how the manager runs.
    public nonisolated let configuration: Configuration
    /// The connection to the head unit.
    public nonisolated let connection: SDLConnection
    /// The queue the managers' work runs on (uploads and deletes in a lane of their own);
    /// apps can add their own operations.
    public nonisolated let queue: SDLOperationQueue
    /// Uploads and deletes files and artwork.
    public nonisolated let fileManager: SDLFileManager
    /// Choice cells and sets: preload, present, delete (SDL-0157).
    public nonisolated let choiceSets: ChoiceSetManager
    /// Keyboards: present them, their default configuration, their input.
    public nonisolated let keyboards: KeyboardManager
    private var logger: Logger { configuration.logger }

    /// Where the manager is: starting, ready, paused or shut down.
    public private(set) var state = SDLManagerState.starting
    /// The main window's HMI level and system context; nil until the head unit reports them.
    public private(set) var hmiLevel: HMILevel?
    /// The head unit's system context (main screen, menu, an alert…); nil before it says.
    public private(set) var systemContext: SystemContext?
    /// The `RegisterAppInterface` response's parameters (languages, deprecated display capabilities, ...).
    public private(set) var registration: RegisterAppInterface.Response?
    /// DISPLAYS capabilities, from `OnSystemCapabilityUpdated` or `GetSystemCapability`.
    public private(set) var displays: [DisplayCapability]?

    private var hasStarted = false
    private var isRegistered = false
    private var hasBeenReady = false
    private var unregisteredReason: AppInterfaceUnregisteredReason?
    private var shutDownReason: String?
    private let stateObservers = Broadcast<SDLManagerState>()
    /// Notifications that came while the app registers again, handled once it has.
    private var heldEvents: [any SDLNotification]?

    /// A manager on `connection`; nothing is sent until `start()`.
    public nonisolated init(connection: SDLConnection, configuration: Configuration) {
        self.configuration = configuration
        self.connection = connection
        self.queue = SDLOperationQueue(
            timekeeper: connection.configuration.timekeeper, defaultWatchdog: configuration.operationWatchdog,
            logger: configuration.logger)
        self.fileManager = SDLFileManager(connection: connection, queue: queue, configuration: configuration.files, logger: configuration.logger)
        // Choice sets and keyboards share the cancel IDs, so two interactions under way never carry the same one.
        let cancelIDs = CancelIDSequence(ChoiceSetManager.cancelIDs)
        self.keyboards = KeyboardManager(connection: connection, queue: queue, cancelIDs: cancelIDs, logger: configuration.logger)
        self.choiceSets = ChoiceSetManager(
            connection: connection, queue: queue, fileManager: fileManager, keyboards: keyboards, cancelIDs: cancelIDs,
            configuration: configuration.choiceSets, logger: configuration.logger)
    }

    /// The main window's capabilities (window 0 of the first display), once known; from a
    /// head unit that reports no DISPLAYS (before SDL 6.0), the registration's screen.
    public var defaultMainWindowCapability: WindowCapability? {
        if let window = displays?.first?.windowCapabilities?.first(where: { ($0.windowID ?? 0) == 0 }) { return window }
        guard let screen = registration?.displayCapabilities else { return nil }
        return WindowCapability(
            textFields: screen.textFields, imageFields: screen.imageFields, imageTypeSupported: nil, keyboardCapabilities: nil)
    }

    // MARK: Starting and stopping

    /// Registers the app and reads its files; returns once registered (the head unit may
    /// not be ready yet: see `waitUntilReady`). A refused registration shuts the manager down.
    public func start() async throws {
        guard !hasStarted else { return }
        hasStarted = true
        // Followed before registering: the head unit's first notifications follow the reply.
        connection.follow(
            [OnHMIStatus.self, OnSystemCapabilityUpdated.self, OnAppInterfaceUnregistered.self, OnKeyboardInput.self],
            { [weak self] event in self?.receive(event) },
            ended: { [weak self] reason in self?.shutDown(reason: "the connection to the head unit ended: \(reason)", endingRunningWork: false) })
        do {
            try await register()
        } catch {
            await stop(reason: "the app could not register: \(error)")
            throw error
        }
    }

    /// Waits until the state is `.ready`; throws if the manager shuts down first.
    public func waitUntilReady() async throws {
        for await state in stateUpdates() {
            if state == .ready { return }
        }
        throw SDLOperationError.shutDown(reason: shutDownReason ?? "the manager shut down")
    }

    /// The current state, then every change; ends after `.shutDown`.
    public func stateUpdates() -> AsyncStream<SDLManagerState> {
        stateObservers.stream(startingWith: state)
    }

    /// Shuts down: every queued and running operation finishes with `SDLOperationError.shutDown`,
    /// nothing more is accepted, and the app is unregistered if the connection is still open.
    public func stop(reason: String = "the app stopped the manager") async {
        guard shutDownReason == nil else { return }
        let wasRegistered = isRegistered
        shutDown(reason: reason)
        if wasRegistered, !connection.isClosed {
            do {
                _ = try await connection.send(UnregisterAppInterface())
            } catch {
                logger.notice("UnregisterAppInterface at stop: \(error)")
            }
        }
    }

    /// Everything `stop` does but unregistering. When the connection has ended, the work
    /// under way ends with its own error from the connection (each request fails at once),
    /// not with the shutdown.
    private func shutDown(reason: String, endingRunningWork: Bool = true) {
        guard shutDownReason == nil else { return }
        shutDownReason = reason
        if endingRunningWork { queue.shutDown(reason: reason) } else { queue.close(reason: reason) }
        setState(.shutDown)
        heldEvents = nil
        fileManager.shutDown(reason: reason)
        choiceSets.shutDown(reason: reason)
        keyboards.shutDown(reason: reason)
    }

    // MARK: Registration

    private func register() async throws {
        var request = RegisterAppInterface(
            appName: configuration.appName, appID: configuration.appID, syncMsgVersion: configuration.sdlMsgVersion,
            isMediaApplication: configuration.isMediaApplication)
        request.languageDesired = configuration.language
        request.hmiDisplayLanguageDesired = configuration.language
        request.appHMIType = configuration.appHMIType
        let response = try await connection.send(request)
        registration = response.parameters
        unregisteredReason = nil
        if response.parameters.displayCapabilities == nil, displays == nil {
            await readDisplays()
        }
        await fileManager.start()
        choiceSets.registered(response.parameters, window: defaultMainWindowCapability)
        keyboards.registered(headUnitVersion: response.parameters.headUnitVersion)
        keyboards.capabilitiesChanged(defaultMainWindowCapability?.keyboardCapabilities)
        isRegistered = true
        logger.info("registered \(configuration.appName) (\(response.resultCode.rawValue))")
        updateState()
    }

    /// Asks for DISPLAYS when registration did not tell; a head unit that cannot say leaves them unknown.
    private func readDisplays() async {
        do {
            let response = try await connection.send(GetSystemCapability(.displays, subscribe: true))
            if let displays = response.parameters.systemCapability?.displayCapabilities { self.displays = displays }
        } catch {
            logger.warning("GetSystemCapability DISPLAYS failed: \(error)")
            displays = []
        }
    }

    // MARK: Following the head unit

    /// One notification, as the connection reads it. While the app registers again after a
    /// reset, they wait until it has (the new registration's own come first).
    private func receive(_ event: any SDLNotification) {
        guard heldEvents == nil else { return heldEvents!.append(event) }
        handle(event)
    }

    private func handle(_ event: any SDLNotification) {
        switch event {
        case let status as OnHMIStatus where (status.windowID ?? 0) == 0:
            hmiLevel = status.hmiLevel
            systemContext = status.systemContext
            choiceSets.systemContextChanged(status.systemContext)
        case let update as OnSystemCapabilityUpdated where update.systemCapability.systemCapabilityType == .displays:
            if let displays = update.systemCapability.displayCapabilities { self.displays = displays }
            choiceSets.windowChanged(defaultMainWindowCapability)
            keyboards.capabilitiesChanged(defaultMainWindowCapability?.keyboardCapabilities)
        case let input as OnKeyboardInput:
            keyboards.route(input)
            return
        case let unregistered as OnAppInterfaceUnregistered:
            lostRegistration(unregistered.reason)
        default:
            return
        }
        updateState()
    }

    private func lostRegistration(_ reason: AppInterfaceUnregisteredReason) {
        logger.notice("the head unit unregistered the app: \(reason.rawValue)")
        isRegistered = false
        unregisteredReason = reason
        hmiLevel = nil
        systemContext = nil
        // Its non-persistent files are gone; the list is read again on registering.
        fileManager.forgetRemoteFiles()
        choiceSets.registrationLost()
        keyboards.registrationLost()
        updateState()
        guard [.masterReset, .factoryDefaults, .languageChange].contains(reason), state != .shutDown else { return }
        heldEvents = []
        Task {
            do {
                try await register()
            } catch {
                logger.error("registering again after \(reason.rawValue) failed: \(error)")
            }
            let held = heldEvents ?? []
            heldEvents = nil
            for event in held { receive(event) }
        }
    }

    private func updateState() {
        guard state != .shutDown else { return }
        let next: SDLManagerState
        if let unregisteredReason {
            next = .paused(.unregistered(unregisteredReason))
        } else if !isRegistered || displays == nil && registration?.displayCapabilities == nil {
            next = .starting
        } else if hmiLevel == nil || hmiLevel == HMILevel.none {
            next = hasBeenReady ? .paused(.hmiLevelNone) : .starting
        } else {
            next = .ready
        }
        setState(next)
    }

    private func setState(_ next: SDLManagerState) {
        guard next != state else { return }
        logger.debug("state: \(state) -> \(next)")
        state = next
        if next == .ready {
            hasBeenReady = true
            queue.resume()
        } else {
            queue.suspend()
        }
        fileManager.publishStatus()
        stateObservers.yield(next)
        if next == .shutDown { stateObservers.finish() }
    }
}
