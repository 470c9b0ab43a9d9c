import HeadUnit

/// One door into the engine: stdin/stdout, or an app's connection. It turns its wire into
/// `EngineCall`s and what the engine says back into its wire.
public protocol EnginePeer: AnyObject {
    /// The answer to the request this peer numbered `number` in its `EngineCall`.
    func deliver(_ answer: EngineAnswer, to number: UInt64)
    /// A notification for the app registered from this peer.
    func deliver(_ notification: SDLNotificationMessage)
}

/// The engine and its peers, on one thread: every call goes in through here, and what the
/// engine says is handed at once to the peer it is for. This is the only place where output
/// is routed, so each door stays a plain mapping between its wire and the engine.
public final class EngineHost {
    public let engine: HeadUnitEngine
    /// Held weakly: a peer belongs to whoever reads its wire (the loop, a test). Few at
    /// once (stdio and an app), so a list beats a table.
    private var peers: [(id: PeerID, peer: WeakPeer)] = []
    private var nextPeer = 0

    private struct WeakPeer {
        weak var peer: (any EnginePeer)?
    }

    public init(engine: HeadUnitEngine) {
        self.engine = engine
    }

    /// A new peer's identity, for `attach`.
    public func newPeerID() -> PeerID {
        defer { nextPeer += 1 }
        return PeerID(nextPeer)
    }

    /// Admits `peer` as `id`; the engine's output for `id` is delivered to it until `detach`.
    /// `door`: how an app registered from it is reached (nil for a peer no app registers from).
    public func attach(_ peer: any EnginePeer, as id: PeerID, door: AppDoor?) {
        peers.append((id, WeakPeer(peer: peer)))
        if let door { engine.admit(id, door: door) }
    }

    /// `id` is gone: an app registered from it ends as a disconnect ends it, and what that
    /// says to `id` (answers to its waiting requests) is still delivered before it goes.
    public func detach(_ id: PeerID) {
        disconnect(id)
        peers.removeAll { $0.id == id }
    }

    /// The app registered from `id` is gone (it ended its session), while `id` stays attached.
    public func disconnect(_ id: PeerID) {
        engine.disconnect(id)
        deliverEngineOutput()
    }

    /// Whether `id` is attached.
    public func isAttached(_ id: PeerID) -> Bool { peers.contains { $0.id == id } }

    /// Passes a call from `caller` to the engine and delivers what it caused: to the caller
    /// directly (the common case: its own answer), to other peers by their ID.
    public func call<Caller: EnginePeer>(_ call: EngineCall, from caller: Caller) {
        let callerID = call.peer
        engine.handle(call)
        engine.drainOutput { message in
            switch message {
            case .answer(let token, let answer):
                if token.peer == callerID {
                    caller.deliver(answer, to: token.number)
                } else {
                    peer(token.peer)?.deliver(answer, to: token.number)
                }
            case .notification(let id, let notification):
                if id == callerID { caller.deliver(notification) } else { peer(id)?.deliver(notification) }
            }
        }
    }

    /// Real clock only: time has moved on to `now`; timers due by then fire.
    public func advanceClock(to now: Int64) {
        engine.advanceClock(to: now)
        deliverEngineOutput()
    }

    private func peer(_ id: PeerID) -> (any EnginePeer)? {
        peers.first { $0.id == id }?.peer.peer
    }

    private func deliverEngineOutput() {
        engine.drainOutput { message in
            switch message {
            case .answer(let token, let answer): peer(token.peer)?.deliver(answer, to: token.number)
            case .notification(let id, let notification): peer(id)?.deliver(notification)
            }
        }
    }
}
