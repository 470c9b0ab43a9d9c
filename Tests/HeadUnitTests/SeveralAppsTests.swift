import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// Several apps on one head unit: each its own registration and state, checked against the
/// others as Core checks registrations, and moved between levels as Core moves them.
@Suite struct SeveralAppsRegister {
    @Test func theFirstAppTakesTheScreenAndTheNextWaitsInNone() {
        let car = CarHarness()
        let radio = car.connect()
        #expect(radio.register("Radio", appID: "radio-1").code == "SUCCESS")
        #expect(radio.levels == ["NONE", "FULL"])
        radio.forget()
        let maps = car.connect()
        #expect(maps.register("Maps", appID: "maps-1").code == "SUCCESS")
        #expect(maps.levels == ["NONE"])
        #expect(radio.notifications().isEmpty)
        let apps = car.state()["apps"]?.arrayValue ?? []
        #expect(apps.map { $0["appID"] } == ["radio-1", "maps-1"])
        #expect(apps.map { $0["hmiLevel"] } == ["FULL", "NONE"])
        #expect(apps.map { $0["door"] } == ["stdio", "stdio"])
    }

    @Test(arguments: [
        ("radio", [:]),  // the name again, in another case
        ("Maps", ["vrSynonyms": ["Radio"]]),  // a synonym that is the other's name
        ("Music", ["ttsName": [["text": "RADIO", "type": "TEXT"]]]),  // a spoken name of the other
    ] as [(String, JSONObject)])
    func aNameAnotherAppHasIsDuplicateName(name: String, extra: JSONObject) {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1", extra: ["vrSynonyms": ["Tuner"], "ttsName": [["text": "Radio", "type": "TEXT"]]])
        let second = car.connect()
        let result = second.register(name, appID: "other-1", extra: extra)
        #expect(result.code == "DUPLICATE_NAME")
        #expect(result.succeeded == false)
        #expect(second.notifications().isEmpty)
        #expect(car.state()["apps"]?.arrayValue?.count == 1)
    }

    @Test func anAppNamedAsAnotherAppsSynonymIsDuplicateName() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1", extra: ["vrSynonyms": ["Tuner"]])
        #expect(car.connect().register("tuner", appID: "tuner-1").code == "DUPLICATE_NAME")
    }

    @Test func synonymsSharedByTwoAppsAreAllowedAsCoreComparesThemOnlyWithNames() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1", extra: ["vrSynonyms": ["Music"]])
        #expect(car.connect().register("Player", appID: "player-1", extra: ["vrSynonyms": ["Music"]]).code == "SUCCESS")
    }

    @Test func theSameAppIDIsRegisteredAlreadyAndTheSameButForCaseIsDisallowed() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1")
        #expect(car.connect().register("Other", appID: "radio-1").code == "APPLICATION_REGISTERED_ALREADY")
        #expect(car.connect().register("Other", appID: "RADIO-1").code == "DISALLOWED")
    }

    @Test func aFullAppIDIsThePolicyIDItIsComparedBy() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "0001", extra: ["fullAppID": "123456"])
        // The same short appID under another fullAppID is another app: only its name clashes.
        #expect(car.connect().register("Radio", appID: "0001", extra: ["fullAppID": "123457"]).code == "DUPLICATE_NAME")
        #expect(car.connect().register("Other", appID: "0002", extra: ["fullAppID": "123456"]).code == "APPLICATION_REGISTERED_ALREADY")
    }

    @Test func oneAppMoreThanMaxAppsIsTooManyApplications() {
        let car = CarHarness(maxApps: 2)
        car.connect().register("One", appID: "one")
        car.connect().register("Two", appID: "two")
        let third = car.connect()
        #expect(third.register("Three", appID: "three").code == "TOO_MANY_APPLICATIONS")
        #expect(third.notifications().isEmpty)
        #expect(car.state()["apps"]?.arrayValue?.count == 2)
    }

    @Test func aNameIsFreeAgainOnceItsAppHasGone() {
        let car = CarHarness()
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1")
        radio.send("UnregisterAppInterface")
        #expect(car.connect().register("Radio", appID: "radio-2").code == "SUCCESS")
    }
}

