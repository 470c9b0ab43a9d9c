import Foundation
import Testing
import TestSupport

/// tools/watchdog, which bounds each step of tools/test from outside the test process.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct WatchdogTests {
    private static let watchdog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("tools/watchdog").path

    private func watch(_ arguments: [String]) throws -> (status: Int32, output: String, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.watchdog)
        process.arguments = arguments
        let start = Date()
        let output = String(decoding: try process.runCollectingOutput(timeLimit: .seconds(60)), as: UTF8.self)
        return (process.terminationStatus, output, Date().timeIntervalSince(start))
    }

    @Test func aCommandThatEndsInTimeGivesItsOwnStatus() throws {
        let run = try watch(["30", "--", "/bin/sh", "-c", "echo done; exit 3"])
        #expect(run.status == 3)
        #expect(run.output == "done\n")
    }

    @Test func aCommandStillRunningAtTheLimitIsStoppedWithEverythingItStarted() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("watchdog-\(UUID().uuidString)").path
        // A child in a process group of its own, as swift test starts the test binary.
        let run = try watch(["2", "--", "/bin/sh", "-c", "setsid sleep 300 & echo $! > '\(marker)'; wait"])
        #expect(run.status == 124)
        #expect(run.output.contains("still running after 2 s: stopped."), "\(run.output)")
        #expect(run.seconds < 15)
        let child = try #require(pid_t(try String(contentsOfFile: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie its new parent has not reaped yet. A SIGKILL is acted on when the
        // child next runs, which on a loaded machine can be a moment after the watchdog exits.
        func state() -> Substring? {
            (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
        }
        let deadline = Date().addingTimeInterval(10)
        while let running = state(), running != "Z", Date() < deadline { usleep(20_000) }
        #expect(state() == nil || state() == "Z", "the command's child \(child) still runs (state \(state() ?? "?"))")
        try? FileManager.default.removeItem(atPath: marker)
    }

    @Test func aTestRunningTooLongIsNamed() throws {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("watchdog-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let now = Date().timeIntervalSince1970
        let started = { (id: String) in
            #"{"kind":"event","payload":{"instant":{"absolute":1,"since1970":\#(now)},"kind":"testStarted","testID":"\#(id)"},"version":0}"#
        }
        let lines = [
            started("Tests.Suite"),
            started(#"Tests.Suite\/ends()\/Suite.swift:3:6"#),
            #"{"kind":"event","payload":{"instant":{"absolute":2,"since1970":\#(now)},"kind":"testEnded","testID":"Tests.Suite\/ends()\/Suite.swift:3:6"},"version":0}"#,
            started(#"Tests.Suite\/hangs()\/Suite.swift:9:6"#),
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: events, atomically: true, encoding: .utf8)
        let run = try watch(["--events", events.path, "--test-limit", "2", "60", "--", "sleep", "300"])
        #expect(run.status == 124)
        #expect(run.output.contains("a test has run for 2 s: stopped."), "\(run.output)")
        #expect(run.output.contains("Tests started and never ended (seconds running, test):"))
        #expect(run.output.contains("Tests.Suite/hangs()/Suite.swift:9:6"))
        #expect(!run.output.contains("ends()"))
        #expect(run.seconds < 15)
    }
}
