import Foundation
import JSONCodec
import Testing
import TestSupport

/// A small tmpfs mounted on a scratch folder: a disk that really fills up (ENOSPC) and can
/// really be made read-only (EROFS), whoever runs the test — root ignores permission bits,
/// so `chmod` would prove nothing. Mounting needs CAP_SYS_ADMIN (root in a container).
final class TmpfsStorage {
    private let scratch: ScratchFolder
    let path: String

    /// Whether this process may mount a tmpfs: tried once, on a folder of its own.
    static let isPermitted: Bool = {
        guard let probe = try? TmpfsStorage(kilobytes: 64) else { return false }
        _ = probe
        return true
    }()

    init(kilobytes: Int) throws {
        scratch = try ScratchFolder()
        path = scratch.appending("mnt")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path])
    }

    func remount(readOnly: Bool) throws {
        try Self.mount(["-o", readOnly ? "remount,ro" : "remount,rw", path])
    }

    deinit {
        // Lazily: a simulator a failed test left running must not keep the mount (and the folder) forever.
        try? Self.run("/bin/umount", ["-l", path])
    }

    private static func mount(_ arguments: [String]) throws { try run("/bin/mount", arguments) }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = try process.runCollectingOutput()
        guard process.terminationStatus == 0 else {
            throw MountFailure(command: ([tool] + arguments).joined(separator: " "), output: String(decoding: output, as: UTF8.self))
        }
    }

    struct MountFailure: Error, CustomStringConvertible {
        let command: String
        let output: String
        var description: String { "\(command): \(output)" }
    }
}

