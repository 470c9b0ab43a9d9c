import SDLManager
import SDLModel
import SimulatorClient
import Testing

/// The README's example in "The manager library", word for word but for the bytes and the command.
@Suite(.timeLimit(.minutes(1))) struct ReadmeExampleTests {
    @Test func theReadmeExampleRuns() async throws {
        let pngBytes = picture(1)
        let otherBytes = picture(2)
        let names = try await SimulatorProcess.withConnection(command: builtSimulator, logger: quietLogger) {
            connection in
            let manager = SDLManager(connection: connection, configuration: .init(appName: "Demo", appID: "demo-1", logger: quietLogger))
            try await manager.start()
            try await manager.waitUntilReady()

            let logo = SDLArtwork(data: pngBytes)  // named from a hash of its bytes
            _ = try await manager.fileManager.upload(logo)  // .uploaded; asked again: .alreadyOnHeadUnit

            let user = SimulatorDriver(connection)  // the simulated driver and the simulator's controls
            try await user.injectFault(.result(.genericError), on: PutFile.self)  // the next PutFile fails…
            _ = try await manager.fileManager.upload(SDLArtwork(data: otherBytes))  // …and is retried once
            let names = try await user.state().files.map(\.syncFileName)

            await manager.stop()
            return names
        }
        #expect(names == [SDLArtwork(data: pngBytes).name, SDLArtwork(data: otherBytes).name].sorted())
    }
}
