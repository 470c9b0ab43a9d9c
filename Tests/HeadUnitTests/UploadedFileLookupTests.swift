import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// `HeadUnitEngine.uploadedFile(named:)`, what the browser page's images are served from: the
/// registered app's own files, by exact name, and nothing else.
@Suite struct UploadedFileLookup {
    @Test func anAppFileIsFoundByItsNameWithItsBytesAndType() {
        let hu = FilesSession.registered()
        let bytes = sampleBytes(300)
        #expect(hu.put("art.png", bytes, extra: ["fileType": "GRAPHIC_PNG"]).resultCodeText == "SUCCESS")
        let found = hu.session.engine.uploadedFile(named: "art.png")
        #expect(found?.bytes == bytes)
        #expect(found?.fileType == .graphicPNG)
    }

    @Test func otherNamesSystemFilesAndAGoneAppFindNothing() {
        let hu = FilesSession.registered()
        hu.put("art.png", sampleBytes(10))
        hu.put("system.png", sampleBytes(10), extra: ["systemFile": true])
        let engine = hu.session.engine
        for name in ["ART.png", "art.png/", "../art.png", "", "system.png"] {
            #expect(engine.uploadedFile(named: name) == nil, "\(name)")
        }
        hu.send("UnregisterAppInterface")
        #expect(engine.uploadedFile(named: "art.png") == nil)
    }
}
