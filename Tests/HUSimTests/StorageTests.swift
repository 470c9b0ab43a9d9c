import Foundation
import JSONCodec
import Testing
import TestSupport

/// Files on real storage, end to end through `hu-sim --storage` (PROTOCOL.md §7, SDL-RULES §9–10).
@Suite(.ownThreads) struct Storage {
    private let register = StorageSimulator.line(id: 1, method: "RegisterAppInterface", params: StorageSimulator.registration())

    private func put(_ id: Int64, _ name: String, _ bytes: [UInt8], _ extra: JSONObject = [:]) -> String {
        StorageSimulator.line(id: id, method: "PutFile", params: StorageSimulator.upload(name, bytes, extra: extra))
    }

    private func results(_ outcome: SimulatorProcess.Outcome) -> [Int64: JSON] {
        var results: [Int64: JSON] = [:]
        for message in outcome.messages {
            if let id = message["id"]?.integerValue, let result = message["result"] { results[id] = result }
        }
        return results
    }

    @Test func everyByteValueRoundTripsToDiskByteForByte() throws {
        let folder = try ScratchFolder()
        let bytes = (0..<1024).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 256) }
        #expect(Set(bytes).count == 256)
        let outcome = try SimulatorProcess.run(
            ["--clock", "virtual", "--storage", folder.path],
            lines: [register, put(2, "all-bytes.bin", bytes, ["persistentFile": true])])
        #expect(results(outcome)[2]?.resultCodeText == "SUCCESS")
        #expect(outcome.status == 0)
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: folder.appending("demo-1/all-bytes.bin")))
        #expect(Array(onDisk) == bytes)
    }

    @Test func chunkedUploadsWithAndWithoutCRCsAssembleOnDisk() throws {
        let folder = try ScratchFolder()
        let whole = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let chunks = stride(from: 0, to: whole.count, by: 65_536).map { Array(whole[$0..<min($0 + 65_536, whole.count)]) }
        var lines = [register]
        var id: Int64 = 10
        for (index, chunk) in chunks.enumerated() {
            var extra: JSONObject = ["persistentFile": true, "offset": .integer(Int64(index * 65_536))]
            if index % 2 == 0 { extra["crc"] = .integer(Int64(crc32(chunk))) }
            if index == 2 {
                // Refused on the way: a wrong CRC, then a wrong offset; neither changes the file.
                lines.append(put(id, "big.bin", chunk, extra.merging(["crc": .integer(Int64(crc32(chunk) ^ 1))])))
                lines.append(put(id + 1, "big.bin", chunk, extra.merging(["offset": .integer(Int64(index * 65_536 + 1))])))
                id += 2
            }
            lines.append(put(id, "big.bin", chunk, extra))
            id += 1
        }
        let outcome = try SimulatorProcess.run(["--clock", "virtual", "--storage", folder.path], lines: lines)
        let answers = results(outcome)
        #expect(answers[12]?.resultCodeText == "CORRUPTED_DATA")
        #expect(answers[13]?.resultCodeText == "INVALID_DATA")
        #expect(answers[13]?.infoText == "offset: Can't save file")
        #expect((10..<id).filter { $0 != 12 && $0 != 13 }.allSatisfy { answers[$0]?.resultCodeText == "SUCCESS" })
        let onDisk = try Data(contentsOf: URL(fileURLWithPath: folder.appending("demo-1/big.bin")))
        #expect(Array(onDisk) == whole)
    }

    @Test func theQuotaOptionBoundsTheAppsSpaceExactly() throws {
        let folder = try ScratchFolder()
        let lines = [
            register,
            put(2, "a.bin", Array(repeating: 1, count: 600)),
            put(3, "b.bin", Array(repeating: 2, count: 401)),
            put(4, "a.bin", Array(repeating: 3, count: 900)),
            put(5, "a.bin", Array(repeating: 4, count: 100), ["offset": 900]),
            put(6, "c.bin", [5]),
            StorageSimulator.line(id: 7, method: "DeleteFile", params: ["syncFileName": "a.bin"]),
            StorageSimulator.line(id: 8, method: "ListFiles", params: nil),
            StorageSimulator.line(id: 9, method: "Sim.GetState", params: nil),
        ]
        let answers = results(try SimulatorProcess.run(["--clock", "virtual", "--storage", folder.path, "--quota", "1000"], lines: lines))
        #expect(answers[2]?.spaceAvailable == 400)
        #expect(answers[3]?.resultCodeText == "OUT_OF_MEMORY")
        #expect(answers[3]?.spaceAvailable == 400)
        #expect(answers[4]?.spaceAvailable == 100)
        #expect(answers[5]?.spaceAvailable == 0)
        #expect(answers[6]?.resultCodeText == "OUT_OF_MEMORY")
        #expect(answers[7]?.spaceAvailable == 1000)
        #expect(answers[8]?["filenames"] == nil)
        #expect(answers[9]?["quotaBytes"] == 1000)
        #expect(answers[9]?["usedBytes"] == 0)
    }

    @Test func persistentFilesSurviveARestartAndOthersDoNot() throws {
        let folder = try ScratchFolder()
        let arguments = ["--clock", "virtual", "--storage", folder.path]
        let first = try SimulatorProcess.run(
            arguments,
            lines: [register, put(2, "keep.png", [1, 2, 3], ["persistentFile": true, "fileType": "GRAPHIC_PNG"]), put(3, "drop.bin", [4])])
        #expect(results(first)[3]?.resultCodeText == "SUCCESS")
        #expect(folder.snapshot()["demo-1/drop.bin"] == nil)
        let second = try SimulatorProcess.run(
            arguments,
            lines: [
                register, StorageSimulator.line(id: 2, method: "ListFiles", params: nil),
                StorageSimulator.line(id: 3, method: "Sim.GetState", params: nil),
            ])
        let answers = results(second)
        #expect(answers[2]?["filenames"] == ["keep.png"])
        #expect(answers[3]?["files"] == [["syncFileName": "keep.png", "fileType": "GRAPHIC_PNG", "size": 3, "persistentFile": true]])
    }

    @Test func unregisteringAndResettingRemoveNonPersistentFilesFromDisk() throws {
        let folder = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.path])
        simulator.register()
        simulator.request("PutFile", StorageSimulator.upload("a.bin", [1]))
        simulator.request("PutFile", StorageSimulator.upload("p.bin", [1], extra: ["persistentFile": true]))
        #expect(folder.snapshot()["demo-1/a.bin"] != nil)
        simulator.request("UnregisterAppInterface")
        #expect(folder.snapshot()["demo-1/a.bin"] == nil)
        #expect(folder.snapshot()["demo-1/p.bin"] != nil)
        simulator.register()
        simulator.request("PutFile", StorageSimulator.upload("b.bin", [1]))
        simulator.request("DeleteFile", ["syncFileName": "p.bin"])
        simulator.request("Sim.Reset")
        // Nothing is left: the app's folder goes too, as Core removes an empty one.
        #expect(folder.snapshot().isEmpty)
        #expect(simulator.finish() == 0)
    }

    @Test(arguments: ["eof", "SIGTERM", "SIGINT", "closed stdout"])
    func withoutStorageAPrivateFolderIsUsedAndRemovedAtExit(_ ending: String) throws {
        let temporary = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual"], environment: ["TMPDIR": temporary.path])
        simulator.register()
        let stored = simulator.request("PutFile", StorageSimulator.upload("p.bin", [1, 2], extra: ["persistentFile": true]))
        #expect(stored.resultCodeText == "SUCCESS")
        #expect(temporary.snapshot().keys.contains { $0.hasSuffix("/demo-1/p.bin") })
        switch ending {
        case "eof": #expect(simulator.finish() == 0)
        case "SIGTERM": simulator.kill(SIGTERM)
        case "SIGINT": simulator.kill(SIGINT)
        default:
            simulator.closeOutput()
            // Its next reply finds the pipe closed (EPIPE). A process the test runner starts at
            // that moment holds the pipe open between its fork and exec, and the reply then goes
            // through (seen under load): ask again until the simulator is gone.
            var asked = 0
            while asked < 3000, simulator.send(StorageSimulator.line(id: 5, method: "ListFiles", params: nil)) {
                asked += 1
                usleep(10_000)
            }
        }
        #expect(simulator.waitForExit() == 0, "hu-sim did not exit after \(ending)")
        #expect(temporary.snapshot().isEmpty)
    }

    /// SIGTERM/SIGINT end the session as end of input does (PROTOCOL §1): the open interaction
    /// and a request whose answer was held back are answered ABORTED, non-persistent files go.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalAnswersWhatIsPendingRemovesNonPersistentFilesAndExitsZero(_ signal: Int32) throws {
        let folder = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.path])
        simulator.register()
        simulator.request("PutFile", StorageSimulator.upload("keep.bin", [1], extra: ["persistentFile": true]))
        simulator.request("PutFile", StorageSimulator.upload("drop.bin", [2]))
        simulator.request("PutFile", StorageSimulator.upload("icon.png", [3], extra: ["fileType": "GRAPHIC_PNG"]))
        simulator.request(
            "CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [["choiceID": 1, "menuName": "Berlin"]]])
        simulator.request("Sim.InjectFault", ["method": "SetAppIcon", "delayMs": 5000])
        let perform = StorageSimulator.line(
            id: 1, method: "PerformInteraction",
            params: ["initialText": "Pick", "interactionMode": "MANUAL_ONLY", "interactionChoiceSetIDList": [1]])
        let icon = StorageSimulator.line(id: 2, method: "SetAppIcon", params: ["syncFileName": "icon.png"])
        simulator.send(perform)
        simulator.send(icon)
        // Both are read (a state request after them is answered) and neither is answered yet.
        let state = simulator.request("Sim.GetState")
        #expect(state["interaction"]?["initialText"] == "Pick", "\(state)")
        simulator.kill(signal)
        var answers: [Int64: [JSON]] = [:]
        while let message = simulator.nextMessage() {
            if let id = message["id"]?.integerValue, let result = message["result"] { answers[id, default: []].append(result) }
        }
        #expect(answers[1]?.map(\.resultCodeText) == ["ABORTED"], "\(answers)")
        #expect(answers[2]?.map(\.resultCodeText) == ["ABORTED"], "\(answers)")
        #expect(simulator.waitForExit() == 0)
        #expect(Set(folder.snapshot().keys) == ["demo-1/", "demo-1/keep.bin"])
    }

    @Test func aPrivateFolderLeftByAKilledSimulatorIsRemovedByTheNextOne() throws {
        let temporary = try ScratchFolder()
        let environment = ["TMPDIR": temporary.path]
        func folders() -> Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []) }
        let live = try StorageSimulator(["--clock", "virtual"], environment: environment)
        live.register()
        let killed = try StorageSimulator(["--clock", "virtual"], environment: environment)
        killed.register()
        killed.request("PutFile", StorageSimulator.upload("p.bin", [1], extra: ["persistentFile": true]))
        let livePID = live.pid, killedPID = killed.pid
        killed.kill(SIGKILL)
        _ = killed.waitForExit()
        // Not ours to judge: another program's folder, and one with no process in its name.
        for name in ["hu-sim-abcdef", "hu-sim-x-abcdef", "other"] {
            try FileManager.default.createDirectory(atPath: temporary.appending(name), withIntermediateDirectories: false)
        }
        #expect(folders().contains { $0.hasPrefix("hu-sim-\(killedPID)-") })
        let next = try StorageSimulator(["--clock", "virtual"], environment: environment)
        next.register()
        let nextPID = next.pid
        // The sweep waits until the first input is answered and nothing more is waiting to be
        // read (docs/performance.md): soon after the registration, not before it.
        let left = temporary.names(once: { !$0.contains { $0.hasPrefix("hu-sim-\(killedPID)-") } })
        #expect(!left.contains { $0.hasPrefix("hu-sim-\(killedPID)-") })
        #expect(left.contains { $0.hasPrefix("hu-sim-\(livePID)-") })
        #expect(left.contains { $0.hasPrefix("hu-sim-\(nextPID)-") })
        #expect(left.isSuperset(of: ["hu-sim-abcdef", "hu-sim-x-abcdef", "other"]))
        #expect(live.finish() == 0)
        #expect(next.finish() == 0)
        #expect(folders() == ["hu-sim-abcdef", "hu-sim-x-abcdef", "other"])
    }

    @Test func namesThatWouldLeaveTheAppFolderTouchNothingOutsideIt() throws {
        let folder = try ScratchFolder()
        let storage = folder.appending("storage")
        try FileManager.default.createDirectory(atPath: folder.appending("storage/other-app"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder.appending("storage/other-app/x")))
        try Data("outside".utf8).write(to: URL(fileURLWithPath: folder.appending("x")))
        try Data("outside".utf8).write(to: URL(fileURLWithPath: folder.appending("b")))
        let before = folder.snapshot(excluding: "storage/demo-1")
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage])
        simulator.register()
        let badNames = [
            "../x", "..", ".", "a/../../b", "/tmp/x", folder.appending("x"), "../other-app/x", "x\u{0}", "\u{0}",
            ".hu-tmp-1", String(repeating: "n", count: 300), String(repeating: "日", count: 86),
        ]
        for name in badNames {
            let upload = simulator.request("PutFile", StorageSimulator.upload(name, Array("evil".utf8), extra: ["persistentFile": true]))
            #expect(upload.resultCodeText == "INVALID_DATA", "PutFile \(name.debugDescription)")
            let append = simulator.request(
                "PutFile", StorageSimulator.upload(name, Array("evil".utf8), extra: ["offset": 6]))
            #expect(append.resultCodeText == "INVALID_DATA", "PutFile append \(name.debugDescription)")
            let delete = simulator.request("DeleteFile", ["syncFileName": .string(name)])
            #expect(delete.resultCodeText == "INVALID_DATA" || delete.resultCodeText == "REJECTED", "DeleteFile \(name.debugDescription)")
            #expect(simulator.request("SetAppIcon", ["syncFileName": .string(name)]).resultCodeText == "INVALID_DATA")
        }
        let japanese = simulator.request("PutFile", StorageSimulator.upload("日本.png", [1, 2, 3], extra: ["persistentFile": true]))
        #expect(japanese.resultCodeText == "SUCCESS")
        #expect(simulator.request("ListFiles")["filenames"] == ["日本.png"])
        #expect(simulator.request("SetAppIcon", ["syncFileName": "日本.png"]).resultCodeText == "SUCCESS")
        #expect(simulator.finish() == 0)
        #expect(folder.snapshot(excluding: "storage/demo-1") == before)
        #expect(folder.snapshot()["storage/demo-1/日本.png"] == Data([1, 2, 3]))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.appending("storage/demo-1"))) == ["日本.png"])
    }

    /// App IDs that look like paths, like the folder names other IDs encode to, or like the
    /// store's own names; NULs; and the longest IDs SDL allows (100 characters), which encode
    /// past a file name's 255 bytes and differ only at the end.
    static let hostileAppIDs = [
        "../evil", "..", ".", "a/b", "other app", "日本", "../x", "/etc", "%2e%2e", "%2E.", "%2E.%2Fevil", ".hu-system",
        "\u{0}", "a\u{0}b", String(repeating: "/", count: 100), String(repeating: "日", count: 100),
        String(repeating: "日", count: 99) + "本",
    ]

    @Test func eachAppIDGetsItsOwnFolderInsideTheStorage() throws {
        let folder = try ScratchFolder()
        let storage = folder.appending("storage")
        let appIDs = Self.hostileAppIDs
        for appID in appIDs {
            let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage])
            #expect(simulator.register(appID: appID).resultCodeText == "SUCCESS", "\(appID)")
            let stored = simulator.request("PutFile", StorageSimulator.upload("f.bin", Array(appID.utf8), extra: ["persistentFile": true]))
            #expect(stored.resultCodeText == "SUCCESS", "\(appID)")
            #expect(simulator.finish() == 0)
        }
        let snapshot = folder.snapshot()
        #expect(snapshot.keys.allSatisfy { $0.hasPrefix("storage/") }, "\(snapshot.keys.sorted())")
        let files = snapshot.filter { $0.key.hasSuffix("/f.bin") }
        #expect(files.count == appIDs.count, "\(snapshot.keys.sorted())")
        #expect(files.keys.allSatisfy { $0.split(separator: "/").count == 3 })
        #expect(Set(files.values) == Set(appIDs.map { Data($0.utf8) }), "two apps shared a folder")
        #expect(snapshot["storage/%2E.%2Fevil/f.bin"] == Data("../evil".utf8))
        #expect(snapshot["storage/.hu-system/"] == nil)
    }

    @Test func anAppIDSDLRefusesMakesNoFolder() throws {
        let folder = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.path])
        for appID in ["", String(repeating: "/", count: 101)] {
            #expect(simulator.register(appID: appID).resultCodeText == "INVALID_DATA", "\(appID)")
        }
        #expect(simulator.finish() == 0)
        #expect(folder.snapshot().isEmpty, "\(folder.snapshot().keys)")
    }

    @Test func aSymlinkPlantedInTheAppFolderIsNeverFollowed() throws {
        let folder = try ScratchFolder()
        let storage = folder.appending("storage")
        try FileManager.default.createDirectory(atPath: folder.appending("storage/demo-1"), withIntermediateDirectories: true)
        try Data("target".utf8).write(to: URL(fileURLWithPath: folder.appending("target.png")))
        try FileManager.default.createSymbolicLink(atPath: folder.appending("storage/demo-1/link.png"), withDestinationPath: folder.appending("target.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appending("storage/demo-1/dir"), withDestinationPath: folder.path)
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage])
        simulator.register()
        #expect(simulator.request("ListFiles")["filenames"] == nil)
        let overwrite = simulator.request("PutFile", StorageSimulator.upload("link.png", Array("evil".utf8)))
        #expect(overwrite.resultCodeText == "GENERIC_ERROR")
        #expect(overwrite.infoText?.contains("not a regular file") == true)
        #expect(simulator.request("PutFile", StorageSimulator.upload("link.png", [1], extra: ["offset": 6])).resultCodeText == "INVALID_DATA")
        #expect(simulator.request("DeleteFile", ["syncFileName": "link.png"]).resultCodeText == "REJECTED")
        #expect(simulator.request("SetAppIcon", ["syncFileName": "link.png"]).resultCodeText == "INVALID_DATA")
        #expect(simulator.request("PutFile", StorageSimulator.upload("ok.png", [1])).resultCodeText == "SUCCESS")
        #expect(simulator.finish() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.appending("target.png"))) == Data("target".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appending("storage/demo-1/link.png")) == folder.appending("target.png"))
        #expect(folder.snapshot().keys.filter { !$0.hasPrefix("storage") } == ["target.png"])
    }

    /// Links planted where an app's files are, pointing into another app's folder, out of the
    /// storage, at /etc/passwd; one planted over a file the app has already uploaded; one named
    /// like a temporary; and a linked system folder. No request reads, lists, writes or
    /// deletes through any of them. (PutFile goes at a copy of /etc/passwd, not at the real one:
    /// a regression must not be able to damage the machine.)
    @Test func symlinksToAnotherAppOrOutOfTheStorageAreNeverFollowedByAnyRequest() throws {
        let folder = try ScratchFolder()
        let storage = folder.appending("storage")
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.appending("storage/other-app"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder.appending("storage/demo-1"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder.appending("outside"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder.appending("storage/other-app/secret.bin")))
        try Data("outside".utf8).write(to: URL(fileURLWithPath: folder.appending("outside/target")))
        try manager.copyItem(atPath: "/etc/passwd", toPath: folder.appending("outside/passwd-copy"))
        let passwd = manager.contents(atPath: "/etc/passwd")
        let links = [
            "other.bin": "../other-app/secret.bin", "other-dir": "../other-app", "passwd": "/etc/passwd",
            "passwd-copy": folder.appending("outside/passwd-copy"), "outside.bin": folder.appending("outside/target"),
            ".hu-tmp-1-1": folder.appending("outside/target"),
        ]
        for (name, target) in links {
            try manager.createSymbolicLink(atPath: folder.appending("storage/demo-1/" + name), withDestinationPath: target)
        }
        try manager.createSymbolicLink(atPath: folder.appending("storage/.hu-system"), withDestinationPath: folder.appending("outside"))
        let outsideBefore = folder.snapshot().filter { !$0.key.hasPrefix("storage/demo-1") }

        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage])
        simulator.register()
        #expect(simulator.request("ListFiles")["filenames"] == nil)
        for name in ["other.bin", "other-dir", "passwd", "passwd-copy", "outside.bin"] {
            if name != "passwd" {
                let overwrite = simulator.request("PutFile", StorageSimulator.upload(name, Array("evil".utf8), extra: ["persistentFile": true]))
                #expect(overwrite.resultCodeText == "GENERIC_ERROR", "PutFile \(name): \(overwrite)")
                let staged = simulator.request("PutFile", StorageSimulator.upload(name, [1], extra: ["offset": 0, "length": 2]))
                #expect(staged.resultCodeText == "GENERIC_ERROR", "staged PutFile \(name): \(staged)")
            }
            #expect(simulator.request("DeleteFile", ["syncFileName": .string(name)]).resultCodeText == "REJECTED", "DeleteFile \(name)")
            #expect(simulator.request("SetAppIcon", ["syncFileName": .string(name)]).resultCodeText == "INVALID_DATA", "SetAppIcon \(name)")
        }
        let system = simulator.request("PutFile", StorageSimulator.upload("sys.bin", [1], extra: ["systemFile": true]))
        #expect(system.resultCodeText == "GENERIC_ERROR", "\(system)")

        // A file the app stored, swapped for a link behind the simulator's back.
        #expect(simulator.request("PutFile", StorageSimulator.upload("mine.bin", [1, 2], extra: ["persistentFile": true])).resultCodeText == "SUCCESS")
        try manager.removeItem(atPath: folder.appending("storage/demo-1/mine.bin"))
        try manager.createSymbolicLink(atPath: folder.appending("storage/demo-1/mine.bin"), withDestinationPath: folder.appending("outside/target"))
        #expect(simulator.request("PutFile", StorageSimulator.upload("mine.bin", [3])).resultCodeText == "GENERIC_ERROR")
        #expect(simulator.request("PutFile", StorageSimulator.upload("mine.bin", [3], extra: ["offset": 2])).resultCodeText == "GENERIC_ERROR")
        #expect(simulator.request("ListFiles")["filenames"] == nil)
        // Deleting it removes the link, never what it points at.
        #expect(simulator.request("DeleteFile", ["syncFileName": "mine.bin"]).resultCodeText == "SUCCESS")
        #expect(simulator.finish() == 0)

        #expect(folder.snapshot().filter { !$0.key.hasPrefix("storage/demo-1") } == outsideBefore)
        #expect(manager.contents(atPath: "/etc/passwd") == passwd)
        let left = Set(try manager.contentsOfDirectory(atPath: folder.appending("storage/demo-1")))
        #expect(left == ["other.bin", "other-dir", "passwd", "passwd-copy", "outside.bin"], "the planted temporary goes at the next start")
    }

    @Test func aSymlinkedAppFolderIsRefusedAndTheSimulatorGoesOn() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.appending("storage"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.appending("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appending("storage/demo-1"), withDestinationPath: folder.appending("elsewhere"))
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.appending("storage")])
        #expect(simulator.register().resultCodeText == "SUCCESS")
        let upload = simulator.request("PutFile", StorageSimulator.upload("a.bin", [1]))
        #expect(upload.resultCodeText == "GENERIC_ERROR")
        #expect(upload.infoText?.contains("could not be opened") == true)
        #expect(simulator.request("ListFiles").resultCodeText == "GENERIC_ERROR")
        #expect(simulator.request("Sim.GetState")["registered"] == true)
        #expect(simulator.finish() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appending("elsewhere")).isEmpty)
    }

    @Test func aFolderWhereTheFileShouldBeIsAGenericErrorAndTheSimulatorGoesOn() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.appending("storage/demo-1/x.bin"), withIntermediateDirectories: true)
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.appending("storage")])
        simulator.register()
        let result = simulator.request("PutFile", StorageSimulator.upload("x.bin", [1]))
        #expect(result.resultCodeText == "GENERIC_ERROR")
        #expect(result.spaceAvailable != nil)
        #expect(simulator.request("PutFile", StorageSimulator.upload("y.bin", [1])).resultCodeText == "SUCCESS")
        #expect(simulator.finish() == 0)
    }

    @Test func aSecondSimulatorOnTheSameAppFolderIsRefusedAndLeavesTheFirstsWritesAlone() throws {
        let folder = try ScratchFolder()
        let arguments = ["--clock", "virtual", "--storage", folder.path]
        let first = try StorageSimulator(arguments)
        first.register()
        first.request("PutFile", StorageSimulator.upload("a.bin", [1], extra: ["offset": 0, "length": 2, "persistentFile": true]))
        let second = try StorageSimulator(arguments)
        second.register()
        let refused = second.request("PutFile", StorageSimulator.upload("b.bin", [1]))
        #expect(refused.resultCodeText == "GENERIC_ERROR")
        #expect(refused.infoText?.contains("in use by another simulator") == true)
        #expect(second.finish() == 0)
        // The first one's unfinished upload was not taken for a leftover.
        #expect(first.request("PutFile", StorageSimulator.upload("a.bin", [2], extra: ["offset": 1, "persistentFile": true])).resultCodeText == "SUCCESS")
        #expect(first.finish() == 0)
        #expect(folder.snapshot()["demo-1/a.bin"] == Data([1, 2]))
    }

    @Test func aStorageFolderThatCannotBeUsedStopsTheSimulatorWithAClearError() throws {
        let folder = try ScratchFolder()
        try Data([1]).write(to: URL(fileURLWithPath: folder.appending("a-file")))
        let outcome = try SimulatorProcess.run(["--clock", "virtual", "--storage", folder.appending("a-file")], lines: [register])
        #expect(outcome.status != 0)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("storage folder"))
    }

    @Test func leftoverTemporariesAreRemovedWhenTheFolderIsOpened() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.appending("storage/demo-1"), withIntermediateDirectories: true)
        try Data([1, 2]).write(to: URL(fileURLWithPath: folder.appending("storage/demo-1/.hu-tmp-999-1")))
        try Data([3]).write(to: URL(fileURLWithPath: folder.appending("storage/demo-1/kept.bin")))
        let outcome = try SimulatorProcess.run(
            ["--clock", "virtual", "--storage", folder.appending("storage")],
            lines: [register, StorageSimulator.line(id: 2, method: "ListFiles", params: nil)])
        #expect(results(outcome)[2]?["filenames"] == ["kept.bin"])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.appending("storage/demo-1"))) == ["kept.bin"])
    }
}

