/// Draws a storyboard's flow as a graph: Graphviz DOT or a Mermaid flowchart.
///
/// Scenes are nodes (title and class); segues are edges labelled with their kind and
/// identifier. Relationships are dashed, embeds bold, unwinds dotted into one Exit node; the
/// initial scene has an arrow from a start point and a double border. Every label is escaped
/// for its format, whatever the file holds.
public enum GraphExporter {
    /// The output formats.
    public enum Format: String, CaseIterable, Sendable {
        /// Graphviz's DOT language (`dot -Tpng`).
        case dot
        /// A Mermaid flowchart, for Markdown.
        case mermaid
    }

    /// The graph of `document` in `format`.
    public static func export(_ document: StoryboardDocument, format: Format) -> String {
        switch format {
        case .dot: dot(document)
        case .mermaid: mermaid(document)
        }
    }

    // MARK: The drawing, independent of the format

    /// How an edge is drawn.
    enum EdgeStyle: Equatable {
        case segue, relationship, embed, unwind
        /// A storyboard reference to the scene it opens in another file (a whole app's graph).
        case reference
    }

    struct Node {
        var name: String
        var lines: [String]
        var isInitial: Bool
        var isReference: Bool
        var elementID: String
    }

    struct Link {
        var from: String
        var to: String
        var label: String
        var style: EdgeStyle
    }

    /// Node names are generated (`n0`, `n1`, …) so no id from the file can break the syntax
    /// or collide with the start and exit nodes.
    static func layout(_ document: StoryboardDocument) -> (nodes: [Node], links: [Link], hasUnwinds: Bool) {
        var names: [String: String] = [:]
        var nodes: [Node] = []
        for (index, controller) in document.controllers.enumerated() {
            let name = "n\(index)"
            names[controller.id] = name
            nodes.append(
                Node(
                    name: name, lines: labelLines(controller),
                    isInitial: controller.id == document.initialControllerID,
                    isReference: controller.kind == .reference, elementID: controller.id))
        }
        var links: [Link] = []
        var hasUnwinds = false
        for controller in document.controllers {
            guard let from = names[controller.id] else { continue }
            for segue in controller.segues {
                if segue.kind == .unwind {
                    hasUnwinds = true
                    links.append(Link(from: from, to: "exit", label: edgeLabel(segue), style: .unwind))
                    continue
                }
                guard let to = names[segue.destinationID] else { continue }
                let style: EdgeStyle =
                    switch segue.kind {
                    case .relationship: .relationship
                    case .embed: .embed
                    default: .segue
                    }
                links.append(Link(from: from, to: to, label: edgeLabel(segue), style: style))
            }
        }
        return (nodes, links, hasUnwinds)
    }

    /// A scene's label: its title (or identifier, or kind), then its class.
    static func labelLines(_ controller: ControllerSpec) -> [String] {
        if controller.kind == .reference {
            let file = (controller.reference?.storyboardName ?? "?") + ".storyboard"
            if let identifier = controller.reference?.referencedIdentifier {
                return ["→ " + file, identifier]
            }
            return ["→ " + file]
        }
        let title: String
        if let shown = controller.displayTitle, !shown.isEmpty {
            title = shown
        } else if let identifier = controller.storyboardIdentifier, !identifier.isEmpty {
            title = identifier
        } else {
            title = controller.kind.properties.title
        }
        return [title, controller.customClass ?? controller.kind.properties.className]
    }

    /// "show ShowMap", "rootViewController", "unwind done:", with the trigger when it isn't
    /// a plain tap.
    static func edgeLabel(_ segue: SegueSpec) -> String {
        if segue.kind == .relationship { return segue.relationship?.rawValue ?? "relationship" }
        var parts = [segue.kind.rawValue]
        if let identifier = segue.identifier { parts.append(identifier) }
        if segue.kind == .unwind, let action = segue.unwindAction { parts.append(action) }
        if let custom = segue.customClass { parts.append("[\(custom)]") }
        if segue.isAccessoryAction { parts.append("(accessory)") }
        if segue.owner == .controller, segue.kind != .embed { parts.append("(manual)") }
        return parts.joined(separator: " ")
    }

    // MARK: DOT

