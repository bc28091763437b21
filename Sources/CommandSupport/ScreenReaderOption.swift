import ArgumentParser
import Glibc

/// `--screen-reader`, shared by the commands that draw (run, render, monkey, serve): the
/// screens drawn for a screen reader or a braille display (the cursor on the focused element,
/// an announcement line, state in words, no drawn lines).
public struct ScreenReaderOption: ParsableArguments {
    /// Whether the flag was given.
    @Flag(
        name: .customLong("screen-reader"),
        help: "Draw for a screen reader or braille display: the cursor follows the focus, a line announces it, no box drawing. STORYBOARD_SCREEN_READER=1 does the same for run.")
    public var isOn = false

    /// The option, as ArgumentParser makes it.
    public init() {}

    /// Whether the mode is on: the flag, or `STORYBOARD_SCREEN_READER` asking for it in the
    /// environment (what a served session's client sets with `ssh -o SetEnv`).
    public var isRequestedHereOrByEnvironment: Bool {
        isOn || ScreenReaderSetting.isRequested(by: getenv(ScreenReaderSetting.environmentVariable).map { String(cString: $0) })
    }
}

/// How the environment asks for the screen-reader mode: locally, and from an SSH client
/// (`ssh -o SetEnv=STORYBOARD_SCREEN_READER=1`), which the server passes on.
public enum ScreenReaderSetting {
    /// The variable: `1` (or `yes`, `true`, `on`) turns the mode on.
    public static let environmentVariable = "STORYBOARD_SCREEN_READER"

    /// Whether `value` asks for the mode: `1`, `yes`, `true` or `on`, in any case.
    public static func isRequested(by value: String?) -> Bool {
        guard let value else { return false }
        return ["1", "yes", "true", "on"].contains(value.lowercased())
    }
}
