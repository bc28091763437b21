import FoundationEssentials

/// The running app: the window's root controller, the storyboards it loaded, the class
/// registry, the navigation trace, and the appearance bookkeeping of every transition.
public final class Application {
    public let registry: ClassRegistry
    public let trace = NavigationTrace()
    /// Folders searched for `Storyboard(name:)`-style lookups, after the referencing file's own.
    public var storyboardDirectories: [URL]
    /// The folder the storyboards come from, walked once: references resolve through it as
    /// Xcode's build resolves them (by name, anywhere in the app), and translations are found
    /// in it. Set before the first storyboard loads.
    public var storyboardIndex: StoryboardIndex? {
        didSet { translations = storyboardIndex.map(Translations.init) }
    }
    /// The language storyboards are shown in (Base: their own texts).
    public var languages: LanguagePreference = .base
    /// The translations of the index's storyboards, read as they are needed.
    public private(set) var translations: Translations?
    /// The window's root controller.
    public internal(set) var rootViewController: ViewController?
    /// How wide the window is, in UIKit's terms: split views show their columns side by side
    /// and popovers point at their anchors only when it is regular. Set with
    /// `setHorizontalSizeClass(_:)`.
    public internal(set) var horizontalSizeClass: SizeClass = .compact
    /// Whether a screen reader reads the screens: the terminal's screen-reader mode, which
    /// shows the app as text a reader can follow (see `docs/guide.md`). UIKit's
    /// `UIAccessibility.isVoiceOverRunning`: code may read it to adapt, and set it (the
    /// launcher's row does) to turn the mode on or off from the next frame.
    public var isScreenReaderRunning = false
    /// Whether the screen-reader mode is kept for the next runs (on when the user chose so on
    /// the launcher's row, or an earlier run left it so), rather than on for this run only
    /// (a flag or the environment asking for it). The program that runs the app reads it
    /// when the run ends.
    public var keepsScreenReaderMode = false
    /// Runtime warnings, newest last (an unwind with no destination, a missing segue).
    public private(set) var warnings: [String] = []
    /// Called with each warning as it happens (the shell shows it on its status line).
    public var onWarning: ((String) -> Void)?
    /// Called when a segue asks for a visual effect before its transition (custom segues).
    public var onTransitionEffect: ((TransitionEffect) -> Void)?
    private var storyboards: [String: Storyboard] = [:]
    /// Files a live reload read and checked, by absolute path, until a lookup takes them.
    private var preloadedStoryboards: [String: LoadedStoryboard] = [:]
    /// Above zero while a transition records its own header (a fallback that pops or
    /// dismisses): the pop or dismissal inside adds none of its own.
    private var headerlessDepth = 0
    private var services: [ObjectIdentifier: Any] = [:]
    private var instanceCounter = 0

    public init(registry: ClassRegistry = ClassRegistry(), storyboardDirectories: [URL] = []) {
        self.registry = registry
        self.storyboardDirectories = storyboardDirectories
    }

    // MARK: Services

    /// Makes a shared object (a store, a clock) reachable from every controller.
    public func register<Service>(_ service: Service, as type: Service.Type = Service.self) {
        services[ObjectIdentifier(type)] = service
    }

    /// The shared object registered for `type`.
    public func service<Service>(_ type: Service.Type = Service.self) -> Service? {
        services[ObjectIdentifier(type)] as? Service
    }

    // MARK: Storyboards

