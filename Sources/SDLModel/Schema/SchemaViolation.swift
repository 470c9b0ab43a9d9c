/// A parameter that breaks SDL's schema (MOBILE_API.xml): SDL answers it with
/// `INVALID_DATA`, and `info` names the parameter's path, e.g. `choiceSet[3].choiceID`.
public struct SchemaViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path components, outermost first: names, and `[index]` for array elements.
    public private(set) var path: [String]
    public let reason: String

    public init(_ reason: String, at name: String? = nil) {
        self.reason = reason
        self.path = name.map { [$0] } ?? []
    }

    /// The same violation seen from one level up.
    func inside(_ component: String) -> SchemaViolation {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }

    /// The same violation, with the outermost parameter called `new` where it is `old`.
    func renamingRoot(_ old: String, to new: String) -> SchemaViolation {
        guard path.first == old else { return self }
        var copy = self
        copy.path[0] = new
        return copy
    }

    /// `choiceSet[3].choiceID`
    public var pathText: String {
        var text = ""
        for component in path {
            if component.hasPrefix("[") || text.isEmpty { text += component } else { text += "." + component }
        }
        return text
    }

    public var description: String { path.isEmpty ? reason : "\(pathText): \(reason)" }

    /// A value the app sent, as a reason quotes it: whole when short, else its start and its
    /// length, so that `info` stays within MOBILE_API.xml's 1000 characters.
    static func excerpt(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 64 else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(48))) + "… (\(scalars.count) characters)"
    }
}
