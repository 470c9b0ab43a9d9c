/// Suggestions from an async lookup the app supplies (a postcode service, say), each lookup
/// given at most `timeLimit`, its failures typed.
public struct RemoteAutocompleteProvider: AutocompleteProvider {
    /// Looks a text up, wherever the suggestions come from.
    public typealias Lookup = @Sendable (String) async throws -> [Suggestion]

    /// How long one lookup may take before it fails with `RemoteAutocompleteError`.
    public let timeLimit: Duration
    private let lookup: Lookup
    private let timekeeper: Timekeeper
    private let message: @Sendable (RemoteAutocompleteError) -> String?

    /// - Parameters:
    ///   - timeLimit: how long one lookup may take before it fails.
    ///   - lookup: looks a text up, wherever the suggestions come from.
    ///   - clock: what the time limit is measured on (a test clock in tests).
    ///   - failureMessage: the text the driver is shown for a failure, e.g. localized; nil
    ///     leaves it to the autocomplete loop's generic message.
    public init<C: Clock>(
        timeLimit: Duration = .seconds(3), clock: C = ContinuousClock(),
        failureMessage: @escaping @Sendable (RemoteAutocompleteError) -> String? = { _ in nil },
        lookup: @escaping Lookup
    ) where C.Duration == Duration {
        self.timeLimit = timeLimit
        self.lookup = lookup
        self.timekeeper = Timekeeper(clock)
        self.message = failureMessage
    }

    public func suggestions(for text: String) async throws(RemoteAutocompleteError) -> [Suggestion] {
        do {
            return try await withDeadline(timekeeper.now() + timeLimit, on: timekeeper) { [lookup] in try await lookup(text) }
        } catch {
            switch error {
            case .timedOut: throw .timedOut(query: text, after: timeLimit)
            case .cancelled: throw .cancelled(query: text)
            case .failed(let underlying) where underlying is CancellationError: throw .cancelled(query: text)
            case .failed(let underlying): throw .lookupFailed(query: text, reason: String(describing: underlying))
            }
        }
    }

    public func failureMessage(for error: any Error) -> String? {
        (error as? RemoteAutocompleteError).flatMap(message)
    }
}

/// Why a remote lookup gave no suggestions.
public enum RemoteAutocompleteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer within the provider's time limit; the answer is dropped if it comes later.
    case timedOut(query: String, after: Duration)
    /// The lookup threw.
    case lookupFailed(query: String, reason: String)
    /// The lookup was no longer wanted (the driver typed on).
    case cancelled(query: String)

    public var description: String {
        switch self {
        case .timedOut(let query, let after): "no suggestions for \"\(query)\" within \(after)"
        case .lookupFailed(let query, let reason): "the lookup for \"\(query)\" failed: \(reason)"
        case .cancelled(let query): "the lookup for \"\(query)\" was cancelled"
        }
    }
}
