// Every request and parameter struct of the model, for help and completion at a terminal.

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

/// Every struct a request's parameters can hold, so help can describe nested parameters
/// (`ParameterDescription.structName` names one of these).
public let allSDLParameterStructs: [any SDLStruct.Type] = [
    Choice.self, Image.self, TTSChunk.self, VrHelpItem.self, KeyboardProperties.self, SdlMsgVersion.self,
    DeviceInfo.self, AppInfo.self, TemplateColorScheme.self, RGBColor.self, SeatLocation.self, Grid.self,
]

/// Every notification the simulator sends the app (PROTOCOL.md §4).
public let allSDLNotifications: [any SDLNotification.Type] = [
    OnHMIStatus.self, OnKeyboardInput.self, OnSystemCapabilityUpdated.self, OnAppInterfaceUnregistered.self,
]
