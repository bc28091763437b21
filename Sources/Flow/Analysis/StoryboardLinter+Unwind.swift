/// The unwind lint: an unwind action no controller on the way back can take.
extension StoryboardLinter {
    /// Unwind segues whose action no registered class on any path to their scene declares.
    ///
    /// The candidates are the scenes that can lead to the source (on a path from the initial
    /// scene, when there is one), the scenes made with them (tabs, roots, embedded children),
    /// and the source's own embedded children, which the search also looks into. Only classes
    /// the registry knows count; when it knows none of them, nor the source's, the segue is
    /// skipped: a generic file falls back at run time.
    ///
    /// Only the registered classes matter, so the search runs once per registered class
    /// found in the file, forwards from the scenes of that class and their containers, rather
    /// than once per unwinding scene backwards through all its ancestors: that was quadratic
    /// in the number of scenes (26 s for a connected file of 10,000 scenes).
    static func unwindsWithoutDestination(_ graph: SceneGraph, registry: ClassRegistry) -> [Diagnostic] {
        let document = graph.document
        let reachable = initialID(document).map { graph.reachable(from: $0) }
        let sources = document.controllers.filter { controller in
            controller.segues.contains { $0.kind == .unwind } && (reachable?.contains(controller.id) ?? true)
        }
        guard !sources.isEmpty else { return [] }

        // The scenes of each registered class, by id (a scene's class is that of the first
        // controller with its id, as `controller(id:)` finds it).
        var scenesOfClass: [String: [String]] = [:]
        var seenIDs = Set<String>()
        for controller in document.controllers where seenIDs.insert(controller.id).inserted {
            guard let name = document.controller(id: controller.id)?.customClass, registry.knowsController(name)
            else { continue }
            scenesOfClass[name, default: []].append(controller.id)
        }
        let members = Set(scenesOfClass.values.joined())
        let containers = Dictionary(uniqueKeysWithValues: members.map { ($0, graph.containers(of: $0)) })
        /// The scenes for which a scene in `members` is a candidate: those an edge path leads
        /// to from a member or a member's container (reachable ones only), and the members'
        /// containers, whose search looks into their contained scenes.
        func candidateOf(_ members: [String]) -> Set<String> {
            var starts: [String] = []
            var marked = Set<String>()
            for member in members {
                let holders = containers[member] ?? []
                starts.append(member)
                starts += holders
                marked.formUnion(holders)
            }
            if let reachable { starts = starts.filter(reachable.contains) }
            return marked.union(graph.reachedThroughEdges(from: starts))
        }
        let reach = scenesOfClass.mapValues(candidateOf)

        var findings: [Diagnostic] = []
        for controller in sources {
            let unwinds = controller.segues.filter { $0.kind == .unwind }
            var names = reach.filter { $0.value.contains(controller.id) }.map(\.key)
            // The source is never its own destination, but another instance of its scene
            // further back (a cycle of segues) can be; another scene of its class still counts.
            if let own = document.controller(id: controller.id)?.customClass, let index = names.firstIndex(of: own),
                let members = scenesOfClass[own], members.contains(controller.id),
                !graph.reachedThroughEdges(from: [controller.id]).contains(controller.id),
                !candidateOf(members.filter { $0 != controller.id }).contains(controller.id)
            {
                names.remove(at: index)
            }
            let known = names.compactMap { name in registry.controllerType(named: name).map { (name, $0) } }
                .sorted { $0.0 < $1.0 }
            // A registered source class also says the file runs with its code.
            let sourceIsKnown = controller.customClass.map(registry.knowsController) ?? false
            guard !known.isEmpty || sourceIsKnown else { continue }
            for segue in unwinds {
                guard let action = segue.unwindAction, !action.isEmpty else { continue }
                if known.contains(where: { $0.1.actionTable.declaresUnwindAction(action) }) { continue }
                let name = segue.identifier.map { " " + DiagnosticText.quoted($0) } ?? ""
                let checked = known.isEmpty ? "none on the way back" : known.map { DiagnosticText.escaped($0.0) }.joined(separator: ", ")
                findings.append(
                    warning(
                        document, segue.location,
                        "unwind segue\(name) in scene \(controller.sceneName) uses \(DiagnosticText.escaped(action)), but no controller that can be on the way back declares it (registered classes checked: \(checked)); the unwind will find no destination"))
            }
        }
        return findings
    }
}

extension SceneGraph {
    /// Every scene reached from `starts` through at least one edge. Edges leaving a storyboard
    /// reference are not followed (what follows it is in another file), as in `ancestors(of:)`:
    /// a scene is in the result exactly when some start is among its ancestors.
    func reachedThroughEdges(from starts: [String]) -> Set<String> {
        var reached = Set<String>()
        var expanded = Set<String>()
        var queue = starts
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            guard expanded.insert(current).inserted, document.controller(id: current)?.kind != .reference else { continue }
            for edge in edges(from: current) where reached.insert(edge.destinationID).inserted {
                queue.append(edge.destinationID)
            }
        }
        return reached
    }

    /// The scenes `id` is made with: those whose `containedScenes` include it.
    func containers(of id: String) -> Set<String> {
        var seen = Set<String>()
        var queue = [id]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in edges(to: current) where edge.isContainment && seen.insert(edge.sourceID).inserted {
                queue.append(edge.sourceID)
            }
        }
        seen.remove(id)
        return seen
    }
}
