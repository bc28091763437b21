/// Answers "where would this unwind go from that scene?" by building the real hierarchy.
///
/// The run finds the shortest chain of segues from the initial scene to the scene asked
/// about, starts the initial scene headless, performs each segue (with `prepare`) as code
/// would, and asks ``Application/unwindPlan(action:from:)`` from the instance it reached.
/// Nothing is unwound; the hierarchy is thrown away with the application.
public enum UnwindDryRun {
    /// Why a dry run could not be made.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file has no initial scene to start from.
        case noInitialScene(file: String)
        /// No scene has this element id, storyboard identifier, class or title.
        case noSuchScene(String)
        /// Several scenes have this title (or class): their element ids tell them apart.
        case ambiguousScene(String, ids: [String])
        /// The scene is a storyboard reference: its scenes are in another file.
        case sceneIsReference(String)
        /// No chain of segues leads from the initial scene to the scene.
        case noPath(to: String)
        /// A segue of the path did not produce the scene it leads to.
        case stepFailed(String)

        public var description: String {
            switch self {
            case .noInitialScene(let file):
                "\(DiagnosticText.escaped(file)) has no initial scene to start from"
            case .noSuchScene(let name):
                "no scene has the id, storyboard identifier, class or title \(DiagnosticText.quoted(name))"
            case .ambiguousScene(let name, let ids):
                "\(ids.count) scenes are called \(DiagnosticText.quoted(name)); give one's id: "
                    + ids.map(DiagnosticText.quoted).joined(separator: ", ")
            case .sceneIsReference(let name):
                "scene \(DiagnosticText.quoted(name)) is a storyboard reference; run the dry run on the file it names"
            case .noPath(let name):
                "no chain of segues leads from the initial scene to scene \(DiagnosticText.quoted(name)); code must instantiate it"
            case .stepFailed(let step):
                "could not follow the path: \(step)"
            }
        }
    }

    /// The answer of a dry run.
    public struct Outcome {
        /// The segues followed from the initial scene, in order (a segue into a storyboard
        /// reference leads on into the other storyboard's scene).
        public let path: [SceneGraph.Edge]
        /// The storyboard each segue of ``path`` belongs to, and the one it arrives in.
        let hops: [(from: Storyboard, to: Storyboard)]
        /// The live controller the unwind starts from.
        public let source: ViewController
        /// The unwind action asked about, with its colon.
        public let action: String
        /// Where it goes and through what; `nil` when no controller takes the action.
        public let plan: UnwindPlan?
        /// With no destination, what the runtime does instead.
        public let fallback: String?
        /// The application holding the built hierarchy.
        public let application: Application

        /// The answer as lines of text, escaped for a terminal.
        public var report: [String] {
            // Scenes are named as the trace names their controllers.
            func name(_ id: String, in storyboard: Storyboard) -> String {
                guard let spec = storyboard.document.controller(id: id) else { return DiagnosticText.escaped(id) }
                return DiagnosticText.escaped(ViewController.name(of: spec, in: storyboard))
            }
            var lines: [String] = []
            if path.isEmpty {
                lines.append("Path: \(DiagnosticText.escaped(source.debugName)) is the initial scene")
            } else {
                lines.append("Path from the initial scene (\(path.count) step\(path.count == 1 ? "" : "s")):")
                for (index, edge) in path.enumerated() {
                    let (fromStoryboard, toStoryboard) = hops[index]
                    let from = name(edge.sourceID, in: fromStoryboard)
                    var to = name(edge.destinationID, in: fromStoryboard)
                    if fromStoryboard !== toStoryboard {
                        // Through a storyboard reference: the scene it opens, and where.
                        let arrived = index + 1 < path.count ? path[index + 1].sourceID : source.spec?.id ?? ""
                        to = DiagnosticText.escaped(toStoryboard.name) + ": " + name(arrived, in: toStoryboard)
                    }
                    lines.append("  \(index + 1). \(from) --\(DiagnosticText.escaped(GraphExporter.edgeLabel(edge.segue)))--> \(to)")
                }
            }
            lines.append("Unwinding \(DiagnosticText.escaped(action)) from \(DiagnosticText.escaped(source.debugName))")
            guard let plan else {
                lines.append("No destination: no controller on the way back declares \(DiagnosticText.escaped(action)).")
                if let fallback { lines.append(fallback) }
                return lines
            }
            lines.append("Searched, in order: " + plan.searched.map { DiagnosticText.escaped($0.debugName) }.joined(separator: ", "))
            lines.append("Destination: \(DiagnosticText.escaped(plan.destination.debugName))")
            lines.append(
                plan.removed.isEmpty
                    ? "Removed: nothing"
                    : "Removed: " + plan.removed.map { DiagnosticText.escaped($0.debugName) }.joined(separator: ", "))
            return lines
        }
    }

    /// The id of the scene `name` names, as every command names scenes
    /// (``SceneLookup/match(_:in:)``). Throws when nothing matches, or when several scenes
    /// have that class or title.
    public static func findScene(named name: String, in document: StoryboardDocument) throws(Failure) -> String {
        switch SceneLookup.match(name, in: document) {
        case .one(let spec): return spec.id
        case .several(let specs): throw .ambiguousScene(name, ids: specs.map(\.id))
        case .none: throw .noSuchScene(name)
        }
    }

    /// A name that finds each scene, in file order: what `--from` may be given.
    public static func sceneNames(in document: StoryboardDocument) -> [String] {
        SceneLookup.names(of: document)
    }

    /// Runs `storyboard` up to scene `scene` and asks where `action` would unwind to. The
    /// storyboard's application gets the initial scene as its root.
    ///
    /// The scene may be in another storyboard of the app (`Storyboard:identifier`, or an
    /// identifier only one storyboard of the folder has); the path then goes through the
    /// storyboard references that lead there.
    public static func run(storyboard: Storyboard, from scene: String, action: String) throws(Failure) -> Outcome {
        let document = storyboard.document
        guard let application = storyboard.application else {
            throw .stepFailed("the storyboard's application no longer exists")
        }
        let target: Place
        do {
            target = Place(storyboard: storyboard, id: try findScene(named: scene, in: document))
        } catch .noSuchScene {
            // Not in this file: another storyboard of the app, named or alone in having it.
            do {
                let (other, spec) = try SceneLookup.scene(for: scene, first: storyboard)
                target = Place(storyboard: other, id: spec.id)
            } catch {
                throw .noSuchScene(scene)
            }
        }
        if target.storyboard.document.controller(id: target.id)?.kind == .reference { throw .sceneIsReference(scene) }
        guard let initial = document.initialControllerID, document.controller(id: initial) != nil else {
            throw .noInitialScene(file: document.fileName)
        }
        var search = AppPathSearch(application: application)
        guard let start = search.arrival(at: Place(storyboard: storyboard, id: initial)),
            let steps = search.shortestPath(from: start, to: target)
        else { throw .noPath(to: scene) }
        guard let root = storyboard.instantiateInitialViewController() else { throw .noInitialScene(file: document.fileName) }
        application.setRootViewController(root)
        var current = root
        for step in steps {
            current = try follow(step.edge, to: step.arrival, from: current, in: application)
        }
        let selector = action.hasSuffix(":") ? action : action + ":"
        let plan = application.unwindPlan(action: selector, from: current)
        return Outcome(
            path: steps.map(\.edge), hops: steps.map { ($0.source, $0.arrival.storyboard) }, source: current, action: selector,
            plan: plan, fallback: plan == nil ? fallback(for: selector, from: current, in: application) : nil,
            application: application)
    }

    /// Performs one edge of the path and returns the instance it leads to.
    private static func follow(
        _ edge: SceneGraph.Edge, to arrival: Place, from current: ViewController, in application: Application
    ) throws(Failure) -> ViewController {
        let wanted = arrival.id
        // Ids are unique in a file only: two storyboards made from Xcode's template share some.
        func isArrival(_ controller: ViewController) -> Bool {
            controller.spec?.id == wanted && controller.storyboard === arrival.storyboard
        }
        switch edge.segue.kind {
        case .relationship:
            guard let child = current.children.first(where: isArrival) else {
                throw .stepFailed("\(current.debugName) has no child from scene \(DiagnosticText.quoted(wanted))")
            }
            (current as? Container)?.reveal(child)
            return child
        case .embed:
            current.loadViewIfNeeded()
            guard let child = current.children.first(where: isArrival) else {
                throw .stepFailed("the embed segue of \(current.debugName) made no controller")
            }
            return child
        case .show, .showDetail, .present, .popover, .custom, .unwind:
            let before = Set(application.allControllers.map(ObjectIdentifier.init))
            current.perform(edge.segue, sender: nil, userInitiated: false)
            let made = application.allControllers.filter { !before.contains(ObjectIdentifier($0)) && isArrival($0) }
            guard let reached = made.max(by: { $0.instanceNumber < $1.instanceNumber }) else {
                let name = edge.segue.identifier ?? edge.segue.id
                throw .stepFailed("segue \(DiagnosticText.quoted(name)) from \(current.debugName) did not show scene \(DiagnosticText.quoted(wanted))")
            }
            return reached
        }
    }

    /// What the runtime does with an unwind nobody takes (see `performUnwind`).
    private static func fallback(for action: String, from source: ViewController, in application: Application) -> String {
        if application.registryDeclaresUnwindAction(action) {
            return "At run time nothing happens and a warning is shown."
        }
        if let navigation = source.navigationController, navigation.viewControllers.count > 1,
            let top = navigation.topViewController
        {
            return "No class declares it, so at run time the source goes back one level: \(DiagnosticText.escaped(top.debugName)) is popped."
        }
        if source.rootAncestor.presentingViewController != nil {
            return "No class declares it, so at run time the source goes back one level: \(DiagnosticText.escaped(source.rootAncestor.debugName)) is dismissed."
        }
        return "No class declares it, and there is no level to go back to: nothing happens."
    }
}

