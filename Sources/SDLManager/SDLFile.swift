import SDLModel

/// A file for the head unit: its name there, its bytes, and how it is stored.
public struct SDLFile: Sendable, Hashable {
    /// The `syncFileName` (1–255 characters, no `/`).
    public var name: String
    public var data: [UInt8]
    public var fileType: FileType
    /// Kept by the head unit across registrations; otherwise removed when the app unregisters.
    public var isPersistent: Bool
    /// Upload even when the head unit already has a file of this name.
    public var overwrite: Bool

    public init(name: String, data: [UInt8], fileType: FileType = .binary, persistent: Bool = false, overwrite: Bool = false) {
        self.name = name
        self.data = data
        self.fileType = fileType
        self.isPersistent = persistent
        self.overwrite = overwrite
    }
}

/// An image for the head unit: either a file to upload (named by default from a hash of
/// its bytes, so the same picture always has the same name and is uploaded once), or one
/// of the head unit's static icons, which is never uploaded.
public struct SDLArtwork: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case file(SDLFile)
        /// A static icon built into the head unit, named by its hex code.
        case staticIcon(String)
    }

    public var source: Source
    /// Whether the head unit may tint the image (SDL's `isTemplate`).
    public var isTemplate: Bool

    /// An image to upload; without `name`, its name comes from its content.
    public init(
        data: [UInt8], fileType: FileType = .graphicPNG, name: String? = nil, persistent: Bool = false,
        overwrite: Bool = false, isTemplate: Bool = false
    ) {
        let name = name ?? Self.contentName(of: data, fileType: fileType)
        self.source = .file(SDLFile(name: name, data: data, fileType: fileType, persistent: persistent, overwrite: overwrite))
        self.isTemplate = isTemplate
    }

    public init(staticIcon hexCode: String, isTemplate: Bool = false) {
        self.source = .staticIcon(hexCode)
        self.isTemplate = isTemplate
    }

    public var name: String {
        switch source {
        case .file(let file): file.name
        case .staticIcon(let code): code
        }
    }

    public var isStaticIcon: Bool {
        if case .staticIcon = source { true } else { false }
    }

    /// The file to upload; nil for a static icon.
    public var file: SDLFile? {
        if case .file(let file) = source { file } else { nil }
    }

    /// The `Image` struct that shows this artwork in an RPC.
    public var image: Image {
        Image(name, type: isStaticIcon ? .staticImage : .dynamic, isTemplate: isTemplate ? true : nil)
    }

    /// The content's FNV-1a hash in hex, with an extension for the type (head units guess
    /// a file's type from its extension when they reload it).
    static func contentName(of data: [UInt8], fileType: FileType) -> String {
        let hex = String(ContentHash.fnv1a64(data), radix: 16)
        let padded = String(repeating: "0", count: 16 - hex.count) + hex
        let suffix: String =
            switch fileType {
            case .graphicPNG: ".png"
            case .graphicJPEG: ".jpg"
            case .graphicBMP: ".bmp"
            default: ""
            }
        return padded + suffix
    }
}

enum ContentHash {
    /// 64-bit FNV-1a: small and stable across runs and platforms (Swift's `Hasher` is seeded per process).
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
