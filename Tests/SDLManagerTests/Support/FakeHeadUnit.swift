import JSONCodec
import JSONRPC
import SDLManager
import SDLModel
import Testing

/// An in-memory head unit for what hu-sim's engine does not do: answers no head unit gives
/// (a malformed reply, a JSON-RPC error for a known method, a choice ID it was never given),
/// requests held and answered when the test says, notifications sent at a moment of the
/// test's choosing. It reads the app's lines and answers each request as its script says
/// (by default like a healthy head unit); it can drop replies or crash on demand.
actor FakeHeadUnit {
    /// What to do with one request.
    enum Action {
        /// An SDL result: `success`/`resultCode` are added from `code`.
        case result(ResultCode, info: String? = nil, JSONObject = [:])
        /// A JSON-RPC error object.
        case error(RPCError)
        /// No answer, ever.
        case drop
        /// The head unit goes away: its output ends, every pending request is left unanswered.
        case crash
    }

    struct Request {
        let method: String
        let params: JSONObject
        let id: JSON
    }

    typealias Script = @Sendable (_ request: Request, _ callNumber: Int) -> Action?

    nonisolated let output: AsyncStream<[UInt8]>
    private let continuation: AsyncStream<[UInt8]>.Continuation
    private var partialLine: [UInt8] = []
    private var scripts: [String: Script] = [:]
    private var waiters: [Int: (method: String, count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter = 0
    private(set) var requests: [Request] = []
    private(set) var inputEnded = false
    /// `spaceAvailable` in file replies; PutFile takes from it.
    var spaceAvailable = 100_000_000
    var listedFiles: [String] = []
    /// After registering: NONE then FULL, as Core with an HMI that activates the app; else NONE only.
    var activatesOnRegistration = true

    init() {
        (output, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    }

    /// Where the app writes.
    nonisolated var sink: some ByteSink { Sink(headUnit: self) }

    /// Answers `method` by `script` (nil from the script: the default answer).
    func on(_ method: String, _ script: @escaping Script) { scripts[method] = script }

    func setSpaceAvailable(_ bytes: Int) { spaceAvailable = bytes }

    func setListedFiles(_ names: [String]) { listedFiles = names }

    func setActivatesOnRegistration(_ activates: Bool) { activatesOnRegistration = activates }

    /// Answers a request now (one the script dropped earlier).
    func respond(to request: Request, with action: Action) { perform(action, for: request) }

    func requests(_ method: String) -> [Request] { requests.filter { $0.method == method } }

    /// Waits until `count` requests of `method` have come in; one that does not come within
    /// `patience` is an issue of the test that waited (and the wait ends).
    func waitFor(_ method: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard requests(method).count < count else { return }
        let key = nextWaiter
        nextWaiter += 1
        let expiry = Task {
            do { try await Task.sleep(for: patience) } catch { return }
            self.expire(key, sourceLocation: sourceLocation)
        }
        await withCheckedContinuation { waiters[key] = (method, count, $0) }
        expiry.cancel()
    }

    private func expire(_ key: Int, sourceLocation: SourceLocation) {
        guard let waiter = waiters.removeValue(forKey: key) else { return }
        Issue.record("\(waiter.count) \(waiter.method) request(s) did not come within \(patience)", sourceLocation: sourceLocation)
        waiter.continuation.resume()
    }

    func notify(_ method: String, _ params: JSONObject) {
        var line: [UInt8] = []
        MessageWriter.writeCall(method: method, params: params, into: &line)
        write(line)
    }

    func crash() { continuation.finish() }

    fileprivate func receive(_ bytes: [UInt8]) {
        for byte in bytes {
            guard byte == 0x0A else {
                partialLine.append(byte)
                continue
            }
            let line = partialLine
            partialLine = []
            guard case .call(let method, let params, let id?)? = (try? JSON.parse(line)).map(IncomingMessage.init) else {
                continue
            }
            let request = Request(method: method, params: params, id: id)
            requests.append(request)
            answer(request)
            for (key, waiter) in waiters where requests(waiter.method).count >= waiter.count {
                waiters[key] = nil
                waiter.continuation.resume()
            }
        }
    }

    fileprivate func endOfInput() {
        inputEnded = true
        continuation.finish()
    }

    private func answer(_ request: Request) {
        let callNumber = requests(request.method).count
        perform(scripts[request.method]?(request, callNumber) ?? defaultAction(request), for: request)
    }

    private func perform(_ action: Action, for request: Request) {
        switch action {
        case .result(let code, let info, let parameters):
            var result: JSONObject = ["success": .bool(code == .success || code == .warnings), "resultCode": .string(code.rawValue)]
            if let info { result.appendNew("info", .string(info)) }
            for member in parameters { result.appendNew(member.key, member.value) }
            reply(request, .success(.object(result)))
            if request.method == RegisterAppInterface.method, code == .success {
                notify(OnHMIStatus.method, OnHMIStatus(.none, audio: .notAudible, context: .main).parameters)
                if activatesOnRegistration {
                    notify(OnHMIStatus.method, OnHMIStatus(.full, audio: .notAudible, context: .main).parameters)
                }
            }
        case .error(let error):
            reply(request, .failure(error))
        case .drop:
            break
        case .crash:
            crash()
        }
    }

    /// A healthy head unit's answer.
    private func defaultAction(_ request: Request) -> Action {
        switch request.method {
        case RegisterAppInterface.method:
            var response = RegisterAppInterface.Response()
            response.displayCapabilities = DisplayCapabilities(
                displayName: "Fake",
                textFields: [TextField(.mainField1), TextField(.menuName), TextField(.secondaryText), TextField(.tertiaryText)],
                imageFields: [ImageField(.choiceImage), ImageField(.choiceSecondaryImage)], graphicSupported: true,
                templatesAvailable: nil)
            return .result(.success, response.parameters)
        case ListFiles.method:
            var parameters: JSONObject = ["spaceAvailable": .integer(Int64(spaceAvailable))]
            if !listedFiles.isEmpty { parameters.appendNew("filenames", .array(listedFiles.map { .string($0) })) }
            return .result(.success, parameters)
        case PutFile.method:
            let size = Self.decodedSize(request.params["bulkData"]?.stringValue ?? "")
            guard size <= spaceAvailable else {
                return .result(.outOfMemory, info: "Out of memory", ["spaceAvailable": .integer(Int64(spaceAvailable))])
            }
            spaceAvailable -= size
            return .result(.success, ["spaceAvailable": .integer(Int64(spaceAvailable))])
        case DeleteFile.method:
            return .result(.success, ["spaceAvailable": .integer(Int64(spaceAvailable))])
        default:
            return .result(.success)
        }
    }

    private func reply(_ request: Request, _ outcome: Result<JSON, RPCError>) {
        var line: [UInt8] = []
        MessageWriter.writeResponse(id: request.id, outcome: outcome, into: &line)
        write(line)
    }

    private func write(_ line: [UInt8]) { continuation.yield(line + [0x0A]) }

    static func decodedSize(_ base64: String) -> Int {
        let padding = base64.utf8.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        return base64.utf8.count / 4 * 3 - padding
    }

    private struct Sink: ByteSink {
        let headUnit: FakeHeadUnit
        func write(_ bytes: [UInt8]) async throws { await headUnit.receive(bytes) }
        func finish() async { await headUnit.endOfInput() }
    }
}
