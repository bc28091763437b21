import ArgumentParser
import CommandSupport
import Glibc

/// The `storyboard` tool: runs Xcode storyboards in a terminal.
@main
struct StoryboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storyboard",
        abstract: "Run Xcode storyboards in a terminal.",
        subcommands: [Run.self, Render.self, Check.self, Graph.self, Unwind.self, MonkeyCommand.self, ServeCommand.self],
        defaultSubcommand: Run.self)

    /// ArgumentParser's own `main`, except that usage errors exit with 2 (its default is 64),
    /// so scripts see 0 = fine, 1 = problems in a file, 2 = the command itself went wrong.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}
