import Glibc

/// A connection to a port on 127.0.0.1, as an SDL app makes one to `hu-sim --listen`: for the
/// runner's SDL door, the fuzzer's apps and the tests' raw clients.
public enum LoopbackSocket {
    /// Connects; returns the descriptor, non-blocking and close-on-exec, or nil (errno says why).
    public static func connect(port: UInt16) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            let failure = errno
            close(descriptor)
            errno = failure
            return nil
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return descriptor
    }
}
