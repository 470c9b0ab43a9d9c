import Foundation
import JSONCodec
import Testing

/// An unmodified SDL app library — sdl_javascript_suite 1.8.0 under Node — connected to
/// `hu-sim --listen` over TCP (SDL protocol 5), while the test plays the driver over stdio and
/// checks `Sim.GetState` at every step. The app is `SDLApps/choice-sets-and-keyboard.mjs`.
@Suite(.serialized) struct RealSDLApp {
    static let node = SDLJavaScriptKit.node

    @Test(.enabled(if: node != nil, "node is not installed: the JavaScript SDL library cannot run"), .timeLimit(.minutes(3)))
    func theJavaScriptLibraryRunsItsChoiceSetKeyboardAndFileManagersAgainstHuSim() throws {
        let kit = try SDLJavaScriptKit.build()
        // A small MTU: the 5,000-byte artwork goes as dozens of PutFiles, and the head unit's
        // bigger answers (the registration's capabilities) as first and consecutive frames.
        let hu = try ListeningSimulator(["--mtu", "256", "--trace", "-"])
        defer { _ = hu.process.terminate() }
        let app = try LiveProcess(
            "the JavaScript app", executable: URL(fileURLWithPath: Self.node!),
            arguments: ["--import", kit.register, SDLJavaScriptKit.appScript("choice-sets-and-keyboard.mjs"), String(hu.port)],
            environment: ["SDL_JS": kit.index, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        defer { _ = app.terminate() }
        func step(_ marker: String) throws -> String { try app.waitForLine(.stdout, "[app] \(marker)", seconds: 60) { $0.hasPrefix("[app] \(marker)") } }

        // Ready: registered, NONE then FULL (the library starts its managers only on that change).
        try step("READY")
        var state = try hu.state
        #expect(state["registered"] == true)
        #expect(state["app"]?["appName"] == "Real App")
        #expect(state["hmiLevel"] == "FULL")

        // The artwork, uploaded as bulk data in many PutFiles; the cells preloaded one set each.
        try step("PRELOADED")
        state = try hu.state
        #expect(state["files"] == [["syncFileName": "city-art", "fileType": "GRAPHIC_PNG", "size": 5000, "persistentFile": false]])
        try hu.waitForLog(#""dir":"in","kind":"request","function":"PutFile""#, count: 10)
        let sets = state["choiceSets"]?.arrayValue ?? []
        #expect(sets.map { $0["choiceIDs"] } == [[1], [2], [3]])
        #expect(sets.allSatisfy { $0["hasVrCommands"] == true })

        // Presented four times: tapped, spoken, left to time out, cancelled by the app.
        for way in ["tap", "speak", "timeout", "cancel"] {
            try app.send("go")
            try step("PRESENTING \(way)")
            let shown = try hu.waitForState("the choice set on screen (\(way))") { $0["interaction"]?["choiceSetIDs"] == [1, 2, 3] }
            #expect(shown["interaction"]?["interactionMode"] == "BOTH")
            #expect(shown["systemContext"] == "VRSESSION")
            switch way {
            case "tap": try hu.call("User.SelectChoice", ["menuName": "Berlin"])
            case "speak": try hu.call("User.Speak", ["utterance": "Paris"])
            case "timeout": try hu.call("Sim.AdvanceTime", ["ms": 30_000])
            default: try app.send("cancel")
            }
            let outcome = try step("OUTCOME \(way)")
            let expected = ["tap": "selected Berlin MENU", "speak": "selected Paris VR", "timeout": "timed out", "cancel": "closed before a choice"][way]!
            #expect(outcome.contains(expected), "\(outcome)")
            try hu.waitForState("the choice set gone after \(way)") { $0["interaction"] == .null && $0["systemContext"] == "MAIN" }
        }
        try hu.process.waitForLine(.stderr, "the app's CancelInteraction") { $0.contains(#""dir":"in","kind":"request","function":"CancelInteraction""#) }

        // A keyboard: each key press makes the app send its autocomplete list and the characters
        // that may follow; the head unit shows them; the entry is submitted.
        try app.send("go")
        try step("KEYBOARD")
        try hu.waitForState("the keyboard") { $0["interaction"]?["layout"] == "KEYBOARD" }
        try hu.call("User.KeyboardEvent", ["event": "KEYPRESS", "data": "Be"])
        state = try hu.waitForState("the app's autocomplete list and limited characters for \"Be\"") {
            $0["interaction"]?["autoCompleteList"] == ["Berlin", "Bern"]
                && $0["interaction"]?["keyboardProperties"]?["limitedCharacterList"] == ["r", "l", "n"]
        }
        #expect(state["interaction"]?["keyboardText"] == "Be")
        try hu.call("User.KeyboardEvent", ["event": "ENTRY_SUBMITTED"])
        #expect(try step("OUTCOME keyboard").contains("submitted Be ENTRY_SUBMITTED"))

        // The cells deleted, then the app leaves.
        try step("DELETED")
        #expect(try hu.state["choiceSets"] == [])
        try app.send("go")
        try step("DONE")
        try hu.waitForState("the app gone") { $0["registered"] == false }
        #expect(hu.process.terminate() == 0)
    }
}

/// The JavaScript SDL library shipped beside the project (`shared/clients/sdl-javascript-suite`),
/// built once per test run into a temporary folder with its own `build.sh`.
enum SDLJavaScriptKit {
    struct Built {
        let index: String
        let register: String
    }

    /// `node` on PATH, if any.
    static let node: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/node"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// `SDL_JS_SUITE`, else the first `shared/clients/sdl-javascript-suite` above this package,
    /// else above the repository this one was cloned from (a fresh clone elsewhere).
    static func folder() throws -> URL {
        if let given = ProcessInfo.processInfo.environment["SDL_JS_SUITE"] { return URL(fileURLWithPath: given) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for start in [package] + [clonedFrom(package)].compactMap({ $0 }) {
            var folder = start
            while folder.path != "/" {
                let candidate = folder.appendingPathComponent("shared/clients/sdl-javascript-suite")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("build.sh").path) { return candidate }
                folder.deleteLastPathComponent()
            }
        }
        throw LiveProcessError("the JavaScript SDL library is not beside the project (shared/clients/sdl-javascript-suite); set SDL_JS_SUITE to its folder")
    }

    /// The local repository `package` was cloned from: its git origin, when that is a path.
    private static func clonedFrom(_ package: URL) -> URL? {
        guard let config = try? String(contentsOf: package.appendingPathComponent(".git/config"), encoding: .utf8) else { return nil }
        let origin = config.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("url = /") }
        return origin.map { URL(fileURLWithPath: String($0.dropFirst("url = ".count))) }
    }

    static func build() throws -> Built {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-js-\(getpid())")
        let process = Process()
        process.executableURL = try folder().appendingPathComponent("build.sh")
        process.arguments = [destination.path]
        let output = String(decoding: try process.runCollectingOutput(), as: UTF8.self)
        guard process.terminationStatus == 0, let index = output.split(separator: "\n").last.map(String.init), index.hasSuffix("index.mjs") else {
            throw LiveProcessError("build.sh failed (\(process.terminationStatus)):\n\(output)")
        }
        return Built(index: index, register: destination.appendingPathComponent("register.mjs").path)
    }

    static func appScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SDLApps/\(name)").path
    }
}
