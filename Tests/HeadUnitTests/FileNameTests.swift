import HeadUnit
import JSONCodec
import Testing

/// A file name is its bytes (issue 18): names that Swift's `String` calls equal because they
/// are canonically equivalent, `é` (U+00E9) and `e` + U+0301, are two files, as they are to
/// SDL Core and on disk. And the quota counts what is on disk, a file being replaced included.
@Suite struct FileNames {
    static let composed = "caf\u{E9}.png"
    static let decomposed = "cafe\u{301}.png"

    @Test(arguments: [(composed, decomposed), ("K.png", "\u{212A}.png")])  // KELVIN SIGN decomposes to K
    func equalStringsWithDifferentBytesAreDifferentNames(_ one: String, _ other: String) {
        #expect(one == other)
        #expect(ExactName(one) != ExactName(other))
        let hu = FilesSession.registered()
        hu.put(one, sampleBytes(1))
        hu.put(other, sampleBytes(2))
        #expect(hu.listedNames.count == 2)
        // Sim.GetState lists them in byte order.
        let sizesInByteOrder: [JSON] = ExactName(one) < ExactName(other) ? [1, 2] : [2, 1]
        #expect(hu.state["files"]?.arrayValue?.map { $0["size"] ?? .null } == sizesInByteOrder)
    }

    @Test func equivalentNamesAreTwoFilesEachCountedAgainstTheQuota() {
        let hu = FilesSession.registered(quotaBytes: 1024)
        #expect(hu.put(Self.composed, sampleBytes(1000)).resultCodeText == "SUCCESS")
        let second = hu.put(Self.decomposed, sampleBytes(1000))
        #expect(second.resultCodeText == "OUT_OF_MEMORY", "a new file, not an overwrite of the first")
        #expect(hu.listedNames == [Self.composed])
        #expect(hu.state["usedBytes"] == 1000)
    }

    @Test func equivalentNamesAreListedDeletedAndUsedOneByOne() {
        let hu = FilesSession.registered()
        hu.put(Self.composed, sampleBytes(10))
        #expect(hu.send("SetAppIcon", ["syncFileName": .string(Self.decomposed)]).resultCodeText == "INVALID_DATA")
        #expect(hu.send("DeleteFile", ["syncFileName": .string(Self.decomposed)]).resultCodeText == "REJECTED")
        hu.put(Self.decomposed, sampleBytes(20))
        #expect(hu.listedNames.count == 2)
        #expect(hu.state["usedBytes"] == 30)
        #expect(hu.send("DeleteFile", ["syncFileName": .string(Self.decomposed)]).resultCodeText == "SUCCESS")
        #expect(hu.listedNames.map { Array($0.utf8) } == [Array(Self.composed.utf8)])
        #expect(hu.bytes(of: Self.composed) == sampleBytes(10))
        #expect(hu.state["usedBytes"] == 10)
    }

    @Test func everyNonPersistentSpellingGoesWhenTheAppUnregisters() {
        let hu = FilesSession.registered()
        hu.put(Self.composed, sampleBytes(10))
        hu.put(Self.decomposed, sampleBytes(10))
        hu.send("UnregisterAppInterface")
        hu.register()
        #expect(hu.listedNames.isEmpty)
        #expect(hu.state["usedBytes"] == 0)
    }

    @Test func aDynamicImageNamedWithTheOtherSpellingIsMissing() {
        let hu = FilesSession.registered()
        hu.put(Self.composed, sampleBytes(10))
        let choice: JSON = ["choiceID": 1, "menuName": "A", "image": ["value": .string(Self.decomposed), "imageType": "DYNAMIC"]]
        let result = hu.send("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [choice]])
        #expect(result.resultCodeText == "WARNINGS")
    }

    // MARK: A file being replaced still counts

    @Test func aStagedOverwriteCountsTheOldFileUntilItsLastByte() {
        let hu = FilesSession.registered(quotaBytes: 1000)
        hu.put("f", sampleBytes(900), extra: ["persistentFile": true])
        // One byte of a declared two: the 900 bytes stay on disk until the second arrives.
        #expect(hu.put("f", sampleBytes(1), extra: ["length": 2]).spaceAvailable == 99)
        #expect(hu.state["usedBytes"] == 901)
        #expect(hu.put("g", sampleBytes(100)).resultCodeText == "OUT_OF_MEMORY")
        #expect(hu.put("f", sampleBytes(1), extra: ["offset": 1]).spaceAvailable == 998)
        #expect(hu.state["usedBytes"] == 2)
    }

    @Test func stagedOverwritesOfManyFilesCannotExceedTheQuota() {
        let hu = FilesSession.registered(quotaBytes: 1000)
        var stored = 0
        for index in 0..<20 {
            if hu.put("f\(index)", sampleBytes(900), extra: ["persistentFile": true]).resultCodeText == "SUCCESS" { stored += 900 }
            if hu.put("f\(index)", sampleBytes(1), extra: ["length": 2, "persistentFile": true]).resultCodeText == "SUCCESS" { stored += 1 }
        }
        #expect(stored <= 1000)
        #expect(hu.state["usedBytes"] == .integer(Int64(stored)))
    }

    @Test func anOverwriteAtOnceFreesTheOldFileAndAStagedOneInProgress() {
        let hu = FilesSession.registered(quotaBytes: 1000)
        hu.put("f", sampleBytes(600))
        hu.put("f", sampleBytes(100), extra: ["length": 300])  // 600 on disk + 100 staged
        #expect(hu.state["usedBytes"] == 700)
        #expect(hu.put("f", sampleBytes(950)).resultCodeText == "SUCCESS", "both the old file and the staged bytes go")
        #expect(hu.state["usedBytes"] == 950)
        #expect(hu.bytes(of: "f") == sampleBytes(950))
    }
}
