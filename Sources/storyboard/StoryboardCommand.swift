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
        version: "storyboard " + ProgramVersion.description,
        subcommands: [Run.self, Render.self, Check.self, Graph.self, Unwind.self, MonkeyCommand.self, ServeCommand.self],
        defaultSubcommand: Run.self)

    /// Usage errors exit with 2, not ArgumentParser's 64 (see `mainExitingTwoOnUsageErrors`).
    static func main() {
        if let first = CommandLine.arguments.dropFirst().first, let problem = notACommand(first) {
            StandardError.report(problem)
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        mainExitingTwoOnUsageErrors()
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
