import Foundation
import JSONCodec
import Testing
import TestSupport

/// The head unit's page in a real browser (headless Chromium through WebDriver), with the
/// test playing the app on hu-sim's stdin: the person sees what the app presented, taps,
/// types, speaks and injects faults, and the app gets what SDL says it gets. Each state is
/// photographed and the photograph must show a drawn page (set HU_SIM_SCREENSHOTS to a
/// folder to keep them).
@Suite(.ownThreads, .serialized, .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"))
struct BrowserTests {
    /// A 32×32 PNG, checkered: the app's artwork.
    static let artwork =
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAABDUlEQVR42nXTkV7fARhG8f/lPBeRJJMkSZJkkkySnyTJZDKZJJNJkkySJHklSZLnYnov4JzP5+uHzqnHGYrosIhTj3MU0WERG/iGIjosYgMXKKLDIjZwiSI6LGIDVyiiwyI2cI0iOixiAzcoosMiTjm+o4oMq9jALarIsIoN/EAVGVaxgTtUkWEVGzhQRYZVbOAeVWRYxQYeUEWGVWzgJ6rIsIod7ReK6LCIDfxGER0WsYE/KKLDIjbwiCI6LGIDf1FEh0Vs4B+K6LCIDTyhiA6L2MAziuiwiB3tP6rIsIoNvKCKDKvYwCuqyLCKDbyhigyr2MCgigyr2MA7qsiwig18oIoMq9jAJ6rIsIov/eWuW2d5hloAAAAASUVORK5CYII="

    private func register(_ hu: ListeningSimulator) throws {
        #expect(try hu.call("RegisterAppInterface", WebDoor.registration)["resultCode"] == "SUCCESS")
    }

    /// Sends a request the user answers later; `answer(id)` reads its reply.
    private func present(_ hu: ListeningSimulator, id: Int, _ method: String, _ params: JSON) throws {
        try hu.process.send(JSON.object(["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method), "params": params]).serializedString)
    }

    private func answer(_ hu: ListeningSimulator, id: Int) throws -> JSON {
        let line = try hu.process.waitForLine(.stdout, "the answer to request \(id)") { (try? JSON.parse($0))?["id"] == .integer(Int64(id)) }
        return try JSON.parse(line)["result"] ?? .null
    }

    /// Photographs the page and requires a drawn one: many colours, none covering most of it.
    private func photograph(_ browser: WebDriver, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (png, image) = try browser.screenshot()
        #expect(image.width >= 1000 && image.height >= 600, "\(name): \(image.width)×\(image.height)", sourceLocation: sourceLocation)
        #expect(image.distinctColours > 100, "\(name): only \(image.distinctColours) colours", sourceLocation: sourceLocation)
        #expect(image.commonestColourShare < 0.9, "\(name): one colour covers \(image.commonestColourShare)", sourceLocation: sourceLocation)
        if let folder = ProcessInfo.processInfo.environment["HU_SIM_SCREENSHOTS"], !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(png).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).png"))
        }
    }

    @Test func aPersonSeesTheChoicesTheAppPresentedTapsOneSpeaksAnotherAndMovesTheApp() throws {
        let hu = try ListeningSimulator(web: true)
        try register(hu)
        #expect(try hu.call("PutFile", ["syncFileName": "berlin.png", "fileType": "GRAPHIC_PNG", "bulkData": .string(Self.artwork)])["resultCode"] == "SUCCESS")
        let choices: JSON = [
            [
                "choiceID": 1, "menuName": "Berlin", "vrCommands": ["Berlin"], "secondaryText": "Germany", "tertiaryText": "capital",
                "image": ["value": "berlin.png", "imageType": "DYNAMIC"],
            ],
            ["choiceID": 2, "menuName": "Bern", "vrCommands": ["Bern", "Swiss capital"]],
            ["choiceID": 3, "menuName": "Vienna", "vrCommands": ["Vienna"]],
        ]
        #expect(try hu.call("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": choices])["resultCode"] == "SUCCESS")
        try present(hu, id: 50, "PerformInteraction", ["initialText": "Pick a city", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1], "interactionLayout": "LIST_ONLY"])

        let browser = try WebDriver()
        try browser.open(hu.pageURL)
        let berlin = try browser.waitForElement(#".choice[data-choice-id="1"]"#)
        #expect(try berlin.text.contains("Berlin"))
        #expect(try berlin.text.contains("Germany"))
        #expect(try berlin.text.contains("capital"))
        #expect(try browser.text(of: "#screen h1") == "Pick a city")
        // The artwork itself, fetched from the app's files by name.
        try browser.waitUntil("the uploaded artwork drawn", #"const i = document.querySelector('.choice[data-choice-id="1"] img'); return !!i && i.complete && i.naturalWidth === 32;"#)
        try photograph(browser, "1-choices")

        try browser.click(#".choice[data-choice-id="2"]"#)
        let tapped = try answer(hu, id: 50)
        #expect(tapped["choiceID"] == 2)
        #expect(tapped["triggerSource"] == "MENU")
        try browser.waitUntil("the screen cleared", "return document.querySelector('#screen').innerText.includes('Nothing on screen');")

        try present(hu, id: 51, "PerformInteraction", ["initialText": "Say a city", "interactionMode": "VR_ONLY", "interactionChoiceSetIDList": [1]])
        try browser.waitForElement(".listening")
        try browser.waitForElement("#utterance").type("swiss capital")
        try browser.click("#speak-form button")
        let spoken = try answer(hu, id: 51)
        #expect(spoken["choiceID"] == 2)
        #expect(spoken["triggerSource"] == "VR")

        try browser.click("#deactivate")
        try browser.waitUntil("BACKGROUND", "return document.querySelector('#hmi-level').innerText === 'BACKGROUND';")
        try browser.click("#activate")
        try browser.waitUntil("FULL", "return document.querySelector('#hmi-level').innerText === 'FULL';")
        #expect(try hu.state["hmiLevel"] == "FULL")
        try browser.click(#".advance[data-ms="10000"]"#)
        try browser.waitUntil("the clock moved", "return document.querySelector('#clock').innerText === 'clock 0:10.000';")
        #expect(try hu.state["clockMs"] == 10000)
        try photograph(browser, "2-after-the-choice")
    }

    @Test func typingOnTheKeyboardBringsTheAppsSuggestionsAndOnePicked() throws {
        let hu = try ListeningSimulator(web: true)
        try register(hu)
        var keyboard: JSONObject = [
            "language": "EN-US", "keyboardLayout": "QWERTY", "keypressMode": "RESEND_CURRENT_ENTRY",
            "limitedCharacterList": ["b", "e", "r", "l", "i", "n", "-"], "customKeys": ["-"],
        ]
        #expect(try hu.call("SetGlobalProperties", ["keyboardProperties": .object(keyboard)])["resultCode"] == "SUCCESS")
        try present(hu, id: 60, "PerformInteraction", ["initialText": "Where to?", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [], "interactionLayout": "KEYBOARD"])

        let browser = try WebDriver()
        try browser.open(hu.pageURL)
        try browser.click(#".key[data-key="b"]"#)
        try browser.click(#".key[data-key="e"]"#)
        // The app hears each key with the whole entry so far, and answers with suggestions.
        try hu.process.waitForLine(.stdout, "OnKeyboardInput with be") { $0.contains("OnKeyboardInput") && $0.contains("\"data\":\"be\"") }
        keyboard["autoCompleteList"] = ["Berlin", "Bern"]
        #expect(try hu.call("SetGlobalProperties", ["keyboardProperties": .object(keyboard)])["resultCode"] == "SUCCESS")
        let first = try browser.waitForElement(#".suggestion[data-index="0"]"#)
        #expect(try first.text == "Berlin")
        #expect(try browser.waitForElement(#".suggestion[data-index="1"]"#).text == "Bern")
        #expect(try browser.text(of: "#keyboard-text .typed") == "be")
        // Keys off the limited character list cannot be pressed; the custom key is there.
        #expect(try browser.execute(#"return document.querySelector('.key[data-key="q"]').disabled;"#) == true)
        #expect(try browser.execute(#"return document.querySelector('.key[data-key="-"]').disabled;"#) == false)
        try photograph(browser, "3-keyboard-suggestions")

        try first.click()
        try browser.waitUntil("the suggestion taken", "return document.querySelector('#keyboard-text .typed').innerText === 'Berlin';")
        try browser.click("#key-submit")
        let entered = try answer(hu, id: 60)
        #expect(entered["manualTextEntry"] == "Berlin")
        #expect(entered["resultCode"] == "SUCCESS")
    }

    @Test func theKeyboardMasksWhatIsTypedWhenThePersonChooses() throws {
        let hu = try ListeningSimulator(web: true)
        try register(hu)
        let keyboard: JSON = ["language": "EN-US", "keyboardLayout": "NUMERIC", "maskInputCharacters": "USER_CHOICE_INPUT_KEY_MASK"]
        #expect(try hu.call("SetGlobalProperties", ["keyboardProperties": keyboard])["resultCode"] == "SUCCESS")
        try present(hu, id: 70, "PerformInteraction", ["initialText": "PIN", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [], "interactionLayout": "KEYBOARD"])
        let browser = try WebDriver()
        try browser.open(hu.pageURL)
        #expect(try browser.execute("return document.querySelector('.key[data-key=\"q\"]') === null;") == true)
        try browser.click(#".key[data-key="4"]"#)
        try browser.click(#".key[data-key="2"]"#)
        try browser.waitUntil("42 typed", "return document.querySelector('#keyboard-text .typed').innerText === '42';")
        try browser.click("#key-mask")
        try browser.waitUntil("the entry masked", "return document.querySelector('#keyboard-text .typed').innerText === '••';")
        try hu.process.waitForLine(.stdout, "the mask reported to the app") { $0.contains("INPUT_KEY_MASK_ENABLED") }
        try photograph(browser, "4-masked")
        try browser.click("#close")
        #expect(try answer(hu, id: 70)["resultCode"] == "ABORTED")
    }

    @Test func aFaultInjectedFromThePageAnswersTheAppsNextCall() throws {
        let hu = try ListeningSimulator(web: true)
        try register(hu)
        let browser = try WebDriver()
        try browser.open(hu.pageURL)
        try browser.waitUntil("the page live", "return document.body.dataset.connected === 'yes';")
        let method = try browser.waitForElement("#fault-method")
        try method.clear()
        try method.type("CreateInteractionChoiceSet")
        try browser.execute("document.querySelector('#fault-code').value = 'REJECTED';")
        try browser.click("#fault-inject")
        try browser.waitUntil("the fault taken", "return document.querySelector('#status').innerText === 'Sim.InjectFault: SUCCESS';")
        try photograph(browser, "5-fault-injected")
        let created = try hu.call("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "A"]]])
        #expect(created["resultCode"] == "REJECTED")
        // Only the next call: the one after it succeeds.
        #expect(try hu.call("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "A"]]])["resultCode"] == "SUCCESS")
    }

    @Test func aTapOnThePageIsInTheTraceWithThePageItCameFrom() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hu = try ListeningSimulator(["--trace", path], web: true)
        try register(hu)
        #expect(try hu.call("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 7, "menuName": "Berlin"]]])["resultCode"] == "SUCCESS")
        try present(hu, id: 80, "PerformInteraction", ["initialText": "Pick a city", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1]])
        let browser = try WebDriver()
        try browser.open(hu.pageURL)
        try browser.click(#".choice[data-choice-id="7"]"#)
        #expect(try answer(hu, id: 80)["choiceID"] == 7)
        try browser.waitUntil("the tap answered", "return document.querySelector('#status').innerText === 'User.SelectChoice: SUCCESS';")
        hu.process.closeInput()
        #expect(hu.process.waitForExit(seconds: 20) == 0)

        // Written before the engine took it, so in the file once the app had its answer.
        let trace = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try JSON.parse(String($0)) }
        let tap = try #require(trace.firstIndex { $0["door"] == "web" && $0["dir"] == "in" && $0["message"]?["method"] == "User.SelectChoice" })
        #expect(trace[tap]["message"]?["params"]?["choiceID"] == 7)
        let page = try #require(trace[tap]["page"])
        let address = try #require(trace[tap]["address"]?.stringValue)
        #expect(address.hasPrefix("127.0.0.1:"))
        #expect(trace[..<tap].contains { $0["page"] == page && $0["event"] == "connected" })
        #expect(trace[tap...].contains { $0["page"] == page && $0["dir"] == "out" && $0["message"]?["result"]?["resultCode"] == "SUCCESS" })
        let appAnswered = try #require(trace.firstIndex { $0["door"] == "stdio" && $0["dir"] == "out" && $0["message"]?["id"] == 80 })
        #expect(tap < appAnswered, "the tap, then the app's answer it caused")
    }
}

