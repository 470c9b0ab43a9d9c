/// What a parameter holds, with the limits SDL's schema puts on it: what `help` shows, what
/// shorthand parses against, and what the test against MOBILE_API.xml compares.
public indirect enum ParameterType: Equatable, Sendable {
    case integer(ClosedRange<Int>)
    case float(ClosedRange<Double>)
    case boolean
    /// The length in characters.
    case string(ClosedRange<Int>)
    /// The number of elements, and each element's type.
    case array(ClosedRange<Int>, ParameterType)
    /// SDL's name for the enum, and its values.
    case enumeration(name: String, values: [String])
    /// SDL's name for the struct.
    case structure(String)
}

/// How a parameter changed over SDL's versions, and how the simulator's own shapes write it.
public struct ParameterTraits: Sendable {
    /// The version that introduced the parameter; older apps' requests have it removed
    /// before they are read, as SDL Core 8.2 does. nil: as old as the message itself.
    public var since: SpecVersion?
    /// An optional parameter (or one SDL fills with a default) that was mandatory before this
    /// version (`Choice.vrCommands` before 5.0, `GPSData.pdop` before 5.0).
    public var mandatoryBefore: SpecVersion?
    /// Written as `null` when absent, rather than left out (the simulator's `Sim.GetState`).
    public var nullWhenAbsent: Bool

    public init(since: SpecVersion? = nil, mandatoryBefore: SpecVersion? = nil, nullWhenAbsent: Bool = false) {
        self.since = since
        self.mandatoryBefore = mandatoryBefore
        self.nullWhenAbsent = nullWhenAbsent
    }
}
