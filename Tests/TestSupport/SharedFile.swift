import Foundation

/// Another project's file that tests compare with (SDL's RPC spec, Core's policy table, an SDL
/// app library): never part of this repository. It is named by an environment variable, else
/// found as `../shared/NAME` beside the repository, or beside the repository this clone was
/// made from (a fresh clone in a temporary folder). Tests needing one are skipped without it,
/// with `missing(_:variable:)` as the reason.
public enum SharedFile {
    /// The file or folder, if it is there.
    public static func locate(_ name: String, variable: String) -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment[variable], !given.isEmpty {
            return FileManager.default.fileExists(atPath: given) ? URL(fileURLWithPath: given) : nil
        }
        for repository in [packageRoot, clonedFrom(packageRoot)].compactMap({ $0 }) {
            let candidate = repository.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Why a test that needs `name` is skipped.
    public static func missing(_ name: String, variable: String) -> String {
        "\(name) is not here: set \(variable) to it, or put it at ../shared/\(name) beside the repository"
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The local repository `package` was cloned from: its git origin, when that is a path.
    private static func clonedFrom(_ package: URL) -> URL? {
        guard let config = try? String(contentsOf: package.appendingPathComponent(".git/config"), encoding: .utf8) else { return nil }
        let origin = config.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("url = /") }
        return origin.map { URL(fileURLWithPath: String($0.dropFirst("url = ".count))) }
    }
}
