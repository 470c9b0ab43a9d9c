// What Swift's Glibc module leaves out: glibc's malloc tuning (mallopt) and Linux's pipe
// sizing (fcntl.h declares F_SETPIPE_SZ only under _GNU_SOURCE).
#include <malloc.h>
#include <fcntl.h>
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031 /* F_LINUX_SPECIFIC_BASE + 7 */
#endif
