// SDL's enumerations (MOBILE_API.xml 8.0) that only capability reports carry: what the
// RegisterAppInterface response and SystemCapability can describe.

public enum DisplayType: String, SDLEnum {
    case cid = "CID"
    case type2 = "TYPE2"
    case type5 = "TYPE5"
    case ngn = "NGN"
    case gen2_8DMA = "GEN2_8_DMA"
    case gen2_6DMA = "GEN2_6_DMA"
    case mfd3 = "MFD3"
    case mfd4 = "MFD4"
    case mfd5 = "MFD5"
    case gen3_8Inch = "GEN3_8-INCH"
    case sdlGeneric = "SDL_GENERIC"
}

public enum ButtonName: String, SDLEnum {
    case ok = "OK"
    case playPause = "PLAY_PAUSE"
    case seekleft = "SEEKLEFT"
    case seekright = "SEEKRIGHT"
    case tuneup = "TUNEUP"
    case tunedown = "TUNEDOWN"
    case preset0 = "PRESET_0"
    case preset1 = "PRESET_1"
    case preset2 = "PRESET_2"
    case preset3 = "PRESET_3"
    case preset4 = "PRESET_4"
    case preset5 = "PRESET_5"
    case preset6 = "PRESET_6"
    case preset7 = "PRESET_7"
    case preset8 = "PRESET_8"
    case preset9 = "PRESET_9"
    case customButton = "CUSTOM_BUTTON"
    case search = "SEARCH"
    case acMax = "AC_MAX"
    case ac = "AC"
    case recirculate = "RECIRCULATE"
    case fanUp = "FAN_UP"
    case fanDown = "FAN_DOWN"
    case tempUp = "TEMP_UP"
    case tempDown = "TEMP_DOWN"
    case defrostMax = "DEFROST_MAX"
    case defrost = "DEFROST"
    case defrostRear = "DEFROST_REAR"
    case upperVent = "UPPER_VENT"
    case lowerVent = "LOWER_VENT"
    case volumeUp = "VOLUME_UP"
    case volumeDown = "VOLUME_DOWN"
    case eject = "EJECT"
    case source = "SOURCE"
    case shuffle = "SHUFFLE"
    case `repeat` = "REPEAT"
    case navCenterLocation = "NAV_CENTER_LOCATION"
    case navZoomIn = "NAV_ZOOM_IN"
    case navZoomOut = "NAV_ZOOM_OUT"
    case navPanUp = "NAV_PAN_UP"
    case navPanUpRight = "NAV_PAN_UP_RIGHT"
    case navPanRight = "NAV_PAN_RIGHT"
    case navPanDownRight = "NAV_PAN_DOWN_RIGHT"
    case navPanDown = "NAV_PAN_DOWN"
    case navPanDownLeft = "NAV_PAN_DOWN_LEFT"
    case navPanLeft = "NAV_PAN_LEFT"
    case navPanUpLeft = "NAV_PAN_UP_LEFT"
    case navTiltToggle = "NAV_TILT_TOGGLE"
    case navRotateClockwise = "NAV_ROTATE_CLOCKWISE"
    case navRotateCounterclockwise = "NAV_ROTATE_COUNTERCLOCKWISE"
    case navHeadingToggle = "NAV_HEADING_TOGGLE"
}

public enum HmiZoneCapabilities: String, SDLEnum {
    case front = "FRONT"
    case back = "BACK"
}

public enum PrerecordedSpeech: String, SDLEnum {
    case helpJingle = "HELP_JINGLE"
    case initialJingle = "INITIAL_JINGLE"
    case listenJingle = "LISTEN_JINGLE"
    case positiveJingle = "POSITIVE_JINGLE"
    case negativeJingle = "NEGATIVE_JINGLE"
}

public enum AudioType: String, SDLEnum {
    case pcm = "PCM"
}

public enum WindowType: String, SDLEnum {
    case main = "MAIN"
    case widget = "WIDGET"
}

public enum VideoStreamingProtocol: String, SDLEnum {
    case raw = "RAW"
    case rtp = "RTP"
    case rtsp = "RTSP"
    case rtmp = "RTMP"
    case webm = "WEBM"
}

public enum VideoStreamingCodec: String, SDLEnum {
    case h264 = "H264"
    case h265 = "H265"
    case theora = "Theora"
    case vp8 = "VP8"
    case vp9 = "VP9"
}

public enum DefrostZone: String, SDLEnum {
    case front = "FRONT"
    case rear = "REAR"
    case all = "ALL"
    case none = "NONE"
}

