import CStartup
import CommandSupport
import Glibc

/// Makes sure a crash prints its backtrace and exits instead of waiting for a
/// key.
///
/// A static build has nothing to do here: `CStartup` set `SWIFT_BACKTRACE` before the
/// runtime read it. With the runtime in a shared library (a debug build), this
/// re-executes the program with `SWIFT_BACKTRACE=interactive=no` added to
/// the environment, unless the variable already chooses an `interactive` mode.
/// It also turns off the register dump and the list of loaded images, unless the
/// variable chooses them: when the process ends while the backtracer is still
/// printing those (a signal sent with `kill`), the backtracer waits for it forever,
/// a stray process left behind each time.
///
/// Swift's backtracer reads the variable once at start-up, so it must be set
/// before the process begins; the app calls this first thing. The variable
/// itself guards against a second re-exec. Only done when standard input is a
/// terminal (the only case where the backtracer would wait). If the re-exec
/// fails, the program simply carries on.
///
/// - Parameter executable: the program to run; by default the running one, found
///   through `/proc/self/exe` and resolved so the process keeps its name in `ps`.
func ensureNoInteractiveBacktrace(executable: String? = nil) {
    guard sb_startup_runtime_is_static() == 0, isatty(STDIN_FILENO) == 1 else { return }
    let current = getenv("SWIFT_BACKTRACE").map { String(cString: $0) } ?? ""
    let chosen = Set(current.split(separator: ",").map { setting in
        (setting.split(separator: "=", maxSplits: 1).first ?? "").filter { $0 != " " }.lowercased()
    })
    guard !chosen.contains("interactive") else { return }
    let added = backtraceSettings.filter { !chosen.contains($0.key) }.map { "\($0.key)=\($0.value)" }
    let value = ([current].filter { !$0.isEmpty } + added).joined(separator: ",")
    guard setenv("SWIFT_BACKTRACE", value, 1) == 0 else { return }
    fflush(nil)
    _ = execv(executable ?? RunningProgram.path, CommandLine.unsafeArgv)
}

/// What the app asks of Swift's backtracer, in order.
private let backtraceSettings: [(key: String, value: String)] = [
    ("interactive", "no"), ("registers", "none"), ("images", "none"),
]
