#include <zlib.h>
#include "CTestSupport.h"

long inflate_zlib(const unsigned char *in, size_t in_length, unsigned char *out, size_t out_capacity) {
    uLongf length = out_capacity;
    return uncompress(out, &length, in, in_length) == Z_OK ? (long)length : -1;
}
