/// What a head unit can show and do. (Filled in by the engine's profiles.)
public struct Profile: Sendable {
    public let name: String

    public static let builtInNames = ["full", "text-only", "legacy"]

    public static func builtIn(named name: String) -> Profile? {
        builtInNames.contains(name) ? Profile(name: name) : nil
    }
}
