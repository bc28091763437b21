/// Graphviz's DOT language (`dot -Tpng`): scenes as rounded boxes, the initial one with a
/// double border, references as folders, each storyboard of an app as a cluster.
struct DOTDialect: GraphDialect {
    func opening(_ drawing: GraphExporter.Drawing) -> String {
        var out = "digraph \"\(GraphExporter.dotEscaped(drawing.title))\" {\n"
        out += "    graph [rankdir=LR, fontname=\"Helvetica\"\(drawing.isApp ? ", compound=true" : "")];\n"
        out += "    node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        out += "    edge [fontname=\"Helvetica\", fontsize=10];\n"
        return out
    }

    var startNode: String { "start [shape=point, width=0.15, label=\"\"];" }

    func clusterOpening(_ number: Int, label: String) -> String {
        "    subgraph cluster_\(number) {\n"
            + "        label=\"\(GraphExporter.dotEscaped(label))\";\n"
            + "        style=rounded;\n"
    }

    var clusterClosing: String { "}" }

    /// Its lines and its element id, a folder for a reference, a double border for the
    /// initial scene; a missing reference in red, with a last line that says so.
    func node(_ node: GraphExporter.Node, missing: Bool) -> String {
        let lines = node.lines + (missing ? [GraphExporter.missingNote] : [])
        var attributes = [
            "label=\"\(lines.map(GraphExporter.dotEscaped).joined(separator: "\\n"))\"",
            "id=\"\(GraphExporter.dotEscaped(node.elementID))\"",
        ]
        if node.isReference { attributes.append("shape=folder") }
        if node.isInitial { attributes.append("peripheries=2") }
        if missing { attributes += ["color=red", "fontcolor=red"] }
        return "\(node.name) [\(attributes.joined(separator: ", "))];"
    }

    var exitNode: String { "exit [shape=cds, label=\"Exit (unwind)\"];" }

    func startLink(to name: String) -> String { "start -> \(name);" }

    /// Relationships dashed, embeds bold, unwinds dotted, references to another file's scene
    /// (a whole app's graph) dashed in blue.
    func link(_ link: GraphExporter.Link) -> String {
        var attributes = ["label=\"\(GraphExporter.dotEscaped(link.label))\""]
        switch link.style {
        case .segue: break
        case .relationship: attributes.append("style=dashed")
        case .embed: attributes.append(contentsOf: ["style=bold", "penwidth=2"])
        case .unwind: attributes.append("style=dotted")
        case .reference: attributes.append(contentsOf: ["style=dashed", "color=blue", "fontcolor=blue"])
        }
        return "\(link.from) -> \(link.to) [\(attributes.joined(separator: ", "))];"
    }

    func closing(_ drawing: GraphExporter.Drawing) -> String { "}\n" }
}

extension GraphExporter {
    /// Text for a DOT double-quoted string: quotes and backslashes escaped (so `\n`, `\l`
    /// and `\N` in the file stay literal), line breaks as DOT's `\n`, tabs and carriage
    /// returns as spaces, other control and invisible characters as `U+XXXX`.
    public static func dotEscaped(_ text: String) -> String {
        escaped(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r", "\t": " "
            default: nil
            }
        }
    }
}