@Suite struct SeveralAppsLevels {
    /// A media app in FULL and a plain app in NONE, each told so already.
    private func radioAndMaps() -> (CarHarness, AppPeer, AppPeer) {
        let car = CarHarness()
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1", media: true)
        let maps = car.connect()
        maps.register("Maps", appID: "maps-1")
        radio.forget()
        maps.forget()
        return (car, radio, maps)
    }

    @Test func activatingAnotherAppLeavesAMediaAppInLimitedStillHeard() {
        let (car, radio, maps) = radioAndMaps()
        #expect(car.drive("User.ActivateApp", ["appID": "maps-1"]).code == "SUCCESS")
        #expect(maps.statuses.map { $0["hmiLevel"] } == ["FULL"])
        let radioNow = radio.statuses
        #expect(radioNow.map { $0["hmiLevel"] } == ["LIMITED"])
        #expect(radioNow.first?["audioStreamingState"] == "AUDIBLE")
        #expect(car.drive("User.ActivateApp", ["appID": "radio-1"]).code == "SUCCESS")
        #expect(radio.levels == ["FULL"])
        #expect(maps.levels == ["BACKGROUND"])
    }

    @Test func twoMediaAppsCannotBothBeHeard() {
        let (car, radio, maps) = radioAndMaps()
        let music = car.connect()
        music.register("Music", appID: "music-1", media: true)
        car.drive("User.ActivateApp", ["appID": "music-1"])
        #expect(radio.statuses.map { [$0["hmiLevel"], $0["audioStreamingState"]] } == [["BACKGROUND", "NOT_AUDIBLE"]])
        #expect(maps.notifications().isEmpty, "an app in NONE does not move, and is told nothing")
        #expect(music.levels == ["NONE", "FULL"])
    }

    @Test func aNavigationAppStaysInLimitedWhenAMediaAppTakesTheScreen() {
        let car = CarHarness()
        let navigation = car.connect()
        navigation.register("Navigation", appID: "nav-1", types: ["NAVIGATION"])
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1", media: true)
        car.drive("User.ActivateApp", ["appID": "radio-1"])
        navigation.forget()
        let maps = car.connect()
        maps.register("Maps", appID: "maps-1")
        car.drive("User.ActivateApp", ["appID": "maps-1"])
        // The radio leaves FULL for LIMITED; the navigation app stays in LIMITED, untouched.
        #expect(radio.levels.last == "LIMITED")
        #expect(navigation.notifications().isEmpty)
        #expect(car.status(of: "nav-1")?["hmiLevel"] == "LIMITED")
        #expect(car.status(of: "nav-1")?["videoStreamingState"] == "STREAMABLE")
    }

    @Test func activatingTheAppInFullSendsNothing() {
        let (car, radio, maps) = radioAndMaps()
        #expect(car.drive("User.ActivateApp", ["appID": "radio-1"]).code == "SUCCESS")
        #expect(radio.notifications().isEmpty)
        #expect(maps.notifications().isEmpty)
    }

    @Test func theHomeScreenLeavesAMediaAppInLimitedAndOthersInBackground() {
        let (car, radio, maps) = radioAndMaps()
        #expect(car.drive("User.Deactivate", ["appID": "radio-1"]).code == "SUCCESS")
        #expect(radio.levels == ["LIMITED"])
        car.drive("User.ActivateApp", ["appID": "maps-1"])
        maps.forget()
        #expect(car.drive("User.Deactivate", ["appID": "maps-1"]).code == "SUCCESS")
        #expect(maps.levels == ["BACKGROUND"])
        #expect(radio.notifications().isEmpty)
    }

    @Test func onlyTheAppInFullCanBeLeftForTheHomeScreen() {
        let (car, _, maps) = radioAndMaps()
        let result = car.drive("User.Deactivate", ["appID": "maps-1"])
        #expect(result.code == "IGNORED")
        #expect(maps.notifications().isEmpty)
    }

