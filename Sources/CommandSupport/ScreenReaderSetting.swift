import ArgumentParser
import Glibc

/// How the screen-reader mode is asked for: `--screen-reader` on the commands that draw (run,
/// render, monkey, serve), and the environment (`STORYBOARD_SCREEN_READER`), locally and from
/// an SSH client (`ssh -o SetEnv=STORYBOARD_SCREEN_READER=1`), which the server passes on.
///
/// Each command declares the flag itself with `flagHelp`: an option group of its own cost
/// every start of the app more than the rest of the change did (ArgumentParser reflects on
/// each group when it parses).
public enum ScreenReaderSetting {
    /// The variable: `1` (or `yes`, `true`, `on`) turns the mode on.
    public static let environmentVariable = "STORYBOARD_SCREEN_READER"

    /// The help of `--screen-reader`, the same in every command.
    public static let flagHelp = ArgumentHelp(
        "Draw for a screen reader or braille display: the cursor follows the focus, a line announces it, no box drawing. STORYBOARD_SCREEN_READER=1 does the same for run. Both are for this run; the launcher's row keeps the mode on for the next runs, and turns it off.")

    /// Whether `value` asks for the mode: `1`, `yes`, `true` or `on`, in any case.
    public static func isRequested(by value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "yes", "true", "on"].contains(value.lowercased())
    }

    /// Whether `value` turns the mode off: `0`, `no`, `false` or `off`, in any case (what an
    /// SSH client sends to have it off whatever was remembered).
    public static func isRefused(by value: String?) -> Bool {
        guard let value else { return false }
        return ["0", "no", "false", "off"].contains(value.lowercased())
    }

    /// Whether the mode is on for a command given the flag `flag`: the flag, or the
    /// environment asking for it.
    public static func isRequested(flag: Bool) -> Bool {
        flag || isRequested(by: environmentValue())
    }

    /// The variable's value in this process's environment.
    public static func environmentValue() -> String? {
        getenv(environmentVariable).map { String(cString: $0) }
    }

    /// Whether `storyboard run` starts in the mode: the flag or the environment asking for it
    /// wins, then the environment refusing it (`STORYBOARD_SCREEN_READER=0`), then what the
    /// last runs left `remembered`; off when nothing says.
    public static func startsOn(flag: Bool, environment value: String?, remembered: Bool?) -> Bool {
        if flag || isRequested(by: value) { return true }
        if isRefused(by: value) { return false }
        return remembered ?? false
    }
}
