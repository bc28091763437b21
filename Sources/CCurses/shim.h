#ifndef STORYBOARD_CCURSES_SHIM_H
#define STORYBOARD_CCURSES_SHIM_H
// The one C import of the terminal back end.
//
// Everything here is `static inline`, so the module needs no compiled C.
// It wraps what Swift cannot reach directly: curses macros and globals that
// Swift 6 would reject as shared mutable state. The signal handlers are
// `CTerminalSignals`.
//
// Names that could collide with terminfo's capability macros (term.h
// defines `lines`, `columns`, `bell` and hundreds more) are avoided.

// Wide-character curses needs this before the header is included. It is what
// the -D_XOPEN_SOURCE=600 of ncursesw's pkg-config Cflags is for (curses.h turns
// it into NCURSES_WIDECHAR), said directly: feature macros such as _XOPEN_SOURCE,
// _XOPEN_SOURCE_EXTENDED or _GNU_SOURCE would change the C library's own types
// here and clash with Swift's Glibc module. _DEFAULT_SOURCE, the other flag, is
// what glibc assumes when no feature macro is set, so it needs no defining.
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// MARK: - Character width

// Declared by <wchar.h> only under X/Open feature macros, which are off here.
extern int wcwidth(wchar_t character);

/// The C library's column width of one code point (what curses assumes).
static inline int sb_wcwidth(unsigned int value) { return wcwidth((wchar_t)value); }

// MARK: - Attributes (macros in curses.h)

static inline attr_t sb_attr_normal(void) { return A_NORMAL; }
static inline attr_t sb_attr_bold(void) { return A_BOLD; }
static inline attr_t sb_attr_dim(void) { return A_DIM; }
static inline attr_t sb_attr_reverse(void) { return A_REVERSE; }
static inline attr_t sb_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t sb_attr_italic(void) { return A_ITALIC; }

// MARK: - Globals and macros

static inline WINDOW *sb_stdscr(void) { return stdscr; }
static inline WINDOW *sb_curscr(void) { return curscr; }
static inline int sb_colors(void) { return COLORS; }
static inline int sb_color_pairs(void) { return COLOR_PAIRS; }
static inline int sb_ccharw_max(void) { return CCHARW_MAX; }
static inline int sb_err(void) { return ERR; }

static inline void sb_getmaxyx(WINDOW *window, int *rows, int *cols) {
    int y = 0, x = 0;
    getmaxyx(window, y, x);
    *rows = y;
    *cols = x;
}

/// Writes `count` one-column characters `text` (a scalar each, no combining marks) from
/// column x of row y in one style, copied into the window's line at once (`wadd_wchnstr`),
/// which costs a fraction of writing them one by one through `wadd_wch` (a first frame is
/// thousands of them).
static inline int sb_put_run(WINDOW *window, int y, int x, const wchar_t *text, int count,
                             attr_t attrs, int pair) {
    cchar_t cells[64];
    // One cell in the style, made by curses; the others are copies with their character.
    cchar_t blank;
    int extended = pair;
    const wchar_t space[2] = { L' ', 0 };
    if (setcchar(&blank, space, attrs, 0, &extended) == ERR) return ERR;
    while (count > 0) {
        int n = count < 64 ? count : 64;
        for (int i = 0; i < n; i++) {
            cells[i] = blank;
            cells[i].chars[0] = text[i];
        }
        if (mvwadd_wchnstr(window, y, x, cells, n) == ERR) return ERR;
        text += n;
        x += n;
        count -= n;
    }
    // The cursor where adding the characters one by one leaves it (after the last, or at the
    // start of the next line from the last column), so curses' update ends as it did.
    int rows = 0, cols = 0;
    getmaxyx(window, rows, cols);
    if (x < cols) {
        wmove(window, y, x);
    } else if (y + 1 < rows) {
        wmove(window, y + 1, 0);
    } else {
        wmove(window, y, cols - 1);
    }
    return OK;
}

