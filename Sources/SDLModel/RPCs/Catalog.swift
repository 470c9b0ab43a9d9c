// What the model holds. The simulator serves the requests of `allSDLRequests` (help and
// completion at a terminal, and the fuzzer, list those); the model types every function, struct
// and enum of MOBILE_API.xml 8.0 (`allSpecRequests`, …), served or not.

/// Every request the simulator answers: SDL's own, then the simulated user's (`User.*`)
/// and the simulator's (`Sim.*`), in the order PROTOCOL.md lists them.
public let allSDLRequests: [any SDLRequest.Type] = [
    RegisterAppInterface.self, UnregisterAppInterface.self, GetSystemCapability.self,
    CreateInteractionChoiceSet.self, DeleteInteractionChoiceSet.self, PerformInteraction.self,
    CancelInteraction.self, SetGlobalProperties.self, ResetGlobalProperties.self,
    PutFile.self, ListFiles.self, DeleteFile.self, SetAppIcon.self,
    UserKeyboardEvent.self, UserSelectChoice.self, UserSelectAutocomplete.self, UserSpeak.self,
    UserClose.self, UserActivate.self, UserDeactivate.self, UserActivateApp.self, UserExitApp.self,
    SimAdvanceTime.self, SimGetState.self, SimReset.self, SimInjectFault.self, SimAddApp.self, SimRemoveApp.self,
]

/// Every struct a served request's parameters can hold, so help can describe nested parameters
/// (`ParameterDescription.structName` names one of these).
public let allSDLParameterStructs: [any SDLStruct.Type] = [
    Choice.self, Image.self, TTSChunk.self, VrHelpItem.self, KeyboardProperties.self, SdlMsgVersion.self,
    DeviceInfo.self, AppInfo.self, TemplateColorScheme.self, RGBColor.self, SeatLocation.self, Grid.self,
]

/// Every notification the simulator sends the app (PROTOCOL.md §4).
public let allSDLNotifications: [any SDLNotification.Type] = [
    OnHMIStatus.self, OnKeyboardInput.self, OnSystemCapabilityUpdated.self, OnAppInterfaceUnregistered.self,
]

/// Every request of MOBILE_API.xml 8.0, in the order it lists them, served or not (the simulator
/// serves those of `allSDLRequests`).
public let allSpecRequests: [any SDLRequest.Type] = [
    RegisterAppInterface.self, UnregisterAppInterface.self, CreateWindow.self, DeleteWindow.self,
    SetGlobalProperties.self, ResetGlobalProperties.self, AddCommand.self, DeleteCommand.self, AddSubMenu.self,
    DeleteSubMenu.self, ShowAppMenu.self, CreateInteractionChoiceSet.self, PerformInteraction.self,
    DeleteInteractionChoiceSet.self, Alert.self, SubtleAlert.self, Show.self, Speak.self, SetMediaClockTimer.self,
    PerformAudioPassThru.self, EndAudioPassThru.self, SubscribeButton.self, UnsubscribeButton.self,
    SubscribeVehicleData.self, UnsubscribeVehicleData.self, GetVehicleData.self, ReadDID.self, GetDTCs.self,
    DiagnosticMessage.self, ScrollableMessage.self, Slider.self, ShowConstantTBT.self, AlertManeuver.self,
    UpdateTurnList.self, ChangeRegistration.self, PutFile.self, GetFile.self, DeleteFile.self, ListFiles.self,
    SetAppIcon.self, SetDisplayLayout.self, SystemRequest.self, SendLocation.self, DialNumber.self,
    ButtonPress.self, GetInteriorVehicleData.self, GetInteriorVehicleDataConsent.self,
    ReleaseInteriorVehicleDataModule.self, SetInteriorVehicleData.self, SubscribeWayPoints.self, GetWayPoints.self,
    UnsubscribeWayPoints.self, GetSystemCapability.self, SendHapticData.self, SetCloudAppProperties.self,
    GetCloudAppProperties.self, PublishAppService.self, UnpublishAppService.self, GetAppServiceData.self,
    PerformAppServiceInteraction.self, CancelInteraction.self, CloseApplication.self, EncodedSyncPData.self
]

