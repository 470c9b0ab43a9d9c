import Foundation
import Testing
import TestSupport

/// What hu-sim says when it cannot start as asked: one line on stderr, naming the option and
/// what is wrong, exit status 64, nothing on stdout, nothing left running.
@Suite(.ownThreads, .timeLimit(.minutes(2))) struct StartupErrorTests {
    private static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-startup-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    private static func fifo() -> String {
        let path = scratch.appendingPathComponent("profile-fifo").path
        unlink(path)
        mkfifo(path, 0o600)
        return path
    }

    private static func oversizedProfile() -> String {
        let path = scratch.appendingPathComponent("huge-profile.json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x20, count: (1 << 20) + 1))
        return path
    }

    @Test(arguments: [
        (["--clock", "sometimes"], "--clock"),
        (["--quota", "-1"], "--quota must be 0 to 1099511627776 bytes, not -1."),
        (["--quota=-1"], "--quota must be 0 to 1099511627776 bytes, not -1."),
        (["--quota", "1099511627777"], "--quota must be 0 to 1099511627776 bytes, not 1099511627777."),
        (["--quota", "123456789012345678901234567890"], "--quota"),
        (["--quota", "lots"], "--quota"),
        (["--max-line-bytes", "1"], "--max-line-bytes must be 2 to 1073741824, not 1."),
        (["--max-line-bytes", "-5"], "--max-line-bytes must be 2 to 1073741824, not -5."),
        (["--max-line-bytes", "9223372036854775807"], "--max-line-bytes must be 2 to 1073741824, not 9223372036854775807."),
        (["--mtu", "63"], "--mtu must be 64 to 1048576 bytes, not 63."),
        (["--mtu", "1048577"], "--mtu must be 64 to 1048576 bytes, not 1048577."),
        (["--mtu", "9223372036854775808"], "--mtu"),
        (["--listen", "127.0.0.1:65536"], "--listen takes HOST:PORT (e.g. 127.0.0.1:12345, [::1]:0), not 127.0.0.1:65536."),
        (["--listen", "127.0.0.1:-1"], "--listen takes HOST:PORT"),
        (["--web", "99999999999999999999"], "--web takes [HOST:]PORT (e.g. 8080, 127.0.0.1:8080, [::1]:0), not 99999999999999999999."),
        (["--log-level", "loud"], "--log-level"),
        (["--profile", "/dev/zero"], "--profile '/dev/zero' is neither a built-in profile (full, text-only, legacy) nor a profile file: it is not a regular file"),
        (["--profile", fifo()], "nor a profile file: it is not a regular file"),
        (["--profile", "/nonexistent/profile.json"], "nor a profile file: cannot open it: No such file or directory"),
        (["--profile", oversizedProfile()], "nor a profile file: it is 1048577 bytes, more than a profile's 1048576"),
        (["--storage", "/proc/nope"], "--storage /proc/nope: cannot make the storage folder /proc/nope"),
        (["--storage", "/sys/kernel"], "--storage /sys/kernel cannot hold uploads: cannot create a file in it:"),
        (["--record", "/proc/nope/session.jsonl"], "--record: cannot write /proc/nope/session.jsonl"),
        (["--bogus"], "--bogus"),
    ])
    func aBadOptionIsOneLineAndExitStatus64(arguments: [String], message: String) throws {
        let outcome = try SimulatorProcess.run(arguments, input: Data(), timeLimit: 30)
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("hu-sim: "))
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(outcome.stderr)")
    }

    @Test(arguments: [
        ("hu-conform", ["--jobs", "none"]),
        ("hu-bench", ["latency", "--requests", "many"]),
        ("hu-fuzz", ["--lines", "-3"]),
        ("hu-demo", ["--sim"]),
    ])
    func theOtherToolsSayABadOptionInOneLineToo(tool: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = BuiltExecutables.url(tool)
        process.arguments = arguments
        let output = String(decoding: try process.runCollectingOutput(timeLimit: .seconds(30)), as: UTF8.self)
        #expect(process.terminationStatus == 64, "\(output)")
        #expect(output.hasPrefix("\(tool): "), "\(output)")
        #expect(output.filter { $0 == "\n" }.count == 1, "\(output)")
    }

    @Test func theLargestLineLimitTakesALineWithoutANewline() throws {
        let outcome = try SimulatorProcess.run(
            ["--clock", "virtual", "--max-line-bytes", "1073741824"], input: Data(#"{"jsonrpc":"2.0","id":1,"method":"Sim.GetState"}"#.utf8))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.lines.first?.hasPrefix(#"{"jsonrpc":"2.0","id":1,"result":{"success":true"#) == true)
    }

    @Test func aProfileFileIsReadOnce() throws {
        let profile = Self.scratch.appendingPathComponent("text-only-copy.json")
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../fixtures/profiles/text-only.json")
        try? FileManager.default.removeItem(at: profile)
        try FileManager.default.copyItem(at: source.standardized, to: profile)
        let outcome = try SimulatorProcess.run(
            ["--clock", "virtual", "--profile", profile.path], lines: [#"{"jsonrpc":"2.0","id":1,"method":"Sim.GetState"}"#])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.messages.first?["result"]?["profile"] == "text-only")
    }

    @Test func aStorageFolderThatWorksIsProbedAndLeftClean() throws {
        let folder = Self.scratch.appendingPathComponent("storage-\(UUID().uuidString)")
        let outcome = try SimulatorProcess.run(["--clock", "virtual", "--storage", folder.path], input: Data())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
