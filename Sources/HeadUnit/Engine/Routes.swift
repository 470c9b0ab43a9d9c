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
        func sdl<R: SDLRequest>(_ type: R.Type, _ levels: Set<HMILevel>, _ body: @escaping (HeadUnitEngine, R, EngineCall) -> Void) {
            permissions.permissionItem.append(PermissionItem(rpcName: R.method, allowed: HMILevel.allCases.filter(levels.contains)))
            routes[R.method] = Route { engine, call in
                let reply = call.replyTo
                guard let request = engine.read(R.self, call.params, reply) else { return }
                guard R.self == RegisterAppInterface.self || engine.app != nil else {
                    engine.answer(reply, .applicationNotRegistered, info: "The app is not registered: send RegisterAppInterface first.")
                    return
                }
                if R.self != RegisterAppInterface.self, let level = engine.app?.hmiLevel, !levels.contains(level) {
                    engine.answer(reply, .disallowed, info: "\(R.method) is not allowed in HMI level \(level.rawValue).")
                    return
                }
                body(engine, request, call)
            }
        }
        func control<R: SDLRequest>(_ type: R.Type, _ body: @escaping (HeadUnitEngine, R, ReplyToken?) -> Void) {
            routes[R.method] = Route { engine, call in
                guard let request = engine.read(R.self, call.params, call.replyTo) else { return }
                body(engine, request, call.replyTo)
            }
        }

        sdl(RegisterAppInterface.self, anyLevel) { $0.registerAppInterface($1, from: $2.peer, $2.replyTo) }
        sdl(UnregisterAppInterface.self, anyLevel) { $0.unregisterAppInterface($1, $2.replyTo) }
        sdl(GetSystemCapability.self, anyLevel) { $0.getSystemCapability($1, $2.replyTo) }
        sdl(CreateInteractionChoiceSet.self, visibleOrBackground) { $0.createInteractionChoiceSet($1, $2.replyTo) }
        sdl(DeleteInteractionChoiceSet.self, visibleOrBackground) { $0.deleteInteractionChoiceSet($1, $2.replyTo) }
        sdl(PerformInteraction.self, onScreen) { $0.performInteraction($1, $2.replyTo) }
        sdl(CancelInteraction.self, visibleOrBackground) { $0.cancelInteraction($1, $2.replyTo) }
        sdl(SetGlobalProperties.self, anyLevel) { $0.setGlobalProperties($1, $2.replyTo) }
        sdl(ResetGlobalProperties.self, anyLevel) { $0.resetGlobalProperties($1, $2.replyTo) }
        sdl(PutFile.self, anyLevel) { $0.putFile($1, bulkData: $2.bulkData, $2.replyTo) }
        sdl(ListFiles.self, anyLevel) { $0.listFiles($1, $2.replyTo) }
        sdl(DeleteFile.self, anyLevel) { $0.deleteFile($1, $2.replyTo) }
        sdl(SetAppIcon.self, anyLevel) { $0.setAppIcon($1, $2.replyTo) }

        control(UserKeyboardEvent.self) { $0.userKeyboardEvent($1, $2) }
        control(UserSelectChoice.self) { $0.userSelectChoice($1, $2) }
        control(UserSelectAutocomplete.self) { $0.userSelectAutocomplete($1, $2) }
        control(UserSpeak.self) { $0.userSpeak($1, $2) }
        control(UserClose.self) { $0.userClose($1, $2) }
        control(UserActivate.self) { $0.userActivate($1, $2) }
        control(UserDeactivate.self) { $0.userDeactivate($1, $2) }
        control(SimAdvanceTime.self) { $0.simAdvanceTime($1, $2) }
        control(SimGetState.self) { $0.simGetState($1, $2) }
        control(SimReset.self) { $0.simReset($1, $2) }
        control(SimInjectFault.self) { $0.simInjectFault($1, $2) }

        routes["CreateChoiceInteractionSet"] = routes[CreateInteractionChoiceSet.method]
        routes["KeyboardEvent"] = routes[UserKeyboardEvent.method]
        return (routes, permissions)
    }

    /// The SDL methods the simulator serves (those a fault can be injected for): the ones
    /// registered with a policy above.
    var sdlMethods: some Sequence<String> { permissions.permissionItem.lazy.map(\.rpcName) }

    /// Reads a request's parameters for the version the app and the head unit share:
    /// newer parameters are removed unread, as SDL Core 8.2 does (SDL-RULES §14). A schema
    /// violation is answered INVALID_DATA naming its path.
    private func read<R: SDLRequest>(_ type: R.Type, _ params: JSONObject, _ reply: ReplyToken?) -> R? {
        do {
            if R.self == RegisterAppInterface.self {
                return try RegisterAppInterface.read(params, headUnitVersion: profileVersion) as? R
            }
            return try R(parameters: params, version: app?.version ?? profileVersion)
        } catch {
            answer(reply, .invalidData, info: error.description)
            return nil
        }
    }
}
