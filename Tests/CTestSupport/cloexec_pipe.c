#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "CTestSupport.h"

int cloexec_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int pipe_fill(int fd, int *capacity) {
    int queued = 0;
    *capacity = fcntl(fd, F_GETPIPE_SZ);
    if (*capacity < 0 || ioctl(fd, FIONREAD, &queued) < 0) return -1;
    return queued;
}
