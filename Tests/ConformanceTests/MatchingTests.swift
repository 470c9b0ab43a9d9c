import Conformance
import JSONCodec
import Testing

@Suite("Matching received messages against fixture patterns")
struct MatchingTests {
    private func json(_ text: String) -> JSON { try! JSON.parse(text) }

    @Test func equalMessagesMatchWhateverTheirKeyOrder() {
        var matcher = Matcher()
        #expect(matcher.match(json(#"{"a":1,"b":{"c":[1,2]}}"#), json(#"{"b":{"c":[1,2]},"a":1}"#)).isEmpty)
    }

    @Test func anIntegerDoesNotMatchTheSameValueWrittenAsADouble() {
        var matcher = Matcher()
        let differences = matcher.match(json(#"{"id":7}"#), json(#"{"id":7.0}"#))
        #expect(differences.map(\.description) == ["id: expected 7, received 7.0"])
    }

    @Test func anyMatchesEveryValueButNotAMissingKey() {
        var matcher = Matcher()
        #expect(matcher.match(json(#"{"info":"$any"}"#), json(#"{"info":{"deep":[null]}}"#)).isEmpty)
        #expect(matcher.match(json(#"{"info":"$any"}"#), json(#"{}"#)).map(\.description) == [#"info: missing (expected "$any")"#])
    }

    @Test func aCapturedValueIsComparedWhereItIsReferenced() {
        var matcher = Matcher()
        #expect(matcher.match(json(#"{"cancelID":"$capture:cancel"}"#), json(#"{"cancelID":42}"#)).isEmpty)
        #expect(matcher.captures["cancel"] == .integer(42))
        #expect(matcher.match(json(#"{"cancelID":"$ref:cancel"}"#), json(#"{"cancelID":42}"#)).isEmpty)
        #expect(matcher.match(json(#"{"cancelID":"$ref:cancel"}"#), json(#"{"cancelID":43}"#)).map(\.description) == ["cancelID: expected 42, received 43"])
    }

    @Test func aReferenceInASentMessageIsReplacedByTheCapturedValue() throws {
        var matcher = Matcher()
        _ = matcher.match(json(#"{"space":"$capture:space"}"#), json(#"{"space":[1,"x"]}"#))
        let sent = try matcher.substitute(json(#"{"params":{"list":["$ref:space",2]}}"#))
        #expect(sent == json(#"{"params":{"list":[[1,"x"],2]}}"#))
    }

    @Test func referencingANameNeverCapturedIsReportedWithItsPath() {
        var matcher = Matcher()
        #expect(matcher.match(json(#"{"a":["$ref:nope"]}"#), json(#"{"a":[1]}"#)).map(\.description) == [#"a[0]: nothing was captured as "nope" before this step"#])
        #expect(throws: Difference.self) { try matcher.substitute(json(#"{"id":"$ref:nope"}"#)) }
    }

    @Test func aFailedMatchStoresNoCaptures() {
        var matcher = Matcher()
        #expect(!matcher.match(json(#"{"a":"$capture:a","b":1}"#), json(#"{"a":5,"b":2}"#)).isEmpty)
        #expect(matcher.captures.isEmpty)
    }

    @Test func aPartialObjectAllowsExtraKeysAndAnExactOneReportsThem() {
        var matcher = Matcher()
        #expect(matcher.match(json(#"{"$partial":true,"a":1}"#), json(#"{"a":1,"b":2}"#)).isEmpty)
        #expect(matcher.match(json(#"{"a":1}"#), json(#"{"a":1,"b":2}"#)).map(\.description) == ["b: not expected (received 2)"])
    }

    @Test func partialnessDoesNotReachNestedObjects() {
        var matcher = Matcher()
        let differences = matcher.match(json(#"{"$partial":true,"r":{"a":1}}"#), json(#"{"r":{"a":1,"b":2},"x":0}"#))
        #expect(differences.map(\.description) == ["r.b: not expected (received 2)"])
    }

    @Test func stateMatchingMakesEveryObjectPartialButKeepsArrayLengths() {
        var matcher = Matcher()
        let pattern = json(#"{"interaction":{"layout":"KEYBOARD"},"choiceSets":[]}"#)
        #expect(matcher.match(pattern, json(#"{"clockMs":0,"interaction":{"layout":"KEYBOARD","msLeft":5},"choiceSets":[]}"#), everyObjectPartial: true).isEmpty)
        let differences = matcher.match(pattern, json(#"{"interaction":{"layout":"KEYBOARD"},"choiceSets":[{"interactionChoiceSetID":1}]}"#), everyObjectPartial: true)
        #expect(differences.map(\.description) == ["choiceSets: expected 0 items, received 1"])
    }

    @Test func differencesNameTheKeyPathOfEachPlaceThatDiffers() {
        var matcher = Matcher()
        let differences = matcher.match(
            json(#"{"result":{"choiceSet":[{"choiceID":1},{"choiceID":2}],"odd key":true}}"#),
            json(#"{"result":{"choiceSet":[{"choiceID":1},{"choiceID":"2"}],"odd key":false}}"#))
        #expect(differences.map(\.description) == [
            #"result.choiceSet[1].choiceID: expected 2, received "2""#,
            #"result["odd key"]: expected true, received false"#,
        ])
    }

    @Test func aValueOfAnotherTypeIsOneDifferenceNotOnePerMember() {
        var matcher = Matcher()
        let differences = matcher.match(json(#"{"result":{"a":1,"b":2}}"#), json(#"{"error":{"code":-32601}}"#))
        #expect(differences.map(\.description) == [
            #"result: missing (expected {"a":1,"b":2})"#,
            #"error: not expected (received {"code":-32601})"#,
        ])
    }
}

@Suite("Matching messages that may arrive in any order")
struct AnyOrderTests {
    private func json(_ text: String) -> JSON { try! JSON.parse(text) }

    @Test func messagesMatchPatternsInAnyOrder() throws {
        var matcher = Matcher()
        try matcher.matchAnyOrder(
            [json(#"{"id":1}"#), json(#"{"method":"OnHMIStatus","level":"$capture:level"}"#)],
            [json(#"{"method":"OnHMIStatus","level":"FULL"}"#), json(#"{"id":1}"#)])
        #expect(matcher.captures["level"] == "FULL")
    }

    @Test func aPatternMatchingManyMessagesLeavesTheOthersToTheRest() throws {
        var matcher = Matcher()
        try matcher.matchAnyOrder(
            [json(#"{"$partial":true,"id":"$any"}"#), json(#"{"id":2,"x":1}"#)],
            [json(#"{"id":2,"x":1}"#), json(#"{"id":3}"#)])
    }

    @Test func anUnmatchedPatternIsReportedAgainstTheClosestMessage() {
        var matcher = Matcher()
        #expect {
            try matcher.matchAnyOrder(
                [json(#"{"id":1,"code":"SUCCESS","method":"X"}"#), json(#"{"id":2,"code":"SUCCESS"}"#)],
                [json(#"{"id":2,"code":"SUCCESS"}"#), json(#"{"id":1,"code":"ABORTED","method":"X"}"#)])
        } throws: { error in
            let mismatch = error as! Matcher.AnyOrderMismatch
            return mismatch.unmatchedPattern == 0 && mismatch.closestMessage == 1
                && mismatch.closestDifferences.map(\.description) == [#"code: expected "SUCCESS", received "ABORTED""#]
        }
        #expect(matcher.captures.isEmpty)
    }

    @Test func twoPatternsCannotShareOneMessage() {
        var matcher = Matcher()
        #expect(throws: Matcher.AnyOrderMismatch.self) {
            try matcher.matchAnyOrder([json(#"{"id":1}"#), json(#"{"id":1}"#)], [json(#"{"id":1}"#), json(#"{"id":2}"#)])
        }
    }
}
