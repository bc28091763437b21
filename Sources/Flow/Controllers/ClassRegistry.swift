/// Maps the storyboard's `customClass` names to Swift types: controllers, cells, segues.
///
/// A class the registry doesn't know gets a generic controller of the element's kind, which
/// still shows its scene and follows its segues, so a real Xcode file runs without its code.
public final class ClassRegistry {
    private var controllers: [String: () -> ViewController] = [:]
    private var controllerTypes: [String: ViewController.Type] = [:]
    private var cells: [String: TableViewCell.Type] = [:]
    private var segues: [String: StoryboardSegue.Type] = [:]

    public init() {}

    /// Registers a controller class under a `customClass` name.
    public func register(_ type: ViewController.Type, as name: String) {
        controllers[name] = { type.init() }
        controllerTypes[name] = type
    }

    /// Registers a table or collection cell class under a `customClass` name.
    public func register(cell type: TableViewCell.Type, as name: String) {
        cells[name] = type
    }

    /// Registers a segue class under a segue's `customClass` name.
    public func register(segue type: StoryboardSegue.Type, as name: String) {
        segues[name] = type
    }

    /// Adds every registration of `other`, replacing names registered in both.
    public func merge(_ other: ClassRegistry) {
        controllers.merge(other.controllers) { $1 }
        controllerTypes.merge(other.controllerTypes) { $1 }
        cells.merge(other.cells) { $1 }
        segues.merge(other.segues) { $1 }
    }

    /// A fresh controller of the class registered as `name`, if any. Module-qualified names
    /// (`MyApp.ColorViewController`) match their last component too.
    public func makeController(named name: String) -> ViewController? {
        (controllers[name] ?? controllers[Self.unqualified(name)])?()
    }

    /// The controller type registered as `name`.
    public func controllerType(named name: String) -> ViewController.Type? {
        controllerTypes[name] ?? controllerTypes[Self.unqualified(name)]
    }

    public func cellType(named name: String) -> TableViewCell.Type? {
        cells[name] ?? cells[Self.unqualified(name)]
    }

    public func segueType(named name: String) -> StoryboardSegue.Type? {
        segues[name] ?? segues[Self.unqualified(name)]
    }

    /// Whether any registered controller class declares this unwind action.
    public func declaresUnwindAction(_ action: String) -> Bool {
        controllerTypes.values.contains { $0.actionTable.declaresUnwindAction(action) }
    }

    /// Whether `name` names a registered controller class.
    public func knowsController(_ name: String) -> Bool { controllerType(named: name) != nil }

    private static func unqualified(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
