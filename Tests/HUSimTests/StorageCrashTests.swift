import Foundation
import JSONCodec
import Testing
import TestSupport

/// A simulator killed in the middle of writing (SIGKILL: no cleanup at all) leaves every
/// file whole or absent, and the next start removes its unfinished temporaries (PROTOCOL.md §7).
@Suite(.ownThreads) struct StorageCrash {
    static let fileSize = 2 << 20
    static let chunkSize = 512 << 10

    /// Upload number `version`: its number in the first 4 bytes, then bytes only it has.
    static func contents(version: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: fileSize)
        var state = UInt64(version) &* 0x9E37_79B9_7F4A_7C15 | 1
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in stride(from: 0, to: fileSize, by: 8) {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                withUnsafeBytes(of: state.littleEndian) { word in
                    for offset in 0..<8 { buffer[index + offset] = word[offset] }
                }
            }
            withUnsafeBytes(of: UInt32(version).littleEndian) { word in
                for offset in 0..<4 { buffer[offset] = word[offset] }
            }
        }
        return bytes
    }

    /// The PutFile lines of upload `version`: "c.bin" and "s.bin" come in 512 KiB chunks ("s.bin"
    /// declares its size first, so it is staged), the others whole.
    static func lines(version: Int, id: inout Int64) -> [String] {
        let bytes = contents(version: version)
        let name = version % 4 == 3 ? (version % 8 == 3 ? "c.bin" : "s.bin") : "f\(version % 3).bin"
        let pieces = name == "f\(version % 3).bin" ? [0..<fileSize] : stride(from: 0, to: fileSize, by: chunkSize).map { $0..<$0 + chunkSize }
        return pieces.map { range in
            id += 1
            let data = Data(bytes[range]).base64EncodedString()
            let length = name == "s.bin" && range.lowerBound == 0 ? #""length":\#(fileSize),"# : ""
            return #"{"jsonrpc":"2.0","id":\#(id),"method":"PutFile","params":{"syncFileName":"\#(name)","fileType":"BINARY","persistentFile":true,"offset":\#(range.lowerBound),\#(length)"bulkData":"\#(data)"}}"#
        }
    }

    /// Whether `bytes` is what some upload left: a whole version, or for "c.bin" the first chunks of one.
    /// (A staged "s.bin" is only ever whole.)
    static func isWhole(_ bytes: [UInt8], name: String) -> Bool {
        guard bytes.count >= 4 else { return false }
        let version = Int(UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24)
        let expected = contents(version: version)
        if name == "c.bin" {
            return bytes.count % chunkSize == 0 && bytes.count <= fileSize && bytes[...] == expected[..<bytes.count]
        }
        return bytes == expected
    }

    @Test func aKilledSimulatorLeavesEveryFileWholeAndARestartRemovesTemporaries() throws {
        let folder = try ScratchFolder()
        let storage = folder.appending("storage")
        let appFolder = folder.appending("storage/demo-1")
        var checkedFiles = 0
        var temporariesLeft = 0
        for round in 0..<4 {
            let simulator = try StorageSimulator(["--clock", "virtual", "--storage", storage])
            #expect(simulator.register().resultCodeText == "SUCCESS")
            let writer = Thread {
                var id: Int64 = 0
                for version in (round * 100)..<(round * 100 + 60) {
                    for line in Self.lines(version: version, id: &id) where !simulator.send(line) { return }
                }
            }
            writer.start()
            // Let some uploads finish, then kill the simulator while it is busy with the next.
            var answered = 0
            while answered < 6 + round * 3, let message = simulator.nextMessage() {
                if message["result"]?.resultCodeText == "SUCCESS" { answered += 1 }
            }
            // Aim the kill at a write in progress: as soon as a temporary file shows up.
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline,
                !((try? FileManager.default.contentsOfDirectory(atPath: appFolder)) ?? []).contains(where: { $0.hasPrefix(".hu-tmp-") })
            {}
            simulator.kill(SIGKILL)
            _ = simulator.waitForExit()
            while simulator.nextMessage() != nil {}

            for name in try FileManager.default.contentsOfDirectory(atPath: appFolder) {
                if name.hasPrefix(".hu-tmp-") {
                    temporariesLeft += 1
                    continue
                }
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: appFolder + "/" + name)))
                #expect(Self.isWhole(bytes, name: name), "round \(round): \(name) is torn (\(bytes.count) bytes)")
                checkedFiles += 1
            }
        }
        #expect(checkedFiles >= 8)
        #expect(temporariesLeft > 0, "no kill landed inside a write: the test proved nothing")

        // The next start opens the folder: every temporary goes, every whole file stays.
        let restarted = try StorageSimulator(["--clock", "virtual", "--storage", storage])
        restarted.register()
        let listed = restarted.request("ListFiles")["filenames"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: appFolder).sorted()
        #expect(onDisk.allSatisfy { !$0.hasPrefix(".hu-") }, "\(onDisk) (\(temporariesLeft) temporaries were left by the kills)")
        #expect(listed == onDisk)
        #expect(restarted.finish() == 0)
    }
}
