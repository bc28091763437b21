/// The push lint: a show segue fired where no navigation controller holds the source.
extension StoryboardLinter {
    /// Where a scene can be on screen: inside a navigation controller's stack or not.
    private struct Placement: Hashable {
        var id: String
        var inNavigation: Bool
    }

    /// Show (push) segues whose source, on some path from the initial scene, has no
    /// navigation controller above it: UIKit presents the destination instead of pushing.
    ///
    /// The walk follows relationships, embeds and segues, tracking whether each scene sits in
    /// a navigation stack. Custom segues are not followed (their class decides), and neither
    /// are storyboard references (the rest is in another file).
    static func pushesWithoutNavigation(_ graph: SceneGraph) -> [Diagnostic] {
        let document = graph.document
        guard let initial = initialID(document) else { return [] }
        let start = Placement(id: initial, inNavigation: false)
        var cameFrom: [Placement: Placement] = [:]
        var seen: Set<Placement> = [start]
        var queue = [start]
        var index = 0
        var findings: [Diagnostic] = []
        var reported: Set<String> = []
        while index < queue.count {
            let current = queue[index]
            index += 1
            guard let source = document.controller(id: current.id), source.kind != .reference else { continue }
            for edge in graph.edges(from: current.id) {
                let kind = edge.segue.kind
                if kind == .show, !current.inNavigation, source.kind != .navigationController,
                    reported.insert(edge.segue.id).inserted
                {
                    let route = path(to: current, cameFrom: cameFrom, document)
                    let name = edge.segue.identifier.map { " " + DiagnosticText.quoted($0) } ?? ""
                    let destination = document.controller(id: edge.destinationID)?.sceneName ?? edge.destinationID
                    findings.append(
                        warning(
                            document, edge.segue.location,
                            "show segue\(name) from scene \(source.sceneName) has no navigation controller above it \(route); it will present \(destination) modally instead of pushing it"))
                }
                guard let inNavigation = placement(after: edge, from: current, source: source) else { continue }
                let next = Placement(id: edge.destinationID, inNavigation: inNavigation)
                if seen.insert(next).inserted {
                    cameFrom[next] = current
                    queue.append(next)
                }
            }
        }
        return findings
    }

    /// Whether the destination of `edge` sits in a navigation stack; `nil` when unknown.
    private static func placement(after edge: SceneGraph.Edge, from current: Placement, source: ControllerSpec) -> Bool? {
        switch edge.segue.kind {
        case .relationship:
            return edge.segue.relationship == .rootViewController ? true : current.inNavigation
        case .embed:
            return current.inNavigation
        case .show, .showDetail:
            // Pushed when there is a stack to push onto, else presented on its own.
            return current.inNavigation || source.kind == .navigationController
        case .present, .popover:
            return false
        case .custom, .unwind:
            return nil
        }
    }

    /// How the source was reached: "when reached by A → B → C", or "as the initial scene".
    private static func path(to end: Placement, cameFrom: [Placement: Placement], _ document: StoryboardDocument) -> String {
        guard cameFrom[end] != nil else { return "as the initial scene" }
        return "when reached by " + route(to: end, cameFrom: cameFrom, document)
    }

    /// The scenes from the initial one to `end`, as "A → B → C".
    private static func route(to end: Placement, cameFrom: [Placement: Placement], _ document: StoryboardDocument) -> String {
        var names: [String] = []
        var node: Placement? = end
        var steps = 0
        while let current = node, steps <= document.controllers.count * 2 {
            let spec = document.controller(id: current.id)
            names.append(spec.map(shortName) ?? current.id)
            node = cameFrom[current]
            steps += 1
        }
        return names.reversed().joined(separator: " → ")
    }

    /// A scene's title, identifier or id, quoted, for compact paths.
    static func shortName(_ controller: ControllerSpec) -> String {
        if let title = controller.displayTitle, !title.isEmpty { return DiagnosticText.quoted(title) }
        if let identifier = controller.storyboardIdentifier, !identifier.isEmpty { return DiagnosticText.quoted(identifier) }
        if let custom = controller.customClass { return DiagnosticText.quoted(custom) }
        return "\(controller.kind.rawValue) \(DiagnosticText.quoted(controller.id))"
    }
}
