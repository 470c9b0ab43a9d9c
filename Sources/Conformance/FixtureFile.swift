import Foundation

/// A fixture file found on disk, with the short name reports show.
public struct FixtureFile: Sendable, Equatable {
    /// The path to read, relative to the current folder when inside it.
    public let path: String
    /// The path relative to the folder it was found in, without `.jsonl`, e.g.
    /// `choice-sets/reusing-a-set-id-is-invalid-id`.
    public let name: String

    /// Every `*.jsonl` under `paths` (folders searched recursively, skipping files and
    /// folders whose names start with `_`), sorted, each once.
    public static func discover(_ paths: [String]) throws(DiscoveryError) -> [FixtureFile] {
        var found: [FixtureFile] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw DiscoveryError(message: "no such file or folder: \(path)")
            }
            if !isFolder.boolValue {
                found.append(FixtureFile(path: relativeToCurrentFolder(path), name: withoutExtension(URL(fileURLWithPath: path).lastPathComponent)))
                continue
            }
            let root = URL(fileURLWithPath: path).standardizedFileURL
            let files = (FileManager.default.subpaths(atPath: root.path) ?? [])
                .filter { $0.hasSuffix(".jsonl") && !$0.split(separator: "/").contains { $0.hasPrefix("_") } }
                .sorted()
            found += files.map { FixtureFile(path: relativeToCurrentFolder(root.appendingPathComponent($0).path), name: withoutExtension($0)) }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.path).inserted }
    }

    public struct DiscoveryError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    private static func withoutExtension(_ name: String) -> String {
        name.hasSuffix(".jsonl") ? String(name.dropLast(".jsonl".count)) : name
    }
}
