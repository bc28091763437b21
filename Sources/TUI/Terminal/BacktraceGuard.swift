import Glibc

/// Makes sure a crash prints its backtrace and exits instead of waiting for a
/// key: re-executes the program with `SWIFT_BACKTRACE=interactive=no` added to
/// the environment, unless the variable already chooses an `interactive` mode.
///
/// Swift's backtracer reads the variable once at start-up, so it must be set
/// before the process begins; the app calls this first thing. The variable
/// itself guards against a second re-exec. Only done when standard input is a
/// terminal (the only case where the backtracer would wait). If the re-exec
/// fails, the program simply carries on.
public func ensureNoInteractiveBacktrace(executable: String = "/proc/self/exe") {
    guard isatty(STDIN_FILENO) == 1 else { return }
    let current = getenv("SWIFT_BACKTRACE").map { String(cString: $0) } ?? ""
    let choosesInteractive = current.split(separator: ",").contains { setting in
        let key = setting.split(separator: "=", maxSplits: 1).first ?? ""
        return key.filter { $0 != " " }.lowercased() == "interactive"
    }
    guard !choosesInteractive else { return }
    let value = current.isEmpty ? "interactive=no" : current + ",interactive=no"
    guard setenv("SWIFT_BACKTRACE", value, 1) == 0 else { return }
    fflush(nil)
    _ = execv(executable, CommandLine.unsafeArgv)
}
