/// A piece of a byte stream as it arrives from the head unit.
public protocol ByteChunk: Sendable {
    /// Calls `body` with the chunk's bytes, valid only during the call.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result
}

/// Where a connection writes its bytes: a pipe, a socket, an in-memory peer.
public protocol ByteSink: Sendable {
    /// Writes every byte, in order; throws when the other side is gone.
    func write(_ bytes: [UInt8]) async throws
    /// No more bytes will come (the peer sees end of stream).
    func finish() async
}

extension Array: ByteChunk where Element == UInt8 {
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeBytes(body)
    }
}
