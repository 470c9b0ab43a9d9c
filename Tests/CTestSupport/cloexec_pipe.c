#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include "CTestSupport.h"

int cloexec_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int pipe_is_full(int fd) {
    struct pollfd writable = {fd, POLLOUT, 0};
    int ready = poll(&writable, 1, 0);
    return ready < 0 ? -1 : ready == 0;
}
