import Foundation
import Testing
import TestSupport

/// The public API of the libraries apps link does not change by accident: each module's public
/// declarations, read from the built module by the toolchain's `swift-symbolgraph-extract`, are
/// compared with the listing committed in `api/MODULE.txt` (one declaration a line, sorted).
/// After a deliberate change, write the listings anew and commit them with a CHANGELOG entry:
///
///     swift build --build-tests && UPDATE_API_LISTING=1 swift test --skip-build --filter PublicAPITests
@Suite(.ownThreads, .timeLimit(.minutes(4))) struct PublicAPITests {
    static let modules = ["SDLManager", "SDLModel", "SimulatorClient"]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: modules)
    func thePublicAPIIsTheCommittedListing(module: String) throws {
        let listing = try Self.listing(of: module)
        let committed = Self.repository.appendingPathComponent("api/\(module).txt")
        if ProcessInfo.processInfo.environment["UPDATE_API_LISTING"] == "1" {
            try FileManager.default.createDirectory(at: committed.deletingLastPathComponent(), withIntermediateDirectories: true)
            try listing.write(to: committed, atomically: true, encoding: .utf8)
        }
        let expected = (try? String(contentsOf: committed, encoding: .utf8)) ?? ""
        let added = Self.lines(listing).subtracting(Self.lines(expected)).sorted()
        let removed = Self.lines(expected).subtracting(Self.lines(listing)).sorted()
        #expect(
            added.isEmpty && removed.isEmpty,
            """
            \(module)'s public API differs from api/\(module).txt (if deliberate: UPDATE_API_LISTING=1 swift test --skip-build \
            --filter PublicAPITests, and a CHANGELOG entry)
            added: \(added.joined(separator: "\n  "))
            removed: \(removed.joined(separator: "\n  "))
            """)
    }

    /// DocC's catalog documents every public symbol apps use (`swift package
    /// generate-documentation --target SDLManager` checks links and parameters, not this).
    @Test func everyPublicSymbolOfSDLManagerIsDocumented() throws {
        let undocumented = try Self.symbols(of: "SDLManager").filter { $0.documentation.isEmpty }.map(\.path)
        #expect(undocumented.isEmpty, "public symbols without a doc comment: \(undocumented.sorted().joined(separator: ", "))")
    }

    /// The SDLModel types apps touch — those SDLManager's and SimulatorClient's public
    /// declarations and the Swift examples of README.md and docs/*.md name — are documented,
    /// every member.
    @Test func everySDLModelSymbolAppsTouchIsDocumented() throws {
        let model = try Self.symbols(of: "SDLModel")
        let typeNames = Set(model.map { String($0.path.prefix { $0 != "." }) })
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("docs").path)
        let documents = try (["README.md"] + docs.filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }).map {
            try String(contentsOf: Self.repository.appendingPathComponent($0), encoding: .utf8)
        }
        let swiftExamples = documents.flatMap {
            $0.components(separatedBy: "```swift").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        }
        let text = try ["SDLManager", "SimulatorClient"].map { try Self.listing(of: $0) }.joined() + swiftExamples.joined()
        let named = Set(text.split { !$0.isLetter && !$0.isNumber }.map(String.init)).intersection(typeNames)
        #expect(named.contains("ResultCode") && named.contains("PutFile"))
        let undocumented = model.filter { named.contains(String($0.path.prefix { $0 != "." })) && $0.documentation.isEmpty }.map(\.path)
        #expect(undocumented.isEmpty, "SDLModel symbols apps touch without a doc comment: \(undocumented.sorted().joined(separator: ", "))")
    }

    @Test func aChangedDeclarationShowsInTheListing() throws {
        let symbols: [String: Any] = [
            "symbols": [
                [
                    "kind": ["identifier": "swift.method"], "identifier": ["precise": "s:1"], "pathComponents": ["Cell", "tap(_:)"],
                    "declarationFragments": [["spelling": "func "], ["spelling": "tap"], ["spelling": "(_ row: Int)"]],
                ],
                [
                    "kind": ["identifier": "swift.method"], "identifier": ["precise": "s:2::SYNTHESIZED::s:3"],
                    "pathComponents": ["Cell", "hash(into:)"], "declarationFragments": [["spelling": "func hash(into:)"]],
                ],
            ]
        ]
        let parsed = try Self.symbols(inGraph: JSONSerialization.data(withJSONObject: symbols))
        #expect(Self.render(parsed) == "Cell.tap(_:)  func tap(_ row: Int)\n")
        #expect(parsed.map(\.documentation) == [""])
    }

    /// A public declaration: its path (`ChoiceSet.cells`), the declaration, its doc comment.
    struct Symbol { let path: String; let declaration: String; let documentation: String }

    /// One line per public declaration of `module`: its path, then its declaration.
    static func listing(of module: String) throws -> String { render(try symbols(of: module)) }

    static func render(_ symbols: [Symbol]) -> String {
        symbols.map { $0.path + "  " + $0.declaration }.sorted().map { $0 + "\n" }.joined()
    }

    /// The public declarations of `module`, read from the built module once for all tests.
    static func symbols(of module: String) throws -> [Symbol] { try extracted[module, default: .success([])].get() }

    static let extracted: [String: Result<[Symbol], any Error>] = Dictionary(
        uniqueKeysWithValues: modules.map { module in (module, Result { try extract(module) }) })

    static func extract(_ module: String) throws -> [Symbol] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("api-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let extract = Process()
        extract.executableURL = try toolchainTool("swift-symbolgraph-extract")
        extract.arguments = [
            "-module-name", module, "-I", BuiltExecutables.folder.appendingPathComponent("Modules").path,
            "-target", target, "-minimum-access-level", "public", "-skip-synthesized-members",
            "-output-dir", output.path,
        ] + moduleMaps().flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
        let errors = Pipe()
        extract.standardError = errors
        try extract.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        extract.waitUntilExit()
        guard extract.terminationStatus == 0 else {
            throw ListingError(message: "swift-symbolgraph-extract failed: " + String(decoding: message, as: UTF8.self))
        }
        return try symbols(inGraph: Data(contentsOf: output.appendingPathComponent("\(module).symbols.json")))
    }

    /// The C modules' maps the build used (the project's, its dependencies', those SwiftPM
    /// wrote): a Swift module that imports one cannot be loaded without it.
    static func moduleMaps() -> [String] {
        let build = BuiltExecutables.folder
        let places: [(folder: URL, isMap: (String) -> Bool)] = [
            (repository.appendingPathComponent("Sources"), { $0.split(separator: "/").count == 2 }),  // system libraries
            (build, { $0.split(separator: "/").count == 2 && $0.hasSuffix(".build/module.modulemap") }),  // C targets' maps SwiftPM wrote
            (build.appendingPathComponent("../../checkouts").standardized, { $0.hasSuffix("/include/module.modulemap") && !$0.contains("/Tests/") }),
        ]
        return places.flatMap { place in
            (FileManager.default.enumerator(atPath: place.folder.path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix("module.modulemap") && place.isMap($0) }
                .map { place.folder.appendingPathComponent($0).path }
        }
    }

    static func symbols(inGraph symbolGraph: Data) throws -> [Symbol] {
        guard let graph = try JSONSerialization.jsonObject(with: symbolGraph) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else { throw ListingError(message: "not a symbol graph") }
        return symbols.compactMap { symbol -> Symbol? in
            let precise = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            guard !precise.contains("::SYNTHESIZED::") else { return nil }  // protocol extensions' members, listed where declared
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            let declaration = (symbol["declarationFragments"] as? [[String: Any]] ?? []).compactMap { $0["spelling"] as? String }.joined()
            let comment = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            return Symbol(
                path: path, declaration: declaration.split(whereSeparator: \.isNewline).joined(separator: " "),
                documentation: comment.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    static func lines(_ text: String) -> Set<String> { Set(text.split(separator: "\n").map(String.init)) }

    /// A program of the toolchain that runs the tests: beside the `swift` on PATH.
    static func toolchainTool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift").resolvingSymlinksInPath()
            let tool = swift.deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool }
        }
        throw ListingError(message: "no \(name) beside a swift on PATH")
    }

    static var target: String {
        #if arch(x86_64)
            let architecture = "x86_64"
        #else
            let architecture = "aarch64"
        #endif
        #if os(Linux)
            return architecture + "-unknown-linux-gnu"
        #else
            return (architecture == "aarch64" ? "arm64" : architecture) + "-apple-macosx15.0"
        #endif
    }

    struct ListingError: Error, CustomStringConvertible { let message: String; var description: String { message } }
}
