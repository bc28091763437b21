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

    /// Where saved state says this storyboard lives: its path in the indexed folder without
    /// `.storyboard` (`Settings/Base.lproj/Settings`), so that two apps' `Main` never mix; its
    /// name when it is not in one (or lies at the folder's top, as the bundled ones do).
    public private(set) lazy var restorationKey: String = {
        if let url, let file = application?.storyboardIndex?.file(at: url) { return file.key }
        return name
    }()

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
        var children: StoryboardChildren = []
        for relationship in spec.relationships {
            guard let child = instantiateController(id: relationship.destinationID) else {
                application.warn("\(spec.id): relationship to missing scene \(relationship.destinationID)")
                continue
            }
            children.append((relationship.relationship, child))
        }
        if let container = controller as? Container {
            container.adoptStoryboardChildren(children, declared: spec.relationships)
        } else {
            for (_, child) in children { controller.addChild(child) }
        }
        return controller
    }

    private func makeController(_ spec: ControllerSpec, application: Application) -> ViewController {
        let kind = spec.kind.properties
        if let name = spec.customClass, let made = application.registry.makeController(named: name) {
            if kind.accepts(made) { return made }
            application.warn("class \(name) can't be a \(spec.kind.rawValue); using a generic one")
        }
        return kind.make()
    }

    /// The scene a storyboard reference leads to, made from the other storyboard; a
    /// stand-in scene saying what is missing when it cannot be (the storyboard is not in the
    /// folder, has no such identifier or no initial scene, or does not load).
    private func instantiateReference(_ spec: ControllerSpec) -> ViewController? {
        guard let application, let reference = spec.reference else { return nil }
        let fileName = reference.storyboardName + ".storyboard"
        let identifier = reference.referencedIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        var missing: StandInViewController.MissingPiece
        do {
            let other: Storyboard
            if let file = reference.fileURL {
                other = try application.storyboard(contentsOf: file)
            } else {
                other = try application.storyboard(named: reference.storyboardName, relativeTo: url)
            }
            let controller: ViewController?
            if let identifier {
                controller = try other.instantiateViewController(withIdentifier: identifier)
            } else {
                controller = other.instantiateInitialViewController()
            }
            if let controller {
                // The reference's own tab bar item, when it has one, names the tab.
                if let tab = spec.tabBarItem?.title { controller.tabBarItem.title = tab }
                if let label = spec.tabBarItem?.accessibility.label { controller.tabBarItem.accessibility.label = label }
                return controller
            }
            missing = StandInViewController.MissingPiece(
                headline: "\(fileName) has no initial view controller",
                details: ["Its scenes are made by code; a reference to it needs a storyboard identifier."])
        } catch {
            switch error {
            case .storyboardNotFound:
                missing = StandInViewController.MissingPiece(
                    headline: "\(fileName) is not in this folder", details: [application.searchedPlaces(for: url)])
            case .noSuchIdentifier(let wanted, _):
                missing = StandInViewController.MissingPiece(
                    headline: "\(fileName) has no scene with the storyboard identifier \"\(wanted)\"")
            case .load(let message):
                let first = message.split(separator: "\n").first.map(String.init) ?? message
                missing = StandInViewController.MissingPiece(
                    headline: "\(fileName) could not be loaded", details: [first, "storyboard check lists every problem."])
            case .noInitialViewController:
                missing = StandInViewController.MissingPiece(headline: "\(fileName) has no initial view controller")
            }
        }
        // Generated storyboards (a folder's launcher) have no lines to point at. Short lines:
        // a label shows one line, cut at the screen's edge.
        if spec.location.line > 0 {
            let reference = "(storyboard reference \"\(spec.id)\"" + (identifier.map { ", identifier \"\($0)\"" } ?? "") + ")"
            missing.details.insert(contentsOf: ["\(name).storyboard refers to it at line \(spec.location.line)", reference], at: 0)
        }
        application.warn("\(missing.headline) (a stand-in shows instead)")
        let standIn = StandInViewController(title: reference.storyboardName, missing: missing)
        application.adopt(standIn)
        standIn.configure(spec: spec, storyboard: self)
        // `configure` gives the stand-in the reference's title, if any; the storyboard's name says more.
        standIn.title = reference.storyboardName
        return standIn
    }
}
