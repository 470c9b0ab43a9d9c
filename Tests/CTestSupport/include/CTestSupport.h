#pragma once
/// pipe2(2) with O_CLOEXEC, which Swift's Glibc module does not export.
int cloexec_pipe(int fds[2]);
