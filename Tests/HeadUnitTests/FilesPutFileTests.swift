import Foundation
import HeadUnit
import JSONCodec
import Testing

/// PutFile in Core's order of checks (SDL-RULES §9, PROTOCOL.md §3, §7), over a store in memory.
@Suite struct FilesPutFile {
    @Test func anUploadIsStoredAndAnsweredFileWasDownloadedWithTheSpaceLeft() {
        let hu = FilesSession.registered(quotaBytes: 1000)
        let bytes = sampleBytes(256)
        let result = hu.put("all-bytes.bin", bytes)
        #expect(result.resultCodeText == "SUCCESS")
        #expect(result["success"] == true)
        #expect(result.infoText == "File was downloaded")
        #expect(result.spaceAvailable == 744)
        #expect(hu.bytes(of: "all-bytes.bin") == bytes)
        #expect(hu.state["files"] == [["syncFileName": "all-bytes.bin", "fileType": "BINARY", "size": 256, "persistentFile": false]])
        #expect(hu.state["usedBytes"] == 256)
    }

    @Test func withoutBinaryDataTheUploadIsBinaryDataEmpty() {
        let hu = FilesSession.registered()
        for params: JSONObject in [
            ["syncFileName": "a.bin", "fileType": "BINARY"], ["syncFileName": "a.bin", "fileType": "BINARY", "bulkData": ""],
        ] {
            let result = hu.send("PutFile", params)
            #expect(result.resultCodeText == "INVALID_DATA")
            #expect(result.infoText == "bulkData: Binary data empty")
            #expect(result.spaceAvailable == 100 << 20)
        }
        #expect(hu.listedNames.isEmpty)
    }

    @Test(arguments: ["AAE", "AA=A", "AB==", "AAB=", "A===", "AA AA", "AAAA\n", "-_8=", "AA==AAAA", "ÄAAA"])
    func bulkDataThatIsNotCanonicalPaddedBase64IsInvalidData(_ text: String) {
        let hu = FilesSession.registered()
        let result = hu.send("PutFile", ["syncFileName": "a.bin", "fileType": "BINARY", "bulkData": .string(text)])
        #expect(result.resultCodeText == "INVALID_DATA")
        #expect(result.infoText?.contains("bulkData") == true)
        #expect(hu.bytes(of: "a.bin") == nil)
    }

    @Test func paddedBase64OfEveryLengthDecodesExactly() {
        let hu = FilesSession.registered()
        for count in 1...9 {
            let bytes = sampleBytes(count, start: 250)
            #expect(hu.put("n\(count)", bytes).resultCodeText == "SUCCESS")
            #expect(hu.bytes(of: "n\(count)") == bytes)
        }
    }

    @Test(arguments: ["/icon.png", "./icon.png", "../icon.png", "a/b", "a/../../b", "/etc/passwd"])
    func aNameWithASlashHasForbiddenSymbols(_ name: String) {
        let hu = FilesSession.registered()
        let result = hu.put(name, [1, 2, 3])
        #expect(result.resultCodeText == "INVALID_DATA")
        #expect(result.infoText == "syncFileName: Sync file name contains forbidden symbols.")
        #expect(hu.listedNames.isEmpty)
    }

    @Test(arguments: [".", "..", "a\u{0}b", ".hu-tmp-1", ".hu-system", String(repeating: "日", count: 86)])
    func aNameThatCouldLeaveOrCorruptTheFolderIsInvalidData(_ name: String) {
        let hu = FilesSession.registered()
        let result = hu.put(name, [1, 2, 3])
        #expect(result.resultCodeText == "INVALID_DATA")
        #expect(result.infoText?.contains("syncFileName") == true)
        #expect(hu.listedNames.isEmpty)
    }

    @Test(arguments: ["action !#$&'()*+,:;=?@[].png", "日本.png", "..png", "...", ".hidden", String(repeating: "日", count: 85)])
    func otherNamesAreFine(_ name: String) {
        let hu = FilesSession.registered()
        #expect(hu.put(name, [1, 2, 3]).resultCodeText == "SUCCESS")
        #expect(hu.listedNames == [name])
    }