public enum VentilationMode: String, SDLEnum {
    case upper = "UPPER"
    case lower = "LOWER"
    case both = "BOTH"
    case none = "NONE"
}

public enum LightName: String, SDLEnum {
    case frontLeftHighBeam = "FRONT_LEFT_HIGH_BEAM"
    case frontRightHighBeam = "FRONT_RIGHT_HIGH_BEAM"
    case frontLeftLowBeam = "FRONT_LEFT_LOW_BEAM"
    case frontRightLowBeam = "FRONT_RIGHT_LOW_BEAM"
    case frontLeftParkingLight = "FRONT_LEFT_PARKING_LIGHT"
    case frontRightParkingLight = "FRONT_RIGHT_PARKING_LIGHT"
    case frontLeftFogLight = "FRONT_LEFT_FOG_LIGHT"
    case frontRightFogLight = "FRONT_RIGHT_FOG_LIGHT"
    case frontLeftDaytimeRunningLight = "FRONT_LEFT_DAYTIME_RUNNING_LIGHT"
    case frontRightDaytimeRunningLight = "FRONT_RIGHT_DAYTIME_RUNNING_LIGHT"
    case frontLeftTurnLight = "FRONT_LEFT_TURN_LIGHT"
    case frontRightTurnLight = "FRONT_RIGHT_TURN_LIGHT"
    case rearLeftFogLight = "REAR_LEFT_FOG_LIGHT"
    case rearRightFogLight = "REAR_RIGHT_FOG_LIGHT"
    case rearLeftTailLight = "REAR_LEFT_TAIL_LIGHT"
    case rearRightTailLight = "REAR_RIGHT_TAIL_LIGHT"
    case rearLeftBrakeLight = "REAR_LEFT_BRAKE_LIGHT"
    case rearRightBrakeLight = "REAR_RIGHT_BRAKE_LIGHT"
    case rearLeftTurnLight = "REAR_LEFT_TURN_LIGHT"
    case rearRightTurnLight = "REAR_RIGHT_TURN_LIGHT"
    case rearRegistrationPlateLight = "REAR_REGISTRATION_PLATE_LIGHT"
    case highBeams = "HIGH_BEAMS"
    case lowBeams = "LOW_BEAMS"
    case fogLights = "FOG_LIGHTS"
    case runningLights = "RUNNING_LIGHTS"
    case parkingLights = "PARKING_LIGHTS"
    case brakeLights = "BRAKE_LIGHTS"
    case rearReversingLights = "REAR_REVERSING_LIGHTS"
    case sideMarkerLights = "SIDE_MARKER_LIGHTS"
    case leftTurnLights = "LEFT_TURN_LIGHTS"
    case rightTurnLights = "RIGHT_TURN_LIGHTS"
    case hazardLights = "HAZARD_LIGHTS"
    case rearCargoLights = "REAR_CARGO_LIGHTS"
    case rearTruckBedLights = "REAR_TRUCK_BED_LIGHTS"
    case rearTrailerLights = "REAR_TRAILER_LIGHTS"
    case leftSpotLights = "LEFT_SPOT_LIGHTS"
    case rightSpotLights = "RIGHT_SPOT_LIGHTS"
    case leftPuddleLights = "LEFT_PUDDLE_LIGHTS"
    case rightPuddleLights = "RIGHT_PUDDLE_LIGHTS"
    case ambientLights = "AMBIENT_LIGHTS"
    case overheadLights = "OVERHEAD_LIGHTS"
    case readingLights = "READING_LIGHTS"
    case trunkLights = "TRUNK_LIGHTS"
    case exteriorFrontLights = "EXTERIOR_FRONT_LIGHTS"
    case exteriorRearLights = "EXTERIOR_REAR_LIGHTS"
    case exteriorLeftLights = "EXTERIOR_LEFT_LIGHTS"
    case exteriorRightLights = "EXTERIOR_RIGHT_LIGHTS"
    case exteriorAllLights = "EXTERIOR_ALL_LIGHTS"
}

public enum ServiceUpdateReason: String, SDLEnum {
    case published = "PUBLISHED"
    case removed = "REMOVED"
    case activated = "ACTIVATED"
    case deactivated = "DEACTIVATED"
    case manifestUpdate = "MANIFEST_UPDATE"
}

public enum SamplingRate: String, SDLEnum {
    case kHz8 = "8KHZ"
    case kHz16 = "16KHZ"
    case kHz22 = "22KHZ"
    case kHz44 = "44KHZ"
}

public enum BitsPerSample: String, SDLEnum {
    case bits8 = "8_BIT"
    case bits16 = "16_BIT"
}
