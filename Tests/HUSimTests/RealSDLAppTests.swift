import Foundation
import JSONCodec
import Testing
import TestSupport

/// An unmodified SDL app library — sdl_javascript_suite 1.8.0 under Node — connected to
/// `hu-sim --listen` over TCP (SDL protocol 5), while the test plays the driver over stdio and
/// checks `Sim.GetState` at every step. The app is `SDLApps/choice-sets-and-keyboard.mjs`.
@Suite(.ownThreads, .serialized) struct RealSDLApp {
    @Test(
        .enabled(if: SDLJavaScriptKit.unavailable == nil, Comment(rawValue: SDLJavaScriptKit.unavailable ?? "")),
        .timeLimit(.minutes(3)))
    func theJavaScriptLibraryRunsItsChoiceSetKeyboardAndFileManagersAgainstHuSim() throws {
        let kit = try #require(SDLJavaScriptKit.prepared)
        // A small MTU: the 5,000-byte artwork goes as dozens of PutFiles, and the head unit's
        // bigger answers (the registration's capabilities) as first and consecutive frames.
        let hu = try ListeningSimulator(["--mtu", "256", "--trace", "-"])
        defer { _ = hu.process.terminate() }
        let app = try LiveProcess(
            "the JavaScript app", executable: URL(fileURLWithPath: try #require(SDLJavaScriptKit.node)),
            arguments: ["--import", kit.register, SDLJavaScriptKit.appScript("choice-sets-and-keyboard.mjs"), String(hu.port)],
            environment: ["SDL_JS": kit.index, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        defer { _ = app.terminate() }
        @discardableResult func step(_ marker: String) throws -> String { try app.waitForLine(.stdout, "[app] \(marker)", seconds: 60) { $0.hasPrefix("[app] \(marker)") } }

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

/// The JavaScript SDL library (sdl_javascript_suite), prepared for Node outside this repository:
/// `SDL_JS_SUITE` names a folder holding its `index.mjs` (the library as one module) and
/// `register.mjs` (the loader Node imports first). The project keeps no copy of it.
enum SDLJavaScriptKit {
    struct Prepared {
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

    /// The library named by `SDL_JS_SUITE`, when it is there with both files.
    static let prepared: Prepared? = {
        guard let folder = ProcessInfo.processInfo.environment["SDL_JS_SUITE"], !folder.isEmpty else { return nil }
        let kit = Prepared(index: "\(folder)/index.mjs", register: "\(folder)/register.mjs")
        let present = [kit.index, kit.register].allSatisfy { FileManager.default.fileExists(atPath: $0) }
        return present ? kit : nil
    }()

    /// Why the test is skipped, when it is.
    static let unavailable: String? = {
        if prepared == nil {
            return "SDL_JS_SUITE does not name the JavaScript SDL library prepared for Node (a folder with its index.mjs and register.mjs)"
        }
        return node == nil ? "node is not installed: the JavaScript SDL library cannot run" : nil
    }()

    static func appScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SDLApps/\(name)").path
    }
}
