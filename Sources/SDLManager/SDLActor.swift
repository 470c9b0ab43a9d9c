/// The one isolation domain of the manager library: `SDLManager`, its connection, its
/// queue, its file, choice-set and keyboard managers, and the autocomplete loops all live
/// here, as sdl_ios keeps every manager on one serial processing queue. Calls between them
/// are plain synchronous calls; the only ways in are the app's calls and the connection's
/// reader, which enters once per chunk of messages from the head unit (docs/manager.md
/// follows one `present` through it).
@globalActor public actor SDLActor {
    /// The one instance every manager shares.
    public static let shared = SDLActor()
}
