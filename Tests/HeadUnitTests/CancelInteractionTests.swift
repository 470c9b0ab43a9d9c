import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// CancelInteraction (SDL-RULES §5, §14).
@Suite struct CancellingInteractions {
    private func cancel(_ hu: EngineHarness, functionID: Int64 = 10, cancelID: Int64? = nil) -> JSON {
        var params: JSONObject = ["functionID": .integer(functionID)]
        if let cancelID { params["cancelID"] = .integer(cancelID) }
        return hu.send("CancelInteraction", .object(params))
    }

    @Test func cancellingByCancelIDAbortsTheInteraction() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], cancelID: 42)
        let result = cancel(hu, cancelID: 42)
        #expect(result.code == "SUCCESS")
        #expect(result.succeeded == true)
        #expect(hu.result(of: pick)?.code == "ABORTED")
        #expect(hu.result(of: pick)?.succeeded == false)
        #expect(hu.interaction == .null)
    }

    @Test func cancellingWithoutCancelIDAbortsTheInteractionOnScreen() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], cancelID: 42)
        #expect(cancel(hu).code == "SUCCESS")
        #expect(hu.result(of: pick)?.code == "ABORTED")
    }

    @Test func anInteractionWithoutCancelIDCanBeCancelled() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(cancel(hu).code == "SUCCESS")
        #expect(hu.result(of: pick)?.code == "ABORTED")
    }

    @Test func theAbortedInteractionIsAnsweredBeforeTheCancel() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], cancelID: 1)
        let request = hu.start("CancelInteraction", ["functionID": 10, "cancelID": 1])
        let ids = hu.lastOutput.compactMap { $0["id"]?.integerValue }
        #expect(ids == [pick.id, request.id])
        #expect(hu.systemContexts == ["MAIN"])
    }

    @Test func anotherCancelIDIsIgnoredAndTheInteractionGoesOn() {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1], cancelID: 42)
        let result = cancel(hu, cancelID: 43)
        #expect(result.code == "IGNORED")
        #expect(result.succeeded == false)
        #expect(hu.result(of: pick) == nil)
        #expect(hu.interaction["cancelID"] == 42)
    }

    @Test func cancellingWhenNothingIsOnScreenIsIgnored() {
        let hu = EngineHarness.withCities()
        let result = cancel(hu)
        #expect(result.code == "IGNORED")
        #expect(result.succeeded == false)
    }

    @Test(arguments: [12, 25, 26, 64] as [Int64])
    func cancellingAnotherKindOfInteractionWithNoneShownIsIgnored(functionID: Int64) {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        #expect(cancel(hu, functionID: functionID).code == "IGNORED")
        #expect(hu.result(of: pick) == nil, "the PerformInteraction is not what was cancelled")
    }

    @Test(arguments: [0, 1, 9, 11, 57, 65, -1] as [Int64])
    func aFunctionIDThatCannotBeCancelledIsInvalidID(functionID: Int64) {
        let hu = EngineHarness.withCities()
        let pick = hu.perform(sets: [1])
        let result = cancel(hu, functionID: functionID)
        #expect(result.code == "INVALID_ID")
        #expect(result.succeeded == false)
        #expect(hu.result(of: pick) == nil)
    }

    @Test func aMissingFunctionIDIsInvalidData() {
        let hu = EngineHarness.withCities()
        let result = hu.send("CancelInteraction", ["cancelID": 1])
        #expect(result.code == "INVALID_DATA")
        #expect(result.info?.hasPrefix("functionID") == true)
    }

    @Test func cancellingAKeyboardSendsEntryCancelledFirst() {
        let hu = EngineHarness.withCities()
        let entry = hu.perform(sets: [], layout: "KEYBOARD")
        #expect(cancel(hu).code == "SUCCESS")
        #expect(hu.keyboardInputs == [["event": "ENTRY_CANCELLED"]])
        #expect(hu.result(of: entry)?.code == "ABORTED")
    }

    @Test func theLegacyHeadUnitDoesNotKnowCancelInteraction() {
        let hu = EngineHarness(profile: .legacy)
        hu.register()
        hu.createSet(id: 1, choices: cities)
        let pick = hu.perform(sets: [1])
        let result = cancel(hu)
        #expect(result.code == "UNSUPPORTED_REQUEST")
        #expect(result.succeeded == false)
        #expect(hu.result(of: pick) == nil)
    }
}
