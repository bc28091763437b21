import ArgumentParser
import CommandSupport
import TUI

extension NcursesTerminal {
    /// The terminal a command's interactive screen (the diff's, the merge tool's) draws on;
    /// when there is none that works, one line on standard error and the could-not-run status.
    static func openForCommand() throws -> NcursesTerminal {
        do {
            return try NcursesTerminal(environment: TerminalEnvironment.current())
        } catch {
            StandardError.report(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }
}
