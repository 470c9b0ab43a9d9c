import Foundation

/// A temporary folder of fixture files, removed when the test is done with it.
final class TemporaryFixtures {
    let folder: URL

    init(_ files: [String: [String]]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-tests-\(UUID().uuidString)")
        for (name, lines) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: folder) }
}
