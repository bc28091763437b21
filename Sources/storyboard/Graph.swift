import CommandSupport
import ArgumentParser
import Flow
import FoundationEssentials

extension GraphExporter.Format: ExpressibleByArgument {}

/// `storyboard graph TARGET [--format dot|mermaid]`: a file's flow, or a whole app's, as a graph.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print a storyboard's (or a whole app's) scenes and segues as a Graphviz or Mermaid graph.",
        discussion: """
            Scenes are nodes (title and class), segues are edges labelled with their kind and \
            identifier; relationships are dashed, embeds bold, unwind segues dotted into an Exit \
            node, and the initial scene is marked. A folder draws every storyboard in it, a \
            cluster each, with each storyboard reference an edge to the scene it opens in the other \
            cluster (in red when that storyboard or scene is not there). Render DOT with \
            `dot -Tpng`. A file of a folder that does not load is named on standard error, the \
            graph drawn without it, and the exit status is 2.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "A storyboard file, an app's folder, a folder of storyboards, or a bundled storyboard by name.")
    var file: String

    @Argument(help: "With --diff: the new version, FILE being the old one.")
    var newFile: String?

    @Option(help: "dot or mermaid.")
    var format: GraphExporter.Format = .dot

    @Flag(help: "Draw FILE's and NEW-FILE's graph in one, added scenes and segues green, removed red and dashed (DOT only).")
    var diff = false

    func validate() throws {
        if diff, newFile == nil { throw ValidationError("--diff takes two storyboards: OLD NEW") }
        if !diff, newFile != nil { throw ValidationError("one storyboard, or two with --diff") }
        if diff, format != .dot { throw ValidationError("--diff draws DOT only") }
    }

    func run() throws {
        if diff, let newFile {
            try graphDiff(old: file, new: newFile)
            return
        }
        let target = try StoryboardFile.resolveOrExit(file)
        if target.isFolder {
            try graphFolder(target)
            return
        }
        let loaded = try StoryboardFile.loadOrExit(target).storyboard
        print(GraphExporter.export(loaded.document, format: format), terminator: "")
    }

    /// Every storyboard of the folder that loads, a cluster each; the others are named on
    /// standard error and the graph is drawn without them.
    private func graphFolder(_ target: StoryboardTarget) throws {
        var storyboards: [GraphExporter.AppStoryboard] = []
        var failed = false
        for file in target.index.storyboards {
            switch StoryboardFile.load(file.url, in: target) {
            case .unreadable(let reason):
                StandardError.report(reason)
                failed = true
            case .invalid(let diagnostics):
                for diagnostic in diagnostics where diagnostic.severity == .error {
                    StoryboardFile.printError(DiagnosticText.escaped(diagnostic.description))
                }
                failed = true
            case .loaded(let loaded, let url):
                storyboards.append(GraphExporter.AppStoryboard(label: file.relativePath, url: url, document: loaded.document))
            }
        }
        let title = target.app?.name ?? target.index.root.lastPathComponent
        print(GraphExporter.export(app: storyboards, index: target.index, main: target.url, title: title, format: format), terminator: "")
        if failed { throw ExitCode(ExitStatus.usage.rawValue) }
    }

    /// Two versions of one storyboard in one graph, what changed marked.
    private func graphDiff(old: String, new: String) throws {
        let comparison: DiffComparison
        do {
            comparison = try DiffComparison.targets(old: old, new: new)
        } catch {
            for line in error.lines { StoryboardFile.printError(line) }
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        for pair in comparison.pairs {
            print(StoryboardDiff.dot(from: pair.old, to: pair.new, storyboard: pair.name), terminator: "")
        }
    }
}
