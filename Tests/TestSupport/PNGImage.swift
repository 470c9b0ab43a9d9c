import CTestSupport

/// A PNG as browsers' screenshots are (8-bit RGB or RGBA, not interlaced), decoded to pixels,
/// so a test can tell a drawn page from a blank one.
public struct PNGImage {
    public let width: Int
    public let height: Int
    /// Each pixel as 0xRRGGBBAA, row by row.
    public let pixels: [UInt32]

    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Problem(description: "not a PNG") }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw Problem(description: "a \(type) chunk runs past the end") }
            let data = bytes[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(data) }
            if type == "IDAT" { compressed += data }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw Problem(description: "no IHDR") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let channels: Int
        switch (header[8], header[9], header[12]) {
        case (8, 2, 0): channels = 3
        case (8, 6, 0): channels = 4
        default: throw Problem(description: "bit depth \(header[8]), colour type \(header[9]), interlace \(header[12]) not read here")
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        let inflated = inflate_zlib(compressed, compressed.count, &raw, raw.count)
        guard inflated == raw.count else { throw Problem(description: "the image data does not inflate to \(width)×\(height)") }
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let left = x >= channels ? Int(rows[y * stride + x - channels]) : 0
                let up = y > 0 ? Int(rows[(y - 1) * stride + x]) : 0
                let upLeft = x >= channels && y > 0 ? Int(rows[(y - 1) * stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4: predicted = Self.paeth(left, up, upLeft)
                default: throw Problem(description: "unknown filter \(filter) on row \(y)")
                }
                rows[y * stride + x] = value &+ UInt8(truncatingIfNeeded: predicted)
            }
        }
        pixels = (0..<width * height).map { index in
            let base = index * channels
            let alpha: UInt32 = channels == 4 ? UInt32(rows[base + 3]) : 0xFF
            return UInt32(rows[base]) << 24 | UInt32(rows[base + 1]) << 16 | UInt32(rows[base + 2]) << 8 | alpha
        }
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// How many pixels have the image's most common colour, as a share of all (1 for a blank image).
    public var commonestColourShare: Double {
        var counts: [UInt32: Int] = [:]
        for pixel in pixels { counts[pixel, default: 0] += 1 }
        return Double(counts.values.max() ?? 0) / Double(max(1, pixels.count))
    }

    public var distinctColours: Int { Set(pixels).count }
}