/// A scene of one of the app's storyboards.
struct Place: Hashable {
    let storyboard: Storyboard
    let id: String

    static func == (first: Place, second: Place) -> Bool {
        first.storyboard === second.storyboard && first.id == second.id
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storyboard))
        hasher.combine(id)
    }
}

/// The shortest chain of segues between two scenes of an app, through storyboard
/// references: a segue into a reference arrives at the scene it opens in the other
/// storyboard, loaded (once) as the runtime would load it.
struct AppPathSearch {
    struct Step {
        let edge: SceneGraph.Edge
        let source: Storyboard
        let arrival: Place
    }

    let application: Application
    private var graphs: [ObjectIdentifier: SceneGraph] = [:]

    init(application: Application) {
        self.application = application
    }

    /// Where arriving at `place` leaves the user: the scene itself, or for a reference the
    /// scene it opens; nil when the reference leads nowhere.
    func arrival(at place: Place) -> Place? {
        guard let spec = place.storyboard.document.controller(id: place.id) else { return nil }
        guard spec.kind == .reference, let reference = spec.reference else { return place }
        guard let other = try? application.storyboard(named: reference.storyboardName, relativeTo: place.storyboard.url),
            let id = GraphExporter.referencedScene(reference, in: other.document)
        else { return nil }
        return Place(storyboard: other, id: id)
    }

    /// Breadth first, earlier edges first; empty when `start` is `target`.
    mutating func shortestPath(from start: Place, to target: Place) -> [Step]? {
        if start == target { return [] }
        var cameBy: [Place: (Place, Step)] = [:]
        var seen: Set<Place> = [start]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for edge in graph(of: current.storyboard).edges(from: current.id) {
                guard let next = arrival(at: Place(storyboard: current.storyboard, id: edge.destinationID)),
                    seen.insert(next).inserted
                else { continue }
                cameBy[next] = (current, Step(edge: edge, source: current.storyboard, arrival: next))
                if next == target {
                    var steps: [Step] = []
                    var node = target
                    while let (previous, step) = cameBy[node] {
                        steps.append(step)
                        node = previous
                    }
                    return steps.reversed()
                }
                queue.append(next)
            }
        }
        return nil
    }

    private mutating func graph(of storyboard: Storyboard) -> SceneGraph {
        if let graph = graphs[ObjectIdentifier(storyboard)] { return graph }
        let graph = SceneGraph(storyboard.document)
        graphs[ObjectIdentifier(storyboard)] = graph
        return graph
    }
}
