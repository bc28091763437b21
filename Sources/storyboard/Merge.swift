import ArgumentParser
import CommandSupport
import Flow
import Glibc

/// `storyboard merge BASE OURS THEIRS`: git's merge driver for storyboards and xibs.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge two versions of a storyboard or xib made from one base, by object identity (git's merge driver).",
        discussion: """
            Objects are matched by id wherever they are, so a moved view moves; attributes and \
            texts merge one by one, child lists in order; frames, canvas positions and the \
            header never conflict (the newer Xcode's win). A conflict keeps ours' value with an \
            XML comment at the spot naming both, so the file still opens in Xcode; each is \
            listed on standard error as FILE:LINE:COLUMN: conflict: … \
            Exits with 0 when merged, 1 when conflicts are left, 2 when an input cannot be read. \
            `storyboard setup-git` makes git use it.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The common ancestor (git's %O).")
    var base: String

    @Argument(help: "Our version (git's %A).")
    var ours: String

    @Argument(help: "Their version (git's %B).")
    var theirs: String

    @Option(name: .shortAndLong, help: "Write the result here (git's %A) instead of standard output.")
    var output: String?

    @Option(help: "The file's path in the repository (git's %P), for messages.")
    var name: String?

    func run() throws {
        let shown = name ?? output ?? ours
        let result: MergeResult
        do {
            let baseBytes = try StoryboardMerge.read(path: base, shownAs: base)
            let oursBytes = try StoryboardMerge.read(path: ours, shownAs: ours)
            let theirsBytes = try StoryboardMerge.read(path: theirs, shownAs: theirs)
            result = try StoryboardMerge.merge(base: baseBytes, ours: oursBytes, theirs: theirsBytes, names: (base, ours, theirs))
        } catch {
            StandardError.report(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        if let output {
            do {
                try MergeOutput.write(result.bytes, to: output)
            } catch {
                StandardError.report("\(DiagnosticText.escaped(output)): error: cannot write the merged file: \(error.reason)")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
        } else {
            MergeOutput.writeStandardOutput(result.bytes)
        }
        for conflict in result.conflicts {
            StandardError.write("\(DiagnosticText.escaped(shown)):\(conflict.line):\(conflict.column): conflict: \(conflict.summary)\n")
        }
        if !result.conflicts.isEmpty {
            StandardError.report(
                "\(result.conflicts.count) conflict\(result.conflicts.count == 1 ? "" : "s") left in \(DiagnosticText.escaped(shown)), each marked by a comment; `storyboard mergetool` chooses")
            throw ExitCode(ExitStatus.problems.rawValue)
        }
    }
}
