import Foundation
import HeadUnit
import JSONCodec
import SDLModel
import Testing

/// The profile files under fixtures/profiles are the built-in profiles, written out: a
/// user copies one to start their own, so they must say exactly what hu-sim uses.
@Suite struct ProfileFiles {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../fixtures/profiles").standardized

    @Test(arguments: Profile.builtInNames)
    func eachBuiltInProfileHasAFileThatReadsBackTheSame(_ name: String) throws {
        let bytes = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).json"))
        let profile = try Profile(json: try JSON.parse(Array(bytes)))
        #expect(profile == Profile.builtIn(named: name))
    }

    @Test func aProfileFileMissingAFieldNamesIt() throws {
        var json = Profile.full.encode().objectValue!
        json["textFields"] = nil
        #expect {
            try Profile(json: .object(json))
        } throws: { error in
            (error as? SchemaViolation)?.pathText == "textFields"
        }
    }
}


