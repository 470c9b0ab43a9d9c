#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "CTestSupport.h"

int cloexec_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
