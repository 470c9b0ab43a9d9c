import Foundation

/// A simulator command that logs the wire and its arguments and runs the built hu-sim with
/// them (`"$@"`): the kind of wrapper PROTOCOL.md §8 has in mind, to point any program that
/// starts a simulator at.
public struct WireLoggingWrapper: Sendable {
    public let folder: URL
    public var path: String { folder.appendingPathComponent("wrapper.sh").path }

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hu-wrapper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            echo "$@" >> '\(folder.path)/arguments.log'
            tee -a '\(folder.path)/wire.log' | '\(BuiltExecutables.url("hu-sim").path)' "$@"
            """
        // Written here, made executable by install(1) in a process of its own: a process this
        // one starts while the script is open for writing keeps it open, and running the
        // script would then fail with ETXTBSY.
        let draft = folder.appendingPathComponent("wrapper.draft").path
        try script.write(toFile: draft, atomically: false, encoding: .utf8)
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "755", draft, path]
        _ = try install.runCollectingOutput(timeLimit: .seconds(60))
    }

    /// The arguments of each start, one line each.
    public func arguments() throws -> [String] {
        try String(contentsOf: folder.appendingPathComponent("arguments.log"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Everything written to the simulator.
    public func wire() throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent("wire.log")), as: UTF8.self)
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }
}
