/// Load-time checks a loader cannot make: scenes nothing leads to, pushes with no navigation
/// controller, unwind actions nobody on the way back declares, keys two triggers share, and
/// controls showing only an image with no accessibility label.
///
/// Every finding is a warning at the element it is about. The file is valid either way; the
/// lints point at what will not behave as its author probably meant.
public enum StoryboardLinter {
    /// The lint warnings of `document`, in file order. With a `registry`, unwind actions are
    /// checked against the registered classes' declared unwind actions.
    public static func lint(_ document: StoryboardDocument, registry: ClassRegistry?) -> [Diagnostic] {
        let graph = SceneGraph(document)
        var findings: [Diagnostic] = []
        findings += unreachableScenes(graph)
        findings += pushesWithoutNavigation(graph)
        if let registry { findings += unwindsWithoutDestination(graph, registry: registry) }
        findings += keyClashes(document)
        findings += unlabelledImageControls(document)
        return Diagnostic.inFileOrder(findings)
    }

    static func warning(_ document: StoryboardDocument, _ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, file: document.fileName, location: location, message)
    }

    /// The initial scene's id, when the file names one that exists.
    static func initialID(_ document: StoryboardDocument) -> String? {
        guard let id = document.initialControllerID, document.containsController(id: id) else { return nil }
        return id
    }

    // MARK: Unreachable scenes

    /// Scenes no edge leads to from the initial scene. Scenes with a storyboard identifier
    /// are left alone (code may instantiate them), and so is every scene of a file with no
    /// initial scene (it is a library of scenes for code).
    static func unreachableScenes(_ graph: SceneGraph) -> [Diagnostic] {
        let document = graph.document
        guard let initial = initialID(document) else { return [] }
        let reached = graph.reachable(from: initial)
        return document.controllers.compactMap { controller in
            guard !reached.contains(controller.id), (controller.storyboardIdentifier ?? "").isEmpty else { return nil }
            return warning(
                document, controller.location,
                "scene \(controller.sceneName) can't be reached: no segue, relationship or embed leads to it from the initial scene, and it has no storyboard identifier for code to instantiate it")
        }
    }
}
