#ifndef STORYBOARD_CTERMINALSIGNALS_H
#define STORYBOARD_CTERMINALSIGNALS_H
// The app's signal handling, in C because handlers must be async-signal-safe: quit, resize,
// suspend and resume signals become bytes on a pipe (the self-pipe pattern), and the
// terminal is put back as it was before launch when the process dies. `SignalWatcher` is
// its one Swift caller.

#include <stddef.h>

// MARK: - Signals to a pipe

/// Routes SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT to `pipe_write_fd`, a byte
/// (the signal's number) each. Installed before `newterm`, so ncurses installs none of its
/// own. A third quit signal the program has not acknowledged means it is stuck: the handler
/// restores the terminal and dies of the signal. Returns 0, or -1 with errno set.
int sb_guard_install_watch(int pipe_write_fd);

/// Puts the handlers that were there before back.
void sb_guard_uninstall_watch(void);

/// The program has seen the quit signals so far.
void sb_guard_acknowledge_quit(void);

/// How many SIGCONTs have arrived so far (a suspend learns the user already resumed it).
int sb_guard_continue_count(void);

/// Stops the process after Ctrl-Z; returns once it is continued.
void sb_guard_stop_process(void);

// MARK: - Putting the terminal back

/// Remembers the modes of the terminal `fd` to restore (read now, before curses changes
/// them). Returns 0, or -1.
int sb_guard_save_modes(int fd);

/// The bytes that leave the alternate screen, show the cursor and turn off mouse and paste
/// reporting; truncated to 512.
void sb_guard_set_exit_sequence(const char *bytes, size_t length);

/// Whether a crash or an exit puts the terminal back (1) or not (0).
void sb_guard_arm(int armed);

/// Async-signal-safe: puts the terminal back as it was before launch, once, if armed.
void sb_guard_restore_now(void);

/// Puts back only the saved modes (after endwin, which already left full-screen mode).
/// Returns 0, or -1 when none were saved.
int sb_guard_restore_modes(void);

/// Installs the restoring handler for the signals that end the process (SIGSEGV, SIGILL,
/// SIGTRAP, SIGBUS, SIGABRT, SIGFPE, SIGQUIT, SIGSYS), which then hands the signal to the
/// handler that was there before (Swift's backtracer). Returns 0, or -1.
int sb_guard_install_fatal(void);

/// Puts the fatal signals' previous handlers back.
void sb_guard_uninstall_fatal(void);

/// Restores the terminal if the program calls exit() while curses is active.
int sb_guard_install_atexit(void);

#endif
