import FoundationEssentials

/// Why saved state was not used.
public enum RestorationError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case wrongVersion(found: Int, expected: Int)
    case foreign(storyboard: String, expected: String)
    case stale(String)

    public var description: String {
        switch self {
        case .unreadable(let detail): "saved state is unreadable (\(detail)); starting fresh"
        case .wrongVersion(let found, let expected):
            "saved state has version \(found), this build reads \(expected); starting fresh"
        case .foreign(let storyboard, let expected):
            "saved state belongs to \(storyboard), not \(expected); starting fresh"
        case .stale(let detail): "saved state no longer matches the storyboard (\(detail)); starting fresh"
        }
    }
}

/// Writes the saved node of each controller a container holds, for its conformance.
struct RestorationEncoder {
    /// The root's storyboard: a node of another names its own.
    let rootStoryboard: String
    /// Whether every controller made from a scene is saved, restoration identifier or not,
    /// with what was typed into its fields: the place a live reload keeps (see `LivePlace`).
    var keepsEveryScene = false

    /// The node of `controller` and all it holds, nil when it can't be saved.
    func encode(_ controller: ViewController) -> RestorationArchive.Node? {
        Application.encodeNode(controller, with: self)
    }
}

extension Application {
    /// Encodes the window's hierarchy for restoration. Controllers without a restoration
    /// identifier are not saved, nor anything above them (as in UIKit). `nil` when the root
    /// itself can't be saved.
    public func encodeRestorationState() -> Data? {
        guard let root = rootViewController, let storyboard = root.storyboard,
            let node = RestorationEncoder(rootStoryboard: storyboard.restorationKey).encode(root)
        else { return nil }
        let archive = RestorationArchive(version: RestorationArchive.currentVersion, storyboard: storyboard.restorationKey, root: node)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(archive)
    }

    static func encodeNode(_ controller: ViewController, with encoder: RestorationEncoder) -> RestorationArchive.Node? {
        let identifier = controller.restorationIdentifier ?? ""
        guard encoder.keepsEveryScene || !identifier.isEmpty, let scene = controller.spec?.id else { return nil }
        let coder = RestorationCoder()
        controller.encodeRestorableState(with: coder)
        if let focused = controller.focusedViewIdentifier { coder.encode(focused, forKey: RestorationArchive.focusKey) }
        if encoder.keepsEveryScene { LivePlace.encodeViewValues(of: controller, into: coder) }
        let node = RestorationArchive.Node(scene: scene, restorationIdentifier: identifier, state: coder.values)
        if encoder.keepsEveryScene { node.name = controller.debugName }
        if let key = controller.storyboard?.restorationKey, key != encoder.rootStoryboard { node.storyboard = key }
        if let container = controller as? any Container {
            var contents = RestorationArchive.Contents(kind: container.restorationKind)
            container.encodeContents(into: &contents, with: encoder)
            node.contents = contents
        }
        if let presented = controller.presentedStorage, let encoded = encoder.encode(presented) {
            node.presented = encoded
            node.presentationStyle = presented.modalPresentationStyle.rawValue
        }
        return node
    }

    /// Rebuilds a saved hierarchy from `storyboard` and puts it on screen. Throws, changing
    /// nothing, when the data is unreadable, from another version or storyboard, or stale.
    public func restoreState(from data: Data, storyboard: Storyboard) throws(RestorationError) {
        let archive: RestorationArchive
        do {
            archive = try JSONDecoder().decode(RestorationArchive.self, from: data)
        } catch {
            throw .unreadable(Self.shortReason(error))
        }
        guard archive.format == "storyboard-restoration" else { throw .unreadable("not a restoration file") }
        guard RestorationArchive.readableVersions.contains(archive.version) else {
            throw .wrongVersion(found: archive.version, expected: RestorationArchive.currentVersion)
        }
        guard archive.storyboard == storyboard.restorationKey else {
            throw .foreign(storyboard: archive.storyboard, expected: storyboard.restorationKey)
        }
        try validate(archive.root, in: storyboard, depth: 0)
        let rebuilder = RestorationRebuilder(application: self, storyboard: storyboard)
        guard let root = rebuilder.rebuild(archive.root) else {
            throw .stale("the root scene can't be made")
        }
        for (controller, coder) in rebuilder.decodes {
            controller.decodeRestorableState(with: coder)
        }
        setRootViewController(root)
    }

