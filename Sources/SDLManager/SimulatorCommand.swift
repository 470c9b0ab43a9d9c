import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which simulator to start (PROTOCOL.md §8): the caller's command, else `$HU_SIM`, else
/// the `hu-sim` built beside the running executable, on the virtual clock.
public enum SimulatorCommand {
    public static func resolve(_ explicit: String? = nil) -> String {
        if let explicit { return explicit }
        if let fromEnvironment = getenv("HU_SIM").map({ String(cString: $0) }), !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return besideExecutable()
    }

    /// `'<folder of this executable>/hu-sim' --clock virtual`, quoted for /bin/sh.
    public static func besideExecutable(arguments: String = "--clock virtual") -> String {
        let folder = executablePath().split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return shellQuoted(folder + "/hu-sim") + (arguments.isEmpty ? "" : " " + arguments)
    }

    /// `command` with `--trace FILE` appended: a new file in `folder` for each simulator
    /// started, named after the program and the process (hu-sim's wire trace; a simulator
    /// that does not take `--trace` will refuse it).
    public static func tracing(_ command: String, into folder: String) -> String {
        let number = tracesStarted.add(1, ordering: .relaxed).newValue
        let program = executablePath().split(separator: "/").last.map(String.init) ?? "program"
        return command + " --trace " + shellQuoted("\(folder)/\(program)-\(getpid())-simulator-\(number).trace.jsonl")
    }

    private static let tracesStarted = Atomic<Int>(0)

    static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // Not Linux: the path the executable was started with.
        return realpath(CommandLine.arguments[0], nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? CommandLine.arguments[0]
    }
}
