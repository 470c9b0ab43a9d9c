import SDLModel

/// A choice set as Core stores it: its choices packed into the bytes that follow this
/// object's header, in one allocation. The engine keeps every set the app creates, as many
/// as it sends, and reads their choices back only to show them, so they are kept compactly
/// rather than as the parsed `[Choice]`, whose arrays and strings are allocations of their
/// own (docs/behaviour.md, "What a loaded choice set costs").
final class StoredChoiceSet: ManagedBuffer<StoredChoiceSet.Header, UInt8> {
    enum Availability: UInt8 {
        case ready
        /// The HMI has not yet answered the VR registration of the set's voice commands.
        case creating
        /// The HMI has not yet answered the VR deletion.
        case deleting
    }

    /// Two bytes: with the object's own 16, a set packed into 38 bytes or fewer (one short
    /// choice) fits malloc's 64-byte chunk.
    struct Header {
        let choiceCount: UInt8
        var availability: Availability
    }

    /// `choices` (1–100 of them, as the schema allows), packed.
    static func make(_ choices: [Choice], availability: Availability) -> StoredChoiceSet {
        // Each choice is read through a pointer, field by field: binding a whole `Choice`
        // would copy (retain and release) all its fields.
        choices.withUnsafeBufferPointer { choices in
            var byteCount = 0
            for index in choices.indices { byteCount += ChoicePacker.size(of: choices.baseAddress! + index) }
            let buffer = create(minimumCapacity: byteCount) { _ in
                Header(choiceCount: UInt8(choices.count), availability: availability)
            }
            buffer.withUnsafeMutablePointerToElements { bytes in
                var packer = ChoicePacker(into: bytes)
                for index in choices.indices { packer.pack(choices.baseAddress! + index) }
            }
            return unsafeDowncast(buffer, to: StoredChoiceSet.self)
        }
    }

    /// Every choice has voice commands: the set has a VR grammar. (A set is stored only
    /// when all its choices have voice commands or none has: the first one tells.)
    var hasVoice: Bool {
        read { reader, count in count > 0 && reader.firstHasVoiceCommands() }
    }

    var availability: Availability {
        get { header.availability }
        set { header.availability = newValue }
    }

    /// The choices, unpacked: equal to those the set was made of.
    var choices: [Choice] {
        read { reader, count in
            var choices: [Choice] = []
            choices.reserveCapacity(count)
            for _ in 0..<count { choices.append(reader.rest(of: reader.choiceID())) }
            return choices
        }
    }

    /// The choices' IDs, in order, read without unpacking their texts.
    var choiceIDs: [Int] {
        read { reader, count in
            (0..<count).map { _ in
                defer { reader.skipRest() }
                return reader.choiceID()
            }
        }
    }

    /// The choice with ID `id`, the only one unpacked.
    func choice(withID id: Int) -> Choice? {
        read { reader, count in
            for _ in 0..<count {
                let choiceID = reader.choiceID()
                if choiceID == id { return reader.rest(of: choiceID) }
                reader.skipRest()
            }
            return nil
        }
    }

    private func read<R>(_ body: (inout ChoiceUnpacker, Int) -> R) -> R {
        withUnsafeMutablePointers { header, bytes in
            var reader = ChoiceUnpacker(bytes: bytes)
            return body(&reader, Int(header.pointee.choiceCount))
        }
    }
}

/// The app's choice sets by ID. The schema keeps IDs in 0–2,000,000,000, so they are kept
/// as `Int32` keys: a smaller table than `Int` keys, for the same lookups.
struct ChoiceSetTable {
    private var sets: [Int32: StoredChoiceSet] = [:]

    subscript(id: Int) -> StoredChoiceSet? {
        get { Int32(exactly: id).flatMap { sets[$0] } }
        set { sets[Int32(id)] = newValue }
    }

    var sortedIDs: [Int] { sets.keys.sorted().map(Int.init) }
}

// The packed form, choice after choice: the ID, a byte of flags saying which optional
// fields follow, then menuName, vrCommands (count, then each), image, secondaryText,
// tertiaryText and secondaryImage. Integers are zigzag LEB128 (an ID under 64 takes one
// byte), texts their UTF-8 length then bytes, images their value, type and isTemplate.
private enum ChoiceFlag {
    static let vrCommands: UInt8 = 1
    static let image: UInt8 = 2
    static let secondaryText: UInt8 = 4
    static let tertiaryText: UInt8 = 8
    static let secondaryImage: UInt8 = 16
}

/// Writes choices packed.
private struct ChoicePacker {
    private let destination: UnsafeMutablePointer<UInt8>
    private var written = 0

    init(into destination: UnsafeMutablePointer<UInt8>) { self.destination = destination }

    /// The bytes `choice` takes packed.
    static func size(of choice: UnsafePointer<Choice>) -> Int {
        var bytes = size(of: choice.pointee.choiceID) + 1 + size(of: choice.pointee.menuName)
        if let commands = choice.pointee.vrCommands {
            bytes += size(of: commands.count)
            for command in commands { bytes += size(of: command) }
        }
        if let image = choice.pointee.image { bytes += size(of: image.value) + 2 }
        if let text = choice.pointee.secondaryText { bytes += size(of: text) }
        if let text = choice.pointee.tertiaryText { bytes += size(of: text) }
        if let image = choice.pointee.secondaryImage { bytes += size(of: image.value) + 2 }
        return bytes
    }

