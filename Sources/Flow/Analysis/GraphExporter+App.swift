import FoundationEssentials

/// A whole app's graph: a cluster per storyboard, and each storyboard reference drawn as an
/// edge from its placeholder to the scene it opens in the other storyboard's cluster.
extension GraphExporter {
    /// One storyboard of the app, as drawn.
    public struct AppStoryboard: Sendable {
        /// What the cluster is labelled: the file's path in the folder.
        public var label: String
        /// The file, as the index names it.
        public var url: URL
        /// Its scenes and segues.
        public var document: StoryboardDocument

        /// A storyboard drawn as a cluster labelled `label`.
        public init(label: String, url: URL, document: StoryboardDocument) {
            self.label = label
            self.url = url
            self.document = document
        }
    }

    /// The graph of `storyboards` (references resolved through `index`) in `format`; the
    /// start arrow points at `main`'s initial scene, when given.
    public static func export(
        app storyboards: [AppStoryboard], index: StoryboardIndex, main: URL?, title: String, format: Format
    ) -> String {
        let drawing = appLayout(storyboards, index: index, main: main)
        switch format {
        case .dot: return appDot(drawing, title: title)
        case .mermaid: return appMermaid(drawing)
        }
    }

    struct Cluster {
        var label: String
        var nodes: [Node]
    }

    struct AppDrawing {
        var clusters: [Cluster]
        var links: [Link]
        /// References whose storyboard or scene is not there, by node name.
        var missing: Set<String>
        var start: String?
        var hasUnwinds: Bool
    }

    /// Each file's own layout with its node names made unique (`s2n5`), plus the edges
    /// references make between files.
    static func appLayout(_ storyboards: [AppStoryboard], index: StoryboardIndex, main: URL?) -> AppDrawing {
        var clusters: [Cluster] = []
        var links: [Link] = []
        var hasUnwinds = false
        var names: [String: [String: String]] = [:]
        let mainPath = main.map(StoryboardIndex.absolutePath)
        var start: String?
        for (number, storyboard) in storyboards.enumerated() {
            let prefix = "s\(number)"
            let (nodes, fileLinks, unwinds) = layout(storyboard.document)
            hasUnwinds = hasUnwinds || unwinds
            var renamed: [String: String] = [:]
            var clusterNodes: [Node] = []
            for var node in nodes {
                renamed[node.elementID] = prefix + node.name
                node.name = prefix + node.name
                clusterNodes.append(node)
            }
            names[StoryboardIndex.absolutePath(storyboard.url)] = renamed
            if StoryboardIndex.absolutePath(storyboard.url) == mainPath {
                start = clusterNodes.first(where: \.isInitial)?.name
            }
            clusters.append(Cluster(label: storyboard.label, nodes: clusterNodes))
            for var link in fileLinks {
                link.from = prefix + link.from
                if link.to != "exit" { link.to = prefix + link.to }
                links.append(link)
            }
        }
        var missing: Set<String> = []
        for storyboard in storyboards {
            let own = names[StoryboardIndex.absolutePath(storyboard.url)] ?? [:]
            for controller in storyboard.document.controllers where controller.kind == .reference {
                guard let from = own[controller.id], let reference = controller.reference else { continue }
                guard let file = index.resolve(reference.storyboardName, from: storyboard.url).file,
                    let other = storyboards.first(where: { StoryboardIndex.absolutePath($0.url) == StoryboardIndex.absolutePath(file.url) }),
                    let target = referencedScene(reference, in: other.document),
                    let to = names[StoryboardIndex.absolutePath(file.url)]?[target]
                else {
                    missing.insert(from)
                    continue
                }
                links.append(Link(from: from, to: to, label: "reference", style: .reference))
            }
        }
        return AppDrawing(clusters: clusters, links: links, missing: missing, start: start, hasUnwinds: hasUnwinds)
    }

    /// The scene a reference opens in `document`: its identifier's, else the initial one.
    static func referencedScene(_ reference: StoryboardReferenceSpec, in document: StoryboardDocument) -> String? {
        if let identifier = reference.referencedIdentifier, !identifier.isEmpty {
            return document.controller(storyboardIdentifier: identifier)?.id
        }
        return document.initialControllerID.flatMap { document.containsController(id: $0) ? $0 : nil }
    }

    /// The last line of a scene whose storyboard is not in the app's folder.
    static let missingNote = "(not in this folder)"

    static func appDot(_ drawing: AppDrawing, title: String) -> String {
        var out = "digraph \"\(dotEscaped(title))\" {\n"
        out += "    graph [rankdir=LR, fontname=\"Helvetica\", compound=true];\n"
        out += "    node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        out += "    edge [fontname=\"Helvetica\", fontsize=10];\n"
        if drawing.start != nil { out += "    start [shape=point, width=0.15, label=\"\"];\n" }
        for (number, cluster) in drawing.clusters.enumerated() {
            out += "    subgraph cluster_\(number) {\n"
            out += "        label=\"\(dotEscaped(cluster.label))\";\n"
            out += "        style=rounded;\n"
            for node in cluster.nodes {
                let missing = drawing.missing.contains(node.name)
                out += "        " + dotNode(
                    node, note: missing ? Self.missingNote : nil, extra: missing ? ["color=red", "fontcolor=red"] : []) + "\n"
            }
            out += "    }\n"
        }
        if drawing.hasUnwinds { out += "    exit [shape=cds, label=\"Exit (unwind)\"];\n" }
        if let start = drawing.start { out += "    start -> \(start);\n" }
        for link in drawing.links {
            out += "    " + dotLink(link) + "\n"
        }
        out += "}\n"
        return out
    }

    static func appMermaid(_ drawing: AppDrawing) -> String {
        var out = "flowchart LR\n"
        if drawing.start != nil { out += "    start((start))\n" }
        for (number, cluster) in drawing.clusters.enumerated() {
            out += "    subgraph c\(number)[\"\(mermaidEscaped(cluster.label))\"]\n"
            for node in cluster.nodes {
                out += "        " + mermaidNode(node, note: drawing.missing.contains(node.name) ? Self.missingNote : nil) + "\n"
            }
            out += "    end\n"
        }
        if drawing.hasUnwinds { out += "    exit>\"Exit (unwind)\"]\n" }
        if let start = drawing.start { out += "    start --> \(start)\n" }
        for link in drawing.links {
            out += "    " + mermaidLink(link) + "\n"
        }
        if !drawing.missing.isEmpty {
            out += "    classDef missing stroke:#c00,color:#c00\n"
            out += "    class \(drawing.missing.sorted().joined(separator: ",")) missing\n"
        }
        return out
    }
}
