// PutFile, ListFiles, DeleteFile and SetAppIcon (SDL-RULES §9–10); GetFile and OnUpdateFile.

/// `spaceAvailable`, in every file RPC's response.
public struct SpaceAvailable: SDLStruct, Hashable {
    public var spaceAvailable: Int?

    public init() {}

    public init(_ bytes: Int) { spaceAvailable = bytes }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("spaceAvailable", &spaceAvailable, 0...2_000_000_000, mandatoryBefore: .v5_0)
    }
}

/// Used to push a binary data onto the module from a mobile device, such as icons and album art Not supported on first generation of SDL enabled modules.
public struct PutFile: SDLRequest, Hashable {
    /// The RPC's name on the wire.
    public static let method = "PutFile"
    public static let functionID = 32

    /// File reference name.
    public var syncFileName = ""
    /// Selected file type.
    public var fileType = FileType.binary
    /// Indicates if the file is meant to persist between sessions / ignition cycles.
    public var persistentFile = false
    /// Indicates if the file is meant to be passed thru core to elsewhere on the system.
    public var systemFile = false
    /// Optional offset in bytes for resuming partial data chunks
    public var offset: Int?
    /// Optional length in bytes for resuming partial data chunks If offset is set to 0, then length is the total length of the file to be downloaded
    public var length: Int?
    /// Additional CRC32 checksum to protect data integrity up to 512 Mbits
    public var crc: Int?
    /// The file's bytes (SDL's binary part of the message), base64 with padding.
    public var bulkData: String?

    public init() {}

    /// A `PutFile` of `bulkData` (one chunk at `offset` of a file of `length` bytes), with its CRC-32.
    public init(
        syncFileName: String, fileType: FileType, bulkData: String, persistentFile: Bool = false,
        offset: Int? = nil, length: Int? = nil, crc: Int? = nil
    ) {
        self.syncFileName = syncFileName
        self.fileType = fileType
        self.bulkData = bulkData
        self.persistentFile = persistentFile
        self.offset = offset
        self.length = length
        self.crc = crc
    }

    /// Reads or writes each parameter through `map`, checking SDL's limits.
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("syncFileName", &syncFileName, 1...255)
        try map("fileType", &fileType)
        try map("persistentFile", &persistentFile, default: false)
        try map("systemFile", &systemFile, default: false)
        try map("offset", &offset, 0...2_000_000_000)
        try map("length", &length, 0...2_000_000_000)
        try map("crc", &crc, 0...4_294_967_295, since: .v5_0)
        // Not in MOBILE_API.xml: SDL carries the bytes in the message's binary part, this
        // contract in base64 here (PROTOCOL.md §3).
        try map("bulkData", &bulkData, 0...Int.max)
    }

    /// The answer's parameters: the space left.
    public typealias ResponseParameters = SpaceAvailable
}

public struct ListFiles: SDLRequest, Hashable {
    public static let method = "ListFiles"
    public static let functionID = 34

    public init() {}
    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {}

    public struct Response: SDLStruct, Hashable {
        public var filenames: [String]?
        public var spaceAvailable: Int?

        public init() {}

        public init(filenames: [String]?, spaceAvailable: Int) {
            self.filenames = filenames
            self.spaceAvailable = spaceAvailable
        }

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("filenames", &filenames, count: 0...1000, 1...500)
            try map("spaceAvailable", &spaceAvailable, 0...2_000_000_000, mandatoryBefore: .v5_0)
        }
    }
    public typealias ResponseParameters = Response
}

public struct DeleteFile: SDLRequest, Hashable {
    public static let method = "DeleteFile"
    public static let functionID = 33

    public var syncFileName = ""

    public init() {}

    public init(_ name: String) { syncFileName = name }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("syncFileName", &syncFileName, 1...500)
    }

    public typealias ResponseParameters = SpaceAvailable
}

public struct SetAppIcon: SDLRequest, Hashable {
    public static let method = "SetAppIcon"
    public static let functionID = 35

    public var syncFileName = ""

    public init() {}

    public init(_ name: String) { syncFileName = name }

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("syncFileName", &syncFileName, 1...500)
    }
}

/// Reads a file (or part of one) the head unit stores, or one an app service offers.
public struct GetFile: SDLRequest, Hashable {
    public static let method = "GetFile"
    public static let functionID = 54

    public var fileName: String = ""
    public var appServiceId: String?
    public var fileType: FileType?
    public var offset: Int?
    public var length: Int?

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("fileName", &fileName, 1...255)
        try map("appServiceId", &appServiceId, .anyLength)
        try map("fileType", &fileType)
        try map("offset", &offset, 0...2_000_000_000)
        try map("length", &length, 0...2_000_000_000)
    }

    /// The chunk's place and size, its checksum and the file's type; the bytes are in the binary data.
    public struct Response: SDLStruct, Hashable {
        public var offset: Int?
        public var length: Int?
        public var fileType: FileType?
        public var crc: Int?

        public init() {}

        public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
            try map("offset", &offset, 0...2_000_000_000)
            try map("length", &length, 0...2_000_000_000)
            try map("fileType", &fileType)
            try map("crc", &crc, 0...4_294_967_295)
        }
    }

    public typealias ResponseParameters = Response
}

/// The head unit asks the app to upload (again) the file of a given name.
public struct OnUpdateFile: SDLNotification, Hashable {
    public static let method = "OnUpdateFile"
    public static let functionID = 32789

    public var fileName: String = ""

    public init() {}

    public mutating func mapParameters(_ map: inout some ParameterMap) throws(SchemaViolation) {
        try map("fileName", &fileName, 1...255)
    }
}
