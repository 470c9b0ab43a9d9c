import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// How the head unit reads what MOBILE_API.xml declares and SDL-RULES §14 settles: the
/// spec's names, parameters it validates without acting on them, versions, numbers.
@Suite struct ReadingAsTheSpecDeclares {
    private static func registration(with extra: JSONObject, version: (major: Int64, minor: Int64) = (8, 0)) -> JSON {
        var params = HeadUnitTests.registration(version: version).objectValue!
        for member in extra { params[member.key] = member.value }
        return .object(params)
    }

    // MARK: syncMsgVersion and its legacy name

    @Test func theLegacyVersionNameIsAcceptedAndAnErrorInItIsNamedAsSent() {
        var params = HeadUnitTests.registration().objectValue!
        params["sdlMsgVersion"] = params["syncMsgVersion"]
        params["syncMsgVersion"] = nil
        #expect(EngineHarness().send("RegisterAppInterface", .object(params)).code == "SUCCESS")
        params["sdlMsgVersion"] = ["majorVersion": 11, "minorVersion": 0]
        let refused = EngineHarness().send("RegisterAppInterface", .object(params))
        #expect(refused.code == "INVALID_DATA")
        #expect(refused.info?.hasPrefix("sdlMsgVersion.majorVersion") == true)
    }

    @Test func syncMsgVersionWinsOverTheLegacyName() {
        let hu = EngineHarness(profile: .full)
        let result = hu.send("RegisterAppInterface", Self.registration(with: ["sdlMsgVersion": ["majorVersion": 99]], version: (6, 2)))
        #expect(result.code == "SUCCESS")
        #expect(result["syncMsgVersion"] == ["majorVersion": 6, "minorVersion": 2])
    }

    @Test func theResponseCarriesTheVersionUnderBothNames() {
        let result = EngineHarness().register()
        #expect(result["syncMsgVersion"] == ["majorVersion": 8, "minorVersion": 0])
        #expect(result["sdlMsgVersion"] == result["syncMsgVersion"])
    }

    // MARK: Parameters the simulator does not act on are still checked

    @Test func aColourOutOfRangeIsInvalidDataNamingItsPath() {
        let scheme: JSON = ["primaryColor": ["red": 256, "green": 0, "blue": 0]]
        let result = EngineHarness().send("RegisterAppInterface", Self.registration(with: ["dayColorScheme": scheme]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("dayColorScheme.primaryColor.red") == true)
    }

    @Test func appInfoWithoutItsMandatoryMembersIsInvalidData() {
        let result = EngineHarness().send("RegisterAppInterface", Self.registration(with: ["appInfo": ["appDisplayName": "Demo"]]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("appInfo.appBundleID") == true)
    }

    @Test func aTTSNameOfAnUnknownTypeIsInvalidData() {
        let result = EngineHarness().send("RegisterAppInterface", Self.registration(with: ["ttsName": [["text": "Demo", "type": "WHISPER"]]]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("ttsName[0].type") == true)
    }

    @Test func whatTheHMIKeepsOfTheRegistrationIsInTheState() {
        let hu = EngineHarness()
        let scheme: JSON = ["primaryColor": ["red": 1, "green": 2, "blue": 3]]
        hu.send("RegisterAppInterface", Self.registration(with: ["nightColorScheme": scheme, "vrSynonyms": ["Demo app"]]))
        #expect(hu.state["app"]?["nightColorScheme"] == scheme)
        #expect(hu.state["app"]?["vrSynonyms"] == ["Demo app"])
    }

    @Test func userLocationAloneIsAValidSetGlobalProperties() {
        let hu = EngineHarness.withCities()
        let location: JSON = ["grid": ["col": 0, "row": 0]]
        #expect(hu.send("SetGlobalProperties", ["userLocation": location]).code == "SUCCESS")
        #expect(hu.state["globalProperties"]?["userLocation"] == ["grid": ["col": 0, "row": 0, "level": 0, "colspan": 1, "rowspan": 1, "levelspan": 1]])
        #expect(hu.send("SetGlobalProperties", ["menuLayout": "LIST"]).code == "SUCCESS")
        #expect(hu.state["globalProperties"]?["menuLayout"] == "LIST")
        #expect(hu.send("ResetGlobalProperties", ["properties": ["USER_LOCATION"]]).code == "SUCCESS")
        #expect(hu.state["globalProperties"]?["userLocation"] == nil)
    }

    @Test func aMenuLayoutTheDisplayLacksIsWarningsAndNotKept() {
        let hu = EngineHarness.withCities()
        let result = hu.send("SetGlobalProperties", ["menuLayout": "TILES", "menuTitle": "Cities"])
        #expect(result.code == "WARNINGS" && result.succeeded == true)
        #expect(hu.state["globalProperties"] == ["menuTitle": "Cities"])
    }

    @Test func aBadUserLocationIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("SetGlobalProperties", ["userLocation": ["grid": ["col": 101, "row": 0]]])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("userLocation.grid.col") == true)
    }

    // MARK: Core's string checks on a registration

    @Test(arguments: [
        ("appName", JSON.string("   ")), ("ngnMediaScreenAppName", JSON.string("a\tb")), ("vrSynonyms", JSON.array(["a\\nb"])),
        ("hashID", JSON.string(" ")), ("ttsName", JSON.array([["text": "  ", "type": "TEXT"]])),
        ("deviceInfo", JSON.object(["os": "Linux\n"])),
    ] as [(String, JSON)])
    func registrationStringsGoThroughCheckSyntax(parameter: String, value: JSON) {
        let result = EngineHarness().send("RegisterAppInterface", Self.registration(with: [parameter: value]))
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix(parameter) == true, "\(result)")
    }

