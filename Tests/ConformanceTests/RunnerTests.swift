import Foundation
import Testing
import TestSupport

/// hu-conform against deliberately broken simulators (BrokenSimulators/): each breaks
/// only on a request named "Break", so fixture a-breaks fails and b-works, run after
/// it, must still pass.
@Suite("Running fixtures against broken simulators", .ownThreads)
struct RunnerTests {
    private static let hello = [
        #"{"send":{"jsonrpc":"2.0","id":1,"method":"Hello"}}"#,
        #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
    ]

    private func twoFixtures() throws -> TemporaryFixtures {
        try TemporaryFixtures([
            "a-breaks.jsonl": [#"{"fixture":"a-breaks","rules":"test"}"#] + Self.hello + [
                #"{"send":{"jsonrpc":"2.0","id":2,"method":"Break"}}"#,
                #"{"expect":{"jsonrpc":"2.0","id":2,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
            ],
            "b-works.jsonl": [#"{"fixture":"b-works","rules":"test"}"#] + Self.hello,
        ])
    }

    private func runAgainst(_ simulator: String, timeout: String = "10") throws -> ConformRunner.Outcome {
        let fixtures = try twoFixtures()
        return try ConformRunner.run(["--sim", ConformRunner.brokenSimulator(simulator), "--jobs", "1", "--timeout", timeout, fixtures.folder.path])
    }

    private func expectOneFailureThenOnePass(_ outcome: ConformRunner.Outcome, saying message: String) {
        #expect(outcome.status == 1)
        #expect(outcome.lines.first == "FAIL a-breaks")
        #expect(outcome.lines.contains("PASS b-works"))
        #expect(outcome.lines.last == "1 passed, 1 failed")
        #expect(outcome.output.contains("at a-breaks.jsonl:5 (expect)") || outcome.output.contains("a-breaks.jsonl:5 (expect)"))
        #expect(outcome.output.contains(message), "output was:\n\(outcome.output)")
    }

    @Test func aSimulatorThatCrashesFailsItsFixtureWithItsStatusAndStderr() throws {
        let outcome = try runAgainst("crashes.py")
        expectOneFailureThenOnePass(outcome, saying: "the simulator exited with status 3 while hu-conform was waiting for the expected message")
        #expect(outcome.output.contains("| crashing on purpose"))
    }

    @Test func aSimulatorThatHangsFailsItsFixtureAtTheTimeout() throws {
        // Long enough for the fixture that works to start its simulator (a Python script) on
        // a loaded machine, or under a sanitizer: 1 s and 5 s were not, with two CPU burners
        // and other builds beside the suite.
        let timeout = 15
        let start = Date()
        let outcome = try runAgainst("hangs.py", timeout: "\(timeout)")
        expectOneFailureThenOnePass(outcome, saying: "timed out waiting for the expected message: the fixture's time limit (--timeout \(timeout) s) ran out")
        #expect(Date().timeIntervalSince(start) < Double(timeout) * 8)
    }

    @Test func aSimulatorThatPrintsANonJSONLineFailsItsFixture() throws {
        let outcome = try runAgainst("prints-non-json.py")
        expectOneFailureThenOnePass(outcome, saying: "the simulator printed a line that is not JSON")
        #expect(outcome.output.contains("Break received, all good!"))
    }

    @Test func aWrongAnswerIsReportedAsADiffByKeyPathWithBothMessages() throws {
        let outcome = try runAgainst("answers-wrongly.py")
        expectOneFailureThenOnePass(outcome, saying: #"result.resultCode: expected "SUCCESS", received "GENERIC_ERROR""#)
        #expect(outcome.output.contains("result.success: expected true, received false"))
        #expect(outcome.output.contains(#"expected: {"jsonrpc":"2.0","id":2,"result":{"success":true,"resultCode":"SUCCESS"}}"#))
        #expect(outcome.output.contains(#"received: {"jsonrpc":"2.0","id":2,"result":{"success":false,"resultCode":"GENERIC_ERROR"}}"#))
    }

    @Test func anUnexpectedMessageFailsExpectNothingMore() throws {
        let fixtures = try TemporaryFixtures([
            "chatty.jsonl": [
                #"{"fixture":"chatty"}"#,
                #"{"send":{"jsonrpc":"2.0","id":1,"method":"Chatty"}}"#,
                #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
                #"{"expectNothingMore":true}"#,
            ]
        ])
        let outcome = try ConformRunner.run(["--sim", ConformRunner.brokenSimulator("answers-wrongly.py"), fixtures.folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("chatty.jsonl:4 (expectNothingMore)"))
        #expect(outcome.output.contains("expected nothing more before the sync reply, but the simulator sent another message first:"))
        #expect(outcome.output.contains(#"received: {"jsonrpc":"2.0","method":"OnHMIStatus","params":{"hmiLevel":"FULL"}}"#))
        #expect(outcome.lines.last == "0 passed, 1 failed")
    }

    @Test func aTrailingUnexpectedMessageFailsTheFixtureAtItsEnd() throws {
        let fixtures = try TemporaryFixtures([
            "chatty.jsonl": [
                #"{"fixture":"chatty"}"#,
                #"{"send":{"jsonrpc":"2.0","id":1,"method":"Chatty"}}"#,
                #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#,
            ]
        ])
        let outcome = try ConformRunner.run(["--sim", ConformRunner.brokenSimulator("answers-wrongly.py"), fixtures.folder.path])
        #expect(outcome.output.contains("chatty.jsonl:3 (end of fixture)"))
        #expect(outcome.lines.last == "0 passed, 1 failed")
    }

    @Test func messagesInAnyOrderAndCapturedValuesPassAgainstASimulator() throws {
        let fixtures = try TemporaryFixtures([
            "any-order.jsonl": [
                #"{"fixture":"any-order"}"#,
                #"{"send":{"jsonrpc":"2.0","id":"first","method":"Chatty"}}"#,
                #"{"expectAnyOrder":[{"jsonrpc":"2.0","method":"OnHMIStatus","params":{"hmiLevel":"$capture:level"}},{"jsonrpc":"2.0","id":"first","result":{"$partial":true,"success":true}}]}"#,
                #"{"send":{"jsonrpc":"2.0","id":"$ref:level","method":"Hello"}}"#,
                #"{"expect":{"jsonrpc":"2.0","id":"FULL","result":{"success":true,"resultCode":"SUCCESS"}}}"#,
            ]
        ])
        let outcome = try ConformRunner.run(["--sim", ConformRunner.brokenSimulator("answers-wrongly.py"), fixtures.folder.path])
        #expect(outcome.lines.last == "1 passed, 0 failed", "output was:\n\(outcome.output)")
        #expect(outcome.status == 0)
    }
}

@Suite("hu-conform's command line", .ownThreads)
struct CommandLineTests {
    @Test func skippedAndUnreadableFixturesAreCountedAndTheRunGoesOn() throws {
        let fixtures = try TemporaryFixtures([
            "a.jsonl": [#"{"fixture":"a","skip":"waiting for PutFile"}"#],
            "b.jsonl": [#"{"fixture":"b","options":{"colour":true}}"#],
            "c.jsonl": [#"{"fixture":"c"}"#, #"{"send":{"jsonrpc":"2.0","id":1,"method":"Hello"}}"#, #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#],
        ])
        let outcome = try ConformRunner.run(["--sim", ConformRunner.brokenSimulator("answers-wrongly.py"), fixtures.folder.path])
        #expect(outcome.lines.contains("SKIP a (skipped: waiting for PutFile)"))
        #expect(outcome.output.contains(#"cannot read the fixture: unknown option key "colour""#))
        #expect(outcome.lines.last == "1 passed, 1 failed, 1 skipped")
        #expect(outcome.status == 1)
    }

    @Test func theSimulatorComesFromHU_SIMWithoutSim() throws {
        let fixtures = try TemporaryFixtures(["x/a.jsonl": [#"{"fixture":"a"}"#, #"{"send":{"jsonrpc":"2.0","id":1,"method":"Break"}}"#, #"{"expectNothingMore":true}"#]])
        let outcome = try ConformRunner.run([fixtures.folder.path], environment: ["HU_SIM": ConformRunner.brokenSimulator("crashes.py")])
        #expect(outcome.output.contains("| crashing on purpose"))
        #expect(outcome.lines.last == "0 passed, 1 failed")
    }

    @Test func withoutSimOrHU_SIMTheHuSimBuiltBesideItRuns() throws {
        let fixtures = try TemporaryFixtures([
            "state.jsonl": [#"{"fixture":"state","options":{"autoActivate":false}}"#, #"{"expectState":{"registered":false,"interaction":null}}"#]
        ])
        let outcome = try ConformRunner.run([fixtures.folder.path], environment: ["HU_SIM": ""])
        #expect(outcome.output.contains(ConformRunner.binaries.appendingPathComponent("hu-sim").path))
        #expect(outcome.lines.last == "1 passed, 0 failed", "output was:\n\(outcome.output)")
    }

    @Test func listPrintsTheFixturesFilteredWithoutRunningThem() throws {
        let fixtures = try TemporaryFixtures(["a/one.jsonl": [#"{"fixture":"one"}"#], "a/two.jsonl": [#"{"fixture":"two"}"#]])
        let outcome = try ConformRunner.run(["--sim", "false", "--list", "--filter", "two", fixtures.folder.path])
        #expect(outcome.status == 0)
        #expect(outcome.lines.count == 1 && outcome.lines[0].hasSuffix("a/two.jsonl"))
    }

    @Test func junitReportsEachFixtureWithItsFailure() throws {
        let fixtures = try twoFixturesForJUnit()
        let report = fixtures.path("report.xml")
        let outcome = try ConformRunner.run(["--sim", ConformRunner.brokenSimulator("answers-wrongly.py"), "--junit", report, fixtures.path("area")])
        #expect(outcome.status == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="hu-conform" tests="2" failures="1" skipped="0""#))
        #expect(xml.contains(#"<testcase classname="conformance" name="fails""#))
        #expect(xml.contains(#"<failure message="the message received differs from the one expected:">"#))
        #expect(xml.contains("result.resultCode: expected &quot;SUCCESS&quot;, received &quot;GENERIC_ERROR&quot;"))
    }

    private func twoFixturesForJUnit() throws -> TemporaryFixtures {
        try TemporaryFixtures([
            "area/fails.jsonl": [#"{"fixture":"fails"}"#, #"{"send":{"jsonrpc":"2.0","id":1,"method":"Break"}}"#, #"{"expect":{"jsonrpc":"2.0","id":1,"result":{"success":true,"resultCode":"SUCCESS"}}}"#],
            "area/passes.jsonl": [#"{"fixture":"passes"}"#],
        ])
    }

    @Test(arguments: [
        (["/no/such/folder"], "hu-conform: no such file or folder: /no/such/folder"),
        (["--jobs", "0"], "hu-conform: --jobs must be 1 or more, not 0."),
        (["--timeout", "0"], "hu-conform: --timeout must be more than 0 seconds, not 0.0."),
        (["--max-failures", "0"], "hu-conform: --max-failures must be 1 or more, not 0."),
        (["--colour"], "hu-conform: Unknown option '--colour'"),
        (["--filter", "no-fixture-is-called-this"], "hu-conform: no fixture matching --filter 'no-fixture-is-called-this' under fixtures/conformance."),
        (["--junit", "/proc/no-such-folder/report.xml"], "hu-conform: --junit /proc/no-such-folder/report.xml cannot be written"),
    ])
    func usageErrorsAreOneLineAndExitWith64(arguments: [String], message: String) throws {
        let outcome = try ConformRunner.run(["--sim", "false"] + arguments, in: ConformRunner.repository)
        #expect(outcome.status == 64, "output was:\n\(outcome.output)")
        #expect(outcome.lines.count == 1 && outcome.output.hasPrefix(message), "output was:\n\(outcome.output)")
    }

    @Test func aFolderWithoutFixturesIsAnErrorNotASuccess() throws {
        let empty = try TemporaryFixtures(["readme.txt": ["not a fixture"]])
        let outcome = try ConformRunner.run(["--sim", "false", empty.folder.path])
        #expect(outcome.status == 64)
        #expect(outcome.output == "hu-conform: no fixture under \(empty.folder.path).\n")
    }

    private func failingFixtures(_ count: Int) throws -> TemporaryFixtures {
        try TemporaryFixtures(Dictionary(uniqueKeysWithValues: (1...count).map { number in
            ("fails-\(number).jsonl", [#"{"fixture":"fails"}"#, #"{"send":{"jsonrpc":"2.0","id":1,"method":"Hello"}}"#, #"{"expect":{"jsonrpc":"2.0","id":1,"result":{}}}"#])
        }))
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        let fixtures = try failingFixtures(5)
        let outcome = try ConformRunner.run(["--sim", "false", "--jobs", "1", "--fail-fast", fixtures.folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.lines.filter { $0.hasPrefix("FAIL ") } == ["FAIL fails-1"])
        #expect(outcome.output.contains("stopped after 1 failed fixture\n"))
        #expect(outcome.lines.last == "0 passed, 1 failed, 4 not run")
    }

    @Test func maxFailuresStopsStartingFixturesAfterThatMany() throws {
        let fixtures = try failingFixtures(5)
        let outcome = try ConformRunner.run(["--sim", "false", "--jobs", "1", "--max-failures", "2", fixtures.folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.lines.last == "0 passed, 2 failed, 3 not run")
    }

    @Test func helpGivesEachDefaultOnce() throws {
        let outcome = try ConformRunner.run(["--help"])
        #expect(outcome.status == 0)
        let jobs = outcome.output.components(separatedBy: "--jobs <jobs>").last ?? ""
        let jobsHelp = jobs.prefix { $0 != "-" }
        #expect(jobsHelp.components(separatedBy: "default").count == 2, "\(jobsHelp)")
    }
}
