/// How many colours a terminal can show.
public enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// No colour: attributes only (NO_COLOR, monochrome terminals).
    case none
    /// The eight basic colours (their bright variants where the terminal has them).
    case ansi8
    /// The 256-colour palette.
    case indexed256
    /// 24-bit colour.
    case trueColor

    /// Orders depths from fewest to most colours.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The depth for output that does not go through terminfo (`render --ansi`):
    /// `NO_COLOR` (non-empty) → none; `TERM` dumb → none; `COLORTERM`
    /// truecolor/24bit, or another sign of a terminal that takes 24-bit colour
    /// (`TrueColorSupport.impliedByEnvironment`: `xterm-direct`, `xterm-kitty`,
    /// `VTE_VERSION`…) → true colour; `TERM` naming 256 colours → 256; else 8.
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        if TrueColorSupport.impliedByEnvironment(environment) { return .trueColor }
        if term.contains("256color") { return .indexed256 }
        return .ansi8
    }

    /// The depth a curses back end can actually draw with.
    ///
    /// True colour needs a direct-colour terminfo entry (the `RGB` capability, or
    /// 2^24 colours), such as `xterm-direct`. On a 256-colour entry the only way to
    /// show arbitrary RGB would be redefining palette slots, which changes the
    /// colours of everything else on a shared screen (tmux panes, scrollback) and
    /// is not undone if the process dies; such terminals get the nearest of the 256
    /// colours. `NcursesTerminal` therefore opens the family's direct entry when it
    /// knows the terminal takes 24-bit colour (`TrueColorSupport`), and this sees it.
    public static func detect(
        environment: [String: String], hasColors: Bool, colorCount: Int, isDirectColor: Bool
    ) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard hasColors, colorCount >= 8 else { return .none }
        if isDirectColor || colorCount >= 1 << 24 { return .trueColor }
        if colorCount >= 256 { return .indexed256 }
        return .ansi8
    }
}
