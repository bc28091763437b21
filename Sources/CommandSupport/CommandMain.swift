import ArgumentParser
import Glibc

extension ParsableCommand {
    /// ArgumentParser's own `main`, except that every failure is one line on standard error
    /// in the programs' one form (`storyboard: …`, see `StandardError.report`), and usage
    /// errors exit with 2 (ArgumentParser's default is 64), so scripts see 0 = fine,
    /// 1 = problems in a file, 2 = the command itself went wrong.
    public static func mainExitingTwoOnUsageErrors() {
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitReporting(error)
        }
        runExitingTwoOnUsageErrors(command)
    }

    /// Runs a parsed command and exits, as `mainExitingTwoOnUsageErrors` does after parsing.
    public static func runExitingTwoOnUsageErrors(_ command: ParsableCommand) -> Never {
        var command = command
        do {
            try command.run()
        } catch {
            exitReporting(error)
        }
        Glibc.exit(0)
    }

    /// Says what went wrong in the programs' one form, and exits with its status.
    private static func exitReporting(_ error: Error) -> Never {
        if let failure = error as? CommandFailure {
            StandardError.report(failure.message)
            Glibc.exit(failure.status.rawValue)
        }
        let status = exitCode(for: error)
        if status == .validationFailure {
            // One line: the problem and where to read more, not the whole usage text
            // (which pushed the problem out of sight).
            StandardError.report(Self.sentence(Self.firstLine(of: message(for: error))) + " See '\(helpCommand()) --help'.")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        if status != .success, !(error is ExitCode) {
            let text = Self.firstLine(of: message(for: error))
            if !text.isEmpty { StandardError.report(text) }
            Glibc.exit(status.rawValue)
        }
        exit(withError: error)
    }

    /// The command line whose `--help` explains the failing command: the program and the
    /// subcommand named first, if one is.
    private static func helpCommand() -> String {
        let root = configuration.commandName ?? "storyboard"
        let first = CommandLine.arguments.dropFirst().first ?? ""
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        return names.contains(first) ? "\(root) \(first)" : root
    }

    /// `text` ended as a sentence: with a full stop unless it has one (or a question mark).
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!") ? text : text + "."
    }

    private static func firstLine(of text: String) -> String {
        let trimmed = text.hasPrefix("Error: ") ? String(text.dropFirst("Error: ".count)) : text
        return String(trimmed.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? "")
    }
}
