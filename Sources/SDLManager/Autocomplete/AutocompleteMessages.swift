import SDLModel

/// What the driver is told when suggestions fail, unless the provider says otherwise
/// (`AutocompleteProvider.failureMessage(for:)`): the app's own texts, or the built-in ones
/// for the keyboard's language.
public struct AutocompleteMessages: Sendable, Hashable {
    /// A lookup took longer than its time limit.
    public var timeout: String
    /// A lookup failed, or the list could not be sent.
    public var failure: String

    /// Messages for a lookup that ran past its time limit (`timeout`) and one that failed (`failure`).
    public init(timeout: String, failure: String) {
        self.timeout = timeout
        self.failure = failure
    }

    /// The built-in English messages.
    public static let english = AutocompleteMessages(
        timeout: "Suggestions are taking too long. Keep typing, or try again later.",
        failure: "Suggestions are not available right now.")

    /// The built-in texts for `language` (English, German, French and Spanish); English for any other.
    public static func builtIn(for language: Language?) -> AutocompleteMessages {
        switch language?.rawValue.prefix(2) {
        case "DE":
            AutocompleteMessages(
                timeout: "Die Vorschläge brauchen zu lange. Tippen Sie weiter oder versuchen Sie es später.",
                failure: "Vorschläge sind gerade nicht verfügbar.")
        case "FR":
            AutocompleteMessages(
                timeout: "Les suggestions tardent. Continuez à taper ou réessayez plus tard.",
                failure: "Les suggestions ne sont pas disponibles pour le moment.")
        case "ES":
            AutocompleteMessages(
                timeout: "Las sugerencias tardan demasiado. Siga escribiendo o inténtelo más tarde.",
                failure: "Las sugerencias no están disponibles en este momento.")
        default: .english
        }
    }
}
