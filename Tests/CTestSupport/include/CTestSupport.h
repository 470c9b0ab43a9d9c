#pragma once
/// pipe2(2) with O_CLOEXEC, which Swift's Glibc module does not export.
int cloexec_pipe(int fds[2]);

/// Whether the pipe that the write end `fd` feeds has no room for more, as the kernel judges
/// it (not writable: every page slot taken, however full each is): 1 if so, 0 if not, -1 on error.
int pipe_is_full(int fd);

#include <stddef.h>
/// zlib's uncompress(3): inflates a whole zlib stream (a PNG's joined IDAT chunks) into `out`;
/// the number of bytes written, or -1 when the stream is broken or `out` is too small.
long inflate_zlib(const unsigned char *in, size_t in_length, unsigned char *out, size_t out_capacity);
