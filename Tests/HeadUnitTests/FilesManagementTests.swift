import HeadUnit
import JSONCodec
import Testing

/// ListFiles, DeleteFile and SetAppIcon (SDL-RULES §10, §14), and the app's files over its session.
@Suite struct FilesManagement {
    @Test func listFilesOmitsFilenamesWhenThereAreNone() {
        let hu = FilesSession.registered(quotaBytes: 500)
        let result = hu.send("ListFiles")
        #expect(result.resultCodeText == "SUCCESS")
        #expect(result["filenames"] == nil)
        #expect(result.spaceAvailable == 500)
    }

    @Test func listFilesNamesWhatTheStoreHoldsSorted() {
        let hu = FilesSession.registered()
        for name in ["b.png", "a.png", "日本.png"] { hu.put(name, [1]) }
        hu.put("system.bin", [1], extra: ["systemFile": true])
        #expect(hu.listedNames == ["a.png", "b.png", "日本.png"])
    }

    @Test func listFilesNamesAtMostAThousand() {
        let hu = FilesSession.registered()
        for index in 0..<1001 { hu.put(String(format: "f%04d", index), [1]) }
        #expect(hu.listedNames.count == 1000)
    }

    @Test func deletingAFileFreesItsSpace() {
        let hu = FilesSession.registered(quotaBytes: 100)
        hu.put("a.bin", sampleBytes(40))
        let result = hu.send("DeleteFile", ["syncFileName": "a.bin"])
        #expect(result.resultCodeText == "SUCCESS")
        #expect(result.spaceAvailable == 100)
        #expect(hu.bytes(of: "a.bin") == nil)
        #expect(hu.listedNames.isEmpty)
    }

    @Test func deletingAMissingFileIsRejected() {
        let hu = FilesSession.registered(quotaBytes: 100)
        let result = hu.send("DeleteFile", ["syncFileName": "never.png"])
        #expect(result.resultCodeText == "REJECTED")
        #expect(result["success"] == false)
        #expect(result.spaceAvailable == 100)
    }

    @Test(arguments: ["../a.bin", "/a.bin", "..", ".", "a\u{0}"])
    func deletingABadNameIsInvalidData(_ name: String) {
        let hu = FilesSession.registered()
        let result = hu.send("DeleteFile", ["syncFileName": .string(name)])
        #expect(result.resultCodeText == "INVALID_DATA")
        #expect(result.spaceAvailable != nil)
    }

    @Test func deletingASystemFileIsRejected() {
        let hu = FilesSession.registered()
        hu.put("update.bin", [1], extra: ["systemFile": true])
        #expect(hu.send("DeleteFile", ["syncFileName": "update.bin"]).resultCodeText == "REJECTED")
    }

    @Test func setAppIconNeedsAnUploadedFileWithoutSlash() {
        let hu = FilesSession.registered()
        #expect(hu.send("SetAppIcon", ["syncFileName": "icon.png"]).resultCodeText == "INVALID_DATA")
        #expect(hu.send("SetAppIcon", ["syncFileName": "../icon.png"]).infoText == "syncFileName: Sync file name contains forbidden symbols.")
        hu.put("icon.png", [1, 2])
        let result = hu.send("SetAppIcon", ["syncFileName": "icon.png"])
        #expect(result.resultCodeText == "SUCCESS")
        #expect(result["success"] == true)
    }

    @Test func setAppIconForwardsTheHMIsInjectedAnswer() {
        let hu = FilesSession.registered()
        hu.put("icon.png", [1, 2])
        hu.send("Sim.InjectFault", ["method": "SetAppIcon", "resultCode": "UNSUPPORTED_RESOURCE", "info": "no icons here"])
        // A request Core refuses does not use up the fault.
        #expect(hu.send("SetAppIcon", ["syncFileName": "other.png"]).resultCodeText == "INVALID_DATA")
        let result = hu.send("SetAppIcon", ["syncFileName": "icon.png"])
        #expect(result.resultCodeText == "UNSUPPORTED_RESOURCE")
        #expect(result.infoText == "no icons here")
        hu.send("Sim.InjectFault", ["method": "SetAppIcon", "resultCode": "INVALID_DATA"])
        #expect(hu.send("SetAppIcon", ["syncFileName": "icon.png"]).resultCodeText == "INVALID_DATA")
        #expect(hu.send("SetAppIcon", ["syncFileName": "icon.png"]).resultCodeText == "SUCCESS")
    }

