// What Swift's Glibc module leaves out: glibc's malloc tuning (mallopt), Linux's pipe
// sizing (fcntl.h declares F_SETPIPE_SZ only under _GNU_SOURCE), pipe2 (close-on-exec pipes
// made at once, so no process started meanwhile inherits them) and posix_spawn's closefrom
// action (a child gets its three streams and nothing else; both glibc, _GNU_SOURCE).
#include <malloc.h>
#include <fcntl.h>
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031 /* F_LINUX_SPECIFIC_BASE + 7 */
#endif
#include <spawn.h>
int pipe2(int pipefd[2], int flags);
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
