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
        runWithOneLineErrors {
            var command = try parseAsRoot()
            try command.run()
        }
    }

    /// Runs `body` (a command this type parsed, or one read without the parser), exiting as
    /// `mainWithOneLineErrors()` does: 0 when it returns, an error as one line on stderr.
    public static func runWithOneLineErrors(_ body: () throws -> Void) -> Never {
        do {
            try body()
            Self.exit()
        } catch let code as ExitCode {
            // Says nothing: exits at once, without the parser's message machinery (which
            // builds the command's whole help text to find that there is nothing to say).
            exitProcess(code.rawValue)
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

/// The C library's `exit`, which inside `ParsableCommand` the parser's `exit(withError:)` hides.
private func exitProcess(_ status: Int32) -> Never { exit(status) }
