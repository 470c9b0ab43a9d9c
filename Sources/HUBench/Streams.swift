/// Request streams for the benchmarks: realistic lines, generated once per run.
enum Streams {
    static let register =
        #"{"jsonrpc":"2.0","id":0,"method":"RegisterAppInterface","params":{"appName":"Bench","appID":"bench-1","isMediaApplication":false,"languageDesired":"EN-US","hmiDisplayLanguageDesired":"EN-US","syncMsgVersion":{"majorVersion":8,"minorVersion":0}}}"#

    /// The streams every throughput, instruction and latency figure is measured on, by name.
    static func measured(lines: Int) -> [(name: String, bytes: [UInt8])] {
        [
            ("unknown-method stream", unknownMethods(count: lines)), ("mixed SDL stream", mixedSDL(count: lines)),
            ("choice-set-heavy stream", choiceSets(count: lines)),
        ]
    }

    /// `count` requests that need no app and are refused at once (APPLICATION_NOT_REGISTERED).
    static func unregisteredPings(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for id in 0..<count {
            bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":\#(id),"method":"UnregisterAppInterface"}"#.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }

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

    /// About `count` lines where choice sets dominate (issue 20), in a fixed order that
    /// repeats every 100 lines: 48 `CreateInteractionChoiceSet` of 1–3 choices (each with
    /// `menuName`, `secondaryText` and one `vrCommands` entry), 29 `DeleteInteractionChoiceSet`
    /// of the oldest set, 5 keyboard `SetGlobalProperties` with an 8-entry `autoCompleteList`,
    /// 5 `GetSystemCapability` (DISPLAYS), 5 `CancelInteraction` with nothing on screen
    /// (IGNORED: the 5% that do not succeed), 4 `PerformInteraction` of the newest set, each
    /// answered by the `User.SelectChoice` that follows it. About 227 bytes a line.
    static func choiceSets(count: Int) -> [UInt8] {
        var bytes: [UInt8] = Array((register + "\n").utf8)
        bytes.reserveCapacity(count * 240)
        var id = 1
        func add(_ method: String, _ params: String) {
            bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
            bytes.append(0x0A)
            id += 1
        }
        var loaded: [Int] = []
        var oldest = 0
        var nextSet = 1
        var cancels = 0
        while id < count {
            for kind in choiceSetCycle {
                switch kind {
                case .create:
                    let set = nextSet
                    nextSet += 1
                    let choices = (0..<(1 + set % 3)).map { index -> String in
                        let city = cities[(set * 7 + index * 13) % cities.count]
                        let choiceID = (set % 20_000) * 3 + index
                        return #"{"choiceID":\#(choiceID),"menuName":"\#(city.name) \#(set)","secondaryText":"\#(city.country), \#(set % 90 + 1) km","vrCommands":["\#(city.name) \#(set)"]}"#
                    }
                    add("CreateInteractionChoiceSet", #"{"interactionChoiceSetID":\#(set),"choiceSet":[\#(choices.joined(separator: ","))]}"#)
                    loaded.append(set)
                case .delete:
                    add("DeleteInteractionChoiceSet", #"{"interactionChoiceSetID":\#(loaded[oldest])}"#)
                    oldest += 1
                case .keyboard:
                    let words = (0..<8).map { #""\#(cities[(id + $0) % cities.count].name)""# }.joined(separator: ",")
                    add("SetGlobalProperties", #"{"keyboardProperties":{"language":"EN-US","keyboardLayout":"QWERTY","autoCompleteList":[\#(words)]}}"#)
                case .capability:
                    add("GetSystemCapability", #"{"systemCapabilityType":"DISPLAYS"}"#)
                case .cancel:
                    cancels += 1
                    add("CancelInteraction", #"{"functionID":10,"cancelID":\#(cancels)}"#)
                case .interaction:
                    let set = loaded[loaded.count - 1]
                    add("PerformInteraction", #"{"initialText":"Where to?","interactionMode":"MANUAL_ONLY","interactionChoiceSetIDList":[\#(set)],"interactionLayout":"LIST_ONLY","timeout":30000}"#)
                    add("User.SelectChoice", #"{"choiceID":\#((set % 20_000) * 3)}"#)
                }
            }
        }
        return bytes
    }

    private enum LineKind { case create, delete, keyboard, capability, cancel, interaction }

    /// One pass of the choice-set stream: each kind spread evenly over 100 lines (an
    /// interaction is two lines, the request and the tap that answers it).
    private static let choiceSetCycle: [LineKind] = {
        let shares: [(LineKind, Int)] = [(.create, 48), (.delete, 29), (.keyboard, 5), (.capability, 5), (.cancel, 5), (.interaction, 4)]
        // Each occurrence sits at (k + ½) / n of the cycle; a create comes before the first delete.
        let placed = shares.flatMap { kind, n in (0..<n).map { (position: (Double($0) + 0.5) / Double(n), kind: kind) } }
        return placed.sorted { $0.position < $1.position }.map(\.kind)
    }()

    private static let cities: [(name: String, country: String)] = [
        ("Berlin", "Germany"), ("Hamburg", "Germany"), ("Munich", "Germany"), ("Cologne", "Germany"),
        ("Paris", "France"), ("Lyon", "France"), ("Marseille", "France"), ("Vienna", "Austria"),
        ("Zurich", "Switzerland"), ("Geneva", "Switzerland"), ("Milan", "Italy"), ("Turin", "Italy"),
        ("Madrid", "Spain"), ("Seville", "Spain"), ("Lisbon", "Portugal"), ("Porto", "Portugal"),
        ("Amsterdam", "Netherlands"), ("Rotterdam", "Netherlands"), ("Brussels", "Belgium"), ("Antwerp", "Belgium"),
        ("Copenhagen", "Denmark"), ("Stockholm", "Sweden"), ("Gothenburg", "Sweden"), ("Oslo", "Norway"),
    ]

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
