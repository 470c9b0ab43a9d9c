import JSONCodec

/// One fixture's conversation with its simulator: sends, expectations, sync barriers.
///
/// Over SDL's transport (`sdl` given), the fixture's SDL requests go to the app's connection
/// and everything else (User.*, Sim.*, other methods) to stdin; an expected message is read
/// from the door it belongs to: a response from the door its request went through, a
/// notification from the app's. The header's other apps each have a connection of their own
/// (`apps`), which a step names. Each door keeps its order; across doors, order is not checked.
struct FixtureSession {
    let connection: SimulatorConnection
    let sdl: SDLChannel?
    /// The header's apps, each on its own SDL connection.
    let apps: [String: SDLChannel]
    /// The apps whose connection a step closed.
    private var disconnected: Set<String> = []
    let command: String
    let timeoutSeconds: Double
    private var matcher = Matcher()
    private var barriers = 0
    /// The door each `id` last went through.
    private var doors: [JSON: Door] = [:]

    enum Door { case stdio, sdl }

    init(connection: SimulatorConnection, sdl: SDLChannel? = nil, apps: [String: SDLChannel] = [:], command: String, timeoutSeconds: Double) {
        self.connection = connection
        self.sdl = sdl
        self.apps = apps
        self.command = command
        self.timeoutSeconds = timeoutSeconds
    }

    /// Runs the steps, then checks that nothing more arrives and that the simulator
    /// exits cleanly at end of input (PROTOCOL §1).
    mutating func run(_ steps: [Step]) throws(FixtureFailure) {
        for step in steps { try perform(step) }
        let last = steps.last?.origin
        _ = try barrier(origin: last, step: "end of fixture")
        sdl?.close()
        for app in apps.values { app.close() }
        connection.closeInput()
        switch connection.waitForExit() {
        case .exited(0): return
        case nil:
            throw FixtureFailure(origin: last, step: "end of fixture", message: "the simulator did not exit within the fixture's \(seconds) s after its input ended")
        case let status?:
            throw FixtureFailure(origin: last, step: "end of fixture", message: "the simulator \(status) after its input ended (expected 0)")
        }
    }

    private mutating func perform(_ step: Step) throws(FixtureFailure) {
        if let name = step.app, let app = apps[name] { return try perform(step, as: name, through: app) }
        switch step.action {
        case .send(let message):
            let resolved: JSON
            do { resolved = try matcher.substitute(message) } catch {
                throw FixtureFailure(origin: step.origin, step: step.kind, message: "cannot send: \(error)")
            }
            if let sdl, SDLChannel.carries(resolved) {
                doors[resolved["id"]!] = .sdl
                do { try sdl.send(resolved) } catch {
                    throw ioFailure(error, origin: step.origin, step: step.kind, doing: "sending over SDL")
                }
            } else {
                if let id = resolved["id"] { doors[id] = .stdio }
                try write(resolved.serialized + [UInt8(ascii: "\n")], step)
            }
        case .sendRaw(let bytes):
            try write(bytes + [UInt8(ascii: "\n")], step)
        case .expect(let pattern):
            let received = try nextMessage(step, from: door(of: pattern), doing: "waiting for the expected message")
            try require(received, matches: pattern, step, what: "the message received")
        case .expectAnyOrder(let patterns):
            var received: [JSON] = []
            for (index, pattern) in patterns.enumerated() {
                received.append(
                    try nextMessage(
                        step, from: door(of: pattern), doing: "waiting for message \(index + 1) of \(patterns.count) expected in any order",
                        received: received))
            }
            do { try matcher.matchAnyOrder(patterns, received) } catch { throw anyOrderFailure(error, patterns, received, step) }
        case .expectNothingMore:
            _ = try barrier(origin: step.origin, step: step.kind)
        case .disconnect(let name):
            do { try apps[name]?.disconnect() } catch {
                throw ioFailure(error, origin: step.origin, step: step.kind, doing: "waiting for the simulator to close the connection of the app \(name)")
            }
            disconnected.insert(name)
        case .expectState(let pattern):
            let state = try barrier(origin: step.origin, step: step.kind)
            let differences = matcher.match(pattern, state, everyObjectPartial: true)
            guard differences.isEmpty else {
                throw FixtureFailure(
                    origin: step.origin, step: step.kind, message: "Sim.GetState's result differs from the state expected (objects match partially):",
                    differences: differences, expected: [pattern], received: [state])
            }
        }
    }

