import ArgumentParser
import CommandSupport
import Demos
import Flow
import FoundationEssentials
import Glibc
import TUI

/// `storyboard diff OLD NEW`: what changed between two versions of a storyboard, or of every
/// storyboard of an app, in storyboard terms.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        // Parsed on its own when the command line asks for it (`StoryboardCommand.directlyParsed`).
        _superCommandName: "storyboard",
        abstract: "Print what changed between two versions of a storyboard (or of an app's storyboards), in storyboard terms.",
        discussion: """
            OLD and NEW are storyboard files, app folders (their storyboards paired by name) or \
            bundled names. Prints the changes grouped by storyboard and scene: scenes, segues, \
            views, texts, properties that change behaviour, outlets and actions, constraints \
            (counted per view) and the initial scene; frames that moved are one line per scene \
            (in files without Auto Layout), or each with --layout. What carries no meaning \
            (tool versions, order, whitespace, ids Xcode renumbered, colour spellings) is never \
            reported. Given git's seven arguments (as diff.storyboard.command), compares the \
            two files git names and exits with 0, showing a plain line diff under a note when a \
            version does not load (conflict markers, a file cut short). Exits as diff does: 0 \
            when nothing meaningful changed, 1 when something did, 2 when a file cannot be read \
            or loaded (FILE:LINE:COLUMN: error: lines on standard error).
            """ + "\n\n" + ExitStatus.help)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    /// When to colour the text.
    enum ColorMode: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Argument(help: "OLD and NEW: storyboard files, app folders or bundled names; or git's seven external-diff arguments.")
    var paths: [String] = []

    @Option(help: "text, json or markdown.")
    var format: Format = .text

    @Option(help: "Colour the text: auto (on a terminal), always or never.")
    var color: ColorMode = .auto

    @Flag(help: "List every frame that moved and every constraint, not counts.")
    var layout = false

    @Flag(help: "Open the interactive screen (the default on a terminal with --format text): changed scenes, before and after, the graph.")
    var interactive = false

    @Flag(name: .customLong("no-interactive"), help: "Print the text even on a terminal.")
    var noInteractive = false

    @Option(help: ArgumentHelp("With --format markdown: write an SVG picture of each changed scene before and after into this folder, shown side by side in the Markdown.", valueName: "dir"))
    var screenshots: String?

    func validate() throws {
        if screenshots != nil, format != .markdown { throw ValidationError("--screenshots goes with --format markdown") }
        guard paths.count == 2 || paths.count == 7 else {
            throw ValidationError("give OLD and NEW (or git's seven external-diff arguments), not \(paths.count == 1 ? "one argument" : "\(paths.count) arguments")")
        }
    }

    func run() throws {
        let comparison: DiffComparison
        do {
            if paths.count == 7 {
                // git: path old-file old-hex old-mode new-file new-hex new-mode.
                comparison = try DiffComparison.files(old: paths[1], new: paths[4], name: paths[0])
            } else {
                comparison = try DiffComparison.targets(old: paths[0], new: paths[1])
            }
        } catch where paths.count == 7 {
            // git stops at an external diff that exits with anything but 0: compare the lines.
            print(GitDriverFallback.lineDiff(name: paths[0], old: paths[1], new: paths[4]), terminator: "")
            return
        } catch {
            for line in error.lines { StoryboardFile.printError(line) }
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let changes = comparison.changes(options: StoryboardDiff.Options(layout: layout))
        let onTerminal = isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1
        if paths.count == 2, format == .text, !noInteractive, interactive || (onTerminal && !changes.isEmpty) {
            try showInteractively(changes, comparison)
            if !changes.isEmpty { throw ExitCode(1) }
            return
        }
        switch format {
        case .text:
            let colored = color == .always || (color == .auto && isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil)
            print(StoryboardDiff.text(changes, colored: colored), terminator: "")
        case .json:
            print(StoryboardDiff.json(old: comparison.oldName, new: comparison.newName, changes: changes), terminator: "")
        case .markdown:
            var pictures: [String: (before: String?, after: String?)] = [:]
            if let screenshots { pictures = try writeScreenshots(changes, comparison, into: screenshots) }
            print(StoryboardDiff.markdown(changes, screenshots: pictures), terminator: "")
        }
        // git stops at an external diff that exits with anything but 0. The two parsed files
        // are left for the exit to free: releasing them object by object cost a tenth of
        // the run (C's exit flushes what `print` buffered).
        Glibc.exit(paths.count == 7 || changes.isEmpty ? 0 : 1)
    }

    /// The interactive screen on this terminal (see `DiffScreen`).
    private func showInteractively(_ changes: [StoryboardChange], _ comparison: DiffComparison) throws {
        var versions: [String: DiffScreen.Versions] = [:]
        for pair in comparison.pairs { versions[pair.name] = DiffScreen.Versions(before: pair.old, after: pair.new) }
        let screen = DiffScreen(changes: changes, versions: versions, registry: Demos.registry())
        let terminal = try NcursesTerminal.openForCommand()
        screen.run(on: terminal)
        terminal.shutdown()
    }

    /// Each changed scene before and after as SVG files in `folder`, named by storyboard and
    /// scene id; their paths, as the Markdown links them, by scene id.
    private func writeScreenshots(
        _ changes: [StoryboardChange], _ comparison: DiffComparison, into folder: String
    ) throws -> [String: (before: String?, after: String?)] {
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            StandardError.report("cannot make \"\(DiagnosticText.escaped(folder))\": \(String(cString: strerror(errno)))")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        var versions: [String: DiffScreen.Versions] = [:]
        for pair in comparison.pairs { versions[pair.name] = DiffScreen.Versions(before: pair.old, after: pair.new) }
        let screen = DiffScreen(changes: changes, versions: versions, registry: Demos.registry())
        func fileName(_ text: String) -> String {
            String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
        }
        var written: [String: (before: String?, after: String?)] = [:]
        for scene in screen.scenes {
            let pictures = screen.pictures(of: scene, size: Size(width: 60, height: 24))
            let base = folder + "/" + fileName(scene.storyboard) + "-" + fileName(scene.scene)
            var paths: [String] = []
            for (side, buffer) in [("before", pictures.before), ("after", pictures.after)] {
                let path = base + "-" + side + ".svg"
                let svg = SVGScreenshot(title: scene.name + " (" + side + ")").document(for: buffer)
                do {
                    try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
                } catch {
                    StandardError.report("cannot write \"\(DiagnosticText.escaped(path))\": \(DiagnosticText.escaped(String(describing: error)))")
                    throw ExitCode(ExitStatus.usage.rawValue)
                }
                paths.append(path)
            }
            written[scene.scene] = (paths[0], paths[1])
        }
        return written
    }
}