    @Test func setAppIconWaitsForADelayedHMIAndTimesOutAsCore() {
        let hu = FilesSession.registered()
        hu.put("icon.png", [1, 2])
        hu.send("Sim.InjectFault", ["method": "SetAppIcon", "delayMs": 500])
        #expect(hu.send("SetAppIcon", ["syncFileName": "icon.png"]) == .null)
        hu.send("Sim.AdvanceTime", ["ms": 500])
        #expect(hu.output.first?["result"]?.resultCodeText == "SUCCESS")
        hu.send("Sim.InjectFault", ["method": "SetAppIcon", "delayMs": 20_000])
        hu.send("SetAppIcon", ["syncFileName": "icon.png"])
        hu.send("Sim.AdvanceTime", ["ms": 11_000])
        #expect(hu.output.first?["result"]?.resultCodeText == "GENERIC_ERROR")
        #expect(hu.output.first?["result"]?.infoText == "UI component does not respond")
    }

    @Test func aFaultInjectedForPutFileIsTheAnswerAndStoresNothing() {
        let hu = FilesSession.registered()
        hu.send("Sim.InjectFault", ["method": "PutFile", "resultCode": "TOO_MANY_PENDING_REQUESTS", "info": "busy"])
        // Refused by Core's own checks: answered as usual, the fault waits.
        #expect(hu.put("a/b", [1]).resultCodeText == "INVALID_DATA")
        let result = hu.put("a.bin", [1])
        #expect(result.resultCodeText == "TOO_MANY_PENDING_REQUESTS")
        #expect(result.infoText == "busy")
        #expect(hu.bytes(of: "a.bin") == nil)
        #expect(hu.put("a.bin", [1]).resultCodeText == "SUCCESS")
    }

    @Test func aDelayedPutFileIsWrittenWhenItsAnswerIsDue() {
        let hu = FilesSession.registered()
        hu.send("Sim.InjectFault", ["method": "PutFile", "delayMs": 300])
        #expect(hu.put("a.bin", [1, 2]) == .null)
        #expect(hu.bytes(of: "a.bin") == nil)
        hu.send("Sim.AdvanceTime", ["ms": 300])
        #expect(hu.output.first?["result"]?.resultCodeText == "SUCCESS")
        #expect(hu.bytes(of: "a.bin") == [1, 2])
    }

    @Test func faultsInjectedForListFilesAndDeleteFileChangeNothing() {
        let hu = FilesSession.registered()
        hu.put("a.bin", [1])
        hu.send("Sim.InjectFault", ["method": "ListFiles", "resultCode": "GENERIC_ERROR"])
        #expect(hu.send("ListFiles").resultCodeText == "GENERIC_ERROR")
        hu.send("Sim.InjectFault", ["method": "DeleteFile", "resultCode": "REJECTED", "info": "no"])
        #expect(hu.send("DeleteFile", ["syncFileName": "missing"]).infoText != "no")
        #expect(hu.send("DeleteFile", ["syncFileName": "a.bin"]).infoText == "no")
        #expect(hu.listedNames == ["a.bin"])
    }

