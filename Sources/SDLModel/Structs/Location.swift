// Where things are in the vehicle: SetGlobalProperties' userLocation, and the modules
// capability reports describe.

public struct SeatLocation: SDLStruct, Hashable {
    public var grid: Grid?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("grid", &grid)
    }
}

public struct Grid: SDLStruct, Hashable {
    public var col = 0
    public var row = 0
    public var level: Int = 0
    public var colspan: Int = 1
    public var rowspan: Int = 1
    public var levelspan: Int = 1

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("col", &col, -1...100)
        try map("row", &row, -1...100)
        try map("level", &level, -1...100, default: 0)
        try map("colspan", &colspan, 1...100, default: 1)
        try map("rowspan", &rowspan, 1...100, default: 1)
        try map("levelspan", &levelspan, 1...100, default: 1)
    }
}

public struct ModuleInfo: SDLStruct, Hashable {
    public var moduleId = ""
    public var location: Grid?
    public var serviceArea: Grid?
    public var allowMultipleAccess: Bool = true

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("moduleId", &moduleId, 1...100)
        try map("location", &location)
        try map("serviceArea", &serviceArea)
        try map("allowMultipleAccess", &allowMultipleAccess, default: true)
    }
}

