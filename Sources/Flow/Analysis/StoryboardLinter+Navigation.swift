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
    static func pushesWithoutNavigation(_ graph: SceneGraph, entersInNavigation: Bool = false) -> [Diagnostic] {
        let document = graph.document
        guard let initial = initialID(document) else { return [] }
        let start = Placement(id: initial, inNavigation: entersInNavigation)
        var cameFrom: [Placement: Placement] = [:]
        var depth: [Placement: Int] = [start: 0]
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
                    let route = path(to: current, depth: depth[current] ?? 0, cameFrom: cameFrom, document)
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
                    depth[next] = (depth[current] ?? 0) + 1
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
            switch edge.segue.relationship {
            case .rootViewController:
                return true
            case .masterViewController, .supplementaryViewController:
                // A split view shows what these columns show as its detail.
                return source.kind == .splitViewController || current.inNavigation
            default:
                return current.inNavigation
            }
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
    private static func path(
        to end: Placement, depth: Int, cameFrom: [Placement: Placement], _ document: StoryboardDocument
    ) -> String {
        guard cameFrom[end] != nil else { return "as the initial scene" }
        return "when reached by " + route(to: end, depth: depth, cameFrom: cameFrom, document)
    }

    /// Scenes a route names at its end; longer routes name their first scene, how many
    /// are left out, and these last ones, so a diagnostic stays one short line however deep
    /// the scene is (and a file with thousands of findings prints in linear time).
    static let routeTail = 3

    /// The scenes from the initial one to `end`, as "A → B → C", or "A → … 96 more → X → Y → Z".
    private static func route(
        to end: Placement, depth: Int, cameFrom: [Placement: Placement], _ document: StoryboardDocument
    ) -> String {
        func name(_ placement: Placement) -> String {
            document.controller(id: placement.id).map(shortName) ?? placement.id
        }
        // `depth` edges lead to `end`: depth + 1 scenes. Walk back only as far as is shown.
        let scenes = depth + 1
        let shown = scenes <= routeTail + 2 ? scenes : routeTail
        var tail: [String] = []
        var node: Placement? = end
        while let current = node, tail.count < shown {
            tail.append(name(current))
            node = cameFrom[current]
        }
        tail.reverse()
        guard scenes > shown else { return tail.joined(separator: " → ") }
        // Every route starts at the initial scene, where the walk began.
        let first = Placement(id: initialID(document) ?? end.id, inNavigation: false)
        return ([name(first), "… \(scenes - shown - 1) more"] + tail).joined(separator: " → ")
    }

    /// A scene's title, identifier or id, quoted, for compact paths.
    static func shortName(_ controller: ControllerSpec) -> String {
        if let title = controller.displayTitle, !title.isEmpty { return DiagnosticText.quoted(title) }
        if let identifier = controller.storyboardIdentifier, !identifier.isEmpty { return DiagnosticText.quoted(identifier) }
        if let custom = controller.customClass { return DiagnosticText.quoted(custom) }
        return "\(controller.kind.rawValue) \(DiagnosticText.quoted(controller.id))"
    }
}
