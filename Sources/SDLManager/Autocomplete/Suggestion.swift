/// One autocomplete entry: the text the head unit shows (and types when chosen), and, for
/// the app's own UI, a title and subtitle. `id` says which entries of two answers are the
/// same entry, so a fresh answer can replace a cached one (it defaults to the text).
public struct Suggestion: Sendable, Hashable {
    public var text: String
    public var title: String?
    public var subtitle: String?
    public var id: String

    public init(text: String, title: String? = nil, subtitle: String? = nil, id: String? = nil) {
        self.text = text
        self.title = title
        self.subtitle = subtitle
        self.id = id ?? text
    }
}

/// Where suggestions for what the driver has typed come from.
public protocol AutocompleteProvider: Sendable {
    /// The suggestions for `text`, best first. Throwing shows the driver a failure.
    func suggestions(for text: String) async throws -> [Suggestion]

    /// Successive answers for `text`, each replacing the one before, the last one final:
    /// e.g. cached suggestions at once, then fresh ones. By default the one answer of
    /// `suggestions(for:)`.
    func answers(for text: String) -> AsyncThrowingStream<[Suggestion], any Error>

    /// A short, localized text the driver can be shown when a lookup failed with `error`;
    /// nil leaves it to the caller's generic message.
    func failureMessage(for error: any Error) -> String?
}

extension AutocompleteProvider {
    public func answers(for text: String) -> AsyncThrowingStream<[Suggestion], any Error> {
        AsyncThrowingStream { continuation in
            let lookup = Task {
                do {
                    continuation.yield(try await suggestions(for: text))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in lookup.cancel() }
        }
    }

    public func failureMessage(for error: any Error) -> String? { nil }
}

/// Never suggests anything: what a keyboard uses until the app chooses a provider.
public struct DisabledAutocompleteProvider: AutocompleteProvider {
    public init() {}
    public func suggestions(for text: String) async throws -> [Suggestion] { [] }
}

extension AutocompleteProvider where Self == DisabledAutocompleteProvider {
    public static var disabled: DisabledAutocompleteProvider { DisabledAutocompleteProvider() }
}
