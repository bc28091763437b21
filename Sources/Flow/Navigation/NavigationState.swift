/// The window's hierarchy as a value: which controllers there are, how they contain each
/// other (stacks, tabs, columns, embedded children) and what is presented over them.
///
/// Tests compare it whole, the way a navigation test reads best: after a segue the state is
/// `Navigation[List › Detail]`, not "some trace line mentions Detail". It says nothing about
/// views; the shell's own state (focus, scroll) is not part of it.
public struct NavigationState: Hashable, Sendable, CustomStringConvertible {
    /// One controller and what it contains.
    public struct Node: Hashable, Sendable, CustomStringConvertible {
        /// What kind of controller this is, which decides how its children read.
        public enum Kind: Hashable, Sendable {
            /// A controller that shows its own content; its children are embedded in it.
            case scene
            /// A navigation stack: the children are the stack, root first.
            case navigation
            /// A tab bar: the children are the tabs.
            case tabs
            /// A split view: the children are the columns.
            case split
            /// A page view controller: the child is the page shown.
            case pages
            /// An alert.
            case alert
        }

        /// The controller's name, as traces name it.
        public var name: String
        public var kind: Kind
        /// Whether the controller's class is the container's own, unnamed (a navigation
        /// controller of the file with no custom class): then only its kind is printed.
        public var isGeneric: Bool
        public var children: [Node]
        /// Indices of the children on screen (the top of a stack, the selected tab).
        public var onScreen: [Int]

        public init(name: String, kind: Kind, isGeneric: Bool = false, children: [Node] = [], onScreen: [Int]? = nil) {
            self.name = name
            self.kind = kind
            self.isGeneric = isGeneric
            self.children = children
            self.onScreen = onScreen ?? Array(children.indices)
        }

        /// `Navigation[List › Detail]`, `Tabs[*Map | Inventory]`, `Events{EventMap}`, `Item`.
        public var description: String {
            let label = isGeneric ? kindName : name
            switch kind {
            case .navigation:
                return "\(label)[\(children.map(\.description).joined(separator: " › "))]"
            case .tabs:
                let tabs = children.indices.map { (onScreen.contains($0) ? "*" : "") + children[$0].description }
                return "\(label)[\(tabs.joined(separator: " | "))]"
            case .split:
                return "\(label)[\(children.map(\.description).joined(separator: " ‖ "))]"
            case .pages:
                return "\(label)[\(children.map(\.description).joined(separator: ", "))]"
            case .scene, .alert:
                let prefix = kind == .alert ? "Alert " : ""
                return children.isEmpty ? prefix + name : "\(prefix)\(name){\(children.map(\.description).joined(separator: ", "))}"
            }
        }

        private var kindName: String {
            switch kind {
            case .navigation: "Navigation"
            case .tabs: "Tabs"
            case .split: "Split"
            case .pages: "Pages"
            case .scene: "Scene"
            case .alert: "Alert"
            }
        }
    }

    /// A controller presented over the layer below, and how.
    public struct Presentation: Hashable, Sendable {
        public var style: PresentationStyle
        public var node: Node
        public init(style: PresentationStyle, node: Node) {
            self.style = style
            self.node = node
        }
    }

    /// The window's root, nil before one is set.
    public var root: Node?
    /// What is presented, bottom to top.
    public var presentations: [Presentation]

    public init(root: Node?, presentations: [Presentation] = []) {
        self.root = root
        self.presentations = presentations
    }

    /// The root, then each presentation after `⇒` with its style:
    /// `Navigation[Colors › Color] ⇒ formSheet Navigation[Palette]`.
    public var description: String {
        guard let root else { return "(no root)" }
        return ([root.description] + presentations.map { "⇒ \($0.style.rawValue) \($0.node.description)" })
            .joined(separator: " ")
    }
}

extension NavigationState.Node {
    /// The node of `controller` and everything it contains.
    init(_ controller: ViewController) {
        let onScreen = controller.childrenOnScreen
        let children = controller.children
        let node = controller as? any NavigationStateNode
        let kind = node?.nodeKind ?? .scene
        let isGeneric = node?.isOfTheKindsOwnClass == true && (controller.spec?.customClass ?? "").isEmpty
        self.init(
            name: controller.debugName, kind: kind, isGeneric: isGeneric,
            children: children.map(NavigationState.Node.init),
            onScreen: children.indices.filter { index in onScreen.contains { $0 === children[index] } })
    }
}

extension Application {
    /// The hierarchy now, as a value: the root, its containers' children, and what is
    /// presented over it.
    public var navigationState: NavigationState {
        let layers = presentationLayers
        guard let first = layers.first else { return NavigationState(root: nil) }
        return NavigationState(
            root: NavigationState.Node(first.controller),
            presentations: layers.dropFirst().map {
                NavigationState.Presentation(style: $0.style ?? .fullScreen, node: NavigationState.Node($0.controller))
            })
    }
}
