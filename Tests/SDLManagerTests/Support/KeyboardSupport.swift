import JSONCodec
import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The HMI's keyboard properties when the app has set none (or reset them).
let hmiDefaultKeyboard = KeyboardProperties(language: .enUS, keyboardLayout: .qwerty, maskInputCharacters: .disable)

/// Every event of a keyboard until it ends.
func allEvents(_ events: AsyncStream<OnKeyboardInput>) async -> [OnKeyboardInput] {
    var all: [OnKeyboardInput] = []
    for await event in events { all.append(event) }
    return all
}

/// The first event of a keyboard (nil if it ended without any).
func collectFirst(_ events: AsyncStream<OnKeyboardInput>) async -> OnKeyboardInput? {
    var iterator = events.makeAsyncIterator()
    return await iterator.next()
}
