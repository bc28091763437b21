/// How one graph format writes each part of a graph; `GraphExporter.write` walks the parts
/// in the same order for every format (the start point, the groups and their scenes, the
/// exit, the start arrow, the edges, what follows them), so the two formats differ only in
/// their words.
protocol GraphDialect {
    /// Everything before the first node: the graph's opening and its defaults.
    func opening(_ drawing: GraphExporter.Drawing) -> String
    /// The start point's node statement.
    var startNode: String { get }
    /// The opening lines of the `number`th group, labelled `label`, ending in a line break.
    func clusterOpening(_ number: Int, label: String) -> String
    /// The line that closes a group.
    var clusterClosing: String { get }
    /// A scene's node statement; `missing` for a reference whose scene is not there.
    func node(_ node: GraphExporter.Node, missing: Bool) -> String
    /// The exit's node statement, where unwinds go.
    var exitNode: String { get }
    /// The start arrow to the node `name`.
    func startLink(to name: String) -> String
    /// A segue, relationship or reference as an edge statement, drawn in its style.
    func link(_ link: GraphExporter.Link) -> String
    /// Everything after the last edge.
    func closing(_ drawing: GraphExporter.Drawing) -> String
}

extension GraphExporter {
    /// The dialect of `format`.
    static func dialect(_ format: Format) -> any GraphDialect {
        switch format {
        case .dot: DOTDialect()
        case .mermaid: MermaidDialect()
        }
    }

    /// `drawing` written in `format`: the one skeleton of every graph.
    static func write(_ drawing: Drawing, in format: Format) -> String {
        let dialect = dialect(format)
        var out = dialect.opening(drawing)
        if drawing.start != nil { out += "    " + dialect.startNode + "\n" }
        for (number, cluster) in drawing.clusters.enumerated() {
            var indent = "    "
            if let label = cluster.label {
                out += dialect.clusterOpening(number, label: label)
                indent += "    "
            }
            for node in cluster.nodes {
                out += indent + dialect.node(node, missing: drawing.missing.contains(node.name)) + "\n"
            }
            if cluster.label != nil { out += "    " + dialect.clusterClosing + "\n" }
        }
        if drawing.hasUnwinds { out += "    " + dialect.exitNode + "\n" }
        if let start = drawing.start { out += "    " + dialect.startLink(to: start) + "\n" }
        for link in drawing.links {
            out += "    " + dialect.link(link) + "\n"
        }
        return out + dialect.closing(drawing)
    }

    /// The last line of a scene whose storyboard is not in the app's folder.
    static let missingNote = "(not in this folder)"
}