    @Test(arguments: ["USER_EXIT", "DRIVER_DISTRACTION_VIOLATION"])
    func exitingAnAppPutsItInNoneAndLeavesItRegistered(reason: String) {
        let (car, radio, maps) = radioAndMaps()
        #expect(car.drive("User.ExitApp", ["appID": "radio-1", "reason": .string(reason)]).code == "SUCCESS")
        #expect(radio.statuses.map { [$0["hmiLevel"], $0["audioStreamingState"]] } == [["NONE", "NOT_AUDIBLE"]])
        #expect(maps.notifications().isEmpty)
        #expect(car.status(of: "radio-1")?["hmiLevel"] == "NONE")
        #expect(radio.send("ListFiles").code == "SUCCESS")
    }

    @Test func exitingWithAReasonADriverCannotGiveIsInvalidData() {
        let (car, radio, _) = radioAndMaps()
        #expect(car.drive("User.ExitApp", ["appID": "radio-1", "reason": "IGNITION_OFF"]).code == "INVALID_DATA")
        #expect(radio.notifications().isEmpty)
    }

    @Test(arguments: ["User.ActivateApp", "User.ExitApp", "User.Activate", "User.Deactivate", "Sim.RemoveApp", "Sim.GetState"])
    func namingAnAppThatIsNotRegisteredIsApplicationNotRegisteredAndChangesNothing(method: String) {
        let (car, radio, maps) = radioAndMaps()
        let result = car.drive(method, ["appID": "ghost-1"])
        #expect(result.code == "APPLICATION_NOT_REGISTERED")
        #expect(result.info?.contains("ghost-1") == true)
        #expect(radio.notifications().isEmpty)
        #expect(maps.notifications().isEmpty)
    }

    @Test func withSimulatedAppsOnlyAndNoneInFullActivatingNeedsAnAppID() {
        let car = CarHarness(autoActivate: false)
        car.drive("Sim.AddApp", ["appName": "Radio", "appID": "radio-1"])
        car.drive("Sim.AddApp", ["appName": "Maps", "appID": "maps-1"])
        let result = car.drive("User.Activate")
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.contains("radio-1") == true)
    }
}

@Suite struct SeveralAppsInteractions {
    /// A plain app in FULL showing a keyboard, and a media app in NONE.
    private func keyboardOpen() -> (CarHarness, AppPeer, AppPeer, Int64) {
        let car = CarHarness()
        let notes = car.connect()
        notes.register("Notes", appID: "notes-1")
        notes.send("SetGlobalProperties", ["keyboardProperties": ["keypressMode": "SINGLE_KEYPRESS"]])
        let entry = notes.start("PerformInteraction", performParams(sets: [], layout: "KEYBOARD").objectValue!)
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1", media: true)
        notes.forget()
        radio.forget()
        return (car, notes, radio, entry)
    }

    @Test func keysGoOnlyToTheAppWhoseKeyboardIsOpen() {
        let (car, notes, radio, _) = keyboardOpen()
        #expect(car.drive("User.KeyboardEvent", ["event": "KEYPRESS", "data": "a"]).code == "SUCCESS")
        #expect(notes.notifications("OnKeyboardInput").compactMap { $0["params"]?["data"] } == ["a"])
        #expect(radio.notifications().isEmpty)
    }

    @Test func switchingAppsCancelsTheKeyboardAndAbortsTheInteraction() {
        let (car, notes, radio, entry) = keyboardOpen()
        #expect(car.drive("User.ActivateApp", ["appID": "radio-1"]).code == "SUCCESS")
        let told = notes.notifications()
        #expect(told.map { $0["method"] } == ["OnHMIStatus", "OnKeyboardInput", "OnHMIStatus"])
        #expect(told[1]["params"]?["event"] == "ENTRY_CANCELLED")
        let levels = [told[0], told[2]].map { [$0["params"]?["hmiLevel"], $0["params"]?["systemContext"]] }
        #expect(levels == [["FULL", "MAIN"], ["BACKGROUND", "MAIN"]])
        #expect(notes.reply(to: entry)?.code == "ABORTED")
        #expect(radio.levels == ["FULL"])
        #expect(car.state(of: "notes-1")["interaction"] == .null)
    }

