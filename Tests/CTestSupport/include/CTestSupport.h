#pragma once
/// pipe2(2) with O_CLOEXEC, which Swift's Glibc module does not export.
int cloexec_pipe(int fds[2]);

/// Runs argv[0] (a path) with argv, stdin from /dev/null, stdout and stderr into
/// `output_path`, no other descriptor of the caller's, and every signal unblocked and default. Returns its exit status, -1 when
/// it could not be run, or -2 when it ran past `timeout_ms` (it is then killed).
int run_command(char *const argv[], const char *output_path, int timeout_ms);
