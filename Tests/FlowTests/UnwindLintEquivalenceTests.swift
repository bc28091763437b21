import Testing
import TestSupport

@testable import Flow

private final class AlphaScene: ViewController {
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("a:", AlphaScene.unwound)
        return table
    }
    func unwound(_ segue: StoryboardSegue) {}
}

private final class BetaScene: ViewController {
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("b:", BetaScene.unwound)
        return table
    }
    func unwound(_ segue: StoryboardSegue) {}
}

private final class GammaScene: ViewController {}

/// The unwind lint against a direct statement of its rule, one search per unwinding scene
/// (slow, but obviously what the documentation says), on many random small graphs.
@Suite struct UnwindLintEquivalenceTests {
    private static func registry() -> ClassRegistry {
        let registry = ClassRegistry()
        registry.register(AlphaScene.self, as: "Alpha")
        registry.register(BetaScene.self, as: "Beta")
        registry.register(GammaScene.self, as: "Gamma")
        return registry
    }

    /// The rule as written: the candidates of each unwinding scene are its ancestors (on a
    /// path from the initial scene), the scenes made with them, and its own contained scenes;
    /// itself only when it is its own ancestor.
    private static func reference(_ graph: SceneGraph, registry: ClassRegistry) -> [Diagnostic] {
        let document = graph.document
        let reachable = StoryboardLinter.initialID(document).map { graph.reachable(from: $0) }
        var findings: [Diagnostic] = []
        for controller in document.controllers {
            let unwinds = controller.segues.filter { $0.kind == .unwind }
            guard !unwinds.isEmpty else { continue }
            if let reachable, !reachable.contains(controller.id) { continue }
            let ancestors = graph.ancestors(of: controller.id)
            var candidates = ancestors
            if let reachable { candidates.formIntersection(reachable) }
            for ancestor in candidates { candidates.formUnion(graph.containedScenes(of: ancestor)) }
            candidates.formUnion(graph.containedScenes(of: controller.id))
            if !ancestors.contains(controller.id) { candidates.remove(controller.id) }
            let classes = Set(candidates.compactMap { document.controller(id: $0)?.customClass })
            let known = classes.compactMap { name in registry.controllerType(named: name).map { (name, $0) } }
                .sorted { $0.0 < $1.0 }
            let sourceIsKnown = controller.customClass.map(registry.knowsController) ?? false
            guard !known.isEmpty || sourceIsKnown else { continue }
            for segue in unwinds {
                guard let action = segue.unwindAction, !action.isEmpty else { continue }
                if known.contains(where: { $0.1.actionTable.declaresUnwindAction(action) }) { continue }
                let name = segue.identifier.map { " " + DiagnosticText.quoted($0) } ?? ""
                let checked = known.isEmpty ? "none on the way back" : known.map { DiagnosticText.escaped($0.0) }.joined(separator: ", ")
                findings.append(
                    StoryboardLinter.warning(
                        document, segue.location,
                        "unwind segue\(name) in scene \(controller.sceneName) uses \(DiagnosticText.escaped(action)), but no controller that can be on the way back declares it (registered classes checked: \(checked)); the unwind will find no destination"))
            }
        }
        return findings
    }

    private static func randomDocument(_ random: inout SeededRandomGenerator) -> StoryboardDocument {
        let count = Int.random(in: 2...9, using: &random)
        let ids = (0..<count).map { "s\($0)" }
        func someID() -> String {
            Int.random(in: 0..<20, using: &random) == 0 ? "missing" : ids.randomElement(using: &random)!
        }
        let classes: [String?] = ["Alpha", "Beta", "Gamma", "Unregistered", nil, nil]
        let actions = ["a:", "b:", "c:"]
        var controllers: [ControllerSpec] = []
        for id in ids {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<3:
                controllers.append(Scene.navigation(id, root: someID(), customClass: classes.randomElement(using: &random)!))
            case 3..<5:
                controllers.append(Scene.tabs(id, (0..<Int.random(in: 1...3, using: &random)).map { _ in someID() }))
            case 5:
                controllers.append(ControllerSpec(id: id, kind: .reference, reference: StoryboardReferenceSpec(storyboardName: "Other")))
            default:
                var segues: [SegueSpec] = []
                for index in 0..<Int.random(in: 0...3, using: &random) {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: segues.append(Segue.embed(someID(), container: "box\(index)"))
                    case 1: segues.append(Segue.present(someID(), from: .button(id: "b\(index)")))
                    default: segues.append(Segue.show(someID(), from: .button(id: "b\(index)")))
                    }
                }
                for index in 0..<Int.random(in: 0...2, using: &random) {
                    segues.append(Segue.unwind(actions.randomElement(using: &random)!, from: .button(id: "u\(index)"), identifier: "U\(index)", exit: id + ".exit"))
                }
                controllers.append(Scene.view(id, customClass: classes.randomElement(using: &random)!, segues: segues))
            }
        }
        let initial: String? = Int.random(in: 0..<5, using: &random) == 0 ? nil : ids.randomElement(using: &random)
        return StoryboardDocument(fileName: "Random.storyboard", initialControllerID: initial, controllers: controllers)
    }

    @Test func agreesWithTheRuleOnRandomGraphs() {
        let registry = Self.registry()
        var findingsSeen = 0
        for seed in 0..<3_000 as Range<UInt64> {
            var random = SeededRandomGenerator(seed: seed)
            let document = Self.randomDocument(&random)
            let graph = SceneGraph(document)
            let expected = Self.reference(graph, registry: registry)
            let actual = StoryboardLinter.unwindsWithoutDestination(graph, registry: registry)
            findingsSeen += expected.count
            #expect(actual == expected, "seed \(seed)")
            if actual != expected { break }
        }
        // The generator must produce findings for the comparison to mean something.
        #expect(findingsSeen > 100)
    }
}
