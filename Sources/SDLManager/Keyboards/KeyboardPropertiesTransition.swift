import SDLModel

/// The requests that take the head unit's cached keyboard properties from `old` to exactly
/// `new`, given Core's caching (SDL-RULES §6): language, layout, mask and the autocomplete
/// list carry over when a later SetGlobalProperties leaves them out, so a plain
/// SetGlobalProperties of `new` could leave some of `old` behind. nil is the HMI's
/// defaults (nothing set, or reset).
enum KeyboardPropertiesTransition {
    enum Step: Sendable, Equatable {
        case set(KeyboardProperties)
        case reset
    }

    /// - Parameters:
    ///   - listsSupported: whether the head unit knows `autoCompleteList` (SDL 6.0+); older
    ///     ones drop it, so an empty list cannot clear what `autoCompleteText` left.
    ///   - listShown: whether autocomplete suggestions were sent since `old` was.
    static func steps(
        from old: KeyboardProperties?, to new: KeyboardProperties?, listsSupported: Bool, listShown: Bool = false
    ) -> [Step] {
        guard old != new || listShown else { return [] }
        guard let new else { return [.reset] }
        guard let old else { return [.set(new)] }
        let showsList = listShown || old.autoCompleteList?.isEmpty == false || old.autoCompleteText != nil
        let newHasList = new.autoCompleteList != nil || new.autoCompleteText != nil
        let leftBehind =
            (old.language != nil && new.language == nil)
            || (old.keyboardLayout != nil && new.keyboardLayout == nil)
            || (old.maskInputCharacters != nil && new.maskInputCharacters == nil)
            || (showsList && !newHasList && !listsSupported)
        if leftBehind { return [.reset, .set(new)] }
        var sent = new
        // An explicit empty list removes the old one; Core caches no list then, as `new` has none.
        if showsList && !newHasList { sent.autoCompleteList = [] }
        return [.set(sent)]
    }
}
