import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// A DYNAMIC image names a file uploaded with PutFile: found, it is plain SUCCESS; never
/// uploaded, WARNINGS (SDL-RULES §0 image check, §14).
@Suite struct UploadedImages {
    private func withIcon() -> EngineHarness {
        let hu = EngineHarness()
        hu.register()
        let upload = hu.send("PutFile", ["syncFileName": "icon.png", "fileType": "GRAPHIC_PNG", "bulkData": "iVBORw0K"])
        #expect(upload.code == "SUCCESS")
        return hu
    }

    private let icon: JSON = ["value": "icon.png", "imageType": "DYNAMIC"]

    @Test func aChoiceImageThatWasUploadedIsSuccess() {
        let hu = withIcon()
        let result = hu.createSet(id: 1, choices: [choice(1, "Berlin", vr: ["Berlin"], extra: ["image": icon, "secondaryImage": icon])])
        #expect(result == ["success": true, "resultCode": "SUCCESS"])
    }

    @Test func aVrHelpImageThatWasUploadedIsSuccess() {
        let hu = withIcon()
        hu.createSet(id: 1, choices: cities)
        let pick = hu.start("PerformInteraction", performParams(sets: [1], mode: "BOTH", extra: ["vrHelp": [["text": "Berlin", "position": 1, "image": icon]]]))
        hu.send("User.SelectChoice", ["choiceID": 1])
        #expect(hu.result(of: pick) == ["success": true, "resultCode": "SUCCESS", "choiceID": 1, "triggerSource": "MENU"])
    }

    @Test func aMenuIconThatWasUploadedIsSuccess() {
        let hu = withIcon()
        #expect(hu.send("SetGlobalProperties", ["menuIcon": icon]).code == "SUCCESS")
    }

    @Test func anImageNamedByAnotherFileIsStillWarnings() {
        let hu = withIcon()
        let other: JSON = ["value": "ICON.png", "imageType": "DYNAMIC"]
        #expect(hu.createSet(id: 1, choices: [choice(1, "Berlin", extra: ["image": other])]).code == "WARNINGS")
    }
}
