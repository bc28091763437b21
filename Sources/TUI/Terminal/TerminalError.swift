/// Why the real terminal cannot be used. Nothing has been written to the
/// terminal when one of these is thrown; callers print the description on one
/// line (after their program name) and exit with status 2.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is a file or a pipe.
    case notATerminal
    /// `TERM` is unset or empty.
    case terminalTypeUnset
    /// `TERM=dumb`: the terminal cannot move the cursor.
    case dumbTerminal
    /// No terminfo entry describes this `TERM`.
    case unknownTerminalType(String)
    /// No terminfo database could be found at all.
    case noTerminfoDatabase
    /// The terminfo entry lacks a capability full-screen drawing needs.
    case missingCapability(terminalType: String, capability: String)
    /// A terminal is already open in this process.
    case alreadyActive
    /// The system refused a step of the setup.
    case setupFailed(String)

    /// One line for the user, without a program-name prefix.
    public var description: String {
        switch self {
        case .notATerminal:
            return "standard input and output must be a terminal"
        case .terminalTypeUnset:
            return "TERM is not set; set it to your terminal type, e.g. TERM=xterm-256color"
        case .dumbTerminal:
            return "TERM=dumb cannot show a full-screen interface; set TERM to your terminal type"
        case .unknownTerminalType(let name):
            return "unknown terminal type \"\(Self.shown(name))\" (no terminfo entry); "
                + "try TERM=xterm-256color"
        case .noTerminfoDatabase:
            return "no terminfo database found; install ncurses-base or set TERMINFO"
        case .missingCapability(let name, let capability):
            return "terminal type \"\(Self.shown(name))\" lacks \"\(capability)\", "
                + "which a full-screen interface needs"
        case .alreadyActive:
            return "the terminal is already in use by this program"
        case .setupFailed(let step):
            return "could not set up the terminal: \(step)"
        }
    }

    private static func shown(_ name: String) -> String {
        DisplayWidth.truncate(Sanitizer.sanitize(name), to: 40)
    }
}
