// hu-demo: the manager library against hu-sim, in a few seconds. It starts the simulator
// (HU_SIM, else the hu-sim beside this program, on the virtual clock), registers, waits
// until the head unit is ready, uploads artwork (one picture asked for twice is sent
// once), and then plays the user picking from a menu, typing on a keyboard with
// autocomplete, and searching a menu.
import Logging
import SDLManager
import SDLModel

func say(_ line: String) { print(line) }

/// A small picture's bytes; `seed` makes each one different.
func picture(_ seed: UInt8) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
}

var quiet = Logger(label: "hu-demo")
quiet.logLevel = .warning

let command = SimulatorCommand.resolve()
say("starting the simulator: \(command)")
try await SimulatorProcess.withConnection(command: command, logger: quiet) { connection in
    let manager = SDLManager(connection: connection, configuration: .init(appName: "HU Demo", appID: "hu-demo", logger: quiet))
    let states = await manager.stateUpdates()
    let stateLog = Task {
        for await state in states { say("manager state: \(state)") }
    }

    try await manager.start()
    try await manager.waitUntilReady()
    let display = await manager.defaultMainWindowCapability
    say("head unit ready: HMI \(await manager.hmiLevel?.rawValue ?? "?"), \(display?.textFields?.count ?? 0) text fields, \(display?.imageFields?.count ?? 0) image fields")

    let files = manager.fileManager
    let logo = SDLArtwork(data: picture(1))
    let flag = SDLArtwork(data: picture(2))
    say("uploading \(logo.name), \(flag.name), and \(logo.name) again at the same time")
    async let first = files.upload(logo)
    async let second = files.upload([logo, flag]) { progress in
        say("  progress: \(progress.bytesSent)/\(progress.totalBytes) bytes")
    }
    let (logoOutcome, both) = try await (first, second)
    say("  \(logo.name), asked for twice: \(logoOutcome), \(both[logo.name]!); \(flag.name): \(both[flag.name]!)")
    say("  \(logo.name) once more, later: \(try await files.upload(logo))")
    say("  PutFile requests sent: \(await connection.requestsSent(PutFile.self)) (each picture once)")
    say("the head unit's files (manager): \(await files.remoteFileNames.sorted())")
    for file in try await SimulatorDriver(connection).state().files {
        say("the head unit's files (simulator): \(file.name), \(file.size) bytes, \(file.fileType)")
    }

    // The simulated user: a menu with the uploaded pictures, tapped by name.
    let user = SimulatorDriver(connection)
    let choices = [
        Choice(choiceID: 1, menuName: "Logo", image: logo.image), Choice(choiceID: 2, menuName: "Flag", image: flag.image),
    ]
    _ = try await connection.send(CreateInteractionChoiceSet(id: 1, choices: choices))
    async let picked = connection.send(PerformInteraction(initialText: "Pick one", mode: .manualOnly, choiceSetIDs: [1]))
    while try await user.state().interaction == nil { await Task.yield() }
    say("on screen: \(try await user.state().interaction!.visibleChoices.map(\.menuName))")
    try await user.tap("Flag")
    let answer = try await picked
    say("the user tapped choice \(answer.parameters.choiceID ?? -1) (\(answer.parameters.triggerSource?.rawValue ?? "?"))")

    // Nobody picks this time: ten seconds of simulated time end it.
    async let unanswered = connection.send(PerformInteraction(initialText: "Pick again", mode: .manualOnly, choiceSetIDs: [1]))
    while try await user.state().interaction == nil { await Task.yield() }
    say("the clock moves 10 s on: \(try await user.advance(by: .seconds(10))) ms")
    do {
        _ = try await unanswered
    } catch let error as SDLResultError {
        say("the second menu ended: \(error.resultCode.rawValue)")
    }

    // A keyboard with autocomplete: the driver types, the app's suggestions show on the head unit.
    let words = try LocalPrefixIndex(words: ["Berlin", "Bern", "Bergen", "Berlioz", "Paris", "Parma", "Rome"], resultLimit: 5)
    await manager.keyboards.setAutocomplete(KeyboardAutocomplete(provider: words))
    let keyboard = await manager.keyboards.start(initialText: "Where to?")
    while try await user.state().interaction == nil { await Task.yield() }
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
    try await user.submit()
    say("the keyboard ended: \(await keyboard.result)")

    // A searchable menu: typing filters the cells, a tap picks one. The choice set manager
    // hands out set IDs from 1: the menu sent by hand above goes first.
    _ = try await connection.send(DeleteInteractionChoiceSet(id: 1))
    let cities = try ["Berlin", "Bern", "Paris"].map { try ChoiceCell(text: $0) }
    let search = await manager.choiceSets.startSearch(try ChoiceSet(title: "Pick a city", cells: cities))
    while try await user.state().interaction == nil { await Task.yield() }
    try await user.type("ber")
    say("searching \"ber\": \(try await user.state().interaction?.visibleChoices.map(\.menuName) ?? [])")
    try await user.tap("Bern")
    say("the search ended: \(await search.result)")

    await manager.stop()
    await stateLog.value
}
say("the simulator has exited")
