// The baseline hu-bench measures hu-sim against: the least a jansson-based JSON-RPC
// peer must do per line. It reads stdin in large blocks, parses each line with
// json_loadb, writes it back compact with json_dumpb, and flushes its output whenever it
// is about to wait for input -- the same I/O strategy as hu-sim.
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

static char *out;
static size_t out_len, out_cap;

static void out_reserve(size_t extra) {
    if (out_len + extra <= out_cap) return;
    while (out_len + extra > out_cap) out_cap = out_cap ? out_cap * 2 : 1 << 16;
    out = realloc(out, out_cap);
    if (!out) abort();
}

static void flush_out(void) {
    size_t off = 0;
    while (off < out_len) {
        ssize_t n = write(STDOUT_FILENO, out + off, out_len - off);
        if (n < 0) { if (errno == EINTR) continue; exit(0); }
        off += (size_t)n;
    }
    out_len = 0;
}

static void echo_line(const char *line, size_t len) {
    if (len > 0 && line[len - 1] == '\r') len--;
    if (len == 0) return;
    json_error_t error;
    json_t *value = json_loadb(line, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &error);
    if (!value) {
        static const char parse_error[] = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}\n";
        out_reserve(sizeof parse_error);
        memcpy(out + out_len, parse_error, sizeof parse_error - 1);
        out_len += sizeof parse_error - 1;
        return;
    }
    size_t need = json_dumpb(value, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);
    out_reserve(need + 1);
    out_len += json_dumpb(value, out + out_len, need, JSON_COMPACT | JSON_ENCODE_ANY);
    out[out_len++] = '\n';
    json_decref(value);
}

int main(void) {
    size_t cap = 1 << 18, len = 0;
    char *in = malloc(cap);
    for (;;) {
        if (len == cap) { cap *= 2; in = realloc(in, cap); }
        ssize_t n = read(STDIN_FILENO, in + len, cap - len);
        if (n < 0) { if (errno == EINTR) continue; break; }
        if (n == 0) break;
        len += (size_t)n;
        size_t start = 0;
        for (;;) {
            char *newline = memchr(in + start, '\n', len - start);
            if (!newline) break;
            echo_line(in + start, (size_t)(newline - (in + start)));
            start = (size_t)(newline - in) + 1;
        }
        memmove(in, in + start, len - start);
        len -= start;
        flush_out();
    }
    if (len > 0) echo_line(in, len);
    flush_out();
    free(in);
    return 0;
}
