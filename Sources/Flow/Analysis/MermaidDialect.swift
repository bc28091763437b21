/// A Mermaid flowchart, for Markdown: scenes as boxes (references slanted), each storyboard of
/// an app as a subgraph, the initial scene, the exit and missing references marked by classes.
struct MermaidDialect: GraphDialect {
    func opening(_ drawing: GraphExporter.Drawing) -> String { "flowchart LR\n" }

    var startNode: String { "start((start))" }

    func clusterOpening(_ number: Int, label: String) -> String {
        "    subgraph c\(number)[\"\(GraphExporter.mermaidEscaped(label))\"]\n"
    }

    var clusterClosing: String { "end" }

    /// Its lines (and, for a missing reference, a last one that says so) in a box, slanted
    /// for a reference.
    func node(_ node: GraphExporter.Node, missing: Bool) -> String {
        let lines = node.lines + (missing ? [GraphExporter.missingNote] : [])
        let label = "\"" + lines.map(GraphExporter.mermaidEscaped).joined(separator: "<br>") + "\""
        return node.isReference ? "\(node.name)[/\(label)/]" : "\(node.name)[\(label)]"
    }

    var exitNode: String { "exit>\"Exit (unwind)\"]" }

    func startLink(to name: String) -> String { "start --> \(name)" }

    /// The arrow in the link's style: dotted for relationships, unwinds and references,
    /// thick for embeds.
    func link(_ link: GraphExporter.Link) -> String {
        let arrow =
            switch link.style {
            case .segue: "-->"
            case .relationship, .unwind, .reference: "-.->"
            case .embed: "==>"
            }
        return "\(link.from) \(arrow)|\"\(GraphExporter.mermaidEscaped(link.label))\"| \(link.to)"
    }

    /// A storyboard's graph marks its initial scene and its exit; an app's, its missing
    /// references.
    func closing(_ drawing: GraphExporter.Drawing) -> String {
        var out = ""
        if !drawing.isApp, let start = drawing.start {
            out += "    classDef initial stroke-width:3px\n"
            out += "    class \(start) initial\n"
        }
        if !drawing.isApp, drawing.hasUnwinds {
            out += "    classDef exit stroke-dasharray:2 2\n"
            out += "    class exit exit\n"
        }
        if !drawing.missing.isEmpty {
            out += "    classDef missing stroke:#c00,color:#c00\n"
            out += "    class \(drawing.missing.sorted().joined(separator: ",")) missing\n"
        }
        return out
    }
}

extension GraphExporter {
    /// Text for a quoted Mermaid label: the characters Mermaid reads as syntax or markup
    /// (`"` `#` `|` `<` `>` `&` `;` and backticks) as entity codes, line breaks as `<br>`,
    /// other control and invisible characters as `U+XXXX`.
    public static func mermaidEscaped(_ text: String) -> String {
        escaped(text) { scalar in
            switch scalar {
            case "\"": "#quot;"
            case "#": "#35;"
            case "|": "#124;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "&": "#amp;"
            case ";": "#59;"
            case "`": "#96;"
            case "\n": "<br>"
            case "\r", "\t": " "
            default: nil
            }
        }
    }
}