/// Writes one cell: a spacing character and up to CCHARW_MAX - 1 combining
/// characters (zero-terminated), with an extended colour pair.
static inline int sb_put_cell(WINDOW *window, int y, int x, const wchar_t *text,
                              attr_t attrs, int pair) {
    cchar_t cell;
    int extended = pair;
    if (setcchar(&cell, text, attrs, 0, &extended) == ERR) return ERR;
    return mvwadd_wch(window, y, x, &cell);
}

// MARK: - Opening the terminal

/// What terminfo says about a terminal type, read without letting ncurses
/// print or exit.
typedef struct {
    /// 1 found, 0 not found, -1 no terminfo database (setupterm's errret).
    int status;
    int has_cursor_addressing;
    int has_clear;
    int colors;
    int has_rgb;
} sb_terminfo_probe;

static inline int sb_is_string_cap(const char *value) {
    return value != NULL && value != (const char *)-1;
}

static inline sb_terminfo_probe sb_probe_terminfo(const char *term, int fd) {
    sb_terminfo_probe probe = {0, 0, 0, 0, 0};
    int err = 0;
    if (setupterm(term, fd, &err) != OK) {
        probe.status = err;
        return probe;
    }
    probe.status = 1;
    probe.has_cursor_addressing = sb_is_string_cap(tigetstr("cup"));
    probe.has_clear = sb_is_string_cap(tigetstr("clear"));
    probe.colors = tigetnum("colors");
    // ncurses accepts RGB as a flag, a number or a string.
    probe.has_rgb = tigetflag("RGB") > 0 || tigetnum("RGB") > 0
        || sb_is_string_cap(tigetstr("RGB"));
    TERMINAL *probed = cur_term;
    set_curterm(NULL);
    del_curterm(probed);
    return probe;
}

/// `newterm` on duplicates of the given descriptors, so closing the FILEs
/// later never closes standard input or output.
static inline SCREEN *sb_newterm(const char *term, int out_fd, int in_fd,
                                 FILE **out_file, FILE **in_file) {
    int out_copy = fcntl(out_fd, F_DUPFD_CLOEXEC, 3);
    int in_copy = fcntl(in_fd, F_DUPFD_CLOEXEC, 3);
    if (out_copy < 0 || in_copy < 0) {
        if (out_copy >= 0) close(out_copy);
        if (in_copy >= 0) close(in_copy);
        return NULL;
    }
    FILE *out = fdopen(out_copy, "w");
    FILE *in = fdopen(in_copy, "r");
    if (out == NULL || in == NULL) {
        if (out != NULL) fclose(out); else close(out_copy);
        if (in != NULL) fclose(in); else close(in_copy);
        return NULL;
    }
    SCREEN *screen = newterm(term, out, in);
    if (screen == NULL) {
        fclose(out);
        fclose(in);
        return NULL;
    }
    *out_file = out;
    *in_file = in;
    return screen;
}

/// A string capability of the current terminal, or NULL when absent.
static inline const char *sb_tigetstr(const char *name) {
    const char *value = tigetstr(name);
    return sb_is_string_cap(value) ? value : NULL;
}

/// Sets LC_CTYPE from the environment (only the character type: numeric
/// formatting of C libraries must stay "C"). Returns 1 when the codeset is
/// UTF-8. Falls back to C.UTF-8 when the environment names a UTF-8 locale
/// that is not installed.
static inline int sb_setup_locale(int environment_wants_utf8) {
    const char *set = setlocale(LC_CTYPE, "");
    if (set == NULL && environment_wants_utf8) {
        set = setlocale(LC_CTYPE, "C.UTF-8");
    }
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

/// The window size of a terminal, or 0 when it cannot be read.
static inline int sb_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 1;
}

/// Turns off flow control (Ctrl-S, Ctrl-Q) and the extended input
/// characters (Ctrl-V, Ctrl-O) so they arrive as keys; keeps ISIG so
/// Ctrl-C and Ctrl-Z still raise signals.
static inline int sb_make_keys_reachable(int fd) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
    modes.c_lflag &= ~(tcflag_t)IEXTEN;
    modes.c_lflag |= ISIG;
    return tcsetattr(fd, TCSANOW, &modes);
}

#endif
