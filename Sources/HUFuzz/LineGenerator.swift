import JSONCodec
import SDLModel

/// Produces the fuzz lines for one seed: valid requests of every method in random order,
/// and the same requests mutated at the JSON level (wrong types, missing or duplicated
/// parameters, huge numbers, deep nesting, batches, notifications) and at the byte level
/// (truncated, random bytes, invalid UTF-8, a NUL byte after a value). Every request
/// carries a fresh integer id.
struct LineGenerator {
    private var random: SplitMix64
    private var nextID: Int64 = 1
    private let methods = allSDLRequests.map { $0.method }

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The registration a fresh simulator gets first, so requests reach the engine's state.
    mutating func registration() -> FuzzLine {
        let id = takeID()
        return FuzzLine(bytes: Array(envelope(id: id, method: RegisterAppInterface.method, params: ValidParameters.registration).utf8), answered: [(id, false)])
    }

    mutating func next() -> FuzzLine {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35: return request(mutated: false)
        case 35..<65: return request(mutated: true)
        case 65..<70: return notification()
        case 70..<80: return batch()
        case 80..<86: return byteMutated(request(mutated: random.chance(50)))
        case 86..<90: return randomBytes()
        case 90..<94: return nearJSON()
        default: return envelopeMutated()
        }
    }

    // MARK: Requests

    private mutating func takeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    private mutating func randomMethod() -> String { methods.randomElement(using: &random)! }

    private func envelope(id: Int64?, method: String, params: String?) -> String {
        var text = #"{"jsonrpc":"2.0""#
        if let id { text += #","id":\#(id)"# }
        text += #","method":\#(JSON.string(method).serializedString)"#
        if let params { text += #","params":\#(params)"# }
        return text + "}"
    }

    /// A request with its id; `mutated` garbles its parameters but keeps it a readable
    /// request, so it is still owed exactly one reply (unless nested beyond the parser's depth).
    private mutating func request(mutated: Bool) -> FuzzLine {
        let id = takeID()
        let method = randomMethod()
        var params: String? = ValidParameters.choices(for: method, using: &random)
        var readable = true
        if mutated { (params, readable) = mutate(params!) }
        var line = FuzzLine(bytes: Array(envelope(id: id, method: method, params: params).utf8), answered: [(id, false)])
        if !readable { line.loseCertainty() }
        return line
    }

    private mutating func notification() -> FuzzLine {
        let method = randomMethod()
        var params = ValidParameters.choices(for: method, using: &random)
        // Only mutations the parser reads: a batch holding this must stay readable.
        if random.chance(50), case let mutated = mutate(params), mutated.readable { params = mutated.text ?? params }
        return FuzzLine(bytes: Array(envelope(id: nil, method: method, params: params).utf8))
    }

    // MARK: Parameter mutations

    /// The parameters' top-level members as (key, value text) pairs.
    private func members(_ params: String) -> [(key: String, value: String)] {
        guard case .object(let object)? = try? JSON.parse(params) else { return [] }
        return object.map { (JSON.string($0.key).serializedString, $0.value.serializedString) }
    }

    private func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { "\($0.key):\($0.value)" }.joined(separator: ",") + "}"
    }

    /// Garbled parameters, or none (nil); `readable` is false when the parser may refuse them.
    private mutating func mutate(_ params: String) -> (text: String?, readable: Bool) {
        var members = members(params)
        let index = members.isEmpty ? nil : Int.random(in: 0..<members.count, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0:  // a wrong type in every parameter
            for i in members.indices { members[i].value = wrongValue() }
        case 1:  // a wrong type in one parameter, or one extra parameter
            if let index { members[index].value = wrongValue() } else { members.append((#""extra""#, wrongValue())) }
        case 2:  // a parameter missing, or all of them
            if let index, random.chance(70) { members.remove(at: index) } else { return (nil, true) }
        case 3:  // a number beyond 64 bits or beyond Double
            let huge = hugeNumber()
            if let index { members[index].value = huge } else { members.append((#""ms""#, huge)) }
        case 4:  // a parameter twice, with different values
            if let index { members.insert((members[index].key, wrongValue()), at: Int.random(in: 0...members.count, using: &random)) }
        case 5:  // deep nesting, around jansson's depth limit and far beyond it
            let depth = [5, 64, 512, 1000, 2047, 2048, 2049, 4096, 100_000].randomElement(using: &random)!
            let nested = random.chance(50)
                ? String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                : String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            if let index { members[index].value = nested } else { members.append((#""deep""#, nested)) }
            return (object(members), depth < 1000)
        case 6:  // a lone surrogate escape, which jansson refuses as a parse error
            if let index { members[index].value = #""\ud800""# } else { members.append((#""text""#, #""\udfff""#)) }
            return (object(members), false)
        default:  // params that are not an object
            return ([#"[1,2]"#, #""text""#, "7", "null", "true"].randomElement(using: &random)!, true)
        }
        return (object(members), true)
    }

    private mutating func wrongValue() -> String {
        [
            "null", "true", "false", "0", "-1", "1.5", "-0", "65536", #""""#, #""x""#, "[]", "{}", #"[1,"a",null]"#,
            #"{"k":[{}]}"#, #""\u0000""#, String(repeating: "z", count: 600).debugDescription, hugeNumber(),
        ].randomElement(using: &random)!
    }

    private mutating func hugeNumber() -> String {
        ["18446744073709551616", "-9223372036854775809", "1e400", "-1e400", "1.7976931348623157e309",
         "123456789012345678901234567890123456789", "4.9e-330", "9223372036854775807"].randomElement(using: &random)!
    }

    // MARK: Batches and envelopes

    private mutating func batch() -> FuzzLine {
        if random.chance(8) { return FuzzLine(bytes: Array("[]".utf8)) }  // one error, id null
        var line = FuzzLine(bytes: [])
        var elements: [String] = []
        var readable = true  // one element the parser refuses makes the whole line a parse error
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: elements.append(String(decoding: notification().bytes, as: UTF8.self))
            case 1: elements.append(["1", #""x""#, "null", "[]", "{}"].randomElement(using: &random)!)
            default:
                let element = request(mutated: random.chance(40))
                line.answered += element.answered.map { ($0.id, true) }
                line.mayAnswer += element.mayAnswer
                readable = readable && element.mayAnswer.isEmpty
                elements.append(String(decoding: element.bytes, as: UTF8.self))
            }
        }
        var text = "[" + elements.joined(separator: ",") + "]"
        if random.chance(15) {  // a batch inside a batch: its requests are not requests
            text = "[" + text + "]"
            readable = false
        }
        if !readable { line.loseCertainty() }
        line.bytes = Array(text.utf8)
        return line
    }

    /// A request whose envelope is wrong: still owed its one reply, with its id.
    private mutating func envelopeMutated() -> FuzzLine {
        let id = takeID()
        let method = randomMethod()
        let params = ValidParameters.choices(for: method, using: &random)
        let text: String
        switch Int.random(in: 0..<5, using: &random) {
        case 0: text = envelope(id: id, method: "No.Such\(Int.random(in: 0..<9, using: &random))", params: params)
        case 1: text = #"{"jsonrpc":"1.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
        case 2: text = #"{"jsonrpc":"2.0","id":\#(id),"method":\#(wrongValue())}"#
        case 3: text = #"{"method":"\#(method)","params":\#(params),"id":\#(id),"jsonrpc":"2.0","extra":\#(wrongValue())}"#
        default: text = #"{"jsonrpc":"2.0","id":\#(id)}"#
        }
        return FuzzLine(bytes: Array(text.utf8), answered: [(id, false)])
    }

    // MARK: Texts at the edges of JSON

    /// Pieces from which texts at the edges of what jansson and the simulator accept are
    /// put together: numbers in and out of range (also where keys go), a NUL byte after a
    /// value, `\u0000` in keys beside broken escapes, a byte-order mark, long plain strings
    /// (the simulator lifts those past jansson), unpaired surrogates. Never an `"id"` key
    /// or a line feed: such a text must not be mistaken for another request.
    private static let nearJSONPieces: [String] = [
        "1", "-0", "0.5", "2e3", "1e400", "-1e400", "1.7976931348623157e309", "123456789012345678901234567890",
        "9223372036854775808", "01", "1.", "1e", "-", "+1", "true", "false", "null", "tru", "nul",
        #""a""#, #""\u0000""#, #""k\u0000""#, #""\x""#, #""\ud800""#, #""\u0001n0""#, #""\\u0000""#,
        "\"" + String(repeating: "p", count: 70) + "\"", "\"\u{E9}\"", "\u{FEFF}", "\0", "\r",
        "[", "]", "{", "}", ",", ":", " ", "\t", "\"", "\\",
    ]

    /// A short text of those pieces, bare, in a batch, as a request's params, or after a
    /// request; owed nothing for sure (most are not JSON).
    private mutating func nearJSON() -> FuzzLine {
        var text = ""
        for _ in 0..<Int.random(in: 1...12, using: &random) { text += Self.nearJSONPieces.randomElement(using: &random)! }
        var line = FuzzLine(bytes: [])
        switch Int.random(in: 0..<6, using: &random) {
        case 0: break
        case 1: text = "[" + text + "]"
        case 2: text = "{" + text + ":1}"
        case 3:
            let id = takeID()
            text = envelope(id: id, method: randomMethod(), params: "{" + text + "}")
            line.mayAnswer = [id]
        case 4:
            // Long enough for the simulator to lift plain strings past jansson.
            text = #"{"pad":""# + String(repeating: "q", count: 300) + #"","x":"# + text + "}"
        default:
            text = "[" + text + "," + text + "]\0"
        }
        line.bytes = Array(text.utf8)
        return line
    }

    // MARK: Byte mutations

    private mutating func byteMutated(_ line: FuzzLine) -> FuzzLine {
        var line = line
        line.loseCertainty()
        let at = Int.random(in: 0..<line.bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: line.bytes.removeSubrange(at...)
        case 1: line.bytes.insert(contentsOf: invalidUTF8(), at: at)
        case 2:  // overwrite bytes, never a digit: "id":123 must not become another request's "id":12
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let position = Int.random(in: 0..<line.bytes.count, using: &random)
                if !(0x30...0x39).contains(line.bytes[position]) { line.bytes[position] = randomByte() }
            }
        case 3:  // a NUL byte right after a number or a literal, where jansson takes it for the end of its input
            let ends = line.bytes.indices.dropLast().filter { Self.endsAValue(line.bytes[$0]) && Self.closesAValue(line.bytes[$0 + 1]) }
            if let end = ends.randomElement(using: &random) { line.bytes.insert(0, at: end + 1) }
        default: line.bytes.insert(contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in randomByte() }, at: at)
        }
        return line
    }

    /// The last byte of a number, `true`, `false` or `null`.
    private static func endsAValue(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "l")
    }

    private static func closesAValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }

    private mutating func invalidUTF8() -> [UInt8] {
        [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80]]
            .randomElement(using: &random)!
    }

    /// Any byte but the line feed, which would split the line in two, and digits and
    /// minus, which could turn one request's id into another's.
    private mutating func randomByte() -> UInt8 {
        let byte = UInt8.random(in: 0...255, using: &random)
        return byte == 0x0A || byte == 0x2D || (0x30...0x39).contains(byte) ? byte | 0x80 : byte
    }

    private mutating func randomBytes() -> FuzzLine {
        FuzzLine(bytes: (0..<Int.random(in: 1...200, using: &random)).map { _ in randomByte() })
    }
}