    /// A step of one of the header's apps: it sends over its own connection, and expects
    /// from it alone.
    private mutating func perform(_ step: Step, as name: String, through app: SDLChannel) throws(FixtureFailure) {
        let doing = "on the connection of the app \(name)"
        switch step.action {
        case .send(let message):
            let resolved: JSON
            do { resolved = try matcher.substitute(message) } catch {
                throw FixtureFailure(origin: step.origin, step: step.kind, message: "cannot send: \(error)")
            }
            do { try app.send(resolved) } catch {
                throw ioFailure(error, origin: step.origin, step: step.kind, doing: "sending \(doing)")
            }
        case .expect(let pattern):
            let received: JSON
            do { received = try app.nextMessage() } catch {
                throw ioFailure(error, origin: step.origin, step: step.kind, doing: "waiting for the expected message \(doing)")
            }
            try require(received, matches: pattern, step, what: "the message the app \(name) received")
        case .expectAnyOrder(let patterns):
            var received: [JSON] = []
            for index in patterns.indices {
                do { received.append(try app.nextMessage()) } catch {
                    throw ioFailure(
                        error, origin: step.origin, step: step.kind,
                        doing: "waiting for message \(index + 1) of \(patterns.count) expected in any order \(doing)", received: received)
                }
            }
            do { try matcher.matchAnyOrder(patterns, received) } catch { throw anyOrderFailure(error, patterns, received, step) }
        default:
            // The loader lets `app` go with the three above only.
            throw FixtureFailure(origin: step.origin, step: step.kind, message: "\(step.kind) cannot name an app")
        }
    }

    /// Fails `step` unless `received` matches `pattern`; `what` names the message in the failure.
    private mutating func require(_ received: JSON, matches pattern: JSON, _ step: Step, what: String) throws(FixtureFailure) {
        let differences = matcher.match(pattern, received)
        guard differences.isEmpty else {
            throw FixtureFailure(
                origin: step.origin, step: step.kind, message: "\(what) differs from the one expected:",
                differences: differences, expected: [pattern], received: [received])
        }
    }

    /// Sends `Sim.GetState` and requires its reply to be the very next message: output
    /// follows input (PROTOCOL §3), so anything still pending would arrive first. Every SDL
    /// connection is checked the same way, with a Heartbeat. Returns the reply's result.
    private mutating func barrier(origin: StepOrigin?, step: String) throws(FixtureFailure) -> JSON {
        let channels = (sdl.map { [("the app's SDL connection", $0)] } ?? [])
            + apps.keys.sorted().filter { !disconnected.contains($0) }.map { ("the SDL connection of the app \($0)", apps[$0]!) }
        for (name, channel) in channels {
            let early: [JSON]
            do { early = try channel.barrier() } catch {
                throw ioFailure(error, origin: origin, step: step, doing: "waiting for the ACK of its SDL Heartbeat sync on \(name)")
            }
            guard early.isEmpty else {
                throw FixtureFailure(
                    origin: origin, step: step, message: "expected nothing more on \(name), but the simulator sent:", received: early)
            }
        }
        barriers += 1
        let id = JSON.string("hu-conform-sync-\(barriers)")
        let request: JSON = ["jsonrpc": "2.0", "id": id, "method": "Sim.GetState"]
        try write(request.serialized + [UInt8(ascii: "\n")], origin: origin, step: step)
        let reply = try nextMessage(origin: origin, step: step, doing: "waiting for the reply to its Sim.GetState sync request")
        guard reply["id"] == id else {
            throw FixtureFailure(
                origin: origin, step: step,
                message: "expected nothing more before the sync reply, but the simulator sent another message first:",
                received: [reply])
        }
        guard let result = reply["result"], result.objectValue != nil else {
            throw FixtureFailure(origin: origin, step: step, message: "the simulator answered the Sim.GetState sync request without a result object:", received: [reply])
        }
        return result
    }

