import JSONCodec
import SDLModel

/// How one method is handled: its parameters read with SDL's schema, Core's generic
/// checks in SDL's order (schema, registration, HMI level), then the method's own.
struct Route {
    let handle: (HeadUnitEngine, EngineCall) -> Void
}

extension HeadUnitEngine {
    /// Levels in which SDL's default policy (Base-4) allows an RPC (SDL-RULES §0).
    static let anyLevel: Set<HMILevel> = [.none, .background, .limited, .full]
    static let visibleOrBackground: Set<HMILevel> = [.background, .limited, .full]
    static let onScreen: Set<HMILevel> = [.limited, .full]

    /// Every method the simulator answers, by name (with the aliases PROTOCOL.md accepts),
    /// and the policy of its SDL ones: the HMI levels each is allowed in.
    static func makeRoutes() -> (routes: [String: Route], permissions: OnPermissionsChange) {
        var routes: [String: Route] = [:]
        var permissions = OnPermissionsChange()
        func allow<R: SDLRequest>(_ type: R.Type, in levels: Set<HMILevel>) {
            permissions.permissionItem.append(PermissionItem(rpcName: R.method, allowed: HMILevel.allCases.filter(levels.contains)))
        }
        /// An app's request: it acts on the app its peer registered.
        func sdl<R: SDLRequest>(
            _ type: R.Type, _ levels: Set<HMILevel>, _ body: @escaping (HeadUnitEngine, R, EngineCall, RegisteredApp) -> Void
        ) {
            allow(R.self, in: levels)
            routes[R.method] = Route { engine, call in
                let reply = call.replyTo
                let app = engine.app(registeredFrom: call.peer)
                guard let request = engine.read(R.self, call.params, reply, version: app?.version) else { return }
                guard let app else {
                    engine.answer(reply, .applicationNotRegistered, info: "The app is not registered: send RegisterAppInterface first.")
                    return
                }
                guard levels.contains(app.hmiLevel) else {
                    engine.answer(reply, .disallowed, info: "\(R.method) is not allowed in HMI level \(app.hmiLevel.rawValue).")
                    return
                }
                body(engine, request, call, app)
            }
        }
        func control<R: SDLRequest>(_ type: R.Type, _ body: @escaping (HeadUnitEngine, R, ReplyToken?) -> Void) {
            routes[R.method] = Route { engine, call in
                guard let request = engine.read(R.self, call.params, call.replyTo, version: nil) else { return }
                body(engine, request, call.replyTo)
            }
        }

        // Registration: the one request from a peer without an app.
        allow(RegisterAppInterface.self, in: anyLevel)
        routes[RegisterAppInterface.method] = Route { engine, call in
            guard let request = engine.read(RegisterAppInterface.self, call.params, call.replyTo, version: nil) else { return }
            engine.registerAppInterface(request, from: call.peer, call.replyTo)
        }
        sdl(UnregisterAppInterface.self, anyLevel) { $0.unregisterAppInterface($1, of: $3, $2.replyTo) }
        sdl(GetSystemCapability.self, anyLevel) { $0.getSystemCapability($1, of: $3, $2.replyTo) }
        sdl(CreateInteractionChoiceSet.self, visibleOrBackground) { $0.createInteractionChoiceSet($1, of: $3, $2.replyTo) }
        sdl(DeleteInteractionChoiceSet.self, visibleOrBackground) { $0.deleteInteractionChoiceSet($1, of: $3, $2.replyTo) }
        sdl(PerformInteraction.self, onScreen) { $0.performInteraction($1, of: $3, $2.replyTo) }
        sdl(CancelInteraction.self, visibleOrBackground) { $0.cancelInteraction($1, of: $3, $2.replyTo) }
        sdl(SetGlobalProperties.self, anyLevel) { $0.setGlobalProperties($1, of: $3, $2.replyTo) }
        sdl(ResetGlobalProperties.self, anyLevel) { $0.resetGlobalProperties($1, of: $3, $2.replyTo) }
        sdl(PutFile.self, anyLevel) { $0.putFile($1, bulkData: $2.bulkData, of: $3, $2.replyTo) }
        sdl(ListFiles.self, anyLevel) { $0.listFiles($1, of: $3, $2.replyTo) }
        sdl(DeleteFile.self, anyLevel) { $0.deleteFile($1, of: $3, $2.replyTo) }
        sdl(SetAppIcon.self, anyLevel) { $0.setAppIcon($1, of: $3, $2.replyTo) }

        control(UserKeyboardEvent.self) { $0.userKeyboardEvent($1, $2) }
        control(UserSelectChoice.self) { $0.userSelectChoice($1, $2) }
        control(UserSelectAutocomplete.self) { $0.userSelectAutocomplete($1, $2) }
        control(UserSpeak.self) { $0.userSpeak($1, $2) }
        control(UserClose.self) { $0.userClose($1, $2) }
        control(UserActivate.self) { $0.userActivate($1, $2) }
        control(UserDeactivate.self) { $0.userDeactivate($1, $2) }
        control(UserActivateApp.self) { $0.userActivateApp($1, $2) }
        control(UserExitApp.self) { $0.userExitApp($1, $2) }
        control(SimAdvanceTime.self) { $0.simAdvanceTime($1, $2) }
        control(SimGetState.self) { $0.simGetState($1, $2) }
        control(SimReset.self) { $0.simReset($1, $2) }
        control(SimInjectFault.self) { $0.simInjectFault($1, $2) }
        control(SimAddApp.self) { $0.simAddApp($1, $2) }
        control(SimRemoveApp.self) { $0.simRemoveApp($1, $2) }

        routes[CreateInteractionChoiceSet.aliasMethod] = routes[CreateInteractionChoiceSet.method]
        routes["KeyboardEvent"] = routes[UserKeyboardEvent.method]
        return (routes, permissions)
    }

    /// The SDL methods the simulator serves (those a fault can be injected for): the ones
    /// registered with a policy above.
    var sdlMethods: some Sequence<String> { permissions.permissionItem.lazy.map(\.rpcName) }

    /// Reads a request's parameters for the version the app and the head unit share
    /// (`version`; the head unit's for an app not registered): newer parameters are removed
    /// unread, as SDL Core 8.2 does (SDL-RULES §14). A schema violation is answered
    /// INVALID_DATA naming its path.
    private func read<R: SDLRequest>(_ type: R.Type, _ params: JSONObject, _ reply: ReplyToken?, version: SpecVersion?) -> R? {
        do {
            if R.self == RegisterAppInterface.self {
                return try RegisterAppInterface.read(params, headUnitVersion: profileVersion) as? R
            }
            return try R(parameters: params, version: version ?? profileVersion)
        } catch {
            answer(reply, .invalidData, info: error.description)
            return nil
        }
    }
}
