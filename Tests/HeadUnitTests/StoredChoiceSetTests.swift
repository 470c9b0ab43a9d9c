import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// A loaded set is kept packed, not as the parsed request (docs/behaviour.md, "What a
/// loaded choice set costs"): what later requests show and answer of it is what the app
/// sent, field for field.
@Suite struct StoredChoiceSets {
    /// Over 127 UTF-8 bytes (a length of two bytes when packed), with letters of two and four bytes.
    private let longName = String(repeating: "Ä long menu name 🚗 ", count: 12)

    private var everyField: [JSON] {
        [
            choice(0, "Zero", vr: ["zero", "nought"], extra: [
                "secondaryText": "Ünïcødé", "tertiaryText": "third",
                "image": ["value": "0xAB", "imageType": "STATIC", "isTemplate": true],
                "secondaryImage": ["value": "0x11", "imageType": "STATIC", "isTemplate": false],
            ]),
            choice(65535, .init(longName.prefix(500)), vr: [.init(longName.prefix(99))], extra: ["image": ["value": "0x2F", "imageType": "STATIC"]]),
            choice(300, "Plain", vr: ["Plain"]),
        ]
    }

    @Test func aShownSetHasEveryFieldItWasCreatedWith() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.createSet(id: 2_000_000_000, choices: everyField).code == "SUCCESS")
        hu.perform(sets: [2_000_000_000], mode: "BOTH")
        let shown = hu.interaction["visibleChoices"]?.arrayValue ?? []
        #expect(shown.count == 3)
        for (sent, shown) in zip(everyField, shown) {
            // The screen shows every field but the voice commands.
            let members = sent.objectValue?.keys.filter { $0 != "vrCommands" } ?? []
            #expect(shown.objectValue?.keys.sorted() == members.sorted())
            for name in members { #expect(shown[name] == sent[name], "\(name)") }
        }
        #expect(hu.state["choiceSets"]?.arrayValue?.first?["choiceIDs"] == [0, 65535, 300])
    }

    @Test func eachVoiceCommandStillPicksItsChoice() {
        let hu = EngineHarness()
        hu.register()
        hu.createSet(id: 1, choices: everyField)
        let pick = hu.perform(sets: [1], mode: "VR_ONLY")
        hu.send("User.Speak", ["utterance": "NOUGHT"])
        #expect(hu.result(of: pick)?["choiceID"] == 0)
        let long = hu.perform(sets: [1], mode: "VR_ONLY")
        hu.send("User.Speak", ["utterance": .string(String(longName.prefix(99)))])
        #expect(hu.result(of: long)?["choiceID"] == 65535)
    }

    @Test func aChoiceIsTappedByItsIDAmongSeveralSets() {
        let hu = EngineHarness.withCities()
        hu.createSet(id: 2, choices: everyField)
        let pick = hu.perform(sets: [1, 2], layout: "LIST_WITH_SEARCH")
        hu.type("ä l")
        #expect(hu.send("User.SelectChoice", ["choiceID": 300]).code == "IGNORED")
        #expect(hu.send("User.SelectChoice", ["choiceID": 2]).code == "IGNORED")
        #expect(hu.send("User.SelectChoice", ["choiceID": 65535]).code == "SUCCESS")
        #expect(hu.result(of: pick)?["choiceID"] == 65535)
    }
}
