/// Which `syncFileName`s can name a file inside an app's folder (SDL-RULES §9–10, PROTOCOL.md §7).
public enum SyncFileName {
    /// Names the store keeps for itself (its unfinished writes); no app file may start with it.
    public static let reservedPrefix = ".hu-"
    /// The longest file name the file system takes, in UTF-8 bytes (Linux's NAME_MAX).
    public static let maximumBytes = 255
    /// Core's answer to a name with '/'.
    public static let forbiddenSymbols = "Sync file name contains forbidden symbols."

    /// Why `name` cannot name a file in an app's folder, or nil when it can. Core refuses
    /// only '/'; the rest would name the folder itself, its parent, a different file than
    /// the one asked for (NUL ends a path), or one of the store's own files.
    public static func problem(with name: String) -> String? {
        // Byte by byte, as everywhere a name is compared (`ExactName`).
        let bytes = name.utf8
        if bytes.contains(UInt8(ascii: "/")) { return forbiddenSymbols }
        if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) { return "syncFileName \"\(name)\" names a folder, not a file." }
        if bytes.contains(0) { return "syncFileName contains a NUL character." }
        if bytes.starts(with: reservedPrefix.utf8) {
            return "syncFileName must not start with \"\(reservedPrefix)\": the head unit keeps those names for itself."
        }
        if bytes.count > maximumBytes {
            return "syncFileName is \(bytes.count) bytes long in UTF-8; the head unit's file system takes at most \(maximumBytes)."
        }
        return nil
    }
}
