import Glibc
import SystemPackage

/// The lines typed in earlier sessions, one a line in a file of their own, newest last.
/// Each line is appended as it is entered, so sessions side by side lose none; the file is
/// cut back to the newest `limit` lines when it has grown to twice that.
public final class HistoryFile {
    public let path: String
    public let limit: Int
    private var lineCount = 0

    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }

    /// `$XDG_STATE_HOME/PROGRAM/history`, else `~/.local/state/PROGRAM/history` (the XDG
    /// base directories' place for state); nil without a home folder.
    public static func standard(for program: String, environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> HistoryFile? {
        let state: String
        if let xdg = environment("XDG_STATE_HOME"), xdg.hasPrefix("/") {
            state = xdg
        } else if let home = environment("HOME"), !home.isEmpty {
            state = home + "/.local/state"
        } else {
            return nil
        }
        return HistoryFile(path: state + "/" + program + "/history")
    }

    /// The newest `limit` lines, oldest first; none when the file is missing or unreadable.
    public func load() -> [String] {
        let lines = contents().split(separator: "\n").map(String.init)
        lineCount = lines.count
        if lineCount >= 2 * limit { rewrite(Array(lines.suffix(limit))) }
        return Array(lines.suffix(limit))
    }

    /// Adds `line` at the end; a failure to write loses only the history.
    public func append(_ line: String) {
        guard !line.contains("\n") else { return }
        makeFolder()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = try? FileDescriptor(rawValue: descriptor).writeAll((line + "\n").utf8)
        close(descriptor)
        lineCount += 1
        if lineCount >= 2 * limit { rewrite(Array(contents().split(separator: "\n").suffix(limit).map(String.init))) }
    }

    private func contents() -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces the file whole (a new file renamed over it), so a reader never sees half.
    private func rewrite(_ lines: [String]) {
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = try? FileDescriptor(rawValue: descriptor).writeAll(lines.map { $0 + "\n" }.joined().utf8)
        close(descriptor)
        if rename(temporary, path) == 0 { lineCount = lines.count } else { unlink(temporary) }
    }

    /// The file's folder and those above it, private to the user.
    private func makeFolder() {
        var folder = ""
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            mkdir(folder, 0o700)
        }
    }
}