    @Test func aSystemFileIsKeptAsideWithoutQuotaOrListing() throws {
        let hu = FilesSession.registered(quotaBytes: 10)
        let result = hu.put("update.bin", sampleBytes(100), extra: ["systemFile": true])
        #expect(result.resultCodeText == "SUCCESS")
        #expect(result.spaceAvailable == 0)
        #expect(hu.listedNames.isEmpty)
        #expect(hu.state["usedBytes"] == 0)
        #expect(try hu.store.contents(of: "update.bin", area: .system) == sampleBytes(100))
        let chunk = hu.put("update.bin", [7], extra: ["systemFile": true, "offset": 100])
        #expect(chunk.resultCodeText == "SUCCESS")
        #expect(hu.store.size(of: "update.bin", area: .system) == 101)
    }

    @Test func moreThanTheQuotaLeftIsOutOfMemoryAndWritesNothing() {
        let hu = FilesSession.registered(quotaBytes: 1000)
        #expect(hu.put("a.bin", sampleBytes(600)).spaceAvailable == 400)
        let result = hu.put("b.bin", sampleBytes(401))
        #expect(result.resultCodeText == "OUT_OF_MEMORY")
        #expect(result.infoText == "Out of memory")
        #expect(result.spaceAvailable == 400)
        #expect(hu.bytes(of: "b.bin") == nil)
        #expect(hu.put("b.bin", sampleBytes(400)).spaceAvailable == 0)
    }

    @Test func freeDiskSpaceLimitsTheQuota() {
        let hu = FilesSession.registered(quotaBytes: 1000, freeDeviceBytes: 300)
        #expect(hu.listedNames.isEmpty)
        #expect(hu.send("ListFiles").spaceAvailable == 300)
        #expect(hu.put("a.bin", sampleBytes(301)).resultCodeText == "OUT_OF_MEMORY")
        #expect(hu.put("a.bin", sampleBytes(300)).resultCodeText == "SUCCESS")
    }

    @Test func quotaCountsOverwritesDeletionsAndChunksExactly() {
        let hu = FilesSession.registered(quotaBytes: 1000)
        #expect(hu.put("a.bin", sampleBytes(600)).spaceAvailable == 400)
        // An overwrite frees what it replaces: 900 fits where 600 was.
        #expect(hu.put("a.bin", sampleBytes(900)).spaceAvailable == 100)
        #expect(hu.put("a.bin", sampleBytes(100), extra: ["offset": 900]).spaceAvailable == 0)
        #expect(hu.put("a.bin", [1], extra: ["offset": 1000]).resultCodeText == "OUT_OF_MEMORY")
        #expect(hu.send("DeleteFile", ["syncFileName": "a.bin"]).spaceAvailable == 1000)
        #expect(hu.state["usedBytes"] == 0)
    }

    @Test func chunksAppendWhenTheOffsetIsTheCurrentSize() {
        let hu = FilesSession.registered()
        let whole = sampleBytes(10_000, start: 3)
        var offset = 0
        for chunk in stride(from: 0, to: whole.count, by: 4096).map({ Array(whole[$0..<min($0 + 4096, whole.count)]) }) {
            let crc = Int64(crc32(chunk))
            let extra: JSONObject = offset == 0 ? ["length": 10_000, "crc": .integer(crc)] : ["offset": .integer(Int64(offset)), "crc": .integer(crc)]
            #expect(hu.put("big.bin", chunk, extra: extra).resultCodeText == "SUCCESS")
            offset += chunk.count
        }
        #expect(hu.bytes(of: "big.bin") == whole)
        #expect(hu.state["files"]?.arrayValue?.first?["size"] == 10_000)
    }

    @Test func anOffsetOtherThanTheCurrentSizeCannotBeSaved() {
        let hu = FilesSession.registered()
        hu.put("a.bin", [1, 2, 3])
        for offset: Int64 in [2, 4, 1000] {
            let result = hu.put("a.bin", [9], extra: ["offset": .integer(offset)])
            #expect(result.resultCodeText == "INVALID_DATA")
            #expect(result.infoText == "offset: Can't save file")
        }
        #expect(hu.put("missing.bin", [9], extra: ["offset": 1]).infoText == "offset: Can't save file")
        #expect(hu.bytes(of: "a.bin") == [1, 2, 3])
        #expect(hu.bytes(of: "missing.bin") == nil)
    }

