import SDLModel

/// The one way `OnKeyboardInput` reaches the app: to the keyboard on screen (a keyboard or
/// a search set), and to nothing else. An event that comes when none is on screen, or after
/// the keyboard it was typed on has ended, is dropped. Events are routed while the line
/// that carried them is dispatched, so every event sent before the keyboard's answer has
/// reached it when the answer does.
@SDLActor final class KeyboardInputRouter {
    private var attached: (token: Int, receive: (OnKeyboardInput) -> Void)?
    private var nextToken = 0

    nonisolated init() {}

    /// `receive` gets every event from now until `detach(token)`; it replaces any keyboard attached before.
    func attach(_ receive: @escaping (OnKeyboardInput) -> Void) -> Int {
        nextToken += 1
        attached = (nextToken, receive)
        return nextToken
    }

    /// Stops routing to the keyboard attached with `token` (if it still is).
    func detach(_ token: Int) {
        if attached?.token == token { attached = nil }
    }

    /// Hands `input` to the keyboard on screen; false if it was dropped.
    @discardableResult
    func route(_ input: OnKeyboardInput) -> Bool {
        guard let attached else { return false }
        attached.receive(input)
        return true
    }
}
