import Conformance
import Foundation

/// A TCP connection to a port on 127.0.0.1, for the tests' raw clients (an SDL app, a browser)
/// that send what no real client would: bytes out, bytes in, every wait bounded.
final class RawConnection {
    private var descriptor: Int32
    private(set) var closedByPeer = false

    init(port: UInt16) throws {
        guard let descriptor = LoopbackSocket.connect(port: port) else {
            throw LiveProcessError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    deinit { close() }

    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Writes as much of `bytes` as the socket takes within `seconds`; returns how much.
    @discardableResult
    func send(_ bytes: [UInt8], seconds: Double = 5) -> Int {
        var offset = 0
        let deadline = Date().addingTimeInterval(seconds)
        while offset < bytes.count && Date() < deadline {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                offset += written
            } else if written < 0 && (errno == EAGAIN || errno == EINTR) {
                var fd = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&fd, 1, 50)
            } else {
                break
            }
        }
        return offset
    }

    /// What arrived within `milliseconds` (empty when nothing did, or the peer closed: see `closedByPeer`).
    func receive(milliseconds: Int32) -> ArraySlice<UInt8> {
        var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&fd, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 {
            if count == 0 || (errno != EAGAIN && errno != EINTR) { closedByPeer = true }
            return []
        }
        return buffer[..<count]
    }
}
