#ifndef STORYBOARD_CSERVE_H
#define STORYBOARD_CSERVE_H
// What the SSH server needs from C.
//
// Signal handlers must be async-signal-safe, which Swift code cannot promise, so the
// server's handlers live here: each only writes the signal's number to a pipe that the
// server reads on an ordinary thread (the self-pipe pattern the terminal back end uses
// too). The pseudo-terminal and spawning helpers wrap GNU extensions and termios macros
// that Swift's Glibc module does not show.

#include <spawn.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Creates the signal pipe (non-blocking, close-on-exec) and installs handlers for the
/// given signals, which write one byte each (the signal's number). Returns the pipe's read
/// end, or -1 with errno set.
int sbs_install_signal_pipe(const int *signals, int count);

/// Opens a new pseudo-terminal: the master (close-on-exec, non-blocking) in `*master` and
/// the slave's path in `slave_path`. Returns 0, or -1 with errno set.
int sbs_open_pty(int *master, char *slave_path, size_t length);

/// Sets the terminal's size in cells (TIOCSWINSZ); on a master, the kernel then sends
/// SIGWINCH to the slave's foreground process group. Returns 0, or -1 with errno set.
int sbs_set_window_size(int fd, unsigned rows, unsigned columns, unsigned pixel_width, unsigned pixel_height);

/// Applies terminal modes as an SSH client sends them (RFC 4254 §8: opcode, value pairs)
/// to the terminal `fd`; opcodes it does not know are left alone. Returns 0, or -1.
int sbs_apply_ssh_modes(int fd, const uint8_t *opcodes, const uint32_t *values, int count);

/// The flag that makes `posix_spawn` start the child in a new session (glibc runs setsid
/// before the file actions, so the first terminal the child opens becomes its controlling
/// terminal). Swift does not see the macro.
short sbs_spawn_setsid_flag(void);

/// posix_spawn_file_actions_addchdir_np: the child starts in `path`.
int sbs_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `low`
/// on, so nothing of the server (sockets, other sessions' terminals) leaks into it.
int sbs_spawn_add_close_from(posix_spawn_file_actions_t *actions, int low);

#endif
