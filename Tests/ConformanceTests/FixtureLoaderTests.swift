import Conformance
import JSONCodec
import Testing

@Suite("Reading fixture files")
struct FixtureLoaderTests {
    @Test func theHeaderGivesNameRulesAndSimulatorFlags() throws {
        let files = try TemporaryFixtures([
            "a.jsonl": [#"{"fixture":"a","rules":"SDL-RULES §2 step 2","options":{"profile":"legacy","quota":1000,"autoActivate":false,"maxLineBytes":4096}}"#]
        ])
        let fixture = try FixtureLoader.load(path: files.path("a.jsonl"))
        #expect(fixture.name == "a")
        #expect(fixture.rules == "SDL-RULES §2 step 2")
        #expect(fixture.steps.isEmpty)
        #expect(fixture.options.simulatorArguments(storageFolder: "/tmp/s") == [
            "--clock", "virtual", "--profile", "legacy", "--quota", "1000", "--no-auto-activate", "--max-line-bytes", "4096", "--storage", "/tmp/s",
        ])
        #expect(FixtureOptions().simulatorArguments(storageFolder: nil) == ["--clock", "virtual"])
    }

    @Test func stepsKeepTheirLineNumbersAndCommentsAndBlankLinesAreDropped() throws {
        let files = try TemporaryFixtures([
            "a.jsonl": [
                #"{"fixture":"a"}"#,
                #"{"comment":"why"}"#,
                "",
                #"{"send":{"jsonrpc":"2.0","id":1,"method":"X"},"comment":"a step may carry a comment"}"#,
                #"{"expectNothingMore":true}"#,
            ]
        ])
        let fixture = try FixtureLoader.load(path: files.path("a.jsonl"))
        #expect(fixture.steps.map(\.kind) == ["send", "expectNothingMore"])
        #expect(fixture.steps.map(\.origin.line) == [4, 5])
    }

    @Test func aLongRawLineIsBuiltFromItsRepeatSpecification() throws {
        let files = try TemporaryFixtures([
            "a.jsonl": [#"{"fixture":"a"}"#, #"{"sendRaw":{"prefix":"[\"","repeat":"ab","count":3,"suffix":"\"]"}}"#, #"{"sendRaw":"not json"}"#]
        ])
        let fixture = try FixtureLoader.load(path: files.path("a.jsonl"))
        #expect(fixture.steps.map(\.action) == [.sendRaw(Array(#"["ababab"]"#.utf8)), .sendRaw(Array("not json".utf8))])
    }

    @Test func anIncludeSplicesTheStepsOfAFileFoundAboveTheFixture() throws {
        let files = try TemporaryFixtures([
            "_shared/hello.jsonl": [#"{"comment":"shared"}"#, #"{"send":{"jsonrpc":"2.0","id":"h","method":"Hello"}}"#],
            "area/a.jsonl": [#"{"fixture":"a"}"#, #"{"include":"_shared/hello.jsonl"}"#, #"{"expectNothingMore":true}"#],
        ])
        let fixture = try FixtureLoader.load(path: files.path("area/a.jsonl"))
        #expect(fixture.steps.map(\.kind) == ["send", "expectNothingMore"])
        let included = fixture.steps[0].origin
        #expect(included.file.hasSuffix("_shared/hello.jsonl") && included.line == 2)
        #expect(included.includedFrom.count == 1 && included.includedFrom[0].hasSuffix("area/a.jsonl:2"))
    }

    @Test func anIncludeCycleIsAnErrorNotAHang() throws {
        let files = try TemporaryFixtures([
            "_shared/loop.jsonl": [#"{"include":"_shared/loop.jsonl"}"#],
            "a.jsonl": [#"{"fixture":"a"}"#, #"{"include":"_shared/loop.jsonl"}"#],
        ])
        #expect { try FixtureLoader.load(path: files.path("a.jsonl")) } throws: { error in
            (error as! FixtureError).message.contains("nested more than")
        }
    }

    @Test(arguments: [
        (#"{"fixture":"a","option":{}}"#, #"unknown header key "option""#),
        (#"{"fixture":"a","options":{"quota":"1"}}"#, #""quota" must be an integer"#),
        (#"{"fixture":"a","options":{"clock":"real"}}"#, #"unknown option key "clock""#),
        (#"{"send":{}}"#, "the first line must be the header"),
    ])
    func aBadHeaderNamesWhatIsWrong(header: String, message: String) throws {
        let files = try TemporaryFixtures(["a.jsonl": [header]])
        #expect { try FixtureLoader.load(path: files.path("a.jsonl")) } throws: { error in
            (error as! FixtureError).description.contains(message)
        }
    }

    @Test(arguments: [
        (#"{"expect":{},"send":{}}"#, "one step per line"),
        (#"{"expcet":{}}"#, #"unknown step key "expcet""#),
        (#"{"send":"text"}"#, #"use "sendRaw""#),
        (#"{"expectAnyOrder":[]}"#, "non-empty array"),
        ("{not json", "not JSON"),
    ])
    func aBadStepNamesItsLineAndWhatIsWrong(step: String, message: String) throws {
        let files = try TemporaryFixtures(["a.jsonl": [#"{"fixture":"a"}"#, step]])
        #expect { try FixtureLoader.load(path: files.path("a.jsonl")) } throws: { error in
            let error = error as! FixtureError
            return error.origin?.line == 2 && error.message.contains(message)
        }
    }

    @Test func theHeadersAppsAreNamedByTheStepsOfThoseApps() throws {
        let files = try TemporaryFixtures([
            "a.jsonl": [
                #"{"fixture":"a","apps":["radio","maps"],"options":{"maxApps":3}}"#,
                #"{"send":{"jsonrpc":"2.0","id":2,"method":"ListFiles"},"app":"radio"}"#,
                #"{"expect":{"jsonrpc":"2.0","id":2,"result":"$any"},"app":"radio"}"#,
                #"{"expectAnyOrder":[{"jsonrpc":"2.0","method":"OnHMIStatus","params":"$any"}],"app":"maps"}"#,
                #"{"disconnect":"maps"}"#,
                #"{"expectState":{}}"#,
            ]
        ])
        let fixture = try FixtureLoader.load(path: files.path("a.jsonl"))
        #expect(fixture.apps == ["radio", "maps"])
        #expect(fixture.steps.map(\.app) == ["radio", "radio", "maps", nil, nil])
        #expect(fixture.steps.map(\.kind) == ["send", "expect", "expectAnyOrder", "disconnect", "expectState"])
        #expect(fixture.options.simulatorArguments(storageFolder: nil) == ["--clock", "virtual", "--max-apps", "3"])
    }

    @Test(arguments: [
        (#"{"send":{"jsonrpc":"2.0","id":2,"method":"ListFiles"},"app":"maps"}"#, #""app": "maps" is not one of the header's apps (radio)"#),
        (#"{"disconnect":"maps"}"#, #""disconnect": "maps" is not one of the header's apps"#),
        (#"{"sendRaw":"{}","app":"radio"}"#, #""app" goes with expect, expectAnyOrder, send only"#),
        (#"{"expectState":{},"app":"radio"}"#, #""app" goes with"#),
        (#"{"send":{"jsonrpc":"2.0","id":2,"method":"User.Close"},"app":"radio"}"#, "the app radio sends over SDL only, and User.Close is not a request of the mobile API"),
        (#"{"send":{"jsonrpc":"2.0","method":"ListFiles"},"app":"radio"}"#, "ListFiles as a notification"),
    ])
    func aStepOfAnAppSaysWhatIsWrong(step: String, message: String) throws {
        let files = try TemporaryFixtures(["a.jsonl": [#"{"fixture":"a","apps":["radio"]}"#, step]])
        #expect { try FixtureLoader.load(path: files.path("a.jsonl")) } throws: { error in
            let error = error as! FixtureError
            return error.origin?.line == 2 && error.message.contains(message)
        }
    }

    @Test(arguments: [#"{"fixture":"a","apps":[]}"#, #"{"fixture":"a","apps":["x","x"]}"#, #"{"fixture":"a","apps":"x"}"#, #"{"fixture":"a","apps":[""]}"#])
    func theHeadersAppsAreDistinctNames(header: String) throws {
        let files = try TemporaryFixtures(["a.jsonl": [header]])
        #expect { try FixtureLoader.load(path: files.path("a.jsonl")) } throws: { error in
            (error as! FixtureError).message.contains("\"apps\" takes a non-empty array of distinct names")
        }
    }

    @Test func discoverySkipsUnderscoreFilesAndFoldersAndNamesFixturesByRelativePath() throws {
        let files = try TemporaryFixtures([
            "b/two.jsonl": [#"{"fixture":"two"}"#],
            "a/one.jsonl": [#"{"fixture":"one"}"#],
            "a/_helper.jsonl": [#"{"send":{}}"#],
            "_shared/x.jsonl": [#"{"send":{}}"#],
            "a/notes.txt": ["not a fixture"],
        ])
        let found = try FixtureFile.discover([files.folder.path])
        #expect(found.map(\.name) == ["a/one", "b/two"])
    }
}
