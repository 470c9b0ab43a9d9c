import JSONCodec
import SDLModel
import Testing

/// An unknown enum value is refused with the enum's name, its article, and its values.
@Suite struct EnumValues {
    private func refusal<E: SDLEnum>(_ type: E.Type, _ value: String) -> String {
        do {
            _ = try E.decode(.string(value), limits: NoLimits(), version: .latest)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func anUnknownValueNamesTheEnumAndListsItsValues() {
        #expect(refusal(InteractionMode.self, "SOMETIMES") == #""SOMETIMES" is not an InteractionMode value (one of MANUAL_ONLY, VR_ONLY, BOTH)"#)
        #expect(refusal(LayoutMode.self, "GRID").hasPrefix(#""GRID" is not a LayoutMode value (one of ICON_ONLY, "#))
        let long = refusal(Language.self, "XX")
        #expect(long.hasSuffix(", … (\(Language.allCases.count) in all))"), "a long list is cut at twelve")
    }
}
