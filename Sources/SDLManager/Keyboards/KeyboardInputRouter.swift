import SDLModel
import Synchronization

/// The one way `OnKeyboardInput` reaches the app: to the keyboard on screen (a keyboard or
/// a search set), and to nothing else. An event that comes when none is on screen, or after
/// the keyboard it was typed on has ended, is dropped.
final class KeyboardInputRouter: Sendable {
    private struct Attached {
        let token: Int
        let receive: @Sendable (OnKeyboardInput) -> Void
    }

    private struct State {
        var attached: Attached?
        var nextToken = 0
        var dropped = 0
        /// Every event routed, dropped ones included.
        var routed = 0
        var waiters: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// `receive` gets every event from now until `detach(token)`; it replaces any keyboard attached before.
    func attach(_ receive: @escaping @Sendable (OnKeyboardInput) -> Void) -> Int {
        state.withLock { state in
            state.nextToken += 1
            state.attached = Attached(token: state.nextToken, receive: receive)
            return state.nextToken
        }
    }

    /// Stops routing to the keyboard attached with `token` (if it still is).
    func detach(_ token: Int) {
        state.withLock { state in
            if state.attached?.token == token { state.attached = nil }
        }
    }

    /// Hands `input` to the keyboard on screen; false if it was dropped.
    @discardableResult
    func route(_ input: OnKeyboardInput) -> Bool {
        let receive = state.withLock { state -> (@Sendable (OnKeyboardInput) -> Void)? in
            if state.attached == nil { state.dropped += 1 }
            return state.attached?.receive
        }
        receive?(input)
        let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.routed += 1
            let due = state.waiters.filter { $0.value.count <= state.routed }
            for key in due.keys { state.waiters[key] = nil }
            return due.values.map(\.continuation)
        }
        for waiter in due { waiter.resume() }
        return receive != nil
    }

    /// Returns once `count` events have been routed since the start (or the waiting task is
    /// cancelled): the events the head unit sent before an answer reach their keyboard before it is detached.
    func waitUntilRouted(_ count: Int) async {
        let key = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.routed >= count || Task.isCancelled { return true }
                    state.waiters[key] = (count, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: key) }
            waiter?.continuation.resume()
        }
    }

    /// How many events came with no keyboard on screen.
    var droppedCount: Int { state.withLock { $0.dropped } }
}
