import ArgumentParser
import CommandSupport
import Flow
import FoundationEssentials

/// `storyboard outline FILE`: a storyboard as a stable outline, one line per object, for
/// git's `textconv`.
struct Outline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outline",
        abstract: "Print a storyboard as a stable, readable outline, one line per object (for git's textconv).",
        discussion: """
            Scenes (sorted by id), their views with texts and the properties that change \
            behaviour, outlets and actions, segues with their destinations and constraints, one \
            line each, ids in brackets; frames, fonts and tool versions are left out. With \
            `diff.storyboard.textconv` set to `storyboard outline`, git diff shows storyboard \
            changes as these lines. Exits with 0, or 2 when the file cannot be read or loaded.
            """)

    @Argument(help: "A storyboard file or a bundled storyboard's name.")
    var file: String

    func run() throws {
        guard let url = try StoryboardFile.resolveOrExit(file).url else {
            StandardError.report("\"\(DiagnosticText.escaped(file))\" is a folder; name one storyboard")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        do {
            let version = try DiffComparison.version(url, shownAs: url.relativePath)
            print(StoryboardOutline.outline(of: version), terminator: "")
        } catch {
            for line in error.lines { StoryboardFile.printError(line) }
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }
}
