import ArgumentParser
import CommandSupport
import Flow
import FoundationEssentials

/// `storyboard outline FILE`: a storyboard as a stable outline, one line per object, for
/// git's `textconv`.
struct Outline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outline",
        // Parsed on its own when the command line asks for it (`StoryboardCommand.directlyParsed`).
        _superCommandName: "storyboard",
        abstract: "Print a storyboard as a stable, readable outline, one line per object (for git's textconv).",
        discussion: """
            Scenes (sorted by id), their views with texts and the properties that change \
            behaviour, outlets and actions, segues with their destinations and constraints, one \
            line each, ids in brackets; frames and tool versions are left out. With \
            `diff.storyboard.textconv` set to `storyboard outline`, git diff shows storyboard \
            changes as these lines. A file that does not load as a storyboard (conflict markers \
            of a merge in progress, a file cut short) is printed as its text, under a first line \
            saying why, with exit status 0, so git always has something to show; a file that \
            cannot be read at all (missing, too large) is exit 2.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "A storyboard file or a bundled storyboard's name.")
    var file: String

    func run() throws {
        guard let url = try StoryboardFile.resolveOrExit(file).url else {
            throw CommandFailure(status: .usage, message: "\"\(DiagnosticText.escaped(file))\" is a folder; name one storyboard")
        }
        let data = try StoryboardTarget.read(url)
        do {
            let version = try StoryboardDiff.Version(data: data, fileName: url.relativePath)
            print(StoryboardOutline.outline(of: version), terminator: "")
        } catch {
            // git's textconv fails the whole `git diff` on a status other than 0, and a file
            // in the middle of a merge is when its diff is most wanted: show the text.
            let lines = UnloadedText.lines(of: [UInt8](data))
            let reason = UnloadedText.reason(lines: lines, errors: error.errors)
            print(StandardError.prefix + DiagnosticText.escaped(url.relativePath) + " is shown as text, not outlined: " + DiagnosticText.escaped(reason))
            for line in lines { print(line) }
        }
    }
}
