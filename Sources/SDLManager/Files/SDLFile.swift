import SDLModel

/// A file for the head unit: its name there, its bytes (in memory, or a file on the device
/// read chunk by chunk as it goes out), and how it is stored.
public struct SDLFile: Sendable, Hashable {
    /// Where a file's bytes come from.
    public enum Content: Sendable, Hashable {
        /// Bytes in memory.
        case bytes([UInt8])
        /// A file on the device, of the size it had when the `SDLFile` was made: read a chunk
        /// at a time while it uploads, so memory holds the chunks in flight, never the file.
        case file(path: String, size: Int)
    }

    /// The `syncFileName` (1–255 characters, no `/`).
    public var name: String
    /// Where the file's bytes come from.
    public var content: Content
    /// The file's type for the head unit (PNG, JSON, binary…).
    public var fileType: FileType
    /// Kept by the head unit across registrations; otherwise removed when the app unregisters.
    public var isPersistent: Bool
    /// Upload even when the head unit already has a file of this name.
    public var overwrite: Bool

    /// A file of `data` in memory, named `name` on the head unit.
    public init(name: String, data: [UInt8], fileType: FileType = .binary, persistent: Bool = false, overwrite: Bool = false) {
        self.name = name
        self.content = .bytes(data)
        self.fileType = fileType
        self.isPersistent = persistent
        self.overwrite = overwrite
    }

    /// The file at `path` on the device, streamed from disk when it uploads (sdl_ios's
    /// `SDLFile(fileURL:name:persistent:)`, sdl_java_suite's `SdlFile(name, fileType, uri, …)`).
    /// - Parameters:
    ///   - path: the file on the device.
    ///   - name: its name on the head unit (nil: the file's own name).
    ///   - fileType: nil: inferred from the extension (`fileType(forExtension:)`), else binary.
    ///   - persistent: kept by the head unit across registrations.
    ///   - overwrite: upload even when the head unit has a file of this name.
    /// - Throws: `SDLFileError.unreadable` if it is not a regular file that can be read.
    public init(
        contentsOf path: String, name: String? = nil, fileType: FileType? = nil, persistent: Bool = false, overwrite: Bool = false
    ) throws(SDLFileError) {
        let size: Int
        do {
            size = try LocalFile.size(of: path)
            _ = try LocalFile.bytes(of: path, at: 0, count: 0)  // readable, not just there
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let fileName = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        self.name = name ?? fileName
        self.content = .file(path: path, size: size)
        self.fileType = fileType ?? Self.fileType(forExtension: String(fileName.split(separator: ".").last ?? "")) ?? .binary
        self.isPersistent = persistent
        self.overwrite = overwrite
    }

    /// Its size in bytes.
    public var size: Int {
        switch content {
        case .bytes(let bytes): bytes.count
        case .file(_, let size): size
        }
    }

    /// The SDL file type a file name's extension stands for (case ignored); nil for one SDL has no type for.
    public static func fileType(forExtension fileExtension: String) -> FileType? {
        switch fileExtension.lowercased() {
        case "png": .graphicPNG
        case "jpg", "jpeg": .graphicJPEG
        case "bmp": .graphicBMP
        case "wav", "wave": .audioWave
        case "mp3": .audioMP3
        case "aac", "m4a": .audioAAC
        case "json": .json
        default: nil
        }
    }

    /// `count` bytes from `offset` (fewer at its end).
    func bytes(at offset: Int, count: Int) throws(SDLFileError) -> [UInt8] {
        switch content {
        case .bytes(let bytes): return Array(bytes[offset..<min(offset + count, bytes.count)])
        case .file(let path, let size):
            let piece: [UInt8]
            do { piece = try LocalFile.bytes(of: path, at: offset, count: min(count, size - offset)) } catch {
                throw .unreadable(path: path, reason: error.reason)
            }
            // The file shrank since: what the head unit was told it would get cannot come.
            guard piece.count == min(count, size - offset) else {
                throw .unreadable(path: path, reason: "it is shorter than the \(size) bytes it had")
            }
            return piece
        }
    }
}

/// An image for the head unit: either a file to upload (named by default from a hash of
/// its bytes, so the same picture always has the same name and is uploaded once), or one
/// of the head unit's static icons, which is never uploaded.
public struct SDLArtwork: Sendable, Hashable {
    /// What the artwork is: a file to upload or a static icon.
    public enum Source: Sendable, Hashable {
        /// A file to upload.
        case file(SDLFile)
        /// A static icon built into the head unit, named by its hex code.
        case staticIcon(String)
    }

    /// What the artwork is.
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

    /// One of SDL's static icons by its hex name (for names `StaticIconName` does not have).
    public init(staticIcon hexCode: String, isTemplate: Bool = false) {
        self.source = .staticIcon(hexCode)
        self.isTemplate = isTemplate
    }

    /// One of SDL's static icons (sdl_ios's `SDLArtwork(staticIcon:)`).
    public init(staticIcon name: StaticIconName, isTemplate: Bool = false) {
        self.init(staticIcon: name.rawValue, isTemplate: isTemplate)
    }

    /// The name the head unit knows the image by: the file's name or the icon's hex name.
    public var name: String {
        switch source {
        case .file(let file): file.name
        case .staticIcon(let code): code
        }
    }

    /// Whether this is a static icon: never uploaded.
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