/// Storage that fails under the simulator during uploads (issue #11): the upload is
/// `GENERIC_ERROR` with the reason, no file is torn or left half-written, and the store
/// goes on serving what it has.
@Suite(.ownThreads, .enabled(if: TmpfsStorage.isPermitted, "mounting a tmpfs is not permitted here (needs root / CAP_SYS_ADMIN); skipped"))
struct StorageFaults {
    private static func bytes(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 >> 9) }
    }

    private static func chunk(_ name: String, _ bytes: [UInt8], offset: Int, length: Int? = nil) -> JSONObject {
        var extra: JSONObject = ["offset": .integer(Int64(offset)), "persistentFile": true]
        if let length { extra["length"] = .integer(Int64(length)) }
        return StorageSimulator.upload(name, bytes, extra: extra)
    }

    /// Names in the app's folder: only finished files, never a temporary.
    private static func onDisk(_ storage: TmpfsStorage) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: storage.path + "/demo-1")) ?? []).sorted()
    }

    private static func contents(_ storage: TmpfsStorage, _ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: storage.path + "/demo-1/" + name).map(Array.init)
    }

    @Test func aDiskThatFillsUpDuringAnUploadIsAGenericErrorAndLeavesTheOldFileWhole() throws {
        let storage = try TmpfsStorage(kilobytes: 1024)
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage.path])
        simulator.register()
        let original = Self.bytes(600 << 10, seed: 1)
        #expect(simulator.request("PutFile", Self.chunk("keep.bin", original, offset: 0)).resultCodeText == "SUCCESS")

        // More than the disk has left: refused by the free-space check, before anything is written.
        let overwrite = simulator.request("PutFile", Self.chunk("keep.bin", Self.bytes(700 << 10, seed: 2), offset: 0))
        #expect(overwrite.resultCodeText == "OUT_OF_MEMORY", "\(overwrite)")
        // Fits the free space, but an append writes a whole new copy beside the old file
        // (so that neither is ever torn), and the disk fills up during it: ENOSPC.
        let append = simulator.request("PutFile", Self.chunk("keep.bin", Self.bytes(100 << 10, seed: 3), offset: original.count))
        #expect(append.resultCodeText == "GENERIC_ERROR")
        #expect(append.infoText?.contains("No space left on device") == true, "\(append)")
        #expect(append.spaceAvailable != nil)
        #expect(Self.onDisk(storage) == ["keep.bin"])
        #expect(Self.contents(storage, "keep.bin") == original)

        // The store goes on: the file is listed, served and sized as before, and what fits is stored.
        #expect(simulator.request("ListFiles")["filenames"] == ["keep.bin"])
        #expect(simulator.request("SetAppIcon", ["syncFileName": "keep.bin"]).resultCodeText == "SUCCESS")
        #expect(simulator.request("Sim.GetState")["files"]?.arrayValue?.first?["size"] == .integer(Int64(original.count)))
        #expect(simulator.request("PutFile", Self.chunk("small.bin", [1, 2, 3], offset: 0)).resultCodeText == "SUCCESS")
        #expect(simulator.finish() == 0)
        #expect(Self.onDisk(storage) == ["keep.bin", "small.bin"])
        #expect(Self.contents(storage, "keep.bin") == original)
    }

    /// Writes `path` until the disk is full.
    private static func fillDisk(_ path: String) {
        let file = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(file) }
        let block = [UInt8](repeating: 0xEE, count: 4096)
        while block.withUnsafeBytes({ write(file, $0.baseAddress, $0.count) }) > 0 {}
    }

    @Test func aDiskFilledBetweenTwoChunksRefusesTheChunkAndTheUploadGoesOnOnceThereIsRoom() throws {
        let storage = try TmpfsStorage(kilobytes: 1024)
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage.path])
        simulator.register()
        let whole = Self.bytes(400 << 10, seed: 4)
        #expect(simulator.request("PutFile", Self.chunk("big.bin", Array(whole[..<(200 << 10)]), offset: 0, length: whole.count)).resultCodeText == "SUCCESS")
        // Someone else fills the disk between two chunks.
        let filler = storage.path + "/filler"
        Self.fillDisk(filler)
        let refused = simulator.request("PutFile", Self.chunk("big.bin", Array(whole[(200 << 10)...]), offset: 200 << 10))
        #expect(refused.resultCodeText == "OUT_OF_MEMORY", "\(refused)")
        #expect(Self.onDisk(storage).allSatisfy { $0.hasPrefix(".hu-tmp-") }, "an unfinished upload is not a file: \(Self.onDisk(storage))")
        try FileManager.default.removeItem(atPath: filler)
        #expect(simulator.request("PutFile", Self.chunk("big.bin", Array(whole[(200 << 10)...]), offset: 200 << 10)).resultCodeText == "SUCCESS")
        #expect(Self.onDisk(storage) == ["big.bin"])
        #expect(Self.contents(storage, "big.bin") == whole)
        #expect(simulator.finish() == 0)
    }

    @Test func readOnlyStorageDuringUploadsIsAGenericErrorAndTheStoreStillServesItsFiles() throws {
        let storage = try TmpfsStorage(kilobytes: 1024)
        let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage.path])
        simulator.register()
        let original = Self.bytes(10 << 10, seed: 5)
        #expect(simulator.request("PutFile", Self.chunk("keep.bin", original, offset: 0)).resultCodeText == "SUCCESS")
        let staged = Self.bytes(20 << 10, seed: 6)
        #expect(simulator.request("PutFile", Self.chunk("staged.bin", Array(staged[..<(10 << 10)]), offset: 0, length: staged.count)).resultCodeText == "SUCCESS")

        try storage.remount(readOnly: true)
        let refused: [(String, JSONObject)] = [
            ("new file", Self.chunk("new.bin", [1], offset: 0)),
            ("overwrite", Self.chunk("keep.bin", [1], offset: 0)),
            ("append", Self.chunk("keep.bin", [1], offset: original.count)),
            ("staged chunk", Self.chunk("staged.bin", Array(staged[(10 << 10)...]), offset: 10 << 10)),
        ]
        for (what, params) in refused {
            let answer = simulator.request("PutFile", params)
            #expect(answer.resultCodeText == "GENERIC_ERROR", "\(what): \(answer)")
            #expect(answer.infoText?.contains("Read-only file system") == true, "\(what): \(answer)")
        }
        let delete = simulator.request("DeleteFile", ["syncFileName": "keep.bin"])
        #expect(delete.resultCodeText == "GENERIC_ERROR", "\(delete)")
        #expect(simulator.request("ListFiles")["filenames"] == ["keep.bin"])
        #expect(simulator.request("SetAppIcon", ["syncFileName": "keep.bin"]).resultCodeText == "SUCCESS")
        #expect(Self.contents(storage, "keep.bin") == original)

        // Writable again: the staged upload goes on from where it was, new files are stored.
        try storage.remount(readOnly: false)
        #expect(simulator.request("PutFile", Self.chunk("staged.bin", Array(staged[(10 << 10)...]), offset: 10 << 10)).resultCodeText == "SUCCESS")
        #expect(simulator.request("PutFile", StorageSimulator.upload("passing.bin", [7])).resultCodeText == "SUCCESS")
        #expect(Self.contents(storage, "staged.bin") == staged)

        // Read-only at exit: the non-persistent file cannot go, and the exit is still clean.
        try storage.remount(readOnly: true)
        #expect(simulator.finish() == 0)
        #expect(Self.onDisk(storage) == ["keep.bin", "passing.bin", "staged.bin"])
        #expect(Self.contents(storage, "keep.bin") == original)
    }
}
