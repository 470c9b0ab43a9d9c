/// Which `syncFileName`s can name a file inside an app's folder (SDL-RULES §9–10, PROTOCOL.md §7).
public enum SyncFileName {
    /// Names the store keeps for itself (its unfinished writes); no app file may start with it.
    public static let reservedPrefix = ".hu-"
    /// The longest file name the file system takes, in UTF-8 bytes (Linux's NAME_MAX).
    public static let maximumBytes = 255
    /// Core's answer to a name with '/', with the parameter it is about.
    public static let forbiddenSymbols = "syncFileName: Sync file name contains forbidden symbols."

    /// Why `name` cannot name a file in an app's folder, or nil when it can.
    public static func problem(with name: String) -> String? {
        namingProblem(with: name) ?? lengthProblem(with: name)
    }

    /// Why `name` is refused whatever the file system: Core refuses only '/'; the rest would
    /// name the folder itself, its parent, a different file than the one asked for (NUL
    /// ends a path), or one of the store's own files. A name too long to store is not
    /// refused here: DeleteFile and SetAppIcon simply find no such file (SDL-RULES §14).
    public static func namingProblem(with name: String) -> String? {
        // Byte by byte, as everywhere a name is compared (`ExactName`).
        let bytes = name.utf8
        if bytes.contains(UInt8(ascii: "/")) { return forbiddenSymbols }
        if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) { return "syncFileName \"\(name)\" names a folder, not a file." }
        if bytes.contains(0) { return "syncFileName contains a NUL character." }
        if bytes.starts(with: reservedPrefix.utf8) {
            return "syncFileName must not start with \"\(reservedPrefix)\": the head unit keeps those names for itself."
        }
        return nil
    }

    /// A name longer than the file system takes: PutFile cannot store it.
    public static func lengthProblem(with name: String) -> String? {
        let bytes = name.utf8
        if bytes.count > maximumBytes {
            return "syncFileName is \(bytes.count) bytes long in UTF-8; the head unit's file system takes at most \(maximumBytes)."
        }
        return nil
    }
}
