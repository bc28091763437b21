#ifndef STORYBOARD_CCURSES_SHIM_H
#define STORYBOARD_CCURSES_SHIM_H
// The one C import of the terminal back end.
//
// Everything here is `static inline`, so the module needs no compiled C.
// It wraps what Swift cannot reach directly: curses macros, globals that
// Swift 6 would reject as shared mutable state, and the signal handlers,
// which must be async-signal-safe and so cannot be written in Swift.
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

// MARK: - Signals and terminal restore
//
// The state below lives in a function-local static. Because these functions
// are `static inline`, each Swift object file that calls them gets its own
// copy; the back end therefore calls every `sb_guard_*` function from one
// Swift file only (SignalWatcher.swift), which keeps a single copy.

#define SB_GUARD_MAX_SIGNAL 65
#define SB_GUARD_SEQUENCE_MAX 512

typedef struct {
    volatile sig_atomic_t armed;
    int tty_fd;
    int have_modes;
    struct termios modes;
    char exit_sequence[SB_GUARD_SEQUENCE_MAX];
    size_t exit_length;
    int pipe_fd;
    volatile sig_atomic_t unacknowledged_quits;
    int fatal_installed;
    int watch_installed;
    struct sigaction previous[SB_GUARD_MAX_SIGNAL];
    /// SIGCONTs seen: tells a suspend that the user already resumed us.
    volatile sig_atomic_t continues;
} sb_guard_state;

static inline sb_guard_state *sb_guard(void) {
    static sb_guard_state state = {.tty_fd = -1, .pipe_fd = -1};
    return &state;
}

/// Async-signal-safe: puts the terminal back as it was before launch.
static inline void sb_guard_restore_now(void) {
    sb_guard_state *state = sb_guard();
    if (!state->armed) return;
    state->armed = 0;
    if (state->exit_length > 0) {
        size_t done = 0;
        while (done < state->exit_length) {
            ssize_t n = write(state->tty_fd, state->exit_sequence + done,
                              state->exit_length - done);
            if (n > 0) {
                done += (size_t)n;
            } else if (n < 0 && errno == EINTR) {
                continue;
            } else {
                break;
            }
        }
    }
    if (state->have_modes) tcsetattr(state->tty_fd, TCSADRAIN, &state->modes);
}

/// Puts back only the saved terminal modes (after endwin, which already wrote
/// the sequences that leave full-screen mode).
static inline int sb_guard_restore_modes(void) {
    sb_guard_state *state = sb_guard();
    if (!state->have_modes) return -1;
    return tcsetattr(state->tty_fd, TCSADRAIN, &state->modes);
}

/// Remembers the modes to restore (read now, before curses changes them).
static inline int sb_guard_save_modes(int fd) {
    sb_guard_state *state = sb_guard();
    state->tty_fd = fd;
    if (tcgetattr(fd, &state->modes) != 0) {
        state->have_modes = 0;
        return -1;
    }
    state->have_modes = 1;
    return 0;
}

/// The bytes that leave the alternate screen, show the cursor and turn off
/// mouse and paste reporting; truncated to SB_GUARD_SEQUENCE_MAX.
static inline void sb_guard_set_exit_sequence(const char *bytes, size_t length) {
    sb_guard_state *state = sb_guard();
    if (length > SB_GUARD_SEQUENCE_MAX) length = SB_GUARD_SEQUENCE_MAX;
    memcpy(state->exit_sequence, bytes, length);
    state->exit_length = length;
}

static inline void sb_guard_arm(int armed) { sb_guard()->armed = armed; }

static inline int sb_guard_is_fatal(int sig) {
    return sig == SIGSEGV || sig == SIGILL || sig == SIGTRAP || sig == SIGBUS
        || sig == SIGABRT || sig == SIGFPE || sig == SIGQUIT || sig == SIGSYS;
}

static inline void sb_guard_fatal_handler(int sig, siginfo_t *info, void *context) {
    int saved_errno = errno;
    sb_guard_restore_now();
    sb_guard_state *state = sb_guard();
    if (sig > 0 && sig < SB_GUARD_MAX_SIGNAL) {
        sigaction(sig, &state->previous[sig], NULL);
    } else {
        signal(sig, SIG_DFL);
    }
    // A fault raised by the CPU happens again when the handler returns, now
    // reaching the previous handler (Swift's backtracer) with the original
    // context. A signal sent by kill/raise/abort, or a trap that resumes
    // after the instruction, is sent again instead; it stays blocked until
    // this handler returns.
    int sent = info == NULL || info->si_code <= 0;
    if (sent && sig > 0 && sig < SB_GUARD_MAX_SIGNAL) {
        // Nothing will fault again after a sent signal, and a backtracer returns once it
        // has printed: run the previous handler here, then end the process the default way.
        struct sigaction previous = state->previous[sig];
        if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
            previous.sa_sigaction(sig, info, context);
        } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
            previous.sa_handler(sig);
        }
        signal(sig, SIG_DFL);
        raise(sig);
    } else if (sent || sig == SIGTRAP || sig == SIGABRT || sig == SIGQUIT) {
        raise(sig);
    }
    errno = saved_errno;
}