    /// The graph in Graphviz's DOT language.
    public static func dot(_ document: StoryboardDocument) -> String {
        let (nodes, links, hasUnwinds) = layout(document)
        var out = "digraph \"\(dotEscaped(document.fileName))\" {\n"
        out += "    graph [rankdir=LR, fontname=\"Helvetica\"];\n"
        out += "    node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        out += "    edge [fontname=\"Helvetica\", fontsize=10];\n"
        if nodes.contains(where: \.isInitial) {
            out += "    start [shape=point, width=0.15, label=\"\"];\n"
        }
        for node in nodes {
            out += "    " + dotNode(node) + "\n"
        }
        if hasUnwinds {
            out += "    exit [shape=cds, label=\"Exit (unwind)\"];\n"
        }
        if let initial = nodes.first(where: \.isInitial) {
            out += "    start -> \(initial.name);\n"
        }
        for link in links {
            out += "    " + dotLink(link) + "\n"
        }
        out += "}\n"
        return out
    }

    /// A scene as a DOT node statement: its lines, its element id, a folder for a
    /// reference, a double border for the initial scene; `note` as a last line and `extra`
    /// attributes after its own.
    static func dotNode(_ node: Node, note: String? = nil, extra: [String] = []) -> String {
        let lines = node.lines + (note.map { [$0] } ?? [])
        var attributes = ["label=\"\(lines.map(dotEscaped).joined(separator: "\\n"))\"", "id=\"\(dotEscaped(node.elementID))\""]
        if node.isReference { attributes.append("shape=folder") }
        if node.isInitial { attributes.append("peripheries=2") }
        return "\(node.name) [\((attributes + extra).joined(separator: ", "))];"
    }

    /// A link as a DOT edge statement, drawn in its style (a reference to another file's
    /// scene, which only a whole app's graph has, in blue).
    static func dotLink(_ link: Link) -> String {
        var attributes = ["label=\"\(dotEscaped(link.label))\""]
        switch link.style {
        case .segue: break
        case .relationship: attributes.append("style=dashed")
        case .embed: attributes.append(contentsOf: ["style=bold", "penwidth=2"])
        case .unwind: attributes.append("style=dotted")
        case .reference: attributes.append(contentsOf: ["style=dashed", "color=blue", "fontcolor=blue"])
        }
        return "\(link.from) -> \(link.to) [\(attributes.joined(separator: ", "))];"
    }

    /// Text for a DOT double-quoted string: quotes and backslashes escaped (so `\n`, `\l`
    /// and `\N` in the file stay literal), line breaks as DOT's `\n`, tabs and carriage
    /// returns as spaces, other control and invisible characters as `U+XXXX`.
    public static func dotEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r", "\t": out += " "
            default:
                if DiagnosticText.needsEscape(scalar) {
                    out += codePoint(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    // MARK: Mermaid

    /// The graph as a Mermaid flowchart.
    public static func mermaid(_ document: StoryboardDocument) -> String {
        let (nodes, links, hasUnwinds) = layout(document)
        var out = "flowchart LR\n"
        if nodes.contains(where: \.isInitial) {
            out += "    start((start))\n"
        }
        for node in nodes {
            out += "    " + mermaidNode(node) + "\n"
        }
        if hasUnwinds {
            out += "    exit>\"Exit (unwind)\"]\n"
        }
        if let initial = nodes.first(where: \.isInitial) {
            out += "    start --> \(initial.name)\n"
        }
        for link in links {
            out += "    " + mermaidLink(link) + "\n"
        }
        if let initial = nodes.first(where: \.isInitial) {
            out += "    classDef initial stroke-width:3px\n"
            out += "    class \(initial.name) initial\n"
        }
        if links.contains(where: { $0.style == .unwind }) {
            out += "    classDef exit stroke-dasharray:2 2\n"
            out += "    class exit exit\n"
        }
        return out
    }

    /// A scene as a Mermaid node: its lines (and `note` as a last one) in a box, slanted for
    /// a reference.
    static func mermaidNode(_ node: Node, note: String? = nil) -> String {
        let lines = node.lines + (note.map { [$0] } ?? [])
        let label = "\"" + lines.map(mermaidEscaped).joined(separator: "<br>") + "\""
        return node.isReference ? "\(node.name)[/\(label)/]" : "\(node.name)[\(label)]"
    }

    /// A link as a Mermaid link, its arrow in its style.
    static func mermaidLink(_ link: Link) -> String {
        let arrow =
            switch link.style {
            case .segue: "-->"
            case .relationship, .unwind, .reference: "-.->"
            case .embed: "==>"
            }
        return "\(link.from) \(arrow)|\"\(mermaidEscaped(link.label))\"| \(link.to)"
    }

    /// Text for a quoted Mermaid label: the characters Mermaid reads as syntax or markup
    /// (`"` `#` `|` `<` `>` `&` `;` and backticks) as entity codes, line breaks as `<br>`,
    /// other control and invisible characters as `U+XXXX`.
    public static func mermaidEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "|": out += "#124;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case ";": out += "#59;"
            case "`": out += "#96;"
            case "\n": out += "<br>"
            case "\r", "\t": out += " "
            default:
                if DiagnosticText.needsEscape(scalar) {
                    out += codePoint(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
