import SDLModel
import Testing

@testable import HeadUnit

/// Core's StateController rules alone (state_controller_impl.cc): the state an app is put
/// in, what becomes of the others, and the home screen.
@Suite struct StateControllerRules {
    private let plain = AppStreams()
    private let media = AppStreams(isMedia: true)
    private let otherMedia = AppStreams(isMedia: true)
    private let navigation = AppStreams(isNavigation: true)
    private let communication = AppStreams(isCommunication: true)
    private let projection = AppStreams(isProjection: true)

    private func state(_ app: AppStreams, _ level: HMILevel) -> AppLevel { StateController.state(of: app, in: level) }

    @Test func audioAppsAreHeardAndVideoAppsStreamOnlyInFullAndLimited() {
        #expect(state(media, .full) == AppLevel(level: .full, audio: .audible, video: .notStreamable))
        #expect(state(media, .limited) == AppLevel(level: .limited, audio: .audible, video: .notStreamable))
        #expect(state(media, .background) == AppLevel(level: .background, audio: .notAudible, video: .notStreamable))
        #expect(state(navigation, .full) == AppLevel(level: .full, audio: .audible, video: .streamable))
        #expect(state(projection, .limited) == AppLevel(level: .limited, audio: .audible, video: .streamable))
        #expect(state(plain, .full) == AppLevel(level: .full, audio: .notAudible, video: .notStreamable))
        #expect(state(navigation, .none) == .none)
    }

    @Test func anAppWithoutAudioOrVideoGoesToBackgroundWhenAnotherTakesFull() {
        let resolved = StateController.resolve(plain, in: state(plain, .full), against: media, in: state(media, .full))
        #expect(resolved == AppLevel(level: .background, audio: .notAudible, video: .notStreamable))
    }

    @Test func anAudioAppOfAnotherTypeGoesToLimitedAndIsStillHeard() {
        let resolved = StateController.resolve(media, in: state(media, .full), against: plain, in: state(plain, .full))
        #expect(resolved == AppLevel(level: .limited, audio: .audible, video: .notStreamable))
        let navigationUnderMedia = StateController.resolve(navigation, in: state(navigation, .full), against: media, in: state(media, .full))
        #expect(navigationUnderMedia == AppLevel(level: .limited, audio: .audible, video: .streamable))
    }

    @Test func anAudioAppOfTheSameTypeGoesToBackground() {
        let resolved = StateController.resolve(media, in: state(media, .limited), against: otherMedia, in: state(otherMedia, .full))
        #expect(resolved == AppLevel(level: .background, audio: .notAudible, video: .notStreamable))
        let twoCommunication = StateController.resolve(communication, in: state(communication, .full), against: communication, in: state(communication, .full))
        #expect(twoCommunication.level == .background)
    }

    @Test func aVideoAppStopsStreamingWhenAnotherVideoAppTakesOverButStaysHeard() {
        let resolved = StateController.resolve(navigation, in: state(navigation, .full), against: projection, in: state(projection, .full))
        #expect(resolved == AppLevel(level: .limited, audio: .audible, video: .notStreamable))
    }

    @Test func appsNotOnScreenOrHeardStayWhereTheyAre() {
        for level in [HMILevel.none, .background] {
            let other = state(media, level)
            #expect(StateController.resolve(media, in: other, against: otherMedia, in: state(otherMedia, .full)) == other)
        }
    }

    @Test func anAppPutInBackgroundOrNoneMovesNobody() {
        let full = state(plain, .full)
        #expect(StateController.resolve(plain, in: full, against: media, in: state(media, .background)) == full)
        #expect(StateController.resolve(plain, in: full, against: media, in: .none) == full)
    }

    @Test func anAppPutInLimitedLeavesAppsOfOtherTypesWhereTheyAre() {
        let navigationInLimited = state(navigation, .limited)
        #expect(StateController.resolve(navigation, in: navigationInLimited, against: media, in: state(media, .limited)) == navigationInLimited)
        let mediaInLimited = state(media, .limited)
        #expect(StateController.resolve(media, in: mediaInLimited, against: otherMedia, in: state(otherMedia, .limited)).level == .background)
    }

    @Test func theHomeScreenLeavesAudioAndVideoAppsInLimitedAndOthersInBackground() {
        #expect(StateController.deactivated(media) == AppLevel(level: .limited, audio: .audible, video: .notStreamable))
        #expect(StateController.deactivated(projection) == AppLevel(level: .limited, audio: .audible, video: .streamable))
        #expect(StateController.deactivated(plain) == AppLevel(level: .background, audio: .notAudible, video: .notStreamable))
    }

    @Test func theAudioTypeComesFromTheMediaFlagAndTheAppTypes() {
        var registration = RegisterAppInterface(appName: "Nav", appID: "nav-1")
        registration.appHMIType = [.navigation, .media]
        #expect(AppStreams(registration) == AppStreams(isNavigation: true))
        registration.isMediaApplication = true
        registration.appHMIType = [.communication]
        #expect(AppStreams(registration) == AppStreams(isMedia: true, isCommunication: true))
        // A media app that also communicates is not "only media": another media app does not silence it.
        #expect(!AppStreams(isMedia: true, isCommunication: true).sharesAudioType(with: media))
        #expect(plain.sharesAudioType(with: AppStreams()))
    }
}
