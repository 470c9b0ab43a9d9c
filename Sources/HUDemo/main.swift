// hu-demo: the manager library against hu-sim, in a few seconds. It starts the simulator
// (SimulatorCommand's rule: --sim, HU_SIM, the hu-sim beside this program, hu-sim on PATH;
// --clock virtual appended), registers, uploads artwork (a picture asked for twice is sent
// once), preloads a choice set and presents it, and then plays the driver: a tap, a menu left
// to time out, a keyboard with autocomplete and a searchable menu. The head unit's screen is
// drawn as it goes.
import CommandLineTool
import Foundation
import JSONCodec
import Logging
import SDLManager
import SDLModel
import SimConsole
import SimulatorClient

func say(_ line: String) { print(line) }

/// The head unit's screen as the simulator reports it, drawn as `hu-sim`'s console draws it.
func showScreen(_ user: SimulatorDriver) async throws {
    for line in Screen.render(try await user.state()) { say("    " + line) }
}

/// Waits until the interaction titled `title` is on the head unit's screen.
func waitUntilShown(_ title: String, _ user: SimulatorDriver) async throws {
    while try await user.state().interaction?.initialText != title { await Task.yield() }
}

/// A small picture's bytes; `seed` makes each one different.
func picture(_ seed: UInt8) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

let help = """
    hu-demo: an app on the SDLManager library driving a head-unit simulator, in a few seconds.
    It registers, uploads artwork (a picture asked for twice is sent once), preloads a choice
    set and presents it, then plays the driver: a tap, a menu left to time out, a keyboard with
    autocomplete and a searchable menu, drawing the head unit's screen as it goes.

    usage: hu-demo [--sim COMMAND] [--trace FOLDER]

    --sim COMMAND: the simulator, a shell command; --clock virtual is appended, so a
    wrapper script must pass its arguments on ("$@"). Default: $HU_SIM, else the
    hu-sim beside hu-demo, else hu-sim on PATH.
    --trace FOLDER: the simulator writes its wire trace (hu-sim --trace) into a file of
    its own in FOLDER.
    --version: print the version.
    -h, --help: show this help.

    Example (the demo, what it sent logged to wire.log):
      hu-demo --sim "tee -a wire.log | hu-sim"
    """

var explicitSimulator: String?
var traceFolder: String?
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(help)
        exit(0)
    case "--version":
        print(projectVersion)
        exit(0)
    case "--sim":
        guard let command = arguments.popFirst(), !command.isEmpty else { fail("hu-demo: --sim needs a command", status: 64) }
        explicitSimulator = command
    case "--trace":
        guard let folder = arguments.popFirst(), !folder.isEmpty else { fail("hu-demo: --trace needs a folder", status: 64) }
        traceFolder = folder
    default:
        fail("hu-demo: unknown argument '\(argument)' (hu-demo --help lists the options)", status: 64)
    }
}
let simulator: SimulatorCommand
do {
    simulator = try SimulatorCommand.find(explicit: explicitSimulator)
} catch {
    fail("hu-demo: \(error)", status: 1)
}
say("starting the simulator: \(simulator.appending(SimulatorCommand.virtualClock))")
do {
    try await runDemo(simulator: simulator)
} catch {
    fail("hu-demo: the demo stopped: \(error)", status: 1)
}
say("the simulator has exited")