    @Test func aCRCIsCheckedAgainstThisChunkOnly() {
        let hu = FilesSession.registered()
        let digits = Array("123456789".utf8)
        #expect(hu.put("d.txt", digits, extra: ["crc": 0xCBF4_3926]).resultCodeText == "SUCCESS")
        let wrong = hu.put("d.txt", [0x41], extra: ["offset": 9, "crc": 0xCBF4_3926])
        #expect(wrong.resultCodeText == "CORRUPTED_DATA")
        #expect(wrong["success"] == false)
        #expect(wrong.infoText == "CRC Check on file failed. File upload has been cancelled, please retry.")
        #expect(hu.bytes(of: "d.txt") == digits)
        #expect(hu.put("d.txt", [0x41], extra: ["offset": 9, "crc": .integer(Int64(crc32([0x41])))]).resultCodeText == "SUCCESS")
        #expect(hu.bytes(of: "d.txt") == digits + [0x41])
    }

    @Test func aCRCOutsideItsRangeIsInvalidData() {
        let hu = FilesSession.registered()
        #expect(hu.put("a.bin", [1], extra: ["crc": -1]).resultCodeText == "INVALID_DATA")
        #expect(hu.put("a.bin", [1], extra: ["crc": 4_294_967_296]).resultCodeText == "INVALID_DATA")
    }

    @Test func reuploadingAtOffsetZeroOverwritesAndUpdatesPersistence() {
        let hu = FilesSession.registered()
        hu.put("a.png", sampleBytes(50), extra: ["persistentFile": true, "fileType": "GRAPHIC_PNG"])
        hu.put("a.png", [1, 2], extra: ["persistentFile": false])
        #expect(hu.bytes(of: "a.png") == [1, 2])
        #expect(hu.state["files"] == [["syncFileName": "a.png", "fileType": "BINARY", "size": 2, "persistentFile": false]])
    }

    @Test func eachChunkSetsTheFilesPersistenceAsCoreDoes() {
        let hu = FilesSession.registered()
        hu.put("a.bin", [1], extra: ["persistentFile": true])
        hu.put("a.bin", [2], extra: ["offset": 1])
        #expect(hu.state["files"]?.arrayValue?.first?["persistentFile"] == false)
        hu.put("a.bin", [3], extra: ["offset": 2, "persistentFile": true])
        #expect(hu.state["files"]?.arrayValue?.first?["persistentFile"] == true)
    }

    @Test func aFailedWriteIsGenericErrorAndChangesNothing() {
        let hu = FilesSession.registered()
        hu.put("a.bin", [1, 2, 3])
        hu.store.writeFailure = FileStoreError("disk on fire")
        let result = hu.put("a.bin", [4], extra: ["offset": 3])
        #expect(result.resultCodeText == "GENERIC_ERROR")
        #expect(result.infoText == "Could not save a.bin: disk on fire")
        #expect(result.spaceAvailable == 104_857_597)
        #expect(hu.state["usedBytes"] == 3)
        hu.store.writeFailure = nil
        #expect(hu.put("a.bin", [4], extra: ["offset": 3]).resultCodeText == "SUCCESS")
    }

    @Test func theOrderOfChecksIsCores() {
        let hu = FilesSession.registered(quotaBytes: 1)
        // No data beats a bad name; a bad name beats the quota; the quota beats the CRC; the CRC beats the offset.
        #expect(hu.send("PutFile", ["syncFileName": "a/b", "fileType": "BINARY"]).infoText == "bulkData: Binary data empty")
        #expect(hu.put("a/b", sampleBytes(5)).infoText == "syncFileName: Sync file name contains forbidden symbols.")
        #expect(hu.put("a", sampleBytes(5), extra: ["crc": 1]).resultCodeText == "OUT_OF_MEMORY")
        #expect(hu.put("a", [1], extra: ["crc": 1, "offset": 7]).resultCodeText == "CORRUPTED_DATA")
    }
}

/// CRC-32 (IEEE), bit by bit: the reference the head unit's table-driven one must agree with.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
