#pragma once
/// pipe2(2) with O_CLOEXEC, which Swift's Glibc module does not export.
int cloexec_pipe(int fds[2]);

/// Whether the pipe that `fd` is an end of holds as many bytes as it can (F_GETPIPE_SZ, FIONREAD):
/// 1 if it is full, 0 if not, -1 when it cannot be told.
int pipe_is_full(int fd);

/// Runs argv[0] (a path) with argv, stdin from /dev/null, stdout and stderr into
/// `output_path`, no other descriptor of the caller's, and every signal unblocked and default. Returns its exit status, -1 when
/// it could not be run, or -2 when it ran past `timeout_ms` (it is then killed).
int run_command(char *const argv[], const char *output_path, int timeout_ms);
#include <stddef.h>
/// zlib's uncompress(3): inflates a whole zlib stream (a PNG's joined IDAT chunks) into `out`;
/// the number of bytes written, or -1 when the stream is broken or `out` is too small.
long inflate_zlib(const unsigned char *in, size_t in_length, unsigned char *out, size_t out_capacity);