    /// Loads (once) the storyboard file at `url`, translated into ``languages`` when the
    /// index has translations for it. References are checked against the index, if any.
    public func storyboard(contentsOf url: URL) throws(FlowError) -> Storyboard {
        let key = url.standardizedFileURL.path
        if let cached = storyboards[key] { return cached }
        let loaded: LoadedStoryboard
        if let preloaded = preloadedStoryboards.removeValue(forKey: key) {
            loaded = preloaded
        } else {
            do {
                loaded = try StoryboardLoader.load(contentsOf: url, references: storyboardIndex.map { .index($0, file: url) })
            } catch {
                throw .load(error.description)
            }
        }
        var document = loaded.document
        if let translations, let file = translations.index.file(at: url),
            let table = translations.table(for: file, preference: languages)
        {
            document = document.translated(by: table.texts)
        }
        let storyboard = Storyboard(document: document, url: url, warnings: loaded.warnings, application: self)
        storyboards[key] = storyboard
        // A translation file that cannot be read leaves the storyboard's own texts; say so.
        for problem in translations?.takeDiagnostics() ?? [] {
            warn(DiagnosticText.escaped(problem.description))
        }
        return storyboard
    }

    /// Forgets every storyboard loaded, so that the next lookups read the files again, and
    /// takes `index` as the folder's new walk (a live reload after a save). `loaded` are files
    /// already read and checked, by absolute path: a lookup takes them instead of reading the
    /// file again. Controllers on screen keep the storyboards they came from.
    func replaceStoryboards(index: StoryboardIndex?, loaded: [String: LoadedStoryboard]) {
        storyboards = [:]
        preloadedStoryboards = loaded
        storyboardIndex = index
    }

    /// A storyboard made from an already loaded document (tests, generated storyboards).
    public func storyboard(document: StoryboardDocument, url: URL? = nil) -> Storyboard {
        let storyboard = Storyboard(document: document, url: url, warnings: [], application: self)
        storyboards[url?.standardizedFileURL.path ?? "memory:\(document.fileName):\(storyboards.count)"] = storyboard
        return storyboard
    }

    /// The storyboard called `name` (`Inventory` or `Inventory.storyboard`): through the
    /// index as the build finds it, else next to `relativeTo`, then in `storyboardDirectories`.
    public func storyboard(named name: String, relativeTo: URL? = nil) throws(FlowError) -> Storyboard {
        if let storyboardIndex, let file = storyboardIndex.resolve(name, from: relativeTo).file {
            return try storyboard(contentsOf: file.url)
        }
        let fileName = name.hasSuffix(".storyboard") ? name : name + ".storyboard"
        var folders: [URL] = []
        if let relativeTo { folders.append(relativeTo.deletingLastPathComponent()) }
        folders += storyboardDirectories
        for folder in folders {
            let candidate = folder.appendingPathComponent(fileName)
            if InputFile.isRegularFile(candidate.path) {
                return try storyboard(contentsOf: candidate)
            }
        }
        throw .storyboardNotFound(name)
    }

    /// Where ``storyboard(named:relativeTo:)`` looked, in a sentence for a stand-in scene.
    func searchedPlaces(for referencingFile: URL?) -> String {
        if let storyboardIndex {
            let root = storyboardIndex.root.relativePath
            let folder = root == "." || root.isEmpty ? "this folder" : root + "/"
            return storyboardIndex.isRecursive
                ? "Looked in every folder of \(folder)." : "Looked in \(folder) and its .lproj folders."
        }
        let folders = (referencingFile.map { [$0.deletingLastPathComponent()] } ?? []) + storyboardDirectories
        return "Looked in " + folders.map { $0.relativePath + "/" }.joined(separator: " and ") + "."
    }

    // MARK: The window

    /// Puts a controller on screen as the window's root, with its appearance calls.
    public func setRootViewController(_ controller: ViewController) {
        adopt(controller)
        tracingTransition {
            let before = rootViewController.map { Self.visibleTop(of: $0).debugName } ?? ""
            trace.record(.transition(TransitionRecord(kind: .root, source: before, destination: Self.visibleTop(of: controller).debugName)))
            transition(.presentation) {
                self.rootViewController = controller
            }
        }
    }

    /// Gives a controller made in code its place in this application.
    public func adopt(_ controller: ViewController) {
        if controller.applicationStorage == nil { controller.applicationStorage = self }
        if controller.instanceNumber < 0 {
            controller.instanceNumber = instanceCounter
            instanceCounter += 1
        }
    }