/// Every notification of MOBILE_API.xml 8.0, in the order it lists them, sent or not.
public let allSpecNotifications: [any SDLNotification.Type] = [
    OnSubtleAlertPressed.self, OnHMIStatus.self, OnAppInterfaceUnregistered.self, OnButtonEvent.self,
    OnButtonPress.self, OnVehicleData.self, OnCommand.self, OnTBTClientState.self, OnDriverDistraction.self,
    OnPermissionsChange.self, OnAudioPassThru.self, OnLanguageChange.self, OnKeyboardInput.self, OnTouchEvent.self,
    OnSystemRequest.self, OnHashChange.self, OnWayPointChange.self, OnInteriorVehicleData.self, OnRCStatus.self,
    OnAppServiceData.self, OnSystemCapabilityUpdated.self, OnAppCapabilityUpdated.self, OnUpdateFile.self,
    OnUpdateSubMenu.self, OnEncodedSyncPData.self
]

/// Every struct of MOBILE_API.xml 8.0, in the order it lists them.
public let allSpecStructs: [any SDLStruct.Type] = [
    AudioPassThruCapabilities.self, CloudAppProperties.self, Image.self, SoftButton.self, Choice.self,
    VrHelpItem.self, SdlMsgVersion.self, FuelRange.self, SingleTireStatus.self, BeltStatus.self, Grid.self,
    DoorStatus.self, GateStatus.self, WindowState.self, RoofStatus.self, BodyInformation.self, DeviceStatus.self,
    HeadLampStatus.self, AppInfo.self, ECallInfo.self, AirbagStatus.self, EmergencyEvent.self,
    ClusterModeStatus.self, MyKey.self, TireStatus.self, StabilityControlsStatus.self, GPSData.self,
    VehicleDataResult.self, DIDResult.self, StartTime.self, TextField.self, ImageResolution.self, ImageField.self,
    TouchCoord.self, TouchEvent.self, TouchEventCapabilities.self, ScreenParams.self, HMIPermissions.self,
    ParameterPermissions.self, PermissionItem.self, DisplayCapabilities.self, WindowStatus.self, ModuleInfo.self,
    ButtonCapabilities.self, SoftButtonCapabilities.self, PresetBankCapabilities.self,
    DynamicUpdateCapabilities.self, KeyboardLayoutCapability.self, KeyboardCapabilities.self,
    WindowCapability.self, WindowTypeCapabilities.self, DisplayCapability.self, HMICapabilities.self,
    MenuParams.self, TTSChunk.self, Turn.self, VehicleType.self, KeyboardProperties.self, DeviceInfo.self,
    DateTime.self, Coordinate.self, OASISAddress.self, LocationDetails.self, NavigationCapability.self,
    PhoneCapability.self, VideoStreamingFormat.self, VideoStreamingCapability.self,
    DriverDistractionCapability.self, RGBColor.self, TemplateColorScheme.self, TemplateConfiguration.self,
    SeatLocation.self, SeatLocationCapability.self, MassageModeData.self, MassageCushionFirmness.self,
    SeatMemoryAction.self, SeatControlData.self, SeatControlCapabilities.self, Temperature.self, RdsData.self,
    StationIDNumber.self, SisData.self, RadioControlData.self, ClimateControlData.self,
    RadioControlCapabilities.self, ClimateControlCapabilities.self, EqualizerSettings.self, AudioControlData.self,
    AudioControlCapabilities.self, LightCapabilities.self, LightControlCapabilities.self, LightState.self,
    LightControlData.self, HMISettingsControlData.self, HMISettingsControlCapabilities.self, ModuleData.self,
    RemoteControlCapabilities.self, MetadataTags.self, Rectangle.self, HapticRect.self, MediaServiceManifest.self,
    MediaServiceData.self, WeatherServiceManifest.self, WeatherAlert.self, WeatherData.self,
    WeatherServiceData.self, NavigationServiceManifest.self, NavigationInstruction.self,
    NavigationServiceData.self, AppServiceManifest.self, AppServiceRecord.self, AppServiceData.self,
    AppServiceCapability.self, AppServicesCapabilities.self, SystemCapability.self, ClimateData.self,
    GearStatus.self, SeatStatus.self, SeatOccupancy.self, SeekStreamingIndicator.self, AppCapability.self
]