    @Test func inNoneTheSixthNewFileIsRejected() {
        let hu = FilesSession.registered(autoActivate: false)
        for index in 0..<4 { #expect(hu.put("f\(index)", [1]).resultCodeText == "SUCCESS") }
        // Appending and overwriting add no file.
        #expect(hu.put("f0", [2], extra: ["offset": 1]).resultCodeText == "SUCCESS")
        #expect(hu.put("f0", [2]).resultCodeText == "SUCCESS")
        #expect(hu.put("f4", [1]).resultCodeText == "SUCCESS")
        // Now every PutFile is refused, appends too.
        #expect(hu.put("f0", [2], extra: ["offset": 1]).resultCodeText == "REJECTED")
        let result = hu.put("f5", [1])
        #expect(result.resultCodeText == "REJECTED")
        #expect(result.infoText == "Too many requests from the app with HMILevel HMI_NONE")
        #expect(result.spaceAvailable != nil)
        #expect(hu.bytes(of: "f5") == nil)
        hu.send("User.Activate")
        #expect(hu.put("f5", [1]).resultCodeText == "SUCCESS")
    }

    @Test func inNoneTheSixthListingIsRejected() {
        let hu = FilesSession.registered(autoActivate: false)
        for _ in 0..<5 { #expect(hu.send("ListFiles").resultCodeText == "SUCCESS") }
        let result = hu.send("ListFiles")
        #expect(result.resultCodeText == "REJECTED")
        #expect(result.infoText == "Too many requests from the app with HMILevel HMI_NONE")
        #expect(result.spaceAvailable == 104_857_600)
        hu.send("User.Activate")
        #expect(hu.send("ListFiles").resultCodeText == "SUCCESS")
    }

    @Test func inNoneTheSixthDeletionIsRejected() {
        let hu = FilesSession.registered(autoActivate: false)
        hu.send("User.Activate")
        for index in 0..<6 { hu.put("g\(index)", [1], extra: ["persistentFile": true]) }
        hu.send("Sim.Reset")
        hu.register()  // in NONE again, with the persistent files
        for index in 0..<5 { #expect(hu.send("DeleteFile", ["syncFileName": .string("g\(index)")]).resultCodeText == "SUCCESS") }
        let result = hu.send("DeleteFile", ["syncFileName": "g5"])
        #expect(result.resultCodeText == "REJECTED")
        #expect(result.infoText == "Too many requests from the app with HMILevel HMI_NONE")
        #expect(hu.listedNames == ["g5"])
    }

    @Test func theSessionsEndRemovesNonPersistentFilesAndReloadsPersistentOnes() {
        let hu = FilesSession.registered()
        hu.put("keep.png", [1, 2, 3], extra: ["persistentFile": true, "fileType": "GRAPHIC_PNG"])
        hu.put("drop.bin", [4])
        hu.send("UnregisterAppInterface")
        hu.register()
        #expect(hu.listedNames == ["keep.png"])
        #expect(hu.state["files"] == [["syncFileName": "keep.png", "fileType": "GRAPHIC_PNG", "size": 3, "persistentFile": true]])
        hu.put("drop.bin", [4])
        hu.send("Sim.Reset")
        hu.register()
        #expect(hu.listedNames == ["keep.png"])
        hu.put("drop.bin", [4])
        hu.session.endOfInput()
        #expect(hu.store.contents(ofFile: "drop.bin", inFolderOf: "demo-1") == nil)
    }

    @Test func aMissingDynamicChoiceImageIsAWarningUntilItIsUploaded() {
        let hu = FilesSession.registered()
        func set(_ id: Int64) -> JSONObject {
            ["interactionChoiceSetID": .integer(id),
             "choiceSet": [["choiceID": .integer(id), "menuName": .string("Choice \(id)"), "image": ["value": "pic.png", "imageType": "DYNAMIC"]]]]
        }
        let missing = hu.send("CreateInteractionChoiceSet", set(1))
        #expect(missing.resultCodeText == "WARNINGS")
        #expect(missing["success"] == true)
        #expect(missing.infoText == "Requested image(s) not found.")
        hu.put("pic.png", [1], extra: ["fileType": "GRAPHIC_PNG"])
        #expect(hu.send("CreateInteractionChoiceSet", set(2)).resultCodeText == "SUCCESS")
        hu.send("DeleteFile", ["syncFileName": "pic.png"])
        #expect(hu.send("CreateInteractionChoiceSet", set(3)).resultCodeText == "WARNINGS")
        hu.put("pic.png", [1], extra: ["systemFile": true])
        #expect(hu.send("CreateInteractionChoiceSet", set(4)).resultCodeText == "WARNINGS")
    }
}