    /// The presentation layers from the window up: each is the root of a presentation
    /// context with the style it was presented in (the window's root first, `nil` style).
    public var presentationLayers: [(controller: ViewController, style: PresentationStyle?)] {
        guard let root = rootViewController else { return [] }
        var layers: [(ViewController, PresentationStyle?)] = [(root, nil)]
        var node = root
        while let presented = node.rootAncestor.presentedStorage {
            layers.append((presented, presented.modalPresentationStyle))
            node = presented
        }
        return layers
    }

    /// The controllers on screen, parents before children: the top full-screen layer and any
    /// sheets above it.
    public var visibleControllers: [ViewController] {
        var result: [ViewController] = []
        for (controller, style) in presentationLayers {
            if let style, !style.isSheet { result.removeAll() }
            result += Self.visibleSubtree(controller)
        }
        return result
    }

    /// The content controller at the top of the screen: the deepest visible controller of
    /// the top layer (a navigation controller's top, a tab's, an alert).
    public var topViewController: ViewController? {
        guard let top = presentationLayers.last?.controller else { return nil }
        return Self.visibleTop(of: top)
    }

    /// The content controller a container shows: its navigation top, its selected tab's,
    /// down to a controller that is not a container (or an empty one).
    public static func visibleTop(of controller: ViewController) -> ViewController {
        var node = controller
        while let next = node.contentChild { node = next }
        return node
    }

    static func visibleSubtree(_ controller: ViewController) -> [ViewController] {
        var result = [controller]
        for child in controller.childrenOnScreen { result += visibleSubtree(child) }
        return result
    }

    /// Whether a controller is anywhere in the window's hierarchy (shown or not).
    public func isInHierarchy(_ controller: ViewController) -> Bool {
        let root = controller.rootAncestor
        return presentationLayers.contains { $0.controller === root }
    }

    // MARK: Transitions

    /// How a transition orders its `did` calls.
    enum TransitionOrder {
        /// Push, pop, tab switch: the leaving controller's `viewDidDisappear` comes first.
        case navigation
        /// Present, dismiss: the arriving controller's `viewDidAppear` comes first.
        case presentation
    }

    /// Changes the hierarchy in one transition: controllers that leave the screen and those
    /// that arrive get their appearance calls, in UIKit's order; hidden ones get none.
    func transition(_ order: TransitionOrder, _ change: () -> Void) {
        let before = visibleControllers
        let hierarchyBefore = allControllers
        change()
        let after = loadVisibleViews()
        let leaving = before.filter { old in !after.contains { $0 === old } }
        let arriving = after.filter { new in !before.contains { $0 === new } }
        for controller in leaving { lifecycle(controller, .viewWillDisappear) }
        for controller in arriving { lifecycle(controller, .viewWillAppear) }
        switch order {
        case .navigation:
            for controller in leaving { lifecycle(controller, .viewDidDisappear) }
            for controller in arriving { lifecycle(controller, .viewDidAppear) }
        case .presentation:
            for controller in arriving { lifecycle(controller, .viewDidAppear) }
            for controller in leaving { lifecycle(controller, .viewDidDisappear) }
        }
        let hierarchyAfter = allControllers
        for controller in hierarchyBefore where !hierarchyAfter.contains(where: { $0 === controller }) {
            trace.record(.released(controller: controller.debugName))
        }
    }

    /// Loads the views of the controllers on screen, parents first, and returns them. Loading
    /// a view can embed children, which then appear too: it loads until settled.
    @discardableResult
    func loadVisibleViews() -> [ViewController] {
        var visible = visibleControllers
        while let unloaded = visible.first(where: { !$0.isViewLoaded }) {
            adopt(unloaded)
            unloaded.loadViewIfNeeded()
            visible = visibleControllers
        }
        return visible
    }

