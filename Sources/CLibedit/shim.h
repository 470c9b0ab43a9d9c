// libedit's settings go through variadic calls (el_set, el_get, history), which Swift
// cannot make: one small function for each call the line editor uses.
#include <histedit.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

/// Columns a character takes on the terminal (glibc declares it only for X/Open).
extern int wcwidth(wchar_t);

typedef unsigned char (*hu_el_command)(EditLine *, int);
typedef char *(*hu_el_prompt)(EditLine *);
typedef int (*hu_el_read)(EditLine *, wchar_t *);

static inline int hu_el_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }

static inline void *hu_el_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// `ignore` brackets the prompt's non-printing sequences (colours).
static inline int hu_el_set_prompt(EditLine *el, hu_el_prompt prompt, char ignore) {
    return el_set(el, EL_PROMPT_ESC, prompt, ignore);
}

static inline int hu_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int hu_el_set_read(EditLine *el, hu_el_read read) { return el_set(el, EL_GETCFN, read); }

static inline int hu_el_add_command(EditLine *el, const char *name, const char *help, hu_el_command command) {
    return el_set(el, EL_ADDFN, name, help, command);
}

static inline int hu_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}

/// Terminal modes for editing, as `setty -d MODE` would set them (e.g. "-isig").
static inline int hu_el_set_edit_tty(EditLine *el, const char *mode) { return el_set(el, EL_SETTY, "-d", mode, NULL); }

static inline int hu_el_set_history(EditLine *el, History *entries) { return el_set(el, EL_HIST, history, entries); }
static inline int hu_el_set_unbuffered(EditLine *el, int on) { return el_set(el, EL_UNBUFFERED, on); }
static inline int hu_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }

static inline int hu_history_set_size(History *entries, int size) {
    HistEvent event;
    return history(entries, &event, H_SETSIZE, size);
}

/// A line equal to the one before it is not kept twice.
static inline int hu_history_set_unique(History *entries, int unique) {
    HistEvent event;
    return history(entries, &event, H_SETUNIQUE, unique);
}

static inline int hu_history_enter(History *entries, const char *line) {
    HistEvent event;
    return history(entries, &event, H_ENTER, line);
}
