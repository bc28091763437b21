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
        write(drawing(document), in: format)
    }

    /// The graph in Graphviz's DOT language.
    public static func dot(_ document: StoryboardDocument) -> String {
        write(drawing(document), in: .dot)
    }

    /// The graph as a Mermaid flowchart.
    public static func mermaid(_ document: StoryboardDocument) -> String {
        write(drawing(document), in: .mermaid)
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

    /// One file's scenes, or one storyboard of a whole app's graph, drawn as a group
    /// labelled with its path.
    struct Cluster {
        /// The group's label; nil for the one file of a storyboard's own graph, whose scenes
        /// are drawn in no group.
        var label: String?
        var nodes: [Node]
    }

    /// Everything a graph shows, in either format.
    struct Drawing {
        /// The graph's name (DOT's, a file's name or an app's).
        var title: String
        var clusters: [Cluster]
        var links: [Link]
        /// The node the start arrow points at.
        var start: String?
        var hasUnwinds: Bool
        /// Whether this is a whole app's graph, a group per storyboard.
        var isApp = false
        /// References whose storyboard or scene is not there, by node name (a whole app's graph).
        var missing: Set<String> = []
    }

    /// `document`'s graph: its scenes in one unlabelled group.
    static func drawing(_ document: StoryboardDocument) -> Drawing {
        let (nodes, links, hasUnwinds) = layout(document)
        return Drawing(
            title: document.fileName, clusters: [Cluster(label: nil, nodes: nodes)], links: links,
            start: nodes.first(where: \.isInitial)?.name, hasUnwinds: hasUnwinds)
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

    /// `text` for either format: each scalar `replacement` gives replaced, other control and
    /// invisible characters as `U+XXXX`, the rest as they are.
    static func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else if DiagnosticText.needsEscape(scalar) {
                out += codePoint(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `U+XXXX`, as both formats write a character they cannot show.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