    /// Why a file could not be decoded, in a few words: the message shows on the one-line
    /// status bar, where a decoder's full description would push "starting fresh" out of view.
    static func shortReason(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not a restoration file" }
        switch decoding {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .keyNotFound(let key, _):
            return "no \(key.stringValue) field"
        case .typeMismatch, .valueNotFound, .dataCorrupted:
            return "a field has the wrong type"
        @unknown default:
            return "not a restoration file"
        }
    }

    /// The storyboard a saved node's scene lives in: by its place in the indexed folder, else
    /// (as the bundled storyboards are saved) by name.
    fileprivate func storyboard(for node: RestorationArchive.Node, root: Storyboard) throws(RestorationError) -> Storyboard {
        guard let key = node.storyboard, key != root.restorationKey else { return root }
        do {
            if let file = storyboardIndex?.file(key: key) { return try storyboard(contentsOf: file.url) }
            guard !key.contains("/") else { throw FlowError.storyboardNotFound(key) }
            return try storyboard(named: key, relativeTo: root.url)
        } catch {
            throw .stale("storyboard \(key) is gone")
        }
    }

    private func validate(_ node: RestorationArchive.Node, in root: Storyboard, depth: Int) throws(RestorationError) {
        guard depth < 64 else { throw .stale("nested too deeply") }
        if node.scene.isEmpty { return }
        let document = try storyboard(for: node, root: root).document
        guard let spec = document.controller(id: node.scene) else { throw .stale("no scene \(node.scene)") }
        guard spec.restorationIdentifier == node.restorationIdentifier || spec.storyboardIdentifier == node.restorationIdentifier else {
            throw .stale("scene \(node.scene) is no longer \(node.restorationIdentifier)")
        }
        for child in node.childNodes {
            try validate(child, in: root, depth: depth + 1)
        }
    }
}

/// Makes a saved hierarchy again, for ``Application/restoreState(from:storyboard:)`` and the
/// containers' conformances, and keeps each controller's saved state to hand it over once
/// the whole hierarchy is made.
final class RestorationRebuilder {
    unowned let application: Application
    /// The root's storyboard.
    let storyboard: Storyboard
    /// Each controller made or restored, with its saved state, parents first.
    private(set) var decodes: [(ViewController, RestorationCoder)] = []
    /// The saved nodes whose scenes could not be made again (a live reload's deleted scenes).
    private(set) var lost: [RestorationArchive.Node] = []

    init(application: Application, storyboard: Storyboard) {
        self.application = application
        self.storyboard = storyboard
    }

    /// A new controller of the node's scene, with all it held; nil when the scene can't be made.
    func rebuild(_ node: RestorationArchive.Node) -> ViewController? {
        guard !node.scene.isEmpty else { return nil }
        guard let home = try? application.storyboard(for: node, root: storyboard),
            let controller = home.instantiateController(id: node.scene)
        else {
            lost.append(node)
            return nil
        }
        restore(controller, from: node)
        return controller
    }

    /// Gives `controller` (made for the node's scene) what the node saved: its focus and
    /// state, what it holds, and what it presented.
    func restore(_ controller: ViewController, from node: RestorationArchive.Node) {
        var values = node.state
        if case .string(let focused)? = values.removeValue(forKey: RestorationArchive.focusKey) {
            controller.focusedViewIdentifier = focused
        }
        decodes.append((controller, RestorationCoder(values: values)))
        if let container = controller as? any Container, let contents = node.contents, contents.kind == container.restorationKind {
            container.restoreContents(from: contents, with: self)
        }
        if let presentedNode = node.presented, let presented = rebuild(presentedNode) {
            if let style = presentedNode.presentationStyle.flatMap(PresentationStyle.init(rawValue:)) {
                presented.modalPresentationStyle = style
            }
            controller.presentedStorage = presented
            presented.presentingViewController = controller
        }
    }
}