    // MARK: I/O with clear failures

    private var seconds: String { timeoutSeconds == timeoutSeconds.rounded() ? String(Int(timeoutSeconds)) : String(timeoutSeconds) }

    private func write(_ bytes: [UInt8], _ step: Step) throws(FixtureFailure) {
        try write(bytes, origin: step.origin, step: step.kind)
    }

    private func write(_ bytes: [UInt8], origin: StepOrigin?, step: String) throws(FixtureFailure) {
        do { try connection.write(bytes) } catch {
            throw ioFailure(error, origin: origin, step: step, doing: "writing to its input")
        }
    }

    private func nextMessage(_ step: Step, from door: Door = .stdio, doing what: String, received: [JSON] = []) throws(FixtureFailure) -> JSON {
        guard door == .sdl, let sdl else { return try nextMessage(origin: step.origin, step: step.kind, doing: what, received: received) }
        do { return try sdl.nextMessage() } catch {
            throw ioFailure(error, origin: step.origin, step: step.kind, doing: "\(what) on the app's SDL connection", received: received)
        }
    }

    /// Where a message matching `pattern` comes from: a response from the door its request
    /// went through, a notification from the app's door.
    private func door(of pattern: JSON) -> Door {
        guard sdl != nil else { return .stdio }
        let resolved = (try? matcher.substitute(pattern)) ?? pattern
        if let id = resolved["id"] { return doors[id] ?? .stdio }
        return resolved["method"] != nil ? .sdl : .stdio
    }

    private func nextMessage(origin: StepOrigin?, step: String, doing what: String, received: [JSON] = []) throws(FixtureFailure) -> JSON {
        let line: [UInt8]
        do { line = try connection.nextLine() } catch {
            throw ioFailure(error, origin: origin, step: step, doing: what, received: received)
        }
        do {
            return try JSON.parse(line)
        } catch {
            let text = abbreviated(String(decoding: line, as: UTF8.self), limit: 300)
            throw FixtureFailure(origin: origin, step: step, message: "the simulator printed a line that is not JSON (\(error)): \(text.isEmpty ? "(an empty line)" : text)")
        }
    }

    private func ioFailure(_ error: SimulatorConnection.Failure, origin: StepOrigin?, step: String, doing what: String, received: [JSON] = []) -> FixtureFailure {
        switch error {
        case .timedOut:
            return FixtureFailure(
                origin: origin, step: step,
                message: "timed out \(what): the fixture's time limit (--timeout \(seconds) s) ran out; the simulator hangs or never sent it",
                received: received)
        case .ended:
            let status = connection.exitStatusAfterEnd().map { "\($0)" } ?? "closed its pipes"
            return FixtureFailure(
                origin: origin, step: step,
                message: "the simulator \(status) while hu-conform was \(what)",
                received: received)
        }
    }

    private func anyOrderFailure(_ mismatch: Matcher.AnyOrderMismatch, _ patterns: [JSON], _ received: [JSON], _ step: Step) -> FixtureFailure {
        let message: String
        if let pattern = mismatch.unmatchedPattern, let closest = mismatch.closestMessage {
            message = "no message received matches expected #\(pattern + 1); closest is received #\(closest + 1):"
        } else {
            message = "each expected message matches some received one, but no order matches them all at once (captures or duplicates):"
        }
        return FixtureFailure(origin: step.origin, step: step.kind, message: message, differences: mismatch.closestDifferences, expected: patterns, received: received)
    }
}
