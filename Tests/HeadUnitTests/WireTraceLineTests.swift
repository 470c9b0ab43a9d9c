import JSONCodec
import SDLProtocol
import SimulatorHost
import Testing

/// `WireTrace`'s lines, as a reader of the trace takes them: one JSON object a line, whatever
/// the message looked like.
@Suite struct WireTraceLines {
    /// A trace on a clock at 42 ms, and the lines it wrote.
    private final class Recorder {
        var written: [UInt8] = []
        lazy var trace = WireTrace(clock: { 42 }) { [unowned self] in written += $0 }
        var lines: [String] { String(decoding: written, as: UTF8.self).split(separator: "\n").map(String.init) }
    }

    private let pretty = Array("{\n  \"appName\": \"Demo\",\r\n  \"appID\": \"demo-1\"\n}".utf8)

    @Test func jsonOverSeveralLinesIsWrittenAgainOnOne() throws {
        let recorder = Recorder()
        recorder.trace.message(.in, RPCMessage(kind: .request, functionID: 1, correlationID: 3, json: pretty), app: "127.0.0.1:5000")
        recorder.trace.message(.in, pretty, page: WireTrace.Page(number: 2, address: "127.0.0.1:6000"))
        #expect(recorder.lines.count == 2)
        for line in recorder.lines {
            let entry = try JSON.parse(line)
            #expect(entry["message"] == ["appName": "Demo", "appID": "demo-1"])
        }
    }

    @Test func jsonOnOneLineIsKeptByteForByte() {
        let recorder = Recorder()
        let asSent = Array(#"{"jsonrpc":"2.0", "id":1,"method":"User.Close"}"#.utf8)
        recorder.trace.message(.in, asSent, page: WireTrace.Page(number: 1, address: "[::1]:6000"))
        #expect(recorder.lines == [#"{"clockMs":42,"door":"web","page":1,"address":"[::1]:6000","dir":"in","message":{"jsonrpc":"2.0", "id":1,"method":"User.Close"}}"#])
    }

    @Test func aPageSentSeveralLinesAtOnceIsTracedALineEach() {
        let recorder = Recorder()
        let page = WireTrace.Page(number: 3, address: "127.0.0.1:7000")
        recorder.trace.lines(.out, in: Array("{\"id\":1}\n{\"id\":2}\n".utf8), page: page)
        recorder.trace.state(byteCount: 900, to: page)
        recorder.trace.event("GET /files/a.png: not found", page: nil)
        #expect(
            recorder.lines == [
                #"{"clockMs":42,"door":"web","page":3,"address":"127.0.0.1:7000","dir":"out","message":{"id":1}}"#,
                #"{"clockMs":42,"door":"web","page":3,"address":"127.0.0.1:7000","dir":"out","message":{"id":2}}"#,
                #"{"clockMs":42,"door":"web","page":3,"address":"127.0.0.1:7000","dir":"out","method":"Web.State","bytes":900}"#,
                #"{"clockMs":42,"door":"web","event":"GET /files/a.png: not found"}"#,
            ])
    }
}
