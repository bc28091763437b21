import ArgumentParser
import CommandSupport
import Flow
import Glibc

/// The `storyboard` tool: runs Xcode storyboards in a terminal.
@main
struct StoryboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storyboard",
        abstract: "Run Xcode storyboards in a terminal.",
        discussion: ExitStatus.help,
        version: "storyboard " + ProgramVersion.description,
        subcommands: [Run.self, Render.self, Check.self, Graph.self, Diff.self, Outline.self, Merge.self, MergeTool.self, SetupGit.self, Unwind.self, MonkeyCommand.self, ServeCommand.self],
        defaultSubcommand: Run.self)

    /// Usage errors exit with 2, not ArgumentParser's 64 (see `mainExitingTwoOnUsageErrors`).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, let problem = notACommand(first) {
            StandardError.report(problem)
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        if let command = directlyParsed(arguments) { runExitingTwoOnUsageErrors(command) }
        mainExitingTwoOnUsageErrors()
    }

    /// The commands parsed on their own when they are the one the arguments ask for.
    static let directlyParsed: [ParsableCommand.Type] = [Run.self, Render.self, Diff.self, Outline.self]

    /// `run` (named, or the default), `render`, `diff` or `outline` parsed by ArgumentParser from their own
    /// arguments, as the command they are: nil when the arguments name another command, when
    /// parsing fails or asks for anything but the command (help, a version, a completion
    /// script), and the whole command line is then parsed from the top as before, which
    /// says what went wrong in the usual words. Parsing from the top reflects on `run`'s
    /// properties several times over and parses two stand-in commands for completion
    /// scripts on the way: a third of the instructions of a start to the first frame. The
    /// commands name `storyboard` as their super-command, which ArgumentParser reads only
    /// when one is parsed on its own (help and completion scripts start from the top).
    static func directlyParsed(_ arguments: [String]) -> ParsableCommand? {
        let command: ParsableCommand.Type
        var rest = arguments[...]
        if let first = arguments.first, let named = configuration.subcommands.first(where: { $0.configuration.commandName == first }) {
            guard directlyParsed.contains(where: { $0 == named }) else { return nil }
            command = named
            rest = rest.dropFirst()
        } else if let first = arguments.first, first.hasPrefix("-") || first == "help" {
            return nil
        } else {
            command = Run.self
        }
        guard let parsed = try? command.parseAsRoot(Array(rest)), type(of: parsed) == command else { return nil }
        return parsed
    }

    /// The commands, as typed.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// Why the first argument can be neither a command nor what `run` takes, or nil when it
    /// can be one of them. `run` is the default command, so without this a mistyped command
    /// (`storyboard rnu dailybuzz`) was taken for a storyboard to run, and the user was told
    /// about an unexpected argument instead. Words that look like paths (with a slash or a
    /// dot) are left to `run`, which names a missing file itself.
    static func notACommand(_ word: String) -> String? {
        guard !word.hasPrefix("-"), !commandNames.contains(word), word != "help",
            !word.contains("/"), !word.contains(".")
        else { return nil }
        let notStoryboard: CommandFailure
        do {
            _ = try StoryboardTarget.resolve(word)
            return nil
        } catch {
            notStoryboard = error
        }
        let shown = "\"" + DiagnosticText.escaped(word) + "\""
        if let nearest = Suggestion.nearest(to: word, among: commandNames) {
            return "\(shown) is not a command; did you mean \(nearest)? (commands: \(commandNames.joined(separator: ", ")))"
        }
        return "\(shown) is not a command (commands: \(commandNames.joined(separator: ", "))), "
            + "nor a storyboard to run: \(notStoryboard.message)"
    }
}