/// Installs the restoring handler for signals that end the process.
static inline int sb_guard_install_fatal(void) {
    sb_guard_state *state = sb_guard();
    if (state->fatal_installed) return 0;
    const int signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE, SIGQUIT, SIGSYS};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = sb_guard_fatal_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        if (sigaction(signals[i], &action, &state->previous[signals[i]]) != 0) return -1;
    }
    state->fatal_installed = 1;
    return 0;
}

static inline void sb_guard_uninstall_fatal(void) {
    sb_guard_state *state = sb_guard();
    if (!state->fatal_installed) return;
    const int signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE, SIGQUIT, SIGSYS};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &state->previous[signals[i]], NULL);
    }
    state->fatal_installed = 0;
}

static inline int sb_guard_is_quit(int sig) {
    return sig == SIGINT || sig == SIGTERM || sig == SIGHUP;
}

/// Writes the signal number to the self-pipe so a blocked poll() wakes.
/// A third quit signal that the program has not acknowledged means it is
/// stuck: restore the terminal and die of the signal.
static inline void sb_guard_watch_handler(int sig) {
    int saved_errno = errno;
    sb_guard_state *state = sb_guard();
    unsigned char byte = (unsigned char)sig;
    if (sig == SIGCONT) state->continues += 1;
    if (state->pipe_fd >= 0) {
        ssize_t ignored = write(state->pipe_fd, &byte, 1);
        (void)ignored;
    }
    if (sb_guard_is_quit(sig)) {
        state->unacknowledged_quits += 1;
        if (state->unacknowledged_quits >= 3) {
            sb_guard_restore_now();
            signal(sig, SIG_DFL);
            raise(sig);
        }
    }
    errno = saved_errno;
}

static inline const int *sb_guard_watched_signals(size_t *count) {
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT};
    *count = sizeof signals / sizeof signals[0];
    return signals;
}

/// Routes INT, TERM, HUP, WINCH, TSTP and CONT to the pipe. Installing
/// these before `newterm` also stops ncurses from installing its own.
static inline int sb_guard_install_watch(int pipe_write_fd) {
    sb_guard_state *state = sb_guard();
    if (state->watch_installed) return 0;
    state->pipe_fd = pipe_write_fd;
    state->unacknowledged_quits = 0;
    size_t count = 0;
    const int *signals = sb_guard_watched_signals(&count);
    for (size_t i = 0; i < count; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = sb_guard_watch_handler;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (sigaction(signals[i], &action, &state->previous[signals[i]]) != 0) return -1;
    }
    state->watch_installed = 1;
    return 0;
}

static inline void sb_guard_uninstall_watch(void) {
    sb_guard_state *state = sb_guard();
    if (!state->watch_installed) return;
    size_t count = 0;
    const int *signals = sb_guard_watched_signals(&count);
    for (size_t i = 0; i < count; i++) {
        sigaction(signals[i], &state->previous[signals[i]], NULL);
    }
    state->watch_installed = 0;
    state->pipe_fd = -1;
}

static inline void sb_guard_atexit_handler(void) { sb_guard_restore_now(); }

/// Restores the terminal if the program calls exit() while curses is active.
static inline int sb_guard_install_atexit(void) {
    static int installed = 0;
    if (installed) return 0;
    installed = 1;
    return atexit(sb_guard_atexit_handler);
}

static inline void sb_guard_acknowledge_quit(void) {
    sb_guard()->unacknowledged_quits = 0;
}

/// Stops the process after Ctrl-Z; returns once it is continued.
/// How many SIGCONTs have arrived so far.
static inline int sb_guard_continue_count(void) { return (int)sb_guard()->continues; }

static inline void sb_guard_stop_process(void) {
    // The terminal's Ctrl-Z already stopped the rest of the job; stop this process with a
    // signal nothing can catch. (Resetting SIGTSTP to its default and sending it to the
    // group left a window where a second stop landed after `fg`, stopping the job again.)
    raise(SIGSTOP);
}

#endif
