import Flow
import FoundationEssentials

/// The exit statuses every command shares (the table in `storyboard --help` and the guide):
/// 0 fine, 1 findings or differences, 2 the command could not run.
public enum ExitStatus: Int32, Sendable {
    /// Findings or differences: a storyboard with errors (`check`), versions that differ
    /// (`diff`).
    case problems = 1
    /// The command could not run: bad arguments, or an input that cannot be read or loaded.
    case usage = 2

    /// The table of statuses, as every command's `--help` ends with it.
    public static let help = """
        Exit status, the same for every command: 0 fine; 1 findings or differences (check \
        found errors, diff found changes, merge left conflicts, unwind found no way back, monkey \
        broke a rule); 2 \
        could not run (bad arguments, an input that cannot be read or is not a storyboard).
        """
}

/// A command that could not do its work: a status and one line for standard error.
///
/// Thrown from a command's `run()`, it is reported as `storyboard: MESSAGE` and the program
/// exits with its status (see `mainExitingTwoOnUsageErrors`).
public struct CommandFailure: Error {
    public var status: ExitStatus
    public var message: String

    public init(status: ExitStatus, message: String) {
        self.status = status
        self.message = message
    }

    /// An input file that could not be read (see ``InputFile``): the file named as given,
    /// and the could-not-run status.
    public init(unreadable url: URL, _ error: InputFileError) {
        self.init(status: .usage, message: error.message(about: "\"" + DiagnosticText.escaped(url.relativePath) + "\""))
    }
}