    @Test func anEmptyTTSNameTextIsAllowed() {
        let result = EngineHarness().send("RegisterAppInterface", Self.registration(with: ["ttsName": [["text": "", "type": "SILENCE"]]]))
        #expect(result.code == "SUCCESS")
    }

    // MARK: Versions

    @Test func parametersNewerThanTheAppAreRemovedUnread() {
        // dayColorScheme came with 5.0: a 4.5 app's broken one is neither checked nor kept.
        let hu = EngineHarness()
        let broken: JSON = ["primaryColor": ["red": "red"]]
        #expect(hu.send("RegisterAppInterface", Self.registration(with: ["dayColorScheme": broken], version: (4, 5))).code == "SUCCESS")
        #expect(hu.state["app"]?["dayColorScheme"] == nil)
        // cancelID came with 6.0: a 4.5 app's out-of-range one is removed, and the interaction shows.
        hu.createSet(id: 1, choices: cities)
        hu.start("PerformInteraction", performParams(sets: [1], extra: ["cancelID": .integer(1 << 40)]))
        #expect(hu.interaction["cancelID"] == .null)
    }

    @Test func aLegacyAppMustGiveEveryChoiceVoiceCommands() {
        let hu = EngineHarness()
        hu.register(version: (4, 5))
        let result = hu.createSet(id: 1, choices: [choice(1, "Berlin")])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("choiceSet[0].vrCommands: mandatory parameter is missing") == true)
    }

    // MARK: Numbers

    @Test(arguments: ["10.0", "1e1", "10.5"])
    func aNumberWithAFractionOrExponentIsNotAnInteger(number: String) {
        let hu = EngineHarness()
        hu.register()
        let reply = hu.line(#"{"jsonrpc":"2.0","id":9,"method":"DeleteInteractionChoiceSet","params":{"interactionChoiceSetID":"# + number + "}}")
        #expect(reply.first?["result"]?.code == "INVALID_DATA")
        #expect(reply.first?["result"]?.info?.hasPrefix("interactionChoiceSetID") == true)
    }

    // MARK: File names

    @Test func deletingA500CharacterNameThatIsNotThereIsRejected() {
        let hu = EngineHarness()
        hu.register()
        #expect(hu.send("DeleteFile", ["syncFileName": .string(String(repeating: "a", count: 500))]).code == "REJECTED")
        #expect(hu.send("DeleteFile", ["syncFileName": .string(String(repeating: "a", count: 501))]).code == "INVALID_DATA")
    }
}