    @Test func exitingTheAppOnScreenAbortsItsInteraction() {
        let (car, notes, _, entry) = keyboardOpen()
        car.drive("User.ExitApp", ["appID": "notes-1"])
        #expect(notes.reply(to: entry)?.code == "ABORTED")
        #expect(notes.levels == ["FULL", "NONE"])
    }

    @Test func actionsOnTheInteractionGoToItsAppAndNamingAnotherIsIgnored() {
        let (car, notes, radio, entry) = keyboardOpen()
        let result = car.drive("User.Close", ["appID": "radio-1"])
        #expect(result.code == "IGNORED")
        #expect(result.info?.contains("radio-1") == true)
        #expect(car.drive("User.Close").code == "SUCCESS")
        #expect(notes.reply(to: entry)?.code == "ABORTED")
        #expect(radio.notifications().isEmpty)
    }

    @Test func anotherAppsInteractionIsRejectedWhileOneIsOnScreen() {
        let (car, _, radio, _) = keyboardOpen()
        car.drive("User.ActivateApp", ["appID": "radio-1"])
        radio.send("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [choice(1, "Jazz")]])
        let pick = radio.start("PerformInteraction", performParams(sets: [1]).objectValue!)
        #expect(radio.reply(to: pick) == nil, "the keyboard was closed by the switch: the radio's list is shown")
        let notes = car.connect()
        notes.register("Notes2", appID: "notes-2")
        car.drive("User.ActivateApp", ["appID": "notes-2"])  // the radio's list is closed, the radio goes to LIMITED
        #expect(radio.reply(to: pick)?.code == "ABORTED")
        radio.send("CreateInteractionChoiceSet", ["interactionChoiceSetID": 2, "choiceSet": [choice(2, "Rock")]])
        notes.send("CreateInteractionChoiceSet", ["interactionChoiceSetID": 1, "choiceSet": [choice(1, "Todo")]])
        let list = notes.start("PerformInteraction", performParams(sets: [1]).objectValue!)
        let second = radio.send("PerformInteraction", performParams(sets: [2]).objectValue!)
        #expect(second.code == "REJECTED")
        #expect(notes.reply(to: list) == nil)
    }

    @Test func aConnectionThatVanishesWithAnInteractionOpenLeavesTheOtherAppsAsTheyWere() {
        let (car, notes, radio, _) = keyboardOpen()
        let before = car.status(of: "radio-1")
        notes.session.endOfInput()
        #expect(radio.notifications().isEmpty)
        #expect(car.status(of: "radio-1") == before)
        #expect(car.state()["apps"]?.arrayValue?.map { $0["appID"] } == ["radio-1"])
        #expect(car.drive("User.KeyboardEvent", ["event": "KEYPRESS", "data": "a"]).code == "IGNORED")
    }
}

@Suite struct SeveralAppsOwnState {
    @Test func eachAppHasItsOwnChoiceSetIDsFilesAndKeyboard() {
        let car = CarHarness()
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1")
        let maps = car.connect()
        maps.register("Maps", appID: "maps-1")
        car.drive("User.ActivateApp", ["appID": "maps-1"])
        let set: JSONObject = ["interactionChoiceSetID": 1, "choiceSet": [choice(1, "A")]]
        #expect(radio.send("CreateInteractionChoiceSet", set).code == "SUCCESS")
        #expect(maps.send("CreateInteractionChoiceSet", set).code == "SUCCESS")
        #expect(radio.send("PutFile", ["syncFileName": "icon.png", "fileType": "GRAPHIC_PNG", "bulkData": "AAEC"]).code == "SUCCESS")
        #expect(maps.send("ListFiles")["filenames"] == nil)
        #expect(radio.send("ListFiles")["filenames"] == ["icon.png"])
        maps.send("SetGlobalProperties", ["keyboardProperties": ["keyboardLayout": "AZERTY"]])
        #expect(car.state(of: "radio-1")["keyboardProperties"]?["keyboardLayout"] == "QWERTY")
        #expect(car.state(of: "maps-1")["keyboardProperties"]?["keyboardLayout"] == "AZERTY")
        #expect(car.state(of: "maps-1")["usedBytes"] == 0)
        #expect(car.state(of: "radio-1")["usedBytes"] == 3)
    }

