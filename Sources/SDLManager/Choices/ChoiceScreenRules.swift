import SDLModel

/// What a head unit can show of a cell, and the text each cell is sent with so that no two
/// cells look the same there.
///
/// Fields the main window has no room for are left out (a head unit may refuse them or
/// show them badly). Cells that would look alike get `" (2)"`, `" (3)"`, … on their text:
/// from SDL 7.1 on, judged on everything the screen shows of them (the reference managers'
/// rule since then); before, on the text alone, which is all older head units compared.
public struct ChoiceScreenRules: Sendable, Hashable {
    /// The main window's capabilities; nil (not reported) shows every field.
    public let window: WindowCapability?
    /// Whether likeness is judged on the whole visible cell (SDL ≥ 7.1) or its text alone.
    public let comparesVisibleFields: Bool
    /// Whether the head unit refuses choices without voice commands (the VR-optional probe failed).
    public let voiceCommandsRequired: Bool
    /// The fields of a cell the main window shows, looked up once: every cell of a preload
    /// asks several times.
    private let shown: ShownFields

    private struct ShownFields: Hashable, Sendable {
        var secondaryText, tertiaryText, choiceImage, choiceSecondaryImage: Bool
    }

    /// The first head unit version that judges likeness on the whole visible cell.
    public static let visibleFieldsVersion = SdlMsgVersion(7, 1)

    /// The rules for a head unit whose main window is `window`, speaking SDL `headUnitVersion`.
    public init(window: WindowCapability?, headUnitVersion: SdlMsgVersion?, voiceCommandsRequired: Bool = false) {
        self.window = window
        self.comparesVisibleFields = headUnitVersion.map { $0 >= Self.visibleFieldsVersion } ?? true
        self.voiceCommandsRequired = voiceCommandsRequired
        shown = ShownFields(
            secondaryText: Self.shows(.secondaryText, in: window), tertiaryText: Self.shows(.tertiaryText, in: window),
            choiceImage: Self.shows(.choiceImage, in: window), choiceSecondaryImage: Self.shows(.choiceSecondaryImage, in: window))
    }

    /// What the screen shows of a cell sent with `text`: the fields this head unit has room for.
    public struct VisibleCell: Hashable, Sendable {
        /// The text sent, with any `" (2)"` suffix.
        public var text: String
        /// The second line, if the screen shows one.
        public var secondaryText: String?
        /// The third line, if the screen shows one.
        public var tertiaryText: String?
        /// The image's name, if the screen shows images.
        public var artworkName: String?
        /// The second image's name, if the screen shows one.
        public var secondaryArtworkName: String?
    }

    /// What the screen shows of `cell` sent with `text` (its own text by default).
    public func visible(_ cell: ChoiceCell, text: String? = nil) -> VisibleCell {
        VisibleCell(
            text: text ?? cell.text,
            secondaryText: shown.secondaryText ? cell.secondaryText : nil,
            tertiaryText: shown.tertiaryText ? cell.tertiaryText : nil,
            artworkName: shown.choiceImage ? cell.artwork?.name : nil,
            secondaryArtworkName: shown.choiceSecondaryImage ? cell.secondaryArtwork?.name : nil)
    }

    /// The cell's artwork the screen shows: the images worth uploading for it.
    public func shownArtwork(of cell: ChoiceCell) -> [SDLArtwork] {
        let visible = visible(cell)
        return [visible.artworkName == nil ? nil : cell.artwork, visible.secondaryArtworkName == nil ? nil : cell.secondaryArtwork]
            .compactMap { $0 }
    }

    /// The texts to send `cells` with, in order, none looking like another of them or like
    /// one of the `loaded` cells (each with the text it was sent with, which it keeps).
    public func uniqueTexts(for cells: [ChoiceCell], besides loaded: [(cell: ChoiceCell, text: String)]) -> [String] {
        var taken = Set(loaded.map { look(of: $0.cell, text: $0.text) })
        return uniqueTexts(for: cells, taken: &taken)
    }

    /// The texts to send `cells` with, none with a look in `taken`, which gains theirs: a
    /// manager keeps the looks of its loaded cells instead of going over them every time.
    public func uniqueTexts(for cells: [ChoiceCell], taken: inout Set<VisibleCell>) -> [String] {
        cells.map { cell in
            var copy = 1
            var text = cell.text
            while !taken.insert(look(of: cell, text: text)).inserted {
                copy += 1
                text = Self.numbered(cell.text, copy)
            }
            return text
        }
    }

    /// What two cells are compared on: what the screen shows of them, or their text alone.
    public func look(of cell: ChoiceCell, text: String) -> VisibleCell {
        comparesVisibleFields ? visible(cell, text: text) : VisibleCell(text: text)
    }

    /// `cell` as SDL's `Choice`, sent with `text` (from `uniqueTexts`) under `id`, with only
    /// the fields this head unit shows and, where voice commands are required and the cell
    /// has none, the ID as its voice command (as the reference managers do).
    public func choice(for cell: ChoiceCell, id: Int, text: String) -> Choice {
        let voiceCommands = cell.voiceCommands ?? (voiceCommandsRequired ? [String(id)] : nil)
        let visible = visible(cell, text: text)
        return Choice(
            choiceID: id, menuName: text, vrCommands: voiceCommands,
            image: visible.artworkName == nil ? nil : cell.artwork?.image,
            secondaryText: visible.secondaryText, tertiaryText: visible.tertiaryText,
            secondaryImage: visible.secondaryArtworkName == nil ? nil : cell.secondaryArtwork?.image)
    }

    private static func shows(_ field: TextFieldName, in window: WindowCapability?) -> Bool {
        guard let fields = window?.textFields else { return true }
        return fields.contains { $0.name == field }
    }

    private static func shows(_ field: ImageFieldName, in window: WindowCapability?) -> Bool {
        guard let window else { return true }
        guard let fields = window.imageFields else { return false }
        return fields.contains { $0.name == field }
    }

    /// `text` followed by `" (copy)"`, shortened where needed to stay within SDL's 500 characters.
    static func numbered(_ text: String, _ copy: Int) -> String {
        let suffix = " (\(copy))"
        let room = ChoiceTextField.text.lengthLimit.upperBound - suffix.unicodeScalars.count
        guard text.unicodeScalars.count > room else { return text + suffix }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(room))
        return String(scalars) + suffix
    }
}
