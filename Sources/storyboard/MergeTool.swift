import ArgumentParser
import CommandSupport
import Demos
import Flow
import FoundationEssentials
import TUI

/// `storyboard mergetool BASE LOCAL REMOTE MERGED`: git mergetool's screen for the conflicts
/// `storyboard merge` leaves.
struct MergeTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mergetool",
        abstract: "Choose ours, theirs or the base for each conflict of a storyboard merge, on a terminal (git mergetool).",
        discussion: """
            Takes git mergetool's four files. Lists the conflicts `storyboard merge` leaves; \
            Enter shows the conflict's scene as ours and as theirs side by side, drawn as `run` \
            draws it (for a xib's or an archive's object, each side's lines of the file); o, t and b take ours, theirs or the base; w writes MERGED once every \
            conflict is chosen; q leaves without writing. Exits with 0 when MERGED is written \
            (at once when nothing conflicts), 1 when you leave first, 2 when a file cannot be read.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The common ancestor ($BASE).")
    var base: String

    @Argument(help: "Our version ($LOCAL).")
    var local: String

    @Argument(help: "Their version ($REMOTE).")
    var remote: String

    @Argument(help: "Where the result goes ($MERGED).")
    var merged: String

    func run() throws {
        let inputs: (base: [UInt8], ours: [UInt8], theirs: [UInt8])
        var result: MergeResult
        do {
            inputs = (
                try StoryboardMerge.read(path: base, shownAs: base), try StoryboardMerge.read(path: local, shownAs: local),
                try StoryboardMerge.read(path: remote, shownAs: remote)
            )
            result = try StoryboardMerge.merge(base: inputs.base, ours: inputs.ours, theirs: inputs.theirs, names: (base, local, remote))
        } catch {
            StandardError.report(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        if !result.conflicts.isEmpty {
            let ours = try? DiffComparison.version(URL(fileURLWithPath: local), shownAs: local)
            let theirs = try? DiffComparison.version(URL(fileURLWithPath: remote), shownAs: remote)
            let screen = MergeScreen(
                fileName: merged, conflicts: result.conflicts, ours: ours, theirs: theirs, oursBytes: inputs.ours, theirsBytes: inputs.theirs,
                registry: Demos.registry())
            let terminal = try NcursesTerminal.openForCommand()
            // A choice can leave new conflicts (an object kept that something points at):
            // merge again with the choices until none is open.
            while true {
                guard screen.run(on: terminal) == .write else {
                    terminal.shutdown()
                    StandardError.report("left with conflicts open: \(DiagnosticText.escaped(merged)) not written")
                    throw ExitCode(ExitStatus.problems.rawValue)
                }
                do {
                    result = try StoryboardMerge.merge(
                        base: inputs.base, ours: inputs.ours, theirs: inputs.theirs, names: (base, local, remote), choices: screen.choices)
                } catch {
                    terminal.shutdown()
                    StandardError.report(error.description)
                    throw ExitCode(ExitStatus.usage.rawValue)
                }
                if result.conflicts.isEmpty { break }
                screen.update(conflicts: result.conflicts)
            }
            terminal.shutdown()
        }
        do {
            try MergeOutput.write(result.bytes, to: merged)
        } catch {
            StandardError.report("\(DiagnosticText.escaped(merged)): error: cannot write the merged file: \(error.reason)")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        print("merged: \(DiagnosticText.escaped(merged))")
    }
}
