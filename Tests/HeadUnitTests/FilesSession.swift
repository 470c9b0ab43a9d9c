import Foundation
import HeadUnit
import SimulatorHost
import JSONCodec
import Testing

/// A head unit over a `MemoryFileStore` the test can reach (to read bytes back or make
/// writes fail), driven line by line like a peer drives it.
final class FilesSession {
    let store: MemoryFileStore
    let session: SimulatorSession
    private var nextID: Int64 = 1
    /// The messages the last line caused.
    private(set) var output: [JSON] = []

    init(quotaBytes: Int = 100 << 20, freeDeviceBytes: Int = 1 << 40, autoActivate: Bool = true) {
        store = MemoryFileStore(freeDeviceBytes: freeDeviceBytes)
        let engine = HeadUnitEngine(
            configuration: EngineConfiguration(clock: .virtual, autoActivate: autoActivate, quotaBytes: quotaBytes), store: store)
        session = SimulatorSession(engine: engine)
    }

    /// A session with the app "demo-1" registered (FULL, unless `autoActivate` is false).
    static func registered(quotaBytes: Int = 100 << 20, freeDeviceBytes: Int = 1 << 40, autoActivate: Bool = true) -> FilesSession {
        let hu = FilesSession(quotaBytes: quotaBytes, freeDeviceBytes: freeDeviceBytes, autoActivate: autoActivate)
        hu.register()
        return hu
    }

    /// Sends a request; returns the `result` of its reply, or null when it was not answered at once.
    @discardableResult
    func send(_ method: String, _ params: JSONObject? = nil) -> JSON {
        let id = nextID
        nextID += 1
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { message["params"] = .object(params) }
        session.receive(Array((JSON.object(message).serializedString + "\n").utf8))
        output = String(decoding: session.output, as: UTF8.self).split(separator: "\n").map {
            (try? JSON.parse(String($0))) ?? .string("not JSON: \($0)")
        }
        session.output.removeAll()
        return output.first { $0["id"] == .integer(id) }?["result"] ?? .null
    }

    @discardableResult
    func register(appID: String = "demo-1") -> JSON {
        send(
            "RegisterAppInterface",
            [
                "appName": "Demo", "appID": .string(appID), "isMediaApplication": false, "languageDesired": "EN-US",
                "hmiDisplayLanguageDesired": "EN-US", "syncMsgVersion": ["majorVersion": 8, "minorVersion": 0],
            ])
    }

    /// PutFile of `bytes` (base64-encoded here), with any other parameters in `extra`.
    @discardableResult
    func put(_ name: String, _ bytes: [UInt8], extra: JSONObject = [:]) -> JSON {
        var params: JSONObject = [
            "syncFileName": .string(name), "fileType": "BINARY", "bulkData": .string(Data(bytes).base64EncodedString()),
        ]
        for member in extra { params[member.key] = member.value }
        return send("PutFile", params)
    }

    /// The names ListFiles reports (empty when `filenames` is omitted).
    var listedNames: [String] { send("ListFiles")["filenames"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The bytes of one of the app's files, read from the store.
    func bytes(of name: String) -> [UInt8]? { store.contents(ofFile: name, inFolderOf: "demo-1") }

    var state: JSON { send("Sim.GetState") }
}

extension JSON {
    var resultCodeText: String? { self["resultCode"]?.stringValue }
    var infoText: String? { self["info"]?.stringValue }
    var spaceAvailable: Int64? { self["spaceAvailable"]?.integerValue }
}

/// `count` bytes cycling through every byte value, starting at `start`.
func sampleBytes(_ count: Int, start: Int = 0) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 + start) } }
