/// SDL's static icons (SDL-0159: sdl_ios's `SDLStaticIconName`, sdl_java_suite's
/// `StaticIconName`), built into the head unit and never uploaded: `SDLArtwork(staticIcon: .back)`.
/// The raw value is the icon's hex name as SDL sends it.
public enum StaticIconName: String, Sendable, Hashable, CaseIterable {
    /// The “accept call” icon, `0x29` on the wire.
    case acceptCall = "0x29"
    /// The “add waypoint” icon, `0x1B` on the wire.
    case addWaypoint = "0x1B"
    /// The “album” icon, `0x21` on the wire.
    case album = "0x21"
    /// The “ambient lighting” icon, `0x3d` on the wire.
    case ambientLighting = "0x3d"
    /// The “arrow north” icon, `0x40` on the wire.
    case arrowNorth = "0x40"
    /// The “audio mute” icon, `0x12` on the wire.
    case audioMute = "0x12"
    /// The “audiobook episode” icon, `0x83` on the wire.
    case audiobookEpisode = "0x83"
    /// The “audiobook narrator” icon, `0x82` on the wire.
    case audiobookNarrator = "0x82"
    /// The “auxillary audio” icon, `0x45` on the wire.
    case auxillaryAudio = "0x45"
    /// The “back” icon, `0x86` on the wire.
    case back = "0x86"
    /// The “battery capacity 0 of 5” icon, `0xF7` on the wire.
    case batteryCapacity0Of5 = "0xF7"
    /// The “battery capacity 1 of 5” icon, `0xF8` on the wire.
    case batteryCapacity1Of5 = "0xF8"
    /// The “battery capacity 2 of 5” icon, `0xF9` on the wire.
    case batteryCapacity2Of5 = "0xF9"
    /// The “battery capacity 3 of 5” icon, `0xFA` on the wire.
    case batteryCapacity3Of5 = "0xFA"
    /// The “battery capacity 4 of 5” icon, `0xf6` on the wire.
    case batteryCapacity4Of5 = "0xf6"
    /// The “battery capacity 5 of 5” icon, `0xFB` on the wire.
    case batteryCapacity5Of5 = "0xFB"
    /// The “bluetooth audio source” icon, `0x09` on the wire.
    case bluetoothAudioSource = "0x09"
    /// The “bluetooth 1” icon, `0xcc` on the wire.
    case bluetooth1 = "0xcc"
    /// The “bluetooth 2” icon, `0xCD` on the wire.
    case bluetooth2 = "0xCD"
    /// The “browse” icon, `0x77` on the wire.
    case browse = "0x77"
    /// The “cell phone in roaming mode” icon, `0x66` on the wire.
    case cellPhoneInRoamingMode = "0x66"
    /// The “cell service signal strength 0 of 5 bars” icon, `0x67` on the wire.
    case cellServiceSignalStrength0Of5Bars = "0x67"
    /// The “cell service signal strength 1 of 5 bars” icon, `0x68` on the wire.
    case cellServiceSignalStrength1Of5Bars = "0x68"
    /// The “cell service signal strength 2 of 5 bars” icon, `0x69` on the wire.
    case cellServiceSignalStrength2Of5Bars = "0x69"
    /// The “cell service signal strength 3 of 5 bars” icon, `0x6A` on the wire.
    case cellServiceSignalStrength3Of5Bars = "0x6A"
    /// The “cell service signal strength 4 of 5 bars” icon, `0x6B` on the wire.
    case cellServiceSignalStrength4Of5Bars = "0x6B"
    /// The “cell service signal strength 5 of 5 bars” icon, `0xd3` on the wire.
    case cellServiceSignalStrength5Of5Bars = "0xd3"
    /// The “change lane left” icon, `0xc3` on the wire.
    case changeLaneLeft = "0xc3"
    /// The “change lane right” icon, `0xc1` on the wire.
    case changeLaneRight = "0xc1"
    /// The “check box checked” icon, `0x27` on the wire.
    case checkBoxChecked = "0x27"
    /// The “check box unchecked” icon, `0x28` on the wire.
    case checkBoxUnchecked = "0x28"
    /// The “climate” icon, `0xd1` on the wire.
    case climate = "0xd1"
    /// The “clock” icon, `0xfc` on the wire.
    case clock = "0xfc"
    /// The “compose” icon, `0x1A` on the wire.
    case compose = "0x1A"
    /// The “contact” icon, `0x5C` on the wire.
    case contact = "0x5C"
    /// The “continue” icon, `0x42` on the wire.
    case `continue` = "0x42"
    /// The “dash” icon, `0x7F` on the wire.
    case dash = "0x7F"
    /// The “date” icon, `0x87` on the wire.
    case date = "0x87"
    /// The “delete” icon, `0x0F` on the wire.
    case delete = "0x0F"
    /// The “destination” icon, `0x94` on the wire.
    case destination = "0x94"
    /// The “destination ferry ahead” icon, `0x4D` on the wire.
    case destinationFerryAhead = "0x4D"
    /// The “ebookmark” icon, `0x2B` on the wire.
    case ebookmark = "0x2B"
    /// The “empty” icon, `0x01` on the wire.
    case empty = "0x01"
    /// The “end call” icon, `0x2C` on the wire.
    case endCall = "0x2C"
    /// The “fail” icon, `0xD6` on the wire.
    case fail = "0xD6"
    /// The “fast forward 30 secs” icon, `0x08` on the wire.
    case fastForward30Secs = "0x08"
    /// The “favorite heart” icon, `0x0E` on the wire.
    case favoriteHeart = "0x0E"
    /// The “favorite star” icon, `0x95` on the wire.
    case favoriteStar = "0x95"
    /// The “fax number” icon, `0x80` on the wire.
    case faxNumber = "0x80"
    /// The “filename” icon, `0x50` on the wire.
    case filename = "0x50"
    /// The “filter” icon, `0x79` on the wire.
    case filter = "0x79"
    /// The “folder” icon, `0x1C` on the wire.
    case folder = "0x1C"
    /// The “fuel prices” icon, `0xe9` on the wire.
    case fuelPrices = "0xe9"
    /// The “full map” icon, `0x0c` on the wire.
    case fullMap = "0x0c"
    /// The “generic phone number” icon, `0x53` on the wire.
    case genericPhoneNumber = "0x53"
    /// The “genre” icon, `0x4E` on the wire.
    case genre = "0x4E"
    /// The “global keyboard” icon, `0xea` on the wire.
    case globalKeyboard = "0xea"
    /// The “highway exit information” icon, `0xf4` on the wire.
    case highwayExitInformation = "0xf4"
    /// The “home phone number” icon, `0x55` on the wire.
    case homePhoneNumber = "0x55"
    /// The “hyperlink” icon, `0x78` on the wire.
    case hyperlink = "0x78"
    /// The “id 3 tag unknown” icon, `0x51` on the wire.
    case id3TagUnknown = "0x51"
    /// The “incoming calls” icon, `0x57` on the wire.
    case incomingCalls = "0x57"
    /// The “information” icon, `0x5d` on the wire.
    case information = "0x5d"
    /// The “i pod media source” icon, `0x0D` on the wire.
    case iPodMediaSource = "0x0D"
    /// The “join calls” icon, `0x02` on the wire.
    case joinCalls = "0x02"
    /// The “keep left” icon, `0x46` on the wire.
    case keepLeft = "0x46"
    /// The “keep right” icon, `0x48` on the wire.
    case keepRight = "0x48"
    /// The “key” icon, `0x7D` on the wire.
    case key = "0x7D"
    /// The “left” icon, `0x9f` on the wire.
    case left = "0x9f"
    /// The “left arrow” icon, `0x4B` on the wire.
    case leftArrow = "0x4B"
    /// The “left exit” icon, `0xaf` on the wire.
    case leftExit = "0xaf"
    /// The “line in audio source” icon, `0x06` on the wire.
    case lineInAudioSource = "0x06"
    /// The “locked” icon, `0x22` on the wire.
    case locked = "0x22"
    /// The “media control left arrow” icon, `0x17` on the wire.
    case mediaControlLeftArrow = "0x17"
    /// The “media control recording” icon, `0x20` on the wire.
    case mediaControlRecording = "0x20"
    /// The “media control right arrow” icon, `0x15` on the wire.
    case mediaControlRightArrow = "0x15"
    /// The “media control stop” icon, `0x16` on the wire.
    case mediaControlStop = "0x16"
    /// The “microphone” icon, `0xe8` on the wire.
    case microphone = "0xe8"
    /// The “missed calls” icon, `0x58` on the wire.
    case missedCalls = "0x58"
    /// The “mobile phone number” icon, `0x54` on the wire.
    case mobilePhoneNumber = "0x54"
    /// The “move down” icon, `0xE5` on the wire.
    case moveDown = "0xE5"
    /// The “move up” icon, `0xe4` on the wire.
    case moveUp = "0xe4"
    /// The “mp 3 tag artist” icon, `0x24` on the wire.
    case mp3TagArtist = "0x24"
    /// The “navigation” icon, `0x8e` on the wire.
    case navigation = "0x8e"
    /// The “navigation current direction” icon, `0x0a` on the wire.
    case navigationCurrentDirection = "0x0a"
    /// The “negative rating thumbs down” icon, `0x14` on the wire.
    case negativeRatingThumbsDown = "0x14"
    /// The “new” icon, `0x5E` on the wire.
    case new = "0x5E"
    /// The “office phone number” icon, `0x56` on the wire.
    case officePhoneNumber = "0x56"
    /// The “opened” icon, `0x5F` on the wire.
    case opened = "0x5F"
    /// The “origin” icon, `0x96` on the wire.
    case origin = "0x96"
    /// The “outgoing calls” icon, `0x59` on the wire.
    case outgoingCalls = "0x59"
    /// The “pause” icon, `0xCF` on the wire.
    case pause = "0xCF"
    /// The “phone call 1” icon, `0x1D` on the wire.
    case phoneCall1 = "0x1D"
    /// The “phone call 2” icon, `0x1E` on the wire.
    case phoneCall2 = "0x1E"
    /// The “phone device” icon, `0x03` on the wire.
    case phoneDevice = "0x03"
    /// The “phonebook” icon, `0x81` on the wire.
    case phonebook = "0x81"
    /// The “photo” icon, `0x88` on the wire.
    case photo = "0x88"
    /// The “play” icon, `0xD0` on the wire.
    case play = "0xD0"
    /// The “playlist” icon, `0x4F` on the wire.
    case playlist = "0x4F"
    /// The “pop up” icon, `0x76` on the wire.
    case popUp = "0x76"
    /// The “positive rating thumbs up” icon, `0x13` on the wire.
    case positiveRatingThumbsUp = "0x13"
    /// The “power” icon, `0x5b` on the wire.
    case power = "0x5b"
    /// The “primary phone” icon, `0x1F` on the wire.
    case primaryPhone = "0x1F"
    /// The “radio button checked” icon, `0x25` on the wire.
    case radioButtonChecked = "0x25"
    /// The “radio button unchecked” icon, `0x26` on the wire.
    case radioButtonUnchecked = "0x26"
    /// The “recent calls” icon, `0xe7` on the wire.
    case recentCalls = "0xe7"
    /// The “recent destinations” icon, `0xf2` on the wire.
    case recentDestinations = "0xf2"
    /// The “redo” icon, `0x19` on the wire.
    case redo = "0x19"
    /// The “refresh” icon, `0x97` on the wire.
    case refresh = "0x97"
    /// The “remote diagnostics check engine” icon, `0x7E` on the wire.
    case remoteDiagnosticsCheckEngine = "0x7E"
    /// The “rendered 911 assist” icon, `0xac` on the wire.
    case rendered911Assist = "0xac"
    /// The “repeat” icon, `0xe6` on the wire.
    case `repeat` = "0xe6"
    /// The “repeat play” icon, `0x73` on the wire.
    case repeatPlay = "0x73"
    /// The “reply” icon, `0x04` on the wire.
    case reply = "0x04"
    /// The “rewind 30 secs” icon, `0x07` on the wire.
    case rewind30Secs = "0x07"
    /// The “right” icon, `0xa3` on the wire.
    case right = "0xa3"
    /// The “right exit” icon, `0xb1` on the wire.
    case rightExit = "0xb1"
    /// The “ringtones” icon, `0x5A` on the wire.
    case ringtones = "0x5A"
    /// The “roundabout left hand 1” icon, `0xee` on the wire.
    case roundaboutLeftHand1 = "0xee"
    /// The “roundabout left hand 2” icon, `0x8c` on the wire.
    case roundaboutLeftHand2 = "0x8c"
    /// The “roundabout left hand 3” icon, `0x84` on the wire.
    case roundaboutLeftHand3 = "0x84"
    /// The “roundabout left hand 4” icon, `0x72` on the wire.
    case roundaboutLeftHand4 = "0x72"
    /// The “roundabout left hand 5” icon, `0x6e` on the wire.
    case roundaboutLeftHand5 = "0x6e"
    /// The “roundabout left hand 6” icon, `0x64` on the wire.
    case roundaboutLeftHand6 = "0x64"
    /// The “roundabout left hand 7” icon, `0x60` on the wire.
    case roundaboutLeftHand7 = "0x60"
    /// The “roundabout right hand 1” icon, `0x62` on the wire.
    case roundaboutRightHand1 = "0x62"
    /// The “roundabout right hand 2” icon, `0x6c` on the wire.
    case roundaboutRightHand2 = "0x6c"
    /// The “roundabout right hand 3” icon, `0x70` on the wire.
    case roundaboutRightHand3 = "0x70"
    /// The “roundabout right hand 4” icon, `0x7a` on the wire.
    case roundaboutRightHand4 = "0x7a"
    /// The “roundabout right hand 5” icon, `0x8a` on the wire.
    case roundaboutRightHand5 = "0x8a"
    /// The “roundabout right hand 6” icon, `0xec` on the wire.
    case roundaboutRightHand6 = "0xec"
    /// The “roundabout right hand 7” icon, `0xf0` on the wire.
    case roundaboutRightHand7 = "0xf0"
    /// The “rss” icon, `0x89` on the wire.
    case rss = "0x89"
    /// The “settings” icon, `0x49` on the wire.
    case settings = "0x49"
    /// The “sharp left” icon, `0xa5` on the wire.
    case sharpLeft = "0xa5"
    /// The “sharp right” icon, `0xa7` on the wire.
    case sharpRight = "0xa7"
    /// The “show” icon, `0xe1` on the wire.
    case show = "0xe1"
    /// The “shuffle play” icon, `0x74` on the wire.
    case shufflePlay = "0x74"
    /// The “ski places” icon, `0xab` on the wire.
    case skiPlaces = "0xab"
    /// The “slight left” icon, `0x9d` on the wire.
    case slightLeft = "0x9d"
    /// The “slight right” icon, `0xa1` on the wire.
    case slightRight = "0xa1"
    /// The “smartphone” icon, `0x05` on the wire.
    case smartphone = "0x05"
    /// The “sort list” icon, `0x7B` on the wire.
    case sortList = "0x7B"
    /// The “speed dial numbers number 0” icon, `0xE0` on the wire.
    case speedDialNumbersNumber0 = "0xE0"
    /// The “speed dial numbers number 1” icon, `0xD7` on the wire.
    case speedDialNumbersNumber1 = "0xD7"
    /// The “speed dial numbers number 2” icon, `0xD8` on the wire.
    case speedDialNumbersNumber2 = "0xD8"
    /// The “speed dial numbers number 3” icon, `0xD9` on the wire.
    case speedDialNumbersNumber3 = "0xD9"
    /// The “speed dial numbers number 4” icon, `0xDA` on the wire.
    case speedDialNumbersNumber4 = "0xDA"
    /// The “speed dial numbers number 5” icon, `0xDB` on the wire.
    case speedDialNumbersNumber5 = "0xDB"
    /// The “speed dial numbers number 6” icon, `0xDC` on the wire.
    case speedDialNumbersNumber6 = "0xDC"
    /// The “speed dial numbers number 7” icon, `0xDD` on the wire.
    case speedDialNumbersNumber7 = "0xDD"
    /// The “speed dial numbers number 8” icon, `0xDE` on the wire.
    case speedDialNumbersNumber8 = "0xDE"
    /// The “speed dial numbers number 9” icon, `0xDF` on the wire.
    case speedDialNumbersNumber9 = "0xDF"
    /// The “success” icon, `0xD5` on the wire.
    case success = "0xD5"
    /// The “track title” icon, `0x4C` on the wire.
    case trackTitle = "0x4C"
    /// The “traffic report” icon, `0x2A` on the wire.
    case trafficReport = "0x2A"
    /// The “turn list” icon, `0x10` on the wire.
    case turnList = "0x10"
    /// The “u turn left traffic” icon, `0xad` on the wire.
    case uTurnLeftTraffic = "0xad"
    /// The “u turn right traffic” icon, `0xa9` on the wire.
    case uTurnRightTraffic = "0xa9"
    /// The “undo” icon, `0x18` on the wire.
    case undo = "0x18"
    /// The “unlocked” icon, `0x23` on the wire.
    case unlocked = "0x23"
    /// The “usb media audio source” icon, `0x0B` on the wire.
    case usbMediaAudioSource = "0x0B"
    /// The “voice control scrollbar list item no 1” icon, `0xC7` on the wire.
    case voiceControlScrollbarListItemNo1 = "0xC7"
    /// The “voice control scrollbar list item no 2” icon, `0xC8` on the wire.
    case voiceControlScrollbarListItemNo2 = "0xC8"
    /// The “voice control scrollbar list item no 3” icon, `0xC9` on the wire.
    case voiceControlScrollbarListItemNo3 = "0xC9"
    /// The “voice control scrollbar list item no 4” icon, `0xCA` on the wire.
    case voiceControlScrollbarListItemNo4 = "0xCA"
    /// The “voice recognition failed” icon, `0x90` on the wire.
    case voiceRecognitionFailed = "0x90"
    /// The “voice recognition pause” icon, `0x92` on the wire.
    case voiceRecognitionPause = "0x92"
    /// The “voice recognition successful” icon, `0x8F` on the wire.
    case voiceRecognitionSuccessful = "0x8F"
    /// The “voice recognition system active” icon, `0x11` on the wire.
    case voiceRecognitionSystemActive = "0x11"
    /// The “voice recognition system listening” icon, `0x91` on the wire.
    case voiceRecognitionSystemListening = "0x91"
    /// The “voice recognition try again” icon, `0x93` on the wire.
    case voiceRecognitionTryAgain = "0x93"
    /// The “warning” icon, `0xfe` on the wire.
    case warning = "0xfe"
    /// The “weather” icon, `0xeb` on the wire.
    case weather = "0xeb"
    /// The “wifi full” icon, `0x43` on the wire.
    case wifiFull = "0x43"
    /// The “zoom in” icon, `0x98` on the wire.
    case zoomIn = "0x98"
    /// The “zoom out” icon, `0x9a` on the wire.
    case zoomOut = "0x9a"
}