/// Every enum of MOBILE_API.xml 8.0, in the order it lists them, but two the model holds
/// otherwise: `FunctionID` (``FunctionID/table``) and `messageType` (the ``SDLRequest`` and
/// ``SDLNotification`` protocols, and ``SDLResponse``).
public let allSpecEnums: [any SDLEnum.Type] = [
    ResultCode.self, ButtonPressMode.self, ButtonEventMode.self, Language.self, UpdateMode.self, TimerMode.self,
    InteractionMode.self, LayoutMode.self, WindowType.self, PredefinedWindows.self, HMILevel.self,
    AudioStreamingState.self, SystemAction.self, SystemContext.self, VideoStreamingState.self, SoftButtonType.self,
    AppInterfaceUnregisteredReason.self, TriggerSource.self, HmiZoneCapabilities.self, SpeechCapabilities.self,
    VrCapabilities.self, PrerecordedSpeech.self, SamplingRate.self, BitsPerSample.self, AudioType.self,
    VehicleDataType.self, HybridAppPreference.self, AppCapabilityType.self, CapacityUnit.self, ButtonName.self,
    MediaClockFormat.self, DisplayType.self, TextFieldName.self, ImageFieldName.self, CharacterSet.self,
    TextAlignment.self, TBTState.self, DriverDistractionState.self, ImageType.self, DeliveryMode.self,
    VideoStreamingProtocol.self, VideoStreamingCodec.self, AudioStreamingIndicator.self, GlobalProperty.self,
    CompassDirection.self, Dimension.self, PRNDL.self, TransmissionType.self, ComponentVolumeStatus.self,
    TPMS.self, FuelType.self, ElectronicParkBrakeStatus.self, WarningLightStatus.self,
    VehicleDataNotificationStatus.self, IgnitionStableStatus.self, IgnitionStatus.self,
    VehicleDataEventStatus.self, DeviceLevelStatus.self, PrimaryAudioSource.self, WiperStatus.self,
    VehicleDataStatus.self, MaintenanceModeStatus.self, VehicleDataActiveStatus.self, AmbientLightStatus.self,
    ModuleType.self, DefrostZone.self, VentilationMode.self, RadioBand.self, RadioState.self, TemperatureUnit.self,
    DoorStatusType.self, FileType.self, FuelCutoffStatus.self, EmergencyEventType.self,
    ECallConfirmationStatus.self, PowerModeQualificationStatus.self, PowerModeStatus.self, CarModeStatus.self,
    VehicleDataResultCode.self, TurnSignal.self, MenuLayout.self, TouchType.self, PermissionStatus.self,
    KeyboardLayout.self, KeyboardEvent.self, KeypressMode.self, KeyboardInputMask.self, RequestType.self,
    AppHMIType.self, PredefinedLayout.self, WayPointType.self, SystemCapabilityType.self, MassageZone.self,
    MassageMode.self, MassageCushion.self, SeatMemoryActionType.self, SupportedSeat.self, LightName.self,
    LightStatus.self, DisplayMode.self, DistanceUnit.self, MetadataType.self, AppServiceType.self, MediaType.self,
    NavigationAction.self, NavigationJunction.self, Direction.self, ServiceUpdateReason.self,
    SeekIndicatorType.self
]
