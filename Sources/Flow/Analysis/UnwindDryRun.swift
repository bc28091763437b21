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
        /// The segues followed from the initial scene, in order.
        public let path: [SceneGraph.Edge]
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
            func name(_ id: String) -> String {
                guard let storyboard = source.storyboard, let spec = storyboard.document.controller(id: id) else {
                    return DiagnosticText.escaped(id)
                }
                return DiagnosticText.escaped(ViewController.name(of: spec, in: storyboard))
            }
            var lines: [String] = []
            if path.isEmpty {
                lines.append("Path: \(DiagnosticText.escaped(source.debugName)) is the initial scene")
            } else {
                lines.append("Path from the initial scene (\(path.count) step\(path.count == 1 ? "" : "s")):")
                for (index, edge) in path.enumerated() {
                    let from = name(edge.sourceID)
                    let to = name(edge.destinationID)
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

    /// The id of the scene `name` names: an element id, else a storyboard identifier, else
    /// a custom class only one scene has, else a title only one scene has (as written, else
    /// ignoring case). Throws when nothing matches, or when several scenes have that class
    /// or title.
    public static func findScene(named name: String, in document: StoryboardDocument) throws(Failure) -> String {
        if let found = document.controller(id: name) ?? document.controller(storyboardIdentifier: name) {
            return found.id
        }
        let lowered = name.lowercased()
        let matches: [(ControllerSpec) -> Bool] = [
            { $0.customClass == name },
            { $0.displayTitle == name },
            { $0.displayTitle?.lowercased() == lowered },
        ]
        for matches in matches {
            let found = document.controllers.filter { $0.kind != .reference && matches($0) }
            if found.count == 1 { return found[0].id }
            if found.count > 1 { throw .ambiguousScene(name, ids: found.map(\.id)) }
        }
        throw .noSuchScene(name)
    }

    /// A name that finds each scene, in file order: its title when no other scene has it,
    /// else its storyboard identifier, else its class when no other scene has it, else its
    /// element id. What `--from` may be given.
    public static func sceneNames(in document: StoryboardDocument) -> [String] {
        let scenes = document.controllers.filter { $0.kind != .reference }
        var titles: [String: Int] = [:]
        var classes: [String: Int] = [:]
        for scene in scenes {
            if let title = scene.displayTitle, !title.isEmpty { titles[title, default: 0] += 1 }
            if let name = scene.customClass, !name.isEmpty { classes[name, default: 0] += 1 }
        }
        return scenes.map { scene in
            if let title = scene.displayTitle, titles[title] == 1 { return title }
            if let identifier = scene.storyboardIdentifier, !identifier.isEmpty { return identifier }
            if let name = scene.customClass, classes[name] == 1 { return name }
            return scene.id
        }
    }

    /// Runs `storyboard` up to scene `scene` and asks where `action` would unwind to. The
    /// storyboard's application gets the initial scene as its root.
    public static func run(storyboard: Storyboard, from scene: String, action: String) throws(Failure) -> Outcome {
        let document = storyboard.document
        let target = try findScene(named: scene, in: document)
        if document.controller(id: target)?.kind == .reference { throw .sceneIsReference(scene) }
        guard let initial = document.initialControllerID, document.controller(id: initial) != nil else {
            throw .noInitialScene(file: document.fileName)
        }
        guard let application = storyboard.application else {
            throw .stepFailed("the storyboard's application no longer exists")
        }
        guard let path = SceneGraph(document).shortestPath(from: initial, to: target) else { throw .noPath(to: scene) }
        guard let root = storyboard.instantiateInitialViewController() else { throw .noInitialScene(file: document.fileName) }
        application.setRootViewController(root)
        var current = root
        for edge in path {
            current = try follow(edge, from: current, in: application)
        }
        let selector = action.hasSuffix(":") ? action : action + ":"
        let plan = application.unwindPlan(action: selector, from: current)
        return Outcome(
            path: path, source: current, action: selector, plan: plan,
            fallback: plan == nil ? fallback(for: selector, from: current, in: application) : nil,
            application: application)
    }

    /// Performs one edge of the path and returns the instance it leads to.
    private static func follow(_ edge: SceneGraph.Edge, from current: ViewController, in application: Application) throws(Failure) -> ViewController {
        let wanted = edge.destinationID
        switch edge.segue.kind {
        case .relationship:
            guard let child = current.children.first(where: { $0.spec?.id == wanted }) else {
                throw .stepFailed("\(current.debugName) has no child from scene \(DiagnosticText.quoted(wanted))")
            }
            if let tabs = current as? TabBarController, let index = tabs.viewControllers.firstIndex(where: { $0 === child }) {
                tabs.select(index)
            }
            return child
        case .embed:
            current.loadViewIfNeeded()
            guard let child = current.children.first(where: { $0.spec?.id == wanted }) else {
                throw .stepFailed("the embed segue of \(current.debugName) made no controller")
            }
            return child
        case .show, .showDetail, .present, .popover, .custom, .unwind:
            let before = Set(application.allControllers.map(ObjectIdentifier.init))
            current.perform(edge.segue, sender: nil, userInitiated: false)
            let made = application.allControllers.filter { !before.contains(ObjectIdentifier($0)) && $0.spec?.id == wanted }
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