    private static func size(of text: String) -> Int {
        let count = text.utf8.count
        return size(of: count) + count
    }

    private static func size(of integer: Int) -> Int {
        let zigzag = UInt(bitPattern: (integer << 1) ^ (integer >> (Int.bitWidth - 1)))
        return (UInt.bitWidth - zigzag.leadingZeroBitCount + 6) / 7 + (zigzag == 0 ? 1 : 0)
    }

    mutating func pack(_ choice: UnsafePointer<Choice>) {
        integer(choice.pointee.choiceID)
        var flags: UInt8 = 0
        if choice.pointee.vrCommands != nil { flags |= ChoiceFlag.vrCommands }
        if choice.pointee.image != nil { flags |= ChoiceFlag.image }
        if choice.pointee.secondaryText != nil { flags |= ChoiceFlag.secondaryText }
        if choice.pointee.tertiaryText != nil { flags |= ChoiceFlag.tertiaryText }
        if choice.pointee.secondaryImage != nil { flags |= ChoiceFlag.secondaryImage }
        byte(flags)
        text(choice.pointee.menuName)
        if let commands = choice.pointee.vrCommands {
            integer(commands.count)
            for command in commands { text(command) }
        }
        if let image = choice.pointee.image { self.image(image) }
        if let secondaryText = choice.pointee.secondaryText { text(secondaryText) }
        if let tertiaryText = choice.pointee.tertiaryText { text(tertiaryText) }
        if let image = choice.pointee.secondaryImage { self.image(image) }
    }

    private mutating func image(_ image: Image) {
        text(image.value)
        switch image.imageType {
        case .staticImage: byte(0)
        case .dynamic: byte(1)
        }
        byte(image.isTemplate.map { $0 ? 2 : 1 } ?? 0)
    }

    private mutating func byte(_ value: UInt8) {
        destination[written] = value
        written += 1
    }

    private mutating func integer(_ value: Int) {
        var rest = UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))
        while rest >= 0x80 {
            byte(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        byte(UInt8(rest))
    }

    private mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            integer(utf8.count)
            guard let start = utf8.baseAddress else { return }
            (destination + written).initialize(from: start, count: utf8.count)
            written += utf8.count
        }
    }
}

/// Reads back what `ChoicePacker` wrote (the header's count of choices says where it ends).
private struct ChoiceUnpacker {
    let bytes: UnsafePointer<UInt8>
    private var offset = 0

    init(bytes: UnsafePointer<UInt8>) { self.bytes = bytes }

    /// The next choice's ID; `rest(of:)` or `skipRest()` then reads past the choice.
    mutating func choiceID() -> Int { integer() }

    /// At the start: whether the first choice has voice commands.
    mutating func firstHasVoiceCommands() -> Bool {
        _ = choiceID()
        return byte() & ChoiceFlag.vrCommands != 0
    }

    mutating func rest(of choiceID: Int) -> Choice {
        let flags = byte()
        let menuName = text()
        var vrCommands: [String]?
        if flags & ChoiceFlag.vrCommands != 0 {
            let count = integer()
            var commands: [String] = []
            commands.reserveCapacity(count)
            for _ in 0..<count { commands.append(text()) }
            vrCommands = commands
        }
        return Choice(
            choiceID: choiceID, menuName: menuName, vrCommands: vrCommands,
            image: flags & ChoiceFlag.image != 0 ? image() : nil,
            secondaryText: flags & ChoiceFlag.secondaryText != 0 ? text() : nil,
            tertiaryText: flags & ChoiceFlag.tertiaryText != 0 ? text() : nil,
            secondaryImage: flags & ChoiceFlag.secondaryImage != 0 ? image() : nil)
    }

    mutating func skipRest() {
        let flags = byte()
        skipText()
        if flags & ChoiceFlag.vrCommands != 0 {
            for _ in 0..<integer() { skipText() }
        }
        if flags & ChoiceFlag.image != 0 { skipImage() }
        if flags & ChoiceFlag.secondaryText != 0 { skipText() }
        if flags & ChoiceFlag.tertiaryText != 0 { skipText() }
        if flags & ChoiceFlag.secondaryImage != 0 { skipImage() }
    }

    private mutating func skipText() { offset += integer() }

    private mutating func skipImage() {
        skipText()
        offset += 2
    }

    private mutating func image() -> Image {
        let value = text()
        let type: ImageType = byte() == 0 ? .staticImage : .dynamic
        let template = byte()
        return Image(value, type: type, isTemplate: template == 0 ? nil : template == 2)
    }

    private mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func integer() -> Int {
        var raw: UInt = 0
        var shift = 0
        while true {
            let next = byte()
            raw |= UInt(next & 0x7F) << shift
            if next < 0x80 { break }
            shift += 7
        }
        return Int(bitPattern: raw >> 1) ^ -Int(bitPattern: raw & 1)
    }

    private mutating func text() -> String {
        let count = integer()
        defer { offset += count }
        return String(decoding: UnsafeBufferPointer(start: bytes + offset, count: count), as: UTF8.self)
    }
}
