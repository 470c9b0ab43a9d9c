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

    @Test func aLongUnknownValueIsQuotedByItsStartAndLength() {
        let refused = refusal(InteractionMode.self, String(repeating: "X", count: 5000))
        #expect(refused.hasPrefix("\"" + String(repeating: "X", count: 48) + "… (5000 characters)\" is not an InteractionMode value"))
    }
}

/// A response's `info` as MOBILE_API.xml bounds it: at most 1000 characters.
@Suite struct ResponseInfo {
    @Test func anInfoOverTheSpecsLimitIsCutThereWithItsEndMarked() {
        let response = SDLResponse<NoParameters>(.rejected, info: String(repeating: "é", count: 1500))
        #expect(response.info?.unicodeScalars.count == 1000)
        #expect(response.info?.hasSuffix("é…") == true)
        #expect(throws: Never.self) { try SDLResponse<NoParameters>(result: response.json) }
    }

    @Test func anInfoWithinTheLimitIsKeptAsItIs() {
        let info = String(repeating: "é", count: 1000)
        #expect(SDLResponse<NoParameters>(.rejected, info: info).info == info)
    }
}
