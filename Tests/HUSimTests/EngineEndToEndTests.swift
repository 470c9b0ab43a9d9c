import Foundation
import JSONCodec
import Testing
import TestSupport

/// The head unit through the real `hu-sim` binary, one session per RPC family
/// (PROTOCOL.md §3–6): what a user of the simulator sees on the wire.
@Suite(.ownThreads) struct EngineEndToEnd {
    private static let register =
        #"{"jsonrpc":"2.0","id":"reg","method":"RegisterAppInterface","params":{"appName":"Demo","appID":"demo-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}}"#

    private static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
    }

    private static let cities =
        #"{"interactionChoiceSetID":1,"choiceSet":[{"choiceID":1,"menuName":"Berlin","vrCommands":["Berlin"]},{"choiceID":2,"menuName":"Bern","vrCommands":["Bern"]},{"choiceID":3,"menuName":"Paris","vrCommands":["Paris"]}]}"#

    /// Runs `hu-sim` on the lines; returns its messages and checks it ended well.
    private func session(_ lines: [String], arguments: [String] = ["--clock", "virtual"], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSON] {
        let outcome = try SimulatorProcess.run(arguments, lines: lines)
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)", sourceLocation: sourceLocation)
        return outcome.messages
    }

    private func result(_ id: JSON, in messages: [JSON]) -> JSON? {
        messages.first { $0["id"] == id && $0["method"] == nil }?["result"]
    }

    private func notifications(_ method: String, in messages: [JSON]) -> [JSON] {
        messages.filter { $0["method"] == .string(method) && $0["id"] == nil }.compactMap { $0["params"] }
    }

    @Test func registrationReportsTheDisplayAndBringsTheAppToFull() throws {
        let messages = try session([
            Self.request(1, "CreateInteractionChoiceSet", Self.cities), Self.register,
            Self.request(2, "GetSystemCapability", #"{"systemCapabilityType":"DISPLAYS"}"#), Self.register,
            Self.request(3, "UnregisterAppInterface"), Self.request(4, "Sim.GetState"),
        ])
        #expect(result(1, in: messages)?["resultCode"] == "APPLICATION_NOT_REGISTERED")
        #expect(result("reg", in: messages)?["resultCode"] == "SUCCESS")
        #expect(result("reg", in: messages)?["displayCapabilities"]?["graphicSupported"] == true)
        #expect(notifications("OnHMIStatus", in: messages).compactMap { $0["hmiLevel"] } == ["NONE", "FULL"])
        #expect(notifications("OnSystemCapabilityUpdated", in: messages).count == 1)
        #expect(result(2, in: messages)?["systemCapability"]?["systemCapabilityType"] == "DISPLAYS")
        let replies = messages.filter { $0["id"] == "reg" }.compactMap { $0["result"]?["resultCode"] }
        #expect(replies == ["SUCCESS", "APPLICATION_REGISTERED_ALREADY"])
        #expect(result(3, in: messages)?["resultCode"] == "SUCCESS")
        #expect(result(4, in: messages)?["registered"] == false)
    }

    @Test func withoutAutoActivateTheAppStaysInNone() throws {
        let messages = try session([Self.register], arguments: ["--clock", "virtual", "--no-auto-activate"])
        #expect(notifications("OnHMIStatus", in: messages).compactMap { $0["hmiLevel"] } == ["NONE"])
    }

    @Test func choiceSetsAreCreatedCheckedAndDeleted() throws {
        let messages = try session([
            Self.register, Self.request(1, "CreateInteractionChoiceSet", Self.cities),
            Self.request(2, "CreateInteractionChoiceSet", Self.cities),
            Self.request(3, "CreateChoiceInteractionSet", #"{"interactionChoiceSetID":2,"choiceSet":[{"choiceID":1,"menuName":"A"},{"choiceID":1,"menuName":"B"}]}"#),
            Self.request(4, "CreateInteractionChoiceSet", #"{"interactionChoiceSetID":2,"choiceSet":[{"choiceID":1,"menuName":"A"},{"choiceID":"2","menuName":"B"}]}"#),
            Self.request(5, "DeleteInteractionChoiceSet", #"{"interactionChoiceSetID":1}"#),
            Self.request(6, "DeleteInteractionChoiceSet", #"{"interactionChoiceSetID":1}"#),
        ])
        #expect(result(1, in: messages) == ["success": true, "resultCode": "SUCCESS"])
        #expect(result(2, in: messages)?["resultCode"] == "INVALID_ID")
        #expect(result(3, in: messages)?["resultCode"] == "INVALID_ID")
        #expect(result(4, in: messages)?["resultCode"] == "INVALID_DATA")
        #expect(result(4, in: messages)?["info"]?.stringValue?.hasPrefix("choiceSet[1].choiceID") == true)
        #expect(result(5, in: messages)?["resultCode"] == "SUCCESS")
        #expect(result(6, in: messages)?["resultCode"] == "INVALID_ID")
    }

    @Test func anInteractionIsAnsweredWhenTheUserChoosesOrTimeRunsOut() throws {
        let perform = #"{"initialText":"Pick a city","interactionMode":"BOTH","interactionChoiceSetIDList":[1],"timeout":5000}"#
        let messages = try session([
            Self.register, Self.request(1, "CreateInteractionChoiceSet", Self.cities),
            Self.request(2, "PerformInteraction", perform), Self.request(3, "PerformInteraction", perform),
            Self.request(4, "User.Speak", #"{"utterance":"paris"}"#),
            Self.request(5, "PerformInteraction", perform), Self.request(6, "Sim.AdvanceTime", #"{"ms":5000}"#),
        ])
        #expect(result(3, in: messages)?["resultCode"] == "REJECTED")
        #expect(result(2, in: messages) == ["success": true, "resultCode": "SUCCESS", "choiceID": 3, "triggerSource": "VR"])
        #expect(result(5, in: messages)?["resultCode"] == "TIMED_OUT")
        let ids = messages.compactMap { $0["id"] }
        #expect(ids.firstIndex(of: 5)! < ids.firstIndex(of: 6)!, "the timeout's answer comes before the AdvanceTime reply")
        #expect(notifications("OnHMIStatus", in: messages).compactMap { $0["systemContext"] }.suffix(4) == ["VRSESSION", "MAIN", "VRSESSION", "MAIN"])
    }

    @Test func theKeyboardSendsInputAndAnswersTheTypedText() throws {
        let messages = try session([
            Self.register,
            Self.request(1, "SetGlobalProperties", #"{"keyboardProperties":{"keypressMode":"SINGLE_KEYPRESS","autoCompleteText":"Oslo"}}"#),
            Self.request(2, "PerformInteraction", #"{"initialText":"Where to?","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[],"interactionLayout":"KEYBOARD"}"#),
            Self.request(3, "User.KeyboardEvent", #"{"event":"KEYPRESS","data":"Os"}"#),
            Self.request(4, "Sim.GetState"),
            Self.request(5, "User.SelectAutocomplete", #"{"index":0}"#),
            Self.request(6, "KeyboardEvent", #"{"event":"ENTRY_SUBMITTED"}"#),
            Self.request(7, "ResetGlobalProperties", #"{"properties":["KEYBOARDPROPERTIES"]}"#),
        ])
        #expect(result(1, in: messages)?["resultCode"] == "SUCCESS")
        #expect(result(4, in: messages)?["interaction"]?["autoCompleteList"] == ["Oslo"])
        #expect(result(4, in: messages)?["systemContext"] == "HMI_OBSCURED")
        #expect(notifications("OnKeyboardInput", in: messages) == [
            ["event": "KEYPRESS", "data": "O"], ["event": "KEYPRESS", "data": "s"], ["event": "ENTRY_SUBMITTED", "data": "Oslo"],
        ])
        #expect(result(2, in: messages) == ["success": true, "resultCode": "SUCCESS", "manualTextEntry": "Oslo", "triggerSource": "KEYBOARD"])
        #expect(result(7, in: messages)?["resultCode"] == "SUCCESS")
    }

    @Test func cancelInteractionAbortsTheInteractionOnScreen() throws {
        let messages = try session([
            Self.register, Self.request(1, "CreateInteractionChoiceSet", Self.cities),
            Self.request(2, "CancelInteraction", #"{"functionID":10}"#),
            Self.request(3, "PerformInteraction", #"{"initialText":"Pick","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[1],"cancelID":9}"#),
            Self.request(4, "CancelInteraction", #"{"functionID":11,"cancelID":9}"#),
            Self.request(5, "CancelInteraction", #"{"functionID":10,"cancelID":9}"#),
        ])
        #expect(result(2, in: messages) == ["success": false, "resultCode": "IGNORED", "info": "No interaction is on screen"])
        #expect(result(4, in: messages)?["resultCode"] == "INVALID_ID")
        #expect(result(3, in: messages)?["resultCode"] == "ABORTED")
        #expect(result(5, in: messages)?["resultCode"] == "SUCCESS")
    }

    @Test func simulatorControlsInjectFaultsAndReset() throws {
        let messages = try session([
            Self.register, Self.request(1, "Sim.InjectFault", #"{"method":"CreateInteractionChoiceSet","resultCode":"REJECTED","info":"VR busy"}"#),
            Self.request(2, "CreateInteractionChoiceSet", Self.cities),
            Self.request(3, "CreateInteractionChoiceSet", Self.cities),
            Self.request(4, "PerformInteraction", #"{"initialText":"Pick","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[1]}"#),
            Self.request(5, "Sim.Reset"), Self.request(6, "Sim.GetState"),
        ])
        #expect(result(1, in: messages)?["resultCode"] == "SUCCESS")
        #expect(result(2, in: messages) == ["success": false, "resultCode": "REJECTED", "info": "VR busy"])
        #expect(result(3, in: messages)?["resultCode"] == "SUCCESS")
        #expect(result(4, in: messages)?["resultCode"] == "ABORTED")
        let ids = messages.compactMap { $0["id"] }
        #expect(ids.firstIndex(of: 4)! < ids.firstIndex(of: 5)!, "the interaction is aborted before Reset is answered")
        #expect(notifications("OnAppInterfaceUnregistered", in: messages) == [["reason": "MASTER_RESET"]])
        #expect(result(6, in: messages)?["registered"] == false)
        #expect(result(6, in: messages)?["choiceSets"] == [])
    }

    @Test func anInteractionOpenAtEndOfInputIsAbortedAndTheSimulatorExitsCleanly() throws {
        let messages = try session([
            Self.register, Self.request(1, "CreateInteractionChoiceSet", Self.cities),
            Self.request(2, "PerformInteraction", #"{"initialText":"Pick","interactionMode":"VR_ONLY","interactionChoiceSetIDList":[1]}"#),
        ])
        #expect(result(2, in: messages)?["resultCode"] == "ABORTED")
        #expect(messages.filter { $0["id"] == 2 }.count == 1)
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let lines = [
            Self.register, Self.request(1, "CreateInteractionChoiceSet", Self.cities),
            Self.request(2, "PerformInteraction", #"{"initialText":"Pick","interactionMode":"BOTH","interactionChoiceSetIDList":[1],"interactionLayout":"LIST_WITH_SEARCH"}"#),
            Self.request(3, "User.KeyboardEvent", #"{"event":"KEYPRESS","data":"Ber"}"#), Self.request(4, "Sim.GetState"),
            Self.request(5, "Sim.AdvanceTime", #"{"ms":30000}"#),
        ]
        let first = try SimulatorProcess.run(lines: lines)
        let second = try SimulatorProcess.run(lines: lines)
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    // Profiles.

    @Test(arguments: [("text-only", false, "Text-only head unit (SDL 8.0)"), ("legacy", true, "Older head unit (SDL 4.5)")])
    func aBuiltInProfileIsReportedInRegistration(profile: String, graphics: Bool, displayName: String) throws {
        let messages = try session([Self.register, Self.request(1, "Sim.GetState")], arguments: ["--clock", "virtual", "--profile", profile])
        let registered = result("reg", in: messages)
        #expect(registered?["displayCapabilities"]?["displayName"] == .string(displayName))
        #expect(registered?["displayCapabilities"]?["graphicSupported"] == .bool(graphics))
        #expect(result(1, in: messages)?["profile"] == .string(profile))
    }

    @Test func theLegacyProfileReportsItsOlderVersion() throws {
        let messages = try session([Self.register], arguments: ["--clock", "virtual", "--profile", "legacy"])
        #expect(result("reg", in: messages)?["syncMsgVersion"] == ["majorVersion": 4, "minorVersion": 5, "patchVersion": 0])
    }

    @Test func aProfileFileIsUsed() throws {
        let file = try Self.profileFile(textFieldWidth: 30)
        defer { try? FileManager.default.removeItem(at: file) }
        let messages = try session([Self.register, Self.request(1, "Sim.GetState")], arguments: ["--clock", "virtual", "--profile", file.path])
        #expect(result("reg", in: messages)?["displayCapabilities"]?["displayName"] == "My car")
        #expect(result("reg", in: messages)?["displayCapabilities"]?["textFields"]?.arrayValue?.first?["width"] == 30)
        #expect(result(1, in: messages)?["profile"] == "my-car")
    }

    @Test func aBrokenProfileFileStopsTheStartWithAnErrorNamingTheField() throws {
        let file = try Self.profileFile(textFieldWidth: 900)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try SimulatorProcess.run(["--clock", "virtual", "--profile", file.path], lines: [Self.register])
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty, "nothing is said on the protocol stream")
        #expect(outcome.stderr.contains("textFields[0].width"))
        #expect(outcome.stderr.contains(file.path))
    }

    @Test func aProfileFileThatIsNotJSONStopsTheStart() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString).json")
        try Data(#"{"name":"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try SimulatorProcess.run(["--profile", file.path], lines: [])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("not valid JSON"))
    }

    @Test func anUnknownProfileNameStopsTheStart() throws {
        let outcome = try SimulatorProcess.run(["--profile", "no-such-profile"], lines: [])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("full, text-only, legacy"))
    }

    /// A complete profile file; its one text field has the given width.
    private static func profileFile(textFieldWidth: Int) throws -> URL {
        let profile = """
            {"name":"my-car","displayName":"My car","sdlVersion":{"majorVersion":7,"minorVersion":1},"voice":false,
             "textFields":[{"name":"menuName","characterSet":"UTF_8","width":\(textFieldWidth),"rows":1}],
             "imageTypeSupported":[]}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString).json")
        try Data(profile.utf8).write(to: file)
        return file
    }
}
