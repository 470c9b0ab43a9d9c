import JSONCodec

/// Why a prefix index's word list or store file could not be used.
public enum AutocompleteStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The store file is not what the index writes; it is left as it is, so nothing in it is lost.
    case corrupt(path: String, detail: String)
    /// The learned and ignored words could not be written; they are kept in memory and
    /// written with the next change.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .corrupt(let path, let detail): "\(path) is not an autocomplete store (\(detail)); it was left untouched"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

/// What a prefix index learned: extra uses per word, and words never to suggest.
/// On disk: `{"learned":{"word":3,…},"ignored":["word",…]}`.
struct WordStore: Sendable, Equatable {
    var learned: [String: Int] = [:]
    var ignored: Set<String> = []

    static func load(from path: String) throws(AutocompleteStoreError) -> WordStore {
        let contents: [UInt8]?
        do { contents = try LocalFile.contents(of: path) } catch { throw .unreadable(path: path, reason: error.reason) }
        guard let bytes = contents else { return WordStore() }
        let json: JSON
        do { json = try JSON.parse(bytes) } catch { throw .corrupt(path: path, detail: error.description) }
        guard let object = json.objectValue, let learned = object["learned"]?.objectValue,
            let ignored = object["ignored"]?.arrayValue
        else { throw .corrupt(path: path, detail: "expected an object with \"learned\" and \"ignored\"") }
        var store = WordStore()
        for member in learned {
            guard let count = member.value.integerValue, count > 0 else {
                throw .corrupt(path: path, detail: "the count of \"\(member.key)\" is not a positive integer")
            }
            store.learned[member.key] = Int(count)
        }
        for word in ignored {
            guard let word = word.stringValue else { throw .corrupt(path: path, detail: "an ignored word is not a string") }
            store.ignored.insert(word)
        }
        return store
    }

    /// Writes a new file beside the old one and renames it over it: a crash leaves the old
    /// store or the new one, never a torn one.
    func save(to path: String) throws(AutocompleteStoreError) {
        let json: JSON = [
            "learned": .object(JSONObject(learned.sorted { $0.key < $1.key }.map { ($0.key, JSON.integer(Int64($0.value))) })),
            "ignored": .array(ignored.sorted().map { .string($0) }),
        ]
        var bytes = json.serialized
        bytes.append(UInt8(ascii: "\n"))
        do {
            try LocalFile.replace(path, with: bytes)
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }
}
