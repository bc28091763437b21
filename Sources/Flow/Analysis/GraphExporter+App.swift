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
        write(appLayout(storyboards, index: index, main: main, title: title), in: format)
    }

    /// Each file's own layout with its node names made unique (`s2n5`), plus the edges
    /// references make between files.
    static func appLayout(_ storyboards: [AppStoryboard], index: StoryboardIndex, main: URL?, title: String) -> Drawing {
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
        return Drawing(title: title, clusters: clusters, links: links, start: start, hasUnwinds: hasUnwinds, isApp: true, missing: missing)
    }

    /// The scene a reference opens in `document`: its identifier's, else the initial one.
    static func referencedScene(_ reference: StoryboardReferenceSpec, in document: StoryboardDocument) -> String? {
        if let identifier = reference.referencedIdentifier, !identifier.isEmpty {
            return document.controller(storyboardIdentifier: identifier)?.id
        }
        return document.initialControllerID.flatMap { document.containsController(id: $0) ? $0 : nil }
    }
}
