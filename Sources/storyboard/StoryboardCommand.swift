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

    /// Usage errors exit with 2, not ArgumentParser's 64 (see `mainExitingTwoOnUsageErrors`).
    static func main() {
        mainExitingTwoOnUsageErrors()
    }
}