    private func lifecycle(_ controller: ViewController, _ event: LifecycleEvent) {
        trace.record(.lifecycle(controller: controller.debugName, event: event))
        switch event {
        case .viewWillAppear: controller.viewWillAppear(false)
        case .viewDidAppear:
            controller.isVisible = true
            controller.viewDidAppear(false)
        case .viewWillDisappear:
            controller.isVisible = false
            controller.viewWillDisappear(false)
        case .viewDidDisappear: controller.viewDidDisappear(false)
        case .viewDidLoad: break
        }
    }

    /// Every controller in the window's hierarchy: containers, children and presentations.
    public var allControllers: [ViewController] {
        func walk(_ controller: ViewController) -> [ViewController] {
            [controller] + controller.children.flatMap(walk)
        }
        return presentationLayers.flatMap { walk($0.controller) }
    }

    // MARK: Segues

    /// Makes the segue object for a storyboard segue: its registered class, or the standard one.
    func makeSegue(_ spec: SegueSpec, source: ViewController, destination: ViewController) -> StoryboardSegue {
        var type: StoryboardSegue.Type = StoryboardSegue.self
        if let name = spec.customClass {
            if let registered = registry.segueType(named: name) {
                type = registered
            } else {
                warn("segue class \(name) is not registered; performing it as \(spec.kind == .custom ? "a presentation" : spec.kind.rawValue)")
            }
        }
        let segue = type.init(identifier: spec.identifier, source: source, destination: destination)
        segue.kind = spec.kind
        segue.modalPresentationStyle = spec.modalPresentationStyle
        segue.unwindAction = spec.unwindAction
        segue.popoverAnchorID = spec.popoverAnchorID
        return segue
    }

    /// Asks the shell to play an effect (custom segues call this before their transition).
    public func playTransitionEffect(_ effect: TransitionEffect) {
        trace.record(.note("transition effect \(effect.name)"))
        onTransitionEffect?(effect)
    }

    // MARK: Trace headers

    /// Runs `body` as one transition of the trace (see `NavigationTrace.beginTransition`):
    /// what it records is grouped under the first segue or transition it records.
    func tracingTransition<Result>(keptWithoutCause: Bool = false, _ body: () -> Result) -> Result {
        trace.beginTransition(keptWithoutCause: keptWithoutCause)
        defer { trace.endTransition() }
        return body()
    }

    /// Records a transition that no segue made, so the trace says what just happened.
    func recordTransition(_ kind: TransitionRecord.Kind, from source: ViewController, to destination: ViewController) {
        guard headerlessDepth == 0, isInHierarchy(source) || isInHierarchy(destination) else { return }
        trace.record(.transition(TransitionRecord(
            kind: kind, source: Self.visibleTop(of: source).debugName, destination: Self.visibleTop(of: destination).debugName)))
    }

    /// Runs `body` with the transitions inside it adding no headers of their own: the
    /// standard transition of a segue, whose header is the segue, and a fallback's pop or
    /// dismissal, whose header is the fallback.
    func withoutTransitionHeaders(_ body: () -> Void) {
        headerlessDepth += 1
        defer { headerlessDepth -= 1 }
        body()
    }

    // MARK: Termination

    /// Tells every controller the program is about to exit, so edits are saved.
    public func prepareForTermination() {
        for controller in allControllers { controller.applicationWillTerminate() }
    }

    // MARK: Warnings

    /// Reports a runtime problem: kept, traced, and shown by the shell; never a crash.
    public func warn(_ message: String) {
        warnings.append(message)
        if warnings.count > 100 { warnings.removeFirst(warnings.count - 100) }
        trace.record(.warning(message))
        onWarning?(message)
    }
}

/// A visual effect a custom segue asks the shell to play.
public struct TransitionEffect: Sendable, Hashable {
    public var name: String
    /// How many frames the effect lasts.
    public var frames: Int
    public init(name: String, frames: Int = 6) {
        self.name = name
        self.frames = frames
    }
    public static let dissolve = TransitionEffect(name: "dissolve")
}
