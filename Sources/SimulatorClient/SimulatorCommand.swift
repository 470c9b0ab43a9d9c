import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which simulator to start: the one rule every program of the project follows (`hu-demo`,
/// `hu-conform`, `hu-bench`, `hu-fuzz`, `SimulatorProcess`, the tests).
///
/// 1. the program's `--sim` command (a caller's explicit command), else
/// 2. `$HU_SIM` when set and not empty, else
/// 3. the `hu-sim` beside the running executable, else
/// 4. `hu-sim` on `PATH`, else `SimulatorNotFound`, before anything is started.
///
/// The command is a shell command line (`/bin/sh -c`): a path, `hu-sim --profile text-only`,
/// `tee -a wire.log | hu-sim`, a wrapper script. A program appends the arguments it needs
/// (`--clock virtual` above all: `Sim.AdvanceTime` needs it) to whatever command this
/// gives, so a wrapper script must pass its arguments on: `exec hu-sim "$@"`.
public struct SimulatorCommand: Sendable, Equatable, CustomStringConvertible {
    /// The shell command line, before any argument is appended.
    public let shellCommand: String

    public init(_ shellCommand: String) { self.shellCommand = shellCommand }

    /// The arguments a program that moves the clock itself appends.
    public static let virtualClock = ["--clock", "virtual"]

    /// The command line with `arguments` appended, each quoted for the shell.
    public func appending(_ arguments: [String]) -> String {
        ([shellCommand] + arguments.map(Self.shellQuoted)).joined(separator: " ")
    }

    public var description: String { shellCommand }

    /// `--trace FILE` for the next simulator a program starts: a new file in `folder` for
    /// each, named after the program and the process (hu-sim's wire trace).
    public static func traceArguments(into folder: String) -> [String] {
        let number = tracesStarted.add(1, ordering: .relaxed).newValue
        let program = executablePath().split(separator: "/").last.map(String.init) ?? "program"
        return ["--trace", "\(folder)/\(program)-\(getpid())-simulator-\(number).trace.jsonl"]
    }

    private static let tracesStarted = Atomic<Int>(0)

    /// Finds the simulator by the rule above.
    /// - Parameters:
    ///   - explicit: the program's `--sim`; nil or empty when not given.
    ///   - environment: where `HU_SIM` and `PATH` are read (the process's environment by default).
    public static func find(
        explicit: String? = nil, environment: [String: String]? = nil
    ) throws(SimulatorNotFound) -> SimulatorCommand {
        if let explicit, !explicit.isEmpty { return SimulatorCommand(explicit) }
        let variable = { (name: String) in environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) } }
        if let fromEnvironment = variable("HU_SIM"), !fromEnvironment.isEmpty { return SimulatorCommand(fromEnvironment) }
        let beside = besideExecutable
        if let beside { return beside }
        let path = variable("PATH") ?? ""
        if let onPath = path.split(separator: ":").map({ "\($0)/hu-sim" }).first(where: isExecutable) {
            return SimulatorCommand(shellQuoted(onPath))
        }
        throw SimulatorNotFound(besideExecutable: executableFolder + "/hu-sim", path: path)
    }

    /// The `hu-sim` built beside the running executable, if there is one.
    public static var besideExecutable: SimulatorCommand? {
        let candidate = executableFolder + "/hu-sim"
        return isExecutable(candidate) ? SimulatorCommand(shellQuoted(candidate)) : nil
    }

    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "/-_.,:=+@%".utf8.contains(byte)
        }
        return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    private static func isExecutable(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    private static var executableFolder: String {
        executablePath().split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
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

/// No simulator was given and none was found; nothing was started.
public struct SimulatorNotFound: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where `hu-sim` was looked for beside the running executable.
    public let besideExecutable: String
    /// The `PATH` searched.
    public let path: String

    public var description: String {
        """
        no simulator to start: no --sim given, HU_SIM not set, no hu-sim at \(besideExecutable) nor on PATH. \
        Set HU_SIM to a simulator command (HU_SIM=/path/to/hu-sim), pass --sim COMMAND, or install hu-sim \
        on PATH (tools/install in the simulator's repository puts it into ~/.local/bin).
        """
    }
}
