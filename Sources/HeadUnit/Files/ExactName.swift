/// A name compared byte for byte (its UTF-8), as SDL Core compares file names (`std::string`)
/// and as the file system keeps them. Swift's `String` equality merges canonically equivalent
/// text (`é` and `e` + U+0301): as a key, it lets two files on disk pass for one.
public struct ExactName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (lhs: ExactName, rhs: ExactName) -> Bool {
        // A native string's UTF-8 is contiguous: compared (and hashed) in place.
        let inPlace = lhs.text.utf8.withContiguousStorageIfAvailable { left in
            rhs.text.utf8.withContiguousStorageIfAvailable { left.elementsEqual($0) }
        }
        return (inPlace ?? nil) ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        let inPlace: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if inPlace == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// Byte order, as `ls` sorts in the C locale.
    public static func < (lhs: ExactName, rhs: ExactName) -> Bool { lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8) }

    public var description: String { text }
}
