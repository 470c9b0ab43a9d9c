import HeadUnit
import JSONCodec
import JSONRPC
import SDLModel
import SimulatorHost
import Testing

@testable import SimConsole

/// Every example `help METHOD` shows is a real call: typed as it is, on a head unit where
/// its situation holds, the head unit does what it asks.
@Suite struct HelpExamplesAreRealCalls {
    private static let register = ["register Demo"]
    private static let cities = register + ["CreateInteractionChoiceSet interactionChoiceSetID=1 choiceSet=[{choiceID:1,menuName:Berlin,vrCommands:[Berlin]},{choiceID:2,menuName:Bern,vrCommands:[Bern]}]"]
    private static let onScreen = cities + [#"PerformInteraction initialText="Pick a city" interactionMode=BOTH interactionChoiceSetIDList=[1] interactionLayout=LIST_WITH_SEARCH cancelID=7"#]

    /// What must hold before each example: by default, an app registered.
    private static let situations: [String: [String]] = [
        "RegisterAppInterface": [],
        "DeleteInteractionChoiceSet": cities,
        "PerformInteraction": cities,
        "CancelInteraction": onScreen,
        "DeleteFile": register + ["PutFile syncFileName=notes.txt fileType=BINARY bulkData=aGVsbG8="],
        "SetAppIcon": register + ["PutFile syncFileName=icon.png fileType=GRAPHIC_PNG bulkData=iVBORw0KGgo="],
        "User.KeyboardEvent": onScreen,
        "User.SelectChoice": onScreen,
        "User.SelectAutocomplete": register + ["SetGlobalProperties keyboardProperties.autoCompleteList=[Berlin,Bern]"] + onScreen.dropFirst(),
        "User.Speak": onScreen,
        "User.Close": onScreen,
        "User.Activate": register + ["deactivate"],
        "Sim.RemoveApp": register + ["Sim.AddApp appName=Radio appID=radio-1"],
    ]

    @Test(arguments: MethodCatalog.methods)
    func theExampleWorks(_ method: String) throws {
        let example = try #require(Help.text(for: method).last).dropFirst(2)
        let session = SimulatorSession(engine: HeadUnitEngine())
        var nextID: Int64 = 1
        var answer: JSON?
        for line in (Self.situations[method] ?? Self.register) + [String(example)] {
            for case .request(let name, let params) in try Interpreter.interpret(line) {
                let id = nextID
                nextID += 1
                var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(name)]
                if !params.isEmpty { message["params"] = .object(params) }
                JSON.object(message).serialized.withUnsafeBytes { session.handle(.text($0)) }
                answer = nil
                LineFramer.forEachLine(in: session.output) { bytes in
                    if let reply = try? JSON.parse(bytes), reply["id"] == .integer(id) { answer = reply }
                }
                session.output.removeAll()
            }
        }
        if method == PerformInteraction.method {
            #expect(answer == nil, "the interaction waits for the user: \(answer.map(\.serializedString) ?? "")")
        } else {
            #expect(answer?["result"]?["success"] == true, "\(example): \(answer?.serializedString ?? "no answer")")
        }
    }
}
