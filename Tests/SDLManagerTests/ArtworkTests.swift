import SDLManager
import SDLModel
import Testing

/// Artwork values: names from content, and how they appear in RPCs.
@Suite struct ArtworkTests {
    @Test func theSameBytesAlwaysGiveTheSameName() {
        let first = SDLArtwork(data: picture(1))
        let second = SDLArtwork(data: picture(1))
        #expect(first.name == second.name)
        #expect(first == second)
    }

    @Test func differentBytesGiveDifferentNames() {
        let names = Set((0..<1000).map { SDLArtwork(data: Array("picture \($0)".utf8)).name })
        #expect(names.count == 1000)
    }

    @Test func aContentNameIsSixteenHexDigitsAndTheTypesExtension() {
        // FNV-1a 64 of no bytes is its offset basis.
        #expect(SDLArtwork(data: [], fileType: .graphicPNG).name == "cbf29ce484222325.png")
        #expect(SDLArtwork(data: Array("a".utf8), fileType: .graphicJPEG).name == "af63dc4c8601ec8c.jpg")
        #expect(SDLArtwork(data: [1], fileType: .graphicBMP).name.hasSuffix(".bmp"))
        #expect(SDLArtwork(data: [1], name: "logo.png").name == "logo.png")
    }

    @Test func anArtworkShowsAsADynamicOrStaticImage() {
        let picture = SDLArtwork(data: picture(2), isTemplate: true)
        #expect(picture.image == Image(picture.name, type: .dynamic, isTemplate: true))
        #expect(picture.file?.fileType == .graphicPNG)
        let icon = SDLArtwork(staticIcon: "0x11")
        #expect(icon.image == Image("0x11", type: .staticImage))
        #expect(icon.isStaticIcon && icon.file == nil)
    }

    @Test func aStaticIconCanBeNamedByWhatItShows() {
        #expect(SDLArtwork(staticIcon: .back) == SDLArtwork(staticIcon: "0x86"))
        #expect(SDLArtwork(staticIcon: .acceptCall).image == Image("0x29", type: .staticImage))
        #expect(Set(StaticIconName.allCases.map(\.rawValue)).count == StaticIconName.allCases.count)
    }
}
