import JSONCodec
import SDLModel

/// Valid parameters for every request the simulator answers, so mutations start from
/// lines that reach the engine's own checks. Small ids and names make requests hit each
/// other's state (a set created, then shown, then deleted).
enum ValidParameters {
    static let registration = """
        {"appName":"Fuzz","appID":"fuzz-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}
        """

    /// Every method of `allSDLRequests` with a few valid parameter objects each.
    static func choices(for method: String, using random: inout SplitMix64) -> String {
        let setID = Int.random(in: 1...4, using: &random)
        let choiceID = Int.random(in: 1...6, using: &random)
        let file = ["a.txt", "icon.png", "b.bin"].randomElement(using: &random)!
        let milliseconds = [0, 1, 500, 3000].randomElement(using: &random)!
        switch method {
        case RegisterAppInterface.method: return registration
        case GetSystemCapability.method: return #"{"systemCapabilityType":"DISPLAYS"}"#
        case CreateInteractionChoiceSet.method:
            return #"{"interactionChoiceSetID":\#(setID),"choiceSet":[{"choiceID":\#(choiceID),"menuName":"Berlin \#(choiceID)","vrCommands":["Berlin \#(choiceID)"]},{"choiceID":\#(choiceID + 10),"menuName":"Bonn"}]}"#
        case DeleteInteractionChoiceSet.method: return #"{"interactionChoiceSetID":\#(setID)}"#
        case PerformInteraction.method:
            let mode = ["MANUAL_ONLY", "VR_ONLY", "BOTH"].randomElement(using: &random)!
            let layout = ["ICON_ONLY", "LIST_ONLY", "KEYBOARD", "LIST_WITH_SEARCH"].randomElement(using: &random)!
            return #"{"initialText":"Pick","interactionMode":"\#(mode)","interactionLayout":"\#(layout)","interactionChoiceSetIDList":[\#(setID)],"timeout":5000,"cancelID":\#(setID)}"#
        case CancelInteraction.method: return #"{"functionID":10,"cancelID":\#(setID)}"#
        case SetGlobalProperties.method:
            return #"{"menuTitle":"Menu","keyboardProperties":{"language":"EN-US","keyboardLayout":"QWERTY","keypressMode":"RESEND_CURRENT_ENTRY","autoCompleteList":["Berlin","Bonn"]},"helpPrompt":[{"text":"Help","type":"TEXT"}]}"#
        case ResetGlobalProperties.method: return #"{"properties":["HELPPROMPT","MENUNAME","KEYBOARDPROPERTIES"]}"#
        case PutFile.method:
            let type = file.hasSuffix(".png") ? "GRAPHIC_PNG" : "BINARY"
            return #"{"syncFileName":"\#(file)","fileType":"\#(type)","persistentFile":\#(random.chance(30)),"bulkData":"aGVsbG8="}"#
        case ListFiles.method: return "{}"
        case DeleteFile.method: return #"{"syncFileName":"\#(file)"}"#
        case SetAppIcon.method: return #"{"syncFileName":"\#(file)"}"#
        case UserKeyboardEvent.method:
            let event = ["KEYPRESS", "ENTRY_SUBMITTED", "ENTRY_VOICE", "ENTRY_CANCELLED"].randomElement(using: &random)!
            return #"{"event":"\#(event)","data":"B"}"#
        case UserSelectChoice.method: return random.chance(50) ? #"{"choiceID":\#(choiceID)}"# : #"{"menuName":"Bonn"}"#
        case UserSelectAutocomplete.method: return random.chance(50) ? #"{"index":0}"# : #"{"text":"Berlin"}"#
        case UserSpeak.method: return #"{"utterance":"Berlin \#(choiceID)"}"#
        case SimAdvanceTime.method: return #"{"ms":\#(milliseconds)}"#
        case SimInjectFault.method:
            // Never `drop`: a dropped request gets no reply, and every id here must get one.
            let target = ["PerformInteraction", "PutFile", "SetGlobalProperties", "CreateInteractionChoiceSet"].randomElement(using: &random)!
            return random.chance(50)
                ? #"{"method":"\#(target)","resultCode":"REJECTED","info":"fuzz"}"#
                : #"{"method":"\#(target)","delayMs":\#(milliseconds),"count":2}"#
        default: return "{}"  // UnregisterAppInterface, User.Close/Activate/Deactivate, Sim.GetState/Reset
        }
    }
}
