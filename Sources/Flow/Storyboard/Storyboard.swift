import FoundationEssentials

/// A loaded storyboard file: parsed once, instantiating fresh controllers on demand.
public final class Storyboard {
    public let document: StoryboardDocument
    /// The file's location, if it came from a file.
    public let url: URL?
    /// Warnings found while loading.
    public let warnings: [Diagnostic]
    /// The application this storyboard's controllers run in.
    public private(set) weak var application: Application?

    /// The custom classes more than one scene of this file uses: their controllers are
    /// named with their title too (see `ViewController.debugName`).
    lazy var sharedClassNames: Set<String> = {
        var seen = Set<String>()
        var shared = Set<String>()
        for controller in document.controllers {
            guard let name = controller.customClass, !name.isEmpty else { continue }
            if !seen.insert(name).inserted { shared.insert(name) }
        }
        return shared
    }()

    /// The storyboard's name: its file name without extension.
    public var name: String {
        url?.deletingPathExtension().lastPathComponent
            ?? URL(fileURLWithPath: document.fileName).deletingPathExtension().lastPathComponent
    }

    init(document: StoryboardDocument, url: URL?, warnings: [Diagnostic], application: Application) {
        self.document = document
        self.url = url
        self.warnings = warnings
        self.application = application
    }

    /// A fresh instance of the file's initial controller (with its relationship children).
    public func instantiateInitialViewController() -> ViewController? {
        guard let id = document.initialControllerID else { return nil }
        return instantiateController(id: id)
    }

    /// A fresh instance of the controller with this storyboard identifier.
    public func instantiateViewController(withIdentifier identifier: String) throws(FlowError) -> ViewController {
        guard let spec = document.controller(storyboardIdentifier: identifier),
            let controller = instantiate(spec)
        else { throw .noSuchIdentifier(identifier, file: document.fileName) }
        return controller
    }

    /// A fresh instance of the controller with this element id.
    func instantiateController(id: String) -> ViewController? {
        guard let spec = document.controller(id: id) else { return nil }
        return instantiate(spec)
    }

    /// Makes the controller of `spec`: its registered class or a generic one, configured
    /// from the file, with its relationship children made with it.
    func instantiate(_ spec: ControllerSpec) -> ViewController? {
        guard let application else { return nil }
        if spec.kind == .reference {
            return instantiateReference(spec)
        }
        let controller = makeController(spec, application: application)
        application.adopt(controller)
        controller.configure(spec: spec, storyboard: self)
        let children = spec.relationships.compactMap { relationship -> ViewController? in
            guard let child = instantiateController(id: relationship.destinationID) else {
                application.warn("\(spec.id): relationship to missing scene \(relationship.destinationID)")
                return nil
            }
            return child
        }
        switch controller {
        case let navigation as NavigationController:
            if let root = children.first {
                navigation.setStackSilently([root])
            } else if !spec.relationships.contains(where: { $0.relationship == .rootViewController }) {
                navigation.rootComesFromCode = true
            }
        case let tabs as TabBarController:
            tabs.setTabsSilently(children)
        default:
            for child in children { controller.addChild(child) }
        }
        return controller
    }

    private func makeController(_ spec: ControllerSpec, application: Application) -> ViewController {
        if let name = spec.customClass, let made = application.registry.makeController(named: name) {
            if Self.fits(made, spec.kind) { return made }
            application.warn("class \(name) can't be a \(spec.kind.rawValue); using a generic one")
        }
        switch spec.kind {
        case .navigationController: return NavigationController()
        case .tableViewController: return TableViewController()
        case .tabBarController: return TabBarController()
        case .collectionViewController: return CollectionViewController()
        case .splitViewController: return SplitViewController()
        case .viewController, .reference: return ViewController()
        }
    }

    private static func fits(_ controller: ViewController, _ kind: ControllerKind) -> Bool {
        switch kind {
        case .navigationController: controller is NavigationController
        case .tabBarController: controller is TabBarController
        case .splitViewController: controller is SplitViewController
        case .tableViewController, .collectionViewController, .viewController, .reference: true
        }
    }

    private func instantiateReference(_ spec: ControllerSpec) -> ViewController? {
        guard let application, let reference = spec.reference else { return nil }
        do {
            let other = try application.storyboard(named: reference.storyboardName, relativeTo: url)
            let controller: ViewController?
            if let identifier = reference.referencedIdentifier, !identifier.isEmpty {
                controller = try other.instantiateViewController(withIdentifier: identifier)
            } else {
                controller = other.instantiateInitialViewController()
            }
            guard let controller else {
                application.warn("\(reference.storyboardName) has no initial view controller")
                return nil
            }
            // The reference's own tab bar item, when it has one, names the tab.
            if let tab = spec.tabBarItem?.title { controller.tabBarItem.title = tab }
            return controller
        } catch {
            application.warn("storyboard reference \(reference.storyboardName): \(error)")
            return nil
        }
    }
}
