// The app's signal handling: quit, resize, suspend and resume signals become bytes on a
// pipe that the terminal back end polls beside its input, and the terminal is put back as
// it was when a fatal signal, a stuck program or exit() ends the process. Handlers must be
// async-signal-safe, which Swift code cannot promise, so they are C; their state exists once.
#include "CTerminalSignals.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

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

static sb_guard_state guard_state = {.tty_fd = -1, .pipe_fd = -1};

static sb_guard_state *sb_guard(void) { return &guard_state; }

/// Async-signal-safe: puts the terminal back as it was before launch.
void sb_guard_restore_now(void) {
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
int sb_guard_restore_modes(void) {
    sb_guard_state *state = sb_guard();
    if (!state->have_modes) return -1;
    return tcsetattr(state->tty_fd, TCSADRAIN, &state->modes);
}

/// Remembers the modes to restore (read now, before curses changes them).
int sb_guard_save_modes(int fd) {
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
void sb_guard_set_exit_sequence(const char *bytes, size_t length) {
    sb_guard_state *state = sb_guard();
    if (length > SB_GUARD_SEQUENCE_MAX) length = SB_GUARD_SEQUENCE_MAX;
    memcpy(state->exit_sequence, bytes, length);
    state->exit_length = length;
}

void sb_guard_arm(int armed) { sb_guard()->armed = armed; }

static void sb_guard_fatal_handler(int sig, siginfo_t *info, void *context) {
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

/// The signals that end the process, whose handler restores the terminal first.
static const int fatal_signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE, SIGQUIT, SIGSYS};
/// The signals routed to the pipe.
static const int watched_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT};
#define SB_GUARD_COUNT(array) (sizeof array / sizeof array[0])

/// Installs `action` for each of `signals`, keeping the handlers that were there before,
/// unless `*installed` says it is done already; then sets it. Returns 0, or -1 with errno set.
static int sb_guard_install(int *installed, const int *signals, size_t count, struct sigaction action) {
    if (*installed) return 0;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, &sb_guard()->previous[signals[i]]) != 0) return -1;
    }
    *installed = 1;
    return 0;
}

/// Puts back the handlers `sb_guard_install` kept, if it installed any.
static void sb_guard_uninstall(int *installed, const int *signals, size_t count) {
    if (!*installed) return;
    for (size_t i = 0; i < count; i++) {
        sigaction(signals[i], &sb_guard()->previous[signals[i]], NULL);
    }
    *installed = 0;
}

/// Installs the restoring handler for signals that end the process.
int sb_guard_install_fatal(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = sb_guard_fatal_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    return sb_guard_install(&sb_guard()->fatal_installed, fatal_signals, SB_GUARD_COUNT(fatal_signals), action);
}

void sb_guard_uninstall_fatal(void) {
    sb_guard_uninstall(&sb_guard()->fatal_installed, fatal_signals, SB_GUARD_COUNT(fatal_signals));
}

static int sb_guard_is_quit(int sig) {
    return sig == SIGINT || sig == SIGTERM || sig == SIGHUP;
}

/// Writes the signal number to the self-pipe so a blocked poll() wakes.
/// A third quit signal that the program has not acknowledged means it is
/// stuck: restore the terminal and die of the signal.
static void sb_guard_watch_handler(int sig) {
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

/// Routes INT, TERM, HUP, WINCH, TSTP and CONT to the pipe. Installing
/// these before `newterm` also stops ncurses from installing its own.
int sb_guard_install_watch(int pipe_write_fd) {
    sb_guard_state *state = sb_guard();
    if (state->watch_installed) return 0;
    state->pipe_fd = pipe_write_fd;
    state->unacknowledged_quits = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sb_guard_watch_handler;
    action.sa_flags = SA_RESTART;
    return sb_guard_install(&state->watch_installed, watched_signals, SB_GUARD_COUNT(watched_signals), action);
}

void sb_guard_uninstall_watch(void) {
    sb_guard_uninstall(&sb_guard()->watch_installed, watched_signals, SB_GUARD_COUNT(watched_signals));
    sb_guard()->pipe_fd = -1;
}

static void sb_guard_atexit_handler(void) { sb_guard_restore_now(); }

/// Restores the terminal if the program calls exit() while curses is active.
int sb_guard_install_atexit(void) {
    static int installed = 0;
    if (installed) return 0;
    installed = 1;
    return atexit(sb_guard_atexit_handler);
}

void sb_guard_acknowledge_quit(void) {
    sb_guard()->unacknowledged_quits = 0;
}

int sb_guard_continue_count(void) { return (int)sb_guard()->continues; }

void sb_guard_stop_process(void) {
    // The terminal's Ctrl-Z already stopped the rest of the job; stop this process with a
    // signal nothing can catch. (Resetting SIGTSTP to its default and sending it to the
    // group left a window where a second stop landed after `fg`, stopping the job again.)
    raise(SIGSTOP);
}
