import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ParsableCommand {
    /// Parses the command line and runs the command, as `main()` does, except that an error
    /// is one line on stderr — `hu-sim: --quota must be 0 or more bytes, not -1.` — without
    /// the usage and "See --help" lines, exiting 64 for a bad option or value (or with the
    /// status an `ExitCode` names). Help goes to stdout, exit 0.
    public static func mainWithOneLineErrors() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            Self.exit()
        } catch {
            let status = exitCode(for: error)
            if status == .success {
                Self.exit(withError: error)
            }
            let message = message(for: error).split(whereSeparator: \.isNewline)
                .map { $0.drop(while: \.isWhitespace) }.filter { !$0.isEmpty }.joined(separator: " ")
            if !message.isEmpty {
                let name = configuration.commandName ?? String(CommandLine.arguments[0].split(separator: "/").last ?? "")
                var line = Array("\(name): \(message)\n".utf8)
                _ = write(STDERR_FILENO, &line, line.count)
            }
            Self.exit(withError: ExitCode(status.rawValue))
        }
    }
}
