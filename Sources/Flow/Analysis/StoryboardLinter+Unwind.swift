/// The unwind lint: an unwind action no controller on the way back can take.
extension StoryboardLinter {
    /// Unwind segues whose action no registered class on any path to their scene declares.
    ///
    /// The candidates are the scenes that can lead to the source (on a path from the initial
    /// scene, when there is one), the scenes made with them (tabs, roots, embedded children),
    /// and the source's own embedded children, which the search also looks into. Only classes
    /// the registry knows count; when it knows none of them, nor the source's, the segue is
    /// skipped: a generic file falls back at run time.
    static func unwindsWithoutDestination(_ graph: SceneGraph, registry: ClassRegistry) -> [Diagnostic] {
        let document = graph.document
        let reachable = initialID(document).map { graph.reachable(from: $0) }
        var findings: [Diagnostic] = []
        for controller in document.controllers {
            let unwinds = controller.segues.filter { $0.kind == .unwind }
            guard !unwinds.isEmpty else { continue }
            if let reachable, !reachable.contains(controller.id) { continue }
            var candidates = graph.ancestors(of: controller.id)
            if let reachable { candidates.formIntersection(reachable) }
            for ancestor in candidates { candidates.formUnion(graph.containedScenes(of: ancestor)) }
            candidates.formUnion(graph.containedScenes(of: controller.id))
            // The source is never its own destination, but another instance of its scene
            // further back (a cycle of segues) can be.
            if !graph.ancestors(of: controller.id).contains(controller.id) { candidates.remove(controller.id) }
            let classes = Set(candidates.compactMap { document.controller(id: $0)?.customClass })
            let known = classes.compactMap { name in registry.controllerType(named: name).map { (name, $0) } }
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
