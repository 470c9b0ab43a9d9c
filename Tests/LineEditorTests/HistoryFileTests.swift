import Foundation
import LineEditor
import Testing

/// The history kept across sessions: where it lives, what is kept, and how big it may grow.
@Suite struct HistoryFiles {
    private func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())").path
    }

    @Test func itLivesUnderXDGStateHomeElseTheHomeFolder() {
        let xdg = HistoryFile.standard(for: "hu-sim") { ["XDG_STATE_HOME": "/state", "HOME": "/home/me"][$0] }
        #expect(xdg?.path == "/state/hu-sim/history")
        let home = HistoryFile.standard(for: "hu-sim") { ["HOME": "/home/me"][$0] }
        #expect(home?.path == "/home/me/.local/state/hu-sim/history")
        #expect(HistoryFile.standard(for: "hu-sim") { ["XDG_STATE_HOME": "relative", "HOME": "/h"][$0] }?.path == "/h/.local/state/hu-sim/history")
        #expect(HistoryFile.standard(for: "hu-sim") { _ in nil } == nil)
    }

    @Test func linesAreKeptAcrossSessionsOldestFirst() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = HistoryFile(path: folder + "/a/b/history")
        #expect(first.load() == [], "no file yet")
        first.append("register Demo")
        first.append("state")
        #expect(HistoryFile(path: folder + "/a/b/history").load() == ["register Demo", "state"])
    }

    @Test func theFileIsCutBackToTheNewestLinesOnceItHasGrownToTwiceTheLimit() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history"
        let history = HistoryFile(path: path, limit: 5)
        _ = history.load()
        for number in 1...9 { history.append("line \(number)") }
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 9)
        history.append("line 10")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (6...10).map { "line \($0)\n" }.joined())
        #expect(HistoryFile(path: path, limit: 3).load() == ["line 8", "line 9", "line 10"], "a session reads the newest only")
    }
}
