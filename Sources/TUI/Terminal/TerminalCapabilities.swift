/// Terminal types this machine has no terminfo entry for: what to draw with instead.
///
/// People reach the app over ssh from terminals newer than the server's terminfo database
/// (`xterm-ghostty`, `xterm-kitty`, `wezterm`…). Those all understand xterm's sequences,
/// so the nearest entry that exists is used rather than refusing to start.
public enum TerminalTypeFallback {
    /// The entries tried in order when `TERM` has none: xterm with 256 colours, plain
    /// xterm, then the ANSI and VT100 basics every terminal emulator honours.
    public static let candidates = ["xterm-256color", "xterm", "ansi", "vt100"]

    /// The status line shown once when a fallback is in use.
    public static func notice(requested: String, used: String) -> String {
        "TERM \(Sanitizer.sanitize(requested)) has no terminfo entry here: drawing as \(used)"
    }
}

/// Whether a terminal takes 24-bit colour, and the terminfo entry to draw it with.
///
/// Curses draws colour through terminfo, and only a direct-colour entry (`xterm-direct`,
/// with the `RGB` capability) lets it send 24-bit colours (docs/DECISIONS.md). So when the
/// terminal is known to take them and `TERM`'s own entry is not direct, the shell draws
/// with the direct entry of the same family, if this machine has one.
///
/// Knowing comes from, in order: `COLORTERM` (`truecolor`, `24bit`); other variables
/// terminals set locally (`VTE_VERSION`, `TERM_PROGRAM`); `TERM` names of terminals that
/// always take it; and, failing those, asking the terminal (`TerminalQuery`), since ssh
/// does not pass `COLORTERM` on by default.
public enum TrueColorSupport {
    /// Terminal families that take 24-bit colour in every version still in use.
    static let knownFamilies = [
        "kitty", "ghostty", "wezterm", "alacritty", "foot", "contour", "iterm2", "iterm", "mintty", "konsole", "rio",
    ]

    /// Whether the environment says the terminal takes 24-bit colour, without asking it.
    public static func impliedByEnvironment(_ environment: [String: String]) -> Bool {
        if let value = environment["COLORTERM"]?.lowercased(), value == "truecolor" || value == "24bit" {
            return true
        }
        // VTE (GNOME Terminal and friends) has taken it since 0.36.
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 3600 { return true }
        if let program = environment["TERM_PROGRAM"]?.lowercased(),
            ["iterm.app", "wezterm", "vscode", "ghostty", "tabby", "rio", "hyper"].contains(program)
        {
            return true
        }
        return impliedByName(environment["TERM"] ?? "")
    }

    /// Whether `TERM` alone says 24-bit colour: names ending in `-direct`, holding
    /// `truecolor` or `24bit`, or naming a terminal family that always takes it.
    public static func impliedByName(_ term: String) -> Bool {
        let name = term.lowercased()
        if name.hasSuffix("-direct") || name.contains("truecolor") || name.contains("24bit") { return true }
        return knownFamilies.contains(family(of: name))
    }

    /// The direct-colour entries to try for a terminal: the family `TERM` names
    /// (`tmux-256color` → `tmux-direct`, `xterm-kitty` → `kitty-direct`), the family of the
    /// entry in use when `TERM` had none, then `xterm-direct` for anything drawn as an xterm.
    public static func directEntries(requested: String, drawingWith entry: String) -> [String] {
        var names = [family(of: requested.lowercased()) + "-direct", family(of: entry) + "-direct"]
        if entry.hasPrefix("xterm") { names.append("xterm-direct") }
        var seen = Set<String>()
        return names.filter { $0 != "-direct" && seen.insert($0).inserted }
    }

    /// `xterm-256color` → `xterm`, `xterm-kitty` → `kitty`, `tmux-256color` → `tmux`.
    static func family(of name: String) -> String {
        var name = name
        for suffix in ["-256color", "-88color", "-16color", "-color", "-direct"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        if name.hasPrefix("xterm-") { name.removeFirst("xterm-".count) }
        return name
    }
}