func runDemo(simulator: SimulatorCommand) async throws {
    var quiet = Logger(label: "hu-demo")
    quiet.logLevel = .warning
    try await SimulatorProcess.withConnection(command: simulator.shellCommand, traceFolder: traceFolder, logger: quiet) { connection in
        let manager = SDLManager(connection: connection, configuration: .init(appName: "HU Demo", appID: "hu-demo", logger: quiet))
        let user = SimulatorDriver(connection)
        let states = await manager.stateUpdates()
        let stateLog = Task {
            for await state in states { say("manager state: \(state)") }
        }

        try await manager.start()
        try await manager.waitUntilReady()
        let display = await manager.defaultMainWindowCapability
        say("head unit ready: HMI \(await manager.hmiLevel?.rawValue ?? "?"), \(display?.textFields?.count ?? 0) text fields, \(display?.imageFields?.count ?? 0) image fields")

        // Artwork: the file manager sends each picture once, however often it is asked for.
        let files = manager.fileManager
        let logo = SDLArtwork(data: picture(1))
        let flag = SDLArtwork(data: picture(2))
        say("\nuploading \(logo.name), \(flag.name), and \(logo.name) again at the same time")
        async let first = files.upload(logo)
        async let second = files.upload([logo, flag]) { progress in
            say("  progress: \(progress.bytesSent)/\(progress.totalBytes) bytes")
        }
        let (logoOutcome, both) = try await (first, second)
        say("  \(logo.name), asked for twice: \(logoOutcome), \(both[logo.name]!); \(flag.name): \(both[flag.name]!)")
        say("  \(logo.name) once more, later: \(try await files.upload(logo))")
        say("  PutFile requests sent: \(await connection.requestsSent(PutFile.self)) (each picture once)")
        for file in try await user.state().files {
            say("  on the head unit: \(file.syncFileName), \(file.size) bytes, \(file.fileType.rawValue)")
        }

        // A choice set: the manager picks choice IDs, uploads the third cell's new artwork and
        // sends every cell at once; presenting the set afterwards sends no cell again.
        let home = SDLArtwork(data: picture(3))
        let cells = try [
            ChoiceCell(text: "Logo", secondaryText: "the app's logo", artwork: logo),
            ChoiceCell(text: "Flag", secondaryText: "a flag", artwork: flag),
            ChoiceCell(text: "Home", secondaryText: "back home", artwork: home),
        ]
        let menu = try ChoiceSet(title: "Pick one", cells: cells)
        say("\npreloading \(cells.count) cells")
        let createdBefore = await connection.requestsSent(CreateInteractionChoiceSet.self)
        let uploadedBefore = await connection.requestsSent(PutFile.self)
        let preloaded = try await manager.choiceSets.preload(cells)
        let created = await connection.requestsSent(CreateInteractionChoiceSet.self) - createdBefore
        say("  loaded \(preloaded.loaded.map(\.text)): \(created) CreateInteractionChoiceSet, \(await connection.requestsSent(PutFile.self) - uploadedBefore) PutFile (only Home's picture was new)")
        let presentation = await manager.choiceSets.start(menu)
        try await waitUntilShown(menu.title, user)
        say("presenting \"\(menu.title)\"; the head unit shows:")
        try await showScreen(user)
        say("the driver taps \"Flag\"")
        try await user.tap("Flag")
        say("  the app gets: \(await presentation.result)")
        say("  CreateInteractionChoiceSet sent to present it: \(await connection.requestsSent(CreateInteractionChoiceSet.self) - createdBefore - created) (its cells were loaded already)")

        // Nobody picks this time: ten seconds of simulated time end it.
        let unanswered = await manager.choiceSets.start(menu)
        try await waitUntilShown(menu.title, user)
        say("\npresenting it again; nobody picks, the clock moves 10 s on (now \(try await user.advance(by: .seconds(10))) ms)")
        say("  the app gets: \(await unanswered.result)")

        // A keyboard with autocomplete: the driver types, the app's suggestions show on the head unit.
        let words = try LocalPrefixIndex(words: ["Berlin", "Bern", "Bergen", "Berlioz", "Paris", "Parma", "Rome"], resultLimit: 5)
        await manager.keyboards.setAutocomplete(KeyboardAutocomplete(provider: words))
        let keyboard = await manager.keyboards.start(initialText: "Where to?")
        try await waitUntilShown("Where to?", user)
        say("\na keyboard with autocomplete")
        for keys in ["ber", "l"] {
            try await user.type(keys)
            let typed = try await user.state().interaction?.keyboardText ?? ""
            var shown: [String] = []
            // The suggestions come after 200 ms without a key (the debounce).
            while shown != words.lookup(typed).map(\.text) {
                try await Task.sleep(for: .milliseconds(20))
                shown = try await user.state().interaction?.autoCompleteList ?? []
            }
            say("the driver typed \"\(typed)\": the head unit suggests \(shown)")
        }
        try await showScreen(user)
        try await user.submit()
        say("  the app gets: \(await keyboard.result)")

        // A searchable menu: typing filters the cells, a tap picks one.
        let cities = try ["Berlin", "Bern", "Paris"].map { try ChoiceCell(text: $0) }
        let search = await manager.choiceSets.startSearch(try ChoiceSet(title: "Pick a city", cells: cities))
        try await waitUntilShown("Pick a city", user)
        try await user.type("ber")
        say("\na searchable menu; the driver types \"ber\":")
        try await showScreen(user)
        say("the driver taps \"Bern\"")
        try await user.tap("Bern")
        say("  the app gets: \(await search.result)")

        await manager.stop()
        await stateLog.value
    }
}
