import SDLModel

/// SDL Core's string checks (`CheckSyntax` in command_impl.cc, SDL-RULES §0).
enum CoreChecks {
    /// A string fails if it holds a TAB or LF character, the two-character sequences
    /// `\n` or `\t`, or is only spaces; an empty one fails unless `allowEmpty` (Core's
    /// `strlen(str) && !CheckSyntax(str)` for prompt texts, SDL-RULES §14).
    static func passesSyntax(_ text: String, allowEmpty: Bool = false) -> Bool {
        if text.isEmpty { return allowEmpty }
        var text = text
        return text.withUTF8 { bytes in
            var onlySpaces = true
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x09 || byte == 0x0A { return false }
                if previous == UInt8(ascii: "\\") && (byte == UInt8(ascii: "n") || byte == UInt8(ascii: "t")) { return false }
                onlySpaces = onlySpaces && byte == 0x20
                previous = byte
            }
            return !onlySpaces
        }
    }

    /// ASCII case-insensitive equality, as Core's `strcasecmp`.
    static func equalIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count
            && zip(lhs.utf8, rhs.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    /// Whether `text` contains `part`, ignoring case: `text.lowercased().contains(part.lowercased())`,
    /// with ASCII texts (the usual ones) compared byte by byte instead of through lowercased
    /// copies and a search by Character. For ASCII the two agree: each byte is a Character
    /// except CR LF, and a checked text (a menuName) holds no LF.
    static func contains(_ part: String, in text: String) -> Bool {
        var text = text
        var part = part
        let ascii = text.withUTF8 { text in part.withUTF8 { part in asciiContains(part, in: text) } }
        return ascii ?? text.lowercased().contains(part.lowercased())
    }

    /// nil unless both are ASCII.
    private static func asciiContains(_ part: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard text.allSatisfy({ $0 < 0x80 }), part.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) {
            var matched = 0
            while matched < part.count && asciiLower(text[start + matched]) == asciiLower(part[matched]) { matched += 1 }
            if matched == part.count { return true }
        }
        return false
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// vrHelp positions must be exactly 1, 2, 3, … in order.
    static func positionsAreSequential(_ items: [VrHelpItem]) -> Bool {
        items.enumerated().allSatisfy { $0.element.position == $0.offset + 1 }
    }
}

/// The outcome of checking the images of a request (`MessageHelper::VerifyImage`).
enum ImageCheck: Equatable {
    case ok
    /// A DYNAMIC image names a file that was never uploaded: the request goes on and
    /// ends with WARNINGS (SDL-RULES §14).
    case missingFile
    /// An image value that fails Core's string check: INVALID_DATA.
    case invalid(String)

    static let missingInfo = "Requested image(s) not found."
}

extension HeadUnitEngine {
    /// Checks images in order: the first invalid one wins; a missing file (among `app`'s) is remembered.
    func verify(images: [(path: String, image: Image?)], of app: RegisteredApp) -> ImageCheck {
        var result = ImageCheck.ok
        for (path, image) in images {
            guard let image else { continue }
            guard CoreChecks.passesSyntax(image.value) else { return .invalid("\(path).value is not a valid image name") }
            if image.imageType == .dynamic, result == .ok, !app.files.hasFile(named: image.value) {
                result = .missingFile
            }
        }
        return result
    }
}

/// Core's check of TTSChunks of type FILE (`MessageHelper::VerifyTtsFiles`, SDL-RULES §1, §14).
extension HeadUnitEngine {
    /// The first of `prompts` holding a FILE chunk that names a file `app` has not
    /// uploaded: such a request is FILE_NOT_FOUND before the HMI is asked.
    func promptNamingAMissingFile(_ prompts: [(String, [TTSChunk]?)], of app: RegisteredApp) -> String? {
        prompts.first { $0.1?.contains { $0.type == .file && !app.files.hasFile(named: $0.text) } ?? false }?.0
    }

    static func missingSpeechFileInfo(_ prompt: String) -> String {
        "One or more files needed for \(prompt) are not present"
    }

    /// The HMI's warning when a prompt's chunk type is not among the head unit's speech
    /// capabilities (TTS answers UNSUPPORTED_RESOURCE, which Core passes on as WARNINGS);
    /// the request still succeeds.
    func unsupportedSpeechWarning(_ prompts: [[TTSChunk]?]) -> String? {
        let speech = profile.speech
        guard let type = prompts.lazy.compactMap({ $0 }).joined().first(where: { !speech.contains($0.type) })?.type else { return nil }
        return "This head unit's speech cannot say \(type.rawValue) prompts"
    }
}
