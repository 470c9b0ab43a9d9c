/// Request streams for the benchmarks: realistic lines, generated once per run.
enum Streams {
    static let register =
        #"{"jsonrpc":"2.0","id":0,"method":"RegisterAppInterface","params":{"appName":"Bench","appID":"bench-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}}"#

    /// `count` requests for a method nobody knows, with SDL-sized params.
    static func unknownMethods(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 150)
        for id in 1...count {
            let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"Vendor.Unknown","params":{"name":"entry \#(id)","values":[1,2,3],"flag":true}}"#
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }

    /// About `count` lines of what an app and a driver do: create a set, present it with
    /// search, type, get suggestions, tap, delete the set — over and over.
    static func mixedSDL(count: Int) -> [UInt8] {
        var bytes: [UInt8] = Array((register + "\n").utf8)
        bytes.reserveCapacity(count * 220)
        var id = 1
        var cycle = 0
        func add(_ method: String, _ params: String) {
            bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
            bytes.append(0x0A)
            id += 1
        }
        while id < count {
            cycle += 1
            let set = cycle
            let base = (cycle % 600) * 100
            add("CreateInteractionChoiceSet", #"{"interactionChoiceSetID":\#(set),"choiceSet":[{"choiceID":\#(base + 1),"menuName":"Berlin","vrCommands":["Berlin"],"secondaryText":"Germany"},{"choiceID":\#(base + 2),"menuName":"Bern","vrCommands":["Bern"]},{"choiceID":\#(base + 3),"menuName":"Paris","vrCommands":["Paris"]}]}"#)
            add("PerformInteraction", #"{"initialText":"Pick a city","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[\#(set)],"interactionLayout":"LIST_WITH_SEARCH","timeout":30000,"cancelID":\#(cycle)}"#)
            add("User.KeyboardEvent", #"{"event":"KEYPRESS","data":"B"}"#)
            add("SetGlobalProperties", #"{"keyboardProperties":{"autoCompleteList":["Berlin","Bern","Bergen"],"keypressMode":"RESEND_CURRENT_ENTRY"}}"#)
            add("User.KeyboardEvent", #"{"event":"KEYPRESS","data":"e"}"#)
            add("User.SelectChoice", #"{"choiceID":\#(base + 2)}"#)
            add("DeleteInteractionChoiceSet", #"{"interactionChoiceSetID":\#(set)}"#)
        }
        return bytes
    }

    /// Registration, then `sets` choice sets of one choice each.
    static func manySets(_ sets: Int) -> [UInt8] {
        var bytes: [UInt8] = Array((register + "\n").utf8)
        for set in 1...sets {
            let line = #"{"jsonrpc":"2.0","id":\#(set),"method":"CreateInteractionChoiceSet","params":{"interactionChoiceSetID":\#(set),"choiceSet":[{"choiceID":\#(set % 65536),"menuName":"Choice number \#(set)","vrCommands":["Choice \#(set)"]}]}}"#
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}
