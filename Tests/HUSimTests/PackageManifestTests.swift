import Foundation
import JSONCodec
import Testing
import TestSupport

/// Package.swift says what each target uses: every module a target's sources import is among
/// its declared dependencies, and every declared dependency is imported somewhere in it.
@Suite(.ownThreads) struct PackageManifestTests {
    /// Modules of the toolchain and the platform, which no manifest declares.
    static let platformModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc", "Musl", "Darwin",
        "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency", "_StringProcessing", "RegexBuilder",
    ]

    @Test func everyTargetDeclaresExactlyTheModulesItImports() throws {
        var mismatches: [String] = []
        for target in try Self.targets() where target.type != "system" {
            let sources = Self.swiftFiles(in: target.path)
            guard !sources.isEmpty else { continue }  // a C target
            let imported = Set(sources.flatMap(Self.imports)).subtracting(Self.platformModules)
            let undeclared = imported.subtracting(target.dependencies).sorted()
            let unused = target.dependencies.subtracting(imported).sorted()
            if !undeclared.isEmpty { mismatches.append("\(target.name) imports \(undeclared) without declaring them") }
            if !unused.isEmpty { mismatches.append("\(target.name) declares \(unused) and never imports them") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func importsAreReadAsSwiftWritesThem() {
        // Built from pieces, so that this file's own imports stay the only ones in it.
        let word = "import"
        let source = """
            \(word) Foundation
            @testable \(word) HeadUnit
            @preconcurrency \(word) Logging
            \(word) struct SDLModel.Choice
            #if canImport(FoundationXML)
                \(word) FoundationXML
            #endif
            // \(word) NotThis
            let important = "\(word) NorThis"
            """
        #expect(Self.imports(source) == ["Foundation", "HeadUnit", "Logging", "SDLModel", "FoundationXML"])
    }

    struct Target {
        let name: String
        let type: String
        let path: URL
        let dependencies: Set<String>
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The manifest as SwiftPM reads it. Its own scratch folder: the running test holds the
    /// lock on `.build`.
    static func targets() throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let swift = Process()
        swift.executableURL = try PublicAPITests.toolchainTool("swift")
        swift.arguments = ["package", "--package-path", repository.path, "--scratch-path", scratch.path, "dump-package"]
        let output = try swift.runCollectingOutput()
        guard swift.terminationStatus == 0, let manifest = try? JSON.parse([UInt8](output)) else {
            throw PublicAPITests.ListingError(message: "swift package dump-package failed: \(String(decoding: output, as: UTF8.self))")
        }
        return (manifest["targets"]?.arrayValue ?? []).compactMap { target in
            guard let name = target["name"]?.stringValue, let type = target["type"]?.stringValue else { return nil }
            let path = target["path"]?.stringValue ?? "\(type == "test" ? "Tests" : "Sources")/\(name)"
            let dependencies = (target["dependencies"]?.arrayValue ?? []).compactMap { dependency in
                ["byName", "product", "target"].lazy.compactMap { dependency[$0]?.arrayValue?.first?.stringValue }.first
            }
            return Target(name: name, type: type, path: repository.appendingPathComponent(path), dependencies: Set(dependencies))
        }
    }

    static func swiftFiles(in folder: URL) -> [String] {
        let names = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return names.filter { $0.hasSuffix(".swift") }.compactMap {
            try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
    }

    /// The modules a Swift file imports: `import M`, `@testable import M`, `import struct M.T`.
    static func imports(_ source: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        return source.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").drop { $0.hasPrefix("@") }
            guard words.first == "import" else { return nil }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            return words.first.map { String($0.split(separator: ".")[0]) }
        }
    }
}