    @Test func aFaultNamingAnAppTakesOnlyThatAppsCalls() {
        let car = CarHarness()
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1")
        let maps = car.connect()
        maps.register("Maps", appID: "maps-1")
        car.drive("Sim.InjectFault", ["method": "ListFiles", "resultCode": "GENERIC_ERROR", "appID": "maps-1"])
        #expect(radio.send("ListFiles").code == "SUCCESS")
        #expect(maps.send("ListFiles").code == "GENERIC_ERROR")
        #expect(maps.send("ListFiles").code == "SUCCESS")
    }

    @Test func theTopLevelOfTheStateShowsTheFirstAppOverStdinOrTheOneNamed() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1")
        car.connect().register("Maps", appID: "maps-1")
        #expect(car.state()["app"]?["appID"] == "radio-1")
        #expect(car.state(of: "maps-1")["app"]?["appID"] == "maps-1")
        #expect(car.state(of: "maps-1")["hmiLevel"] == "NONE")
    }

    @Test func aMasterResetUnregistersEveryAppAndRemovesTheSimulatedOnes() {
        let car = CarHarness()
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1")
        car.drive("Sim.AddApp", ["appName": "Maps", "appID": "maps-1"])
        radio.forget()
        #expect(car.drive("Sim.Reset").code == "SUCCESS")
        #expect(radio.notifications("OnAppInterfaceUnregistered").compactMap { $0["params"]?["reason"] } == ["MASTER_RESET"])
        #expect(car.state()["apps"] == [])
    }
}

@Suite struct SimulatedApps {
    @Test func aSimulatedAppRegistersTakesLevelsAndIsRemoved() {
        let car = CarHarness()
        let radio = car.connect()
        radio.register("Radio", appID: "radio-1")
        radio.forget()
        let added = car.drive("Sim.AddApp", ["appName": "Music", "appID": "music-1", "isMediaApplication": true])
        #expect(added == ["success": true, "resultCode": "SUCCESS", "appID": "music-1"])
        #expect(car.status(of: "music-1")?["door"] == "simulated")
        #expect(car.status(of: "music-1")?["hmiLevel"] == "NONE")
        car.drive("User.ActivateApp", ["appID": "music-1"])
        #expect(radio.levels == ["BACKGROUND"])
        #expect(car.status(of: "music-1")?["audioStreamingState"] == "AUDIBLE")
        #expect(car.drive("Sim.RemoveApp", ["appID": "music-1"]).code == "SUCCESS")
        #expect(car.status(of: "music-1") == nil)
        #expect(radio.notifications().isEmpty, "the radio stays where it was")
    }

    @Test func aSimulatedAppAddedWhileNothingIsOnScreenIsOpened() {
        let car = CarHarness()
        car.drive("Sim.AddApp", ["appName": "Music", "appID": "music-1"])
        #expect(car.status(of: "music-1")?["hmiLevel"] == "FULL")
    }

    @Test func aSimulatedAppIsCheckedAsARegistrationIs() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1")
        #expect(car.drive("Sim.AddApp", ["appName": "RADIO", "appID": "x-1"]).code == "DUPLICATE_NAME")
        #expect(car.drive("Sim.AddApp", ["appName": "Other", "appID": "radio-1"]).code == "APPLICATION_REGISTERED_ALREADY")
        #expect(car.drive("Sim.AddApp", ["appName": "Other"]).code == "INVALID_DATA")
    }

    @Test func onlyASimulatedAppIsRemovedByTheSimulator() {
        let car = CarHarness()
        car.connect().register("Radio", appID: "radio-1")
        let result = car.drive("Sim.RemoveApp", ["appID": "radio-1"])
        #expect(result.code == "INVALID_DATA")
        #expect(car.status(of: "radio-1") != nil)
    }
}
