#pragma once
/// pipe2(2) with O_CLOEXEC, which Swift's Glibc module does not export.
int cloexec_pipe(int fds[2]);

/// The bytes the pipe that `fd` is an end of holds (FIONREAD), and in `capacity` how many it
/// can (F_GETPIPE_SZ); -1 when it cannot be told.
int pipe_fill(int fd, int *capacity);

#include <stddef.h>
/// zlib's uncompress(3): inflates a whole zlib stream (a PNG's joined IDAT chunks) into `out`;
/// the number of bytes written, or -1 when the stream is broken or `out` is too small.
long inflate_zlib(const unsigned char *in, size_t in_length, unsigned char *out, size_t out_capacity);
