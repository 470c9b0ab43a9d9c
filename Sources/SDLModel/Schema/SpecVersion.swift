/// A version of SDL's RPC spec: what MOBILE_API.xml's `since` names, and what an app
/// (its `syncMsgVersion`) or a head unit implements. Packed into one integer, so that
/// checking a parameter's `since` while reading a request costs one comparison.
public struct SpecVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    private let packed: UInt32

    /// `minor` and `patch` go up to 1000, as `SyncMsgVersion` allows.
    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        packed = UInt32(clamping: major) << 20 | UInt32(clamping: min(minor, 1023)) << 10 | UInt32(clamping: min(patch, 1023))
    }

    public init(_ version: SdlMsgVersion) {
        self.init(version.majorVersion, version.minorVersion, version.patchVersion ?? 0)
    }

    public var major: Int { Int(packed >> 20) }
    public var minor: Int { Int(packed >> 10 & 1023) }
    public var patch: Int { Int(packed & 1023) }

    public static func < (lhs: SpecVersion, rhs: SpecVersion) -> Bool { lhs.packed < rhs.packed }

    /// `5.0`, or `4.5.1` when there is a patch.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    // The versions MOBILE_API.xml names in `since` and `until`.
    public static let v1_0 = SpecVersion(1, 0)
    public static let v2_0 = SpecVersion(2, 0)
    public static let v3_0 = SpecVersion(3, 0)
    public static let v4_0 = SpecVersion(4, 0)
    public static let v4_1 = SpecVersion(4, 1)
    public static let v4_2 = SpecVersion(4, 2)
    public static let v4_2_1 = SpecVersion(4, 2, 1)
    public static let v4_2_2 = SpecVersion(4, 2, 2)
    public static let v4_3 = SpecVersion(4, 3)
    public static let v4_5 = SpecVersion(4, 5)
    public static let v4_5_1 = SpecVersion(4, 5, 1)
    public static let v5_0 = SpecVersion(5, 0)
    public static let v5_1 = SpecVersion(5, 1)
    public static let v6_0 = SpecVersion(6, 0)
    public static let v7_0 = SpecVersion(7, 0)
    public static let v7_1 = SpecVersion(7, 1)
    public static let v8_0 = SpecVersion(8, 0)

    /// The spec this model follows (MOBILE_API.xml 8.0.0): reading with it keeps every parameter.
    public static let latest = v8_0
}
