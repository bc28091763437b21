#define _GNU_SOURCE
#include "cserve.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static int sbs_signal_write_end = -1;

static void sbs_signal_handler(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    // A full pipe drops the byte: the reader wakes for the ones already there, and every
    // wake-up looks at all children and all pending work, so nothing is lost by it.
    (void)!write(sbs_signal_write_end, &byte, 1);
    errno = saved;
}

int sbs_install_signal_pipe(const int *signals, int count) {
    int ends[2];
    if (pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    sbs_signal_write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sbs_signal_handler;
    sigemptyset(&action.sa_mask);
    // SA_RESTART: the server's threads should not see EINTR from a child ending.
    action.sa_flags = SA_RESTART;
    for (int index = 0; index < count; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return ends[0];
}

int sbs_open_pty(int *master, char *slave_path, size_t length) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, slave_path, length) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    *master = fd;
    return 0;
}

int sbs_set_window_size(int fd, unsigned rows, unsigned columns, unsigned pixel_width, unsigned pixel_height) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    size.ws_xpixel = (unsigned short)pixel_width;
    size.ws_ypixel = (unsigned short)pixel_height;
    return ioctl(fd, TIOCSWINSZ, &size);
}

// RFC 4254 §8 opcodes. Character size and parity (90–93) mean nothing on a pseudo-terminal
// and are left out.
static void sbs_apply_mode(struct termios *modes, uint8_t opcode, uint32_t value) {
#define SBS_CHAR(code, index) case code: modes->c_cc[index] = (cc_t)value; return;
#define SBS_FLAG(code, field, bit) case code: if (value) modes->field |= (bit); else modes->field &= ~(tcflag_t)(bit); return;
    switch (opcode) {
    SBS_CHAR(1, VINTR) SBS_CHAR(2, VQUIT) SBS_CHAR(3, VERASE) SBS_CHAR(4, VKILL)
    SBS_CHAR(5, VEOF) SBS_CHAR(6, VEOL) SBS_CHAR(7, VEOL2) SBS_CHAR(8, VSTART)
    SBS_CHAR(9, VSTOP) SBS_CHAR(10, VSUSP) SBS_CHAR(12, VREPRINT) SBS_CHAR(13, VWERASE)
    SBS_CHAR(14, VLNEXT) SBS_CHAR(18, VDISCARD)
    SBS_FLAG(30, c_iflag, IGNPAR) SBS_FLAG(31, c_iflag, PARMRK) SBS_FLAG(32, c_iflag, INPCK)
    SBS_FLAG(33, c_iflag, ISTRIP) SBS_FLAG(34, c_iflag, INLCR) SBS_FLAG(35, c_iflag, IGNCR)
    SBS_FLAG(36, c_iflag, ICRNL) SBS_FLAG(37, c_iflag, IUCLC) SBS_FLAG(38, c_iflag, IXON)
    SBS_FLAG(39, c_iflag, IXANY) SBS_FLAG(40, c_iflag, IXOFF) SBS_FLAG(41, c_iflag, IMAXBEL)
    SBS_FLAG(42, c_iflag, IUTF8)
    SBS_FLAG(50, c_lflag, ISIG) SBS_FLAG(51, c_lflag, ICANON) SBS_FLAG(53, c_lflag, ECHO)
    SBS_FLAG(54, c_lflag, ECHOE) SBS_FLAG(55, c_lflag, ECHOK) SBS_FLAG(56, c_lflag, ECHONL)
    SBS_FLAG(57, c_lflag, NOFLSH) SBS_FLAG(58, c_lflag, TOSTOP) SBS_FLAG(59, c_lflag, IEXTEN)
    SBS_FLAG(60, c_lflag, ECHOCTL) SBS_FLAG(61, c_lflag, ECHOKE) SBS_FLAG(62, c_lflag, PENDIN)
    SBS_FLAG(70, c_oflag, OPOST) SBS_FLAG(71, c_oflag, OLCUC) SBS_FLAG(72, c_oflag, ONLCR)
    SBS_FLAG(73, c_oflag, OCRNL) SBS_FLAG(74, c_oflag, ONOCR) SBS_FLAG(75, c_oflag, ONLRET)
    default: return;
    }
#undef SBS_CHAR
#undef SBS_FLAG
}

int sbs_apply_ssh_modes(int fd, const uint8_t *opcodes, const uint32_t *values, int count) {
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    for (int index = 0; index < count; index++) sbs_apply_mode(&modes, opcodes[index], values[index]);
    return tcsetattr(fd, TCSANOW, &modes);
}

short sbs_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int sbs_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int sbs_spawn_add_close_from(posix_spawn_file_actions_t *actions, int low) {
    return posix_spawn_file_actions_addclosefrom_np(actions, low);
}
