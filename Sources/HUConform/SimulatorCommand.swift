import Foundation

/// Which simulator to run (PROTOCOL §8): --sim, else $HU_SIM, else the hu-sim built beside
/// this executable.
enum SimulatorCommand {
    static func resolve(option: String?) -> String {
        if let option, !option.isEmpty { return option }
        if let fromEnvironment = ProcessInfo.processInfo.environment["HU_SIM"], !fromEnvironment.isEmpty { return fromEnvironment }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = executable.deletingLastPathComponent().appendingPathComponent("hu-sim").path
        return "'" + beside.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
