import CLinuxExtras
import Glibc
import Synchronization

/// A program started with its standard streams connected as asked (pipes by default), in a
/// process group of its own, with every signal at its default and none blocked: the one way
/// the project's programs and tests start a simulator (`hu-sim`, or a command standing in
/// for it) — `SimulatorClient`, `hu-conform`, `hu-fuzz`, `hu-bench` and the tests.
///
/// Its pipes are made close-on-exec as they are made, so no other child inherits them (a
/// held stdin would never reach end of file), and it inherits no descriptor but its three
/// streams. The ends this side holds (`input`, `output`, `errors`) are the caller's to read,
/// write and close.
public final class ChildProcess: Sendable {
    /// What one of the child's standard streams is connected to.
    public enum Stream: Sendable, Equatable {
        /// A pipe; this side's end is `input`, `output` or `errors`.
        case pipe
        /// `/dev/null`.
        case null
        /// A file, created or emptied.
        case file(String)
        /// Wherever its standard output goes (for its standard error).
        case standardOutput
    }

    /// Why a program could not be started.
    public struct SpawnFailure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The child's process ID; its process group has the same number.
    public let pid: pid_t
    /// This side's end of its stdin pipe; nil unless its stdin is `.pipe`.
    public let input: Int32?
    /// This side's end of its stdout pipe; nil unless its stdout is `.pipe`.
    public let output: Int32?
    /// This side's end of its stderr pipe; nil unless its stderr is `.pipe`.
    public let errors: Int32?
    private let status = Mutex<ExitStatus?>(nil)

    /// `/bin/sh -c command`: a path, a command line with arguments, a pipeline, a wrapper script.
    public convenience init(
        shell command: String, environment: [String: String]? = nil, input: Stream = .pipe, output: Stream = .pipe,
        errors: Stream = .pipe
    ) throws(SpawnFailure) {
        try self.init(
            executable: "/bin/sh", arguments: ["-c", command], environment: environment, input: input, output: output, errors: errors)
    }

    /// The program at `executable` (a path), with `arguments` after its name; `environment`
    /// replaces this process's, nil keeps it.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, input: Stream = .pipe,
        output: Stream = .pipe, errors: Stream = .pipe
    ) throws(SpawnFailure) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Both ends of each pipe: the child's is dup2'ed onto its stream, and closed here after the spawn.
        var pipes: [(child: Int32, ours: Int32)?] = []
        func closeAll() {
            for case let pipe? in pipes {
                close(pipe.child)
                close(pipe.ours)
            }
        }
        for (stream, number) in [(input, Int32(0)), (output, 1), (errors, 2)] {
            switch stream {
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe2(&ends, O_CLOEXEC) == 0 else {
                    closeAll()
                    throw SpawnFailure(description: "cannot create a pipe: \(String(cString: strerror(errno)))")
                }
                let (child, ours) = number == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                pipes.append((child, ours))
                posix_spawn_file_actions_adddup2(&actions, child, number)
            case .null:
                pipes.append(nil)
                posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                pipes.append(nil)
                posix_spawn_file_actions_addopen(&actions, number, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .standardOutput:
                pipes.append(nil)
                posix_spawn_file_actions_adddup2(&actions, 1, number)
            }
        }
        // Its three streams and nothing else of this process's (a daemon it starts, tmux's
        // server, must not keep another child's pipe open).
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (a shell and what it starts are signalled together); signals as a
        // shell would leave them: this process ignores SIGPIPE, and its threads block some.
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentStrings = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { environmentStrings?.forEach { free($0) } }
        var child = pid_t()
        let result =
            if let environmentStrings {
                posix_spawn(&child, executable, &actions, &attributes, argv, environmentStrings)
            } else {
                posix_spawn(&child, executable, &actions, &attributes, argv, environ)
            }
        for case let pipe? in pipes { close(pipe.child) }
        guard result == 0 else {
            for case let pipe? in pipes { close(pipe.ours) }
            throw SpawnFailure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        self.input = pipes[0]?.ours
        self.output = pipes[1]?.ours
        self.errors = pipes[2]?.ours
    }

    // MARK: Its end

    /// Sends `signal` to the child's process group: the program, and all it started.
    public func signal(_ signal: Int32) {
        guard status.withLock({ $0 == nil }) else { return }
        kill(-pid, signal)
    }

    /// How it ended; nil while it runs.
    public var exitStatus: ExitStatus? { reap(waiting: false) }

    /// Waits until it has ended.
    public func waitForExit() -> ExitStatus {
        // Reaped by another caller meanwhile: that caller recorded it.
        reap(waiting: true) ?? status.withLock { $0! }
    }

    /// Waits at most `timeout` for it to end: how it ended, or nil while it still runs.
    public func waitForExit(timeout: Duration) -> ExitStatus? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ended = exitStatus { return ended }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(1000)
        }
    }

    /// Waits at most `timeout` for it to end, from async code (looking every few
    /// milliseconds, never blocking a thread): how it ended, or nil while it still runs.
    public func exit(within timeout: Duration) async -> ExitStatus? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ended = exitStatus { return ended }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Ends it: SIGTERM to its group, then SIGKILL if it has not ended within `grace`; how it ended.
    @discardableResult
    public func terminate(grace: Duration = .seconds(1)) -> ExitStatus {
        signal(SIGTERM)
        if let ended = waitForExit(timeout: grace) { return ended }
        signal(SIGKILL)
        return waitForExit()
    }

    private func reap(waiting: Bool) -> ExitStatus? {
        if let known = status.withLock({ $0 }) { return known }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &raw, waiting ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return status.withLock { $0 } }
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift cannot import.
        let signal = raw & 0x7f
        let ended: ExitStatus = signal == 0 ? .exited((raw >> 8) & 0xff) : .killed(signal: signal)
        return status.withLock { status in
            if status == nil { status = ended }
            return status
        }
    }
}

/// How a child process ended.
public enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case killed(signal: Int32)

    public var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .killed(let signal): "was killed by signal \(signal)"
        }
    }
}
