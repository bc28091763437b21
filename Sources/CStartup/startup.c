// Settings for Swift's crash backtracer, made before the Swift runtime reads them.
//
// The runtime reads SWIFT_BACKTRACE once, in a static initializer, before `main`. Its
// defaults do not suit a full-screen program: on a terminal it waits for a key after a
// crash (the screen is gone and nobody knows to press one), and when the process is gone
// before it has printed registers and loaded images it waits forever. A static build
// also has backtracing off unless it is told where the `swift-backtrace-static` helper is.
//
// When the runtime is linked into the executable (`--static-swift-stdlib`), its
// initializers are entries of the executable's .init_array, and a constructor with a
// priority runs before every entry without one: setting the variable here reaches the
// runtime without executing the program a second time. (A .preinit_array entry would run
// even earlier, but in a dynamically linked executable that is before the C library sets
// up the environment, which then discards the change.) With the runtime in
// libswiftCore.so, its initializers have run before any of the executable's, so this does
// nothing and the program re-executes itself instead (`ensureNoInteractiveBacktrace`).
// What the user already chose in SWIFT_BACKTRACE is kept; only settings they left out
// are added.

#define _GNU_SOURCE
#include "CStartup.h"

#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

static char sb_setting[3 * PATH_MAX];
static int sb_static_runtime = -1;

static int sb_find_swift_core(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const char *name = info->dlpi_name;
    if (name != NULL && strstr(name, "libswiftCore.so") != NULL) {
        *(int *)data = 1;
        return 1;
    }
    return 0;
}

int sb_startup_runtime_is_static(void) {
    if (sb_static_runtime < 0) {
        int dynamic = 0;
        dl_iterate_phdr(sb_find_swift_core, &dynamic);
        sb_static_runtime = !dynamic;
    }
    return sb_static_runtime;
}

int sb_startup_is_static_executable(void) {
    // AT_BASE is where the kernel loaded the program interpreter, and 0 when the
    // executable names none: a static executable (static-pie included).
    return getauxval(AT_BASE) == 0;
}

/// Whether `settings` (comma-separated `key=value`) names `key`, case-insensitively and
/// ignoring spaces, as the runtime parses it.
static int sb_has_key(const char *settings, const char *key) {
    size_t key_length = strlen(key);
    const char *cursor = settings;
    while (*cursor != '\0') {
        while (*cursor == ' ' || *cursor == ',') cursor++;
        const char *start = cursor;
        while (*cursor != '\0' && *cursor != '=' && *cursor != ',') cursor++;
        const char *end = cursor;
        while (end > start && end[-1] == ' ') end--;
        if ((size_t)(end - start) == key_length && strncasecmp(start, key, key_length) == 0) return 1;
        while (*cursor != '\0' && *cursor != ',') cursor++;
    }
    return 0;
}

static int sb_is_executable(const char *path) { return access(path, X_OK) == 0; }

/// Writes `directory` + `/` + `tail` into `out`; 0 when it does not fit.
static int sb_join(char *out, size_t size, const char *directory, size_t length, const char *tail) {
    size_t tail_length = strlen(tail);
    if (length + 1 + tail_length + 1 > size) return 0;
    memcpy(out, directory, length);
    out[length] = '/';
    memcpy(out + length + 1, tail, tail_length + 1);
    return 1;
}

static const char sb_helper_name[] = "swift-backtrace-static";
static const char sb_helper_in_toolchain[] = "../libexec/swift/linux/swift-backtrace-static";

/// The helper a static build needs: beside the executable, in a toolchain layout around it,
/// or in the toolchain of the `swift` found on PATH.
static int sb_find_helper(char *out, size_t size) {
    char path[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length > 0) {
        path[length] = '\0';
        char *slash = strrchr(path, '/');
        if (slash != NULL) {
            size_t directory = (size_t)(slash - path);
            if (sb_join(out, size, path, directory, sb_helper_name) && sb_is_executable(out)) return 1;
            if (sb_join(out, size, path, directory, sb_helper_in_toolchain) && sb_is_executable(out)) return 1;
        }
    }
    const char *search = getenv("PATH");
    while (search != NULL && *search != '\0') {
        const char *end = strchr(search, ':');
        size_t entry = end != NULL ? (size_t)(end - search) : strlen(search);
        char swift[PATH_MAX];
        char resolved[PATH_MAX];
        if (entry > 0 && sb_join(swift, sizeof swift, search, entry, "swift") && sb_is_executable(swift)
            && realpath(swift, resolved) != NULL) {
            char *slash = strrchr(resolved, '/');
            if (slash != NULL && sb_join(out, size, resolved, (size_t)(slash - resolved), sb_helper_in_toolchain)
                && sb_is_executable(out)) {
                return 1;
            }
        }
        search = end != NULL ? end + 1 : NULL;
    }
    return 0;
}

/// Appends `,key=value` (or `key=value` at the start) to the setting being built.
static void sb_add(const char *key, const char *value) {
    size_t used = strlen(sb_setting);
    size_t needed = (used > 0 ? 1 : 0) + strlen(key) + 1 + strlen(value);
    if (used + needed + 1 > sizeof sb_setting) return;
    if (used > 0) sb_setting[used++] = ',';
    strcpy(sb_setting + used, key);
    used += strlen(key);
    sb_setting[used++] = '=';
    strcpy(sb_setting + used, value);
}

/// The standard library's override for `CommandLine.arguments`. Without it, the library
/// finds the arguments by walking back from `environ` to the process's initial stack, which
/// `setenv` moves to the heap; so the arguments are handed over before the variable is set.
extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((weak));

__attribute__((constructor(101)))
static void sb_prepare_backtrace(int argc, char **argv, char **envp) {
    (void)envp;
    if (!sb_startup_runtime_is_static() || _swift_stdlib_overrideUnsafeArgvArgc == NULL) return;
    const char *current = getenv("SWIFT_BACKTRACE");
    if (current == NULL) current = "";
    if (strlen(current) >= PATH_MAX) return;
    strcpy(sb_setting, current);
    // A choice of interactive mode means the user wants the backtracer as it is.
    if (sb_has_key(current, "interactive")) return;
    sb_add("interactive", "no");
    if (!sb_has_key(current, "registers")) sb_add("registers", "none");
    if (!sb_has_key(current, "images")) sb_add("images", "none");
    if (!sb_has_key(current, "swift-backtrace")) {
        char helper[PATH_MAX];
        if (!sb_has_key(current, "enable") && sb_find_helper(helper, sizeof helper)) {
            sb_add("enable", "yes");
            sb_add("swift-backtrace", helper);
        }
    }
    _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
    setenv("SWIFT_BACKTRACE", sb_setting, 1);
}