extension JSONObject {
    func merging(_ other: JSONObject) -> JSONObject {
        var merged = self
        for member in other { merged[member.key] = member.value }
        return merged
    }
}

/// CRC-32 (IEEE), bit by bit.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Uploads in chunks that declare their size first (PutFile `length` at offset 0).
@Suite(.ownThreads) struct StorageStagedUploads {
    private func chunk(_ name: String, _ bytes: [UInt8], offset: Int, length: Int? = nil, persistent: Bool = true) -> JSONObject {
        var extra: JSONObject = ["offset": .integer(Int64(offset)), "persistentFile": .bool(persistent)]
        if let length { extra["length"] = .integer(Int64(length)) }
        return StorageSimulator.upload(name, bytes, extra: extra)
    }

    @Test func aDeclaredUploadReplacesTheFileOnDiskOnlyWithItsLastByte() throws {
        let folder = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.path, "--quota", "1000"])
        simulator.register()
        simulator.request("PutFile", StorageSimulator.upload("a.bin", [9, 9], extra: ["persistentFile": true]))
        let first = simulator.request("PutFile", chunk("a.bin", [1, 2, 3], offset: 0, length: 9))
        #expect(first.resultCodeText == "SUCCESS")
        #expect(first.spaceAvailable == 995, "the old file is still on disk beside the 3 bytes staged")
        #expect(folder.snapshot()["demo-1/a.bin"] == Data([9, 9]))
        #expect(simulator.request("PutFile", chunk("a.bin", [4, 5, 6], offset: 4)).infoText == "offset: Can't save file")
        #expect(simulator.request("PutFile", chunk("a.bin", [4, 5, 6], offset: 3)).resultCodeText == "SUCCESS")
        #expect(simulator.request("Sim.GetState")["files"]?.arrayValue?.first?["size"] == 6)
        #expect(folder.snapshot()["demo-1/a.bin"] == Data([9, 9]))
        #expect(simulator.request("PutFile", chunk("a.bin", [7, 8, 9], offset: 6)).spaceAvailable == 991)
        #expect(folder.snapshot()["demo-1/a.bin"] == Data([1, 2, 3, 4, 5, 6, 7, 8, 9]))
        #expect(simulator.request("ListFiles")["filenames"] == ["a.bin"])
        #expect(simulator.finish() == 0)
        #expect(Set(folder.snapshot().keys) == ["demo-1/", "demo-1/a.bin"])
    }

    @Test func aNewFileStillArrivingIsNotListedYet() throws {
        let folder = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.path])
        simulator.register()
        simulator.request("PutFile", chunk("b.bin", [1], offset: 0, length: 2))
        #expect(simulator.request("ListFiles")["filenames"] == nil)
        simulator.request("PutFile", chunk("b.bin", [2], offset: 1))
        #expect(simulator.request("ListFiles")["filenames"] == ["b.bin"])
        #expect(simulator.finish() == 0)
    }

    @Test func anUnfinishedUploadLeavesThePreviousFileAndNoTemporaries() throws {
        let folder = try ScratchFolder()
        let arguments = ["--clock", "virtual", "--storage", folder.path]
        let simulator = try StorageSimulator(arguments)
        simulator.register()
        simulator.request("PutFile", StorageSimulator.upload("old.bin", [7], extra: ["persistentFile": true]))
        simulator.request("PutFile", chunk("old.bin", [1, 2], offset: 0, length: 10))
        simulator.request("PutFile", chunk("new.bin", [1, 2], offset: 0, length: 10))
        #expect(simulator.finish() == 0)
        #expect(Set(folder.snapshot().keys) == ["demo-1/", "demo-1/old.bin"])
        #expect(folder.snapshot()["demo-1/old.bin"] == Data([7]))
        let restarted = try StorageSimulator(arguments)
        restarted.register()
        #expect(restarted.request("Sim.GetState")["files"] == [["syncFileName": "old.bin", "fileType": "BINARY", "size": 1, "persistentFile": true]])
        #expect(restarted.finish() == 0)
    }

    @Test func deletingAFileStillArrivingDropsItAndItsPreviousVersion() throws {
        let folder = try ScratchFolder()
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", folder.path])
        simulator.register()
        simulator.request("PutFile", StorageSimulator.upload("p.bin", [7], extra: ["persistentFile": true]))
        simulator.request("PutFile", chunk("n.bin", [1], offset: 0, length: 5))
        simulator.request("PutFile", chunk("p.bin", [1], offset: 0, length: 5))
        #expect(simulator.request("DeleteFile", ["syncFileName": "n.bin"]).resultCodeText == "SUCCESS")
        #expect(simulator.request("DeleteFile", ["syncFileName": "p.bin"]).resultCodeText == "SUCCESS")
        #expect(folder.snapshot().keys.allSatisfy { !$0.contains(".bin") && !$0.contains(".hu-") }, "\(folder.snapshot().keys)")
        #expect(simulator.request("PutFile", chunk("n.bin", [1], offset: 1)).infoText == "offset: Can't save file")
        #expect(simulator.finish() == 0)
    }
}
