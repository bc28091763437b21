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

/// The saved hierarchy: the file written at exit and read at launch.
struct RestorationArchive: Codable {
    static let currentVersion = 1
    /// The state key under which a controller's focused view is kept (no controller's own
    /// key starts with `@`).
    static let focusKey = "@focus"
    var format = "storyboard-restoration"
    var version: Int
    /// The root's storyboard: its place in the app's folder (``Storyboard/restorationKey``).
    var storyboard: String
    var root: Node

    /// One controller: which scene, its identifier, its own state, and what it contains.
    final class Node: Codable {
        var scene: String
        /// The storyboard the scene is in, when it isn't the root's (a storyboard reference),
        /// by its place in the app's folder.
        var storyboard: String?
        var restorationIdentifier: String
        var state: [String: RestorationValue]
        var stack: [Node]?
        var tabs: [Node]?
        var selectedTab: Int?
        var presented: Node?
        var presentationStyle: String?

        init(scene: String, restorationIdentifier: String, state: [String: RestorationValue]) {
            self.scene = scene
            self.restorationIdentifier = restorationIdentifier
            self.state = state
        }
    }
}

extension Application {
    /// Encodes the window's hierarchy for restoration. Controllers without a restoration
    /// identifier are not saved, nor anything above them (as in UIKit). `nil` when the root
    /// itself can't be saved.
    public func encodeRestorationState() -> Data? {
        guard let root = rootViewController, let storyboard = root.storyboard,
            let node = Self.encodeNode(root, rootStoryboard: storyboard.restorationKey)
        else { return nil }
        let archive = RestorationArchive(version: RestorationArchive.currentVersion, storyboard: storyboard.restorationKey, root: node)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(archive)
    }

    private static func encodeNode(_ controller: ViewController, rootStoryboard: String) -> RestorationArchive.Node? {
        guard let identifier = controller.restorationIdentifier, !identifier.isEmpty,
            let scene = controller.spec?.id
        else { return nil }
        let coder = RestorationCoder()
        controller.encodeRestorableState(with: coder)
        if let focused = controller.focusedViewIdentifier { coder.encode(focused, forKey: RestorationArchive.focusKey) }
        let node = RestorationArchive.Node(scene: scene, restorationIdentifier: identifier, state: coder.values)
        if let key = controller.storyboard?.restorationKey, key != rootStoryboard { node.storyboard = key }
        switch controller {
        case let navigation as NavigationController:
            var stack: [RestorationArchive.Node] = []
            for child in navigation.viewControllers {
                guard let encoded = encodeNode(child, rootStoryboard: rootStoryboard) else { break }
                stack.append(encoded)
            }
            node.stack = stack
        case let tabs as TabBarController:
            node.tabs = tabs.viewControllers.map { encodeNode($0, rootStoryboard: rootStoryboard) ?? RestorationArchive.Node(scene: "", restorationIdentifier: "", state: [:]) }
            node.selectedTab = tabs.selectedIndex
        default:
            break
        }
        if let presented = controller.presentedStorage, !(presented is AlertController),
            let encoded = encodeNode(presented, rootStoryboard: rootStoryboard)
        {
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
        guard archive.version == RestorationArchive.currentVersion else {
            throw .wrongVersion(found: archive.version, expected: RestorationArchive.currentVersion)
        }
        guard archive.storyboard == storyboard.restorationKey else {
            throw .foreign(storyboard: archive.storyboard, expected: storyboard.restorationKey)
        }
        try validate(archive.root, in: storyboard, depth: 0)
        var decodes: [(ViewController, RestorationCoder)] = []
        guard let root = rebuild(archive.root, storyboard: storyboard, decodes: &decodes) else {
            throw .stale("the root scene can't be made")
        }
        for (controller, coder) in decodes {
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
    private func storyboard(for node: RestorationArchive.Node, root: Storyboard) throws(RestorationError) -> Storyboard {
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
        for child in (node.stack ?? []) + (node.tabs ?? []) {
            try validate(child, in: root, depth: depth + 1)
        }
        if let presented = node.presented { try validate(presented, in: root, depth: depth + 1) }
    }

    private func rebuild(
        _ node: RestorationArchive.Node, storyboard: Storyboard,
        decodes: inout [(ViewController, RestorationCoder)]
    ) -> ViewController? {
        guard !node.scene.isEmpty, let home = try? self.storyboard(for: node, root: storyboard),
            let controller = home.instantiateController(id: node.scene)
        else { return nil }
        var values = node.state
        if case .string(let focused)? = values.removeValue(forKey: RestorationArchive.focusKey) {
            controller.focusedViewIdentifier = focused
        }
        decodes.append((controller, RestorationCoder(values: values)))
        if let navigation = controller as? NavigationController, let stack = node.stack, !stack.isEmpty {
            let children = stack.compactMap { rebuild($0, storyboard: storyboard, decodes: &decodes) }
            if !children.isEmpty { navigation.setStackSilently(children) }
        }
        if let tabs = controller as? TabBarController, let saved = node.tabs, saved.count == tabs.viewControllers.count {
            var children = tabs.viewControllers
            for (index, child) in saved.enumerated() {
                if let rebuilt = rebuild(child, storyboard: storyboard, decodes: &decodes) { children[index] = rebuilt }
            }
            tabs.setTabsSilently(children)
            if let selected = node.selectedTab, children.indices.contains(selected) { tabs.selectSilently(children[selected]) }
        }
        if let presentedNode = node.presented, let presented = rebuild(presentedNode, storyboard: storyboard, decodes: &decodes) {
            if let style = presentedNode.presentationStyle.flatMap(PresentationStyle.init(rawValue:)) {
                presented.modalPresentationStyle = style
            }
            controller.presentedStorage = presented
            presented.presentingViewController = controller
        }
        return controller
    }
}
