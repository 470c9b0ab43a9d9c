// hu-demo: the manager library against hu-sim, in a few seconds. It starts the simulator
// (--sim COMMAND, else HU_SIM, else the hu-sim beside this program, on the virtual clock),
// registers, uploads artwork (a picture asked for twice is sent once), preloads a choice
// set and presents it, and then plays the driver: a tap, a menu left to time out, a
// keyboard with autocomplete and a searchable menu. The head unit's screen is drawn as it goes.
import Foundation
import JSONCodec
import Logging
import SDLManager
import SDLModel
import SimConsole

func say(_ line: String) { print(line) }

/// The head unit's screen as the simulator reports it, drawn as `hu-sim`'s console draws it.
func showScreen(_ user: SimulatorDriver) async throws {
    for line in Screen.render(.object(try await user.state().json)) { say("    " + line) }
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

/// `--sim COMMAND` and `--trace FOLDER`, each at most once.
func options(_ arguments: [String]) -> [String: String]? {
    var options: [String: String] = [:]
    var rest = arguments[...]
    while let name = rest.popFirst() {
        guard ["--sim", "--trace"].contains(name), options[name] == nil, let value = rest.popFirst() else { return nil }
        options[name] = value
    }
    return options
}

guard let given = options(Array(CommandLine.arguments.dropFirst())) else {
    fail(
        "usage: hu-demo [--sim COMMAND] [--trace FOLDER]   (default: $HU_SIM, else the hu-sim beside hu-demo; --trace: its wire trace in FOLDER)",
        status: 64)
}
let resolved = SimulatorCommand.resolve(given["--sim"])
let command = given["--trace"].map { SimulatorCommand.tracing(resolved, into: $0) } ?? resolved
say("starting the simulator: \(command)")
do {
    try await runDemo(simulator: command)
} catch {
    fail("hu-demo: the demo stopped: \(error)", status: 1)
}
say("the simulator has exited")

func runDemo(simulator command: String) async throws {
    var quiet = Logger(label: "hu-demo")
    quiet.logLevel = .warning
    try await SimulatorProcess.withConnection(command: command, logger: quiet) { connection in
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
            say("  on the head unit: \(file.name), \(file.size) bytes, \(file.fileType)")
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
