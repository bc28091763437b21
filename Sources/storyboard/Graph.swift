import CommandSupport
import ArgumentParser
import Flow
import FoundationEssentials

extension GraphExporter.Format: ExpressibleByArgument {}

/// `storyboard graph FILE [--format dot|mermaid]`: the file's flow as a graph.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print a storyboard's scenes and segues as a Graphviz or Mermaid graph.",
        discussion: """
            Scenes are nodes (title and class), segues are edges labelled with their kind and \
            identifier; relationships are dashed, embeds bold, unwind segues dotted into an Exit \
            node, and the initial scene is marked. Render DOT with `dot -Tpng`. Exits with 0, 1 \
            when the file has errors, 2 when it cannot be read.
            """)

    @Argument(help: "A storyboard file, or a bundled storyboard by name.")
    var file: String

    @Option(help: "dot or mermaid.")
    var format: GraphExporter.Format = .dot

    func run() throws {
        switch StoryboardFile.load(file) {
        case .unreadable(let reason):
            StandardError.report(reason)
            throw ExitCode(ExitStatus.usage.rawValue)
        case .invalid(let diagnostics):
            for diagnostic in diagnostics { StoryboardFile.printError(DiagnosticText.escaped(diagnostic.description)) }
            throw ExitCode(ExitStatus.problems.rawValue)
        case .loaded(let loaded, _):
            print(GraphExporter.export(loaded.document, format: format), terminator: "")
        }
    }
}
