/// The saved hierarchy: the file written at exit and read at launch.
///
/// Each node is one controller by identity (its scene, its storyboard, its restoration
/// identifier), its own state, and, for a container, what it holds in its own encoding
/// (``Contents``): the archive knows no kind of container.
struct RestorationArchive: Codable {
    /// 2: a container's children and state are its own ``Contents``. Version 1 (until
    /// 2026-11-28) gave each kind fields of the node; it is still read
    /// (`RestorationArchive+Version1.swift`).
    static let currentVersion = 2
    static let readableVersions: ClosedRange<Int> = 1...2
    /// The state key under which a controller's focused view is kept (no controller's own
    /// key starts with `@`).
    static let focusKey = "@focus"
    var format = "storyboard-restoration"
    var version: Int
    /// The root's storyboard: its place in the app's folder (``Storyboard/restorationKey``).
    var storyboard: String
    var root: Node

    /// One controller: which scene, its identifier, its own state, what it contains and what
    /// it presents.
    final class Node: Codable {
        var scene: String
        /// The storyboard the scene is in, when it isn't the root's (a storyboard reference),
        /// by its place in the app's folder.
        var storyboard: String?
        var restorationIdentifier: String
        /// How the trace names the controller: kept by a live reload's place (which saves
        /// every scene) to say which scene a save deleted.
        var name: String?
        var state: [String: RestorationValue]
        /// What a container holds, as it encoded it.
        var contents: Contents?
        var presented: Node?
        var presentationStyle: String?

        init(scene: String, restorationIdentifier: String, state: [String: RestorationValue]) {
            self.scene = scene
            self.restorationIdentifier = restorationIdentifier
            self.state = state
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            scene = try container.decode(String.self, forKey: .scene)
            storyboard = try container.decodeIfPresent(String.self, forKey: .storyboard)
            restorationIdentifier = try container.decode(String.self, forKey: .restorationIdentifier)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            state = try container.decode([String: RestorationValue].self, forKey: .state)
            contents = try container.decodeIfPresent(Contents.self, forKey: .contents) ?? Self.version1Contents(from: decoder)
            presented = try container.decodeIfPresent(Node.self, forKey: .presented)
            presentationStyle = try container.decodeIfPresent(String.self, forKey: .presentationStyle)
        }

        /// Every node it holds: its contents' and what it presents.
        var childNodes: [Node] {
            (contents?.allNodes ?? []) + [presented].compactMap { $0 }
        }

        /// A place a container keeps for a child it could not save (a tab whose controller has
        /// no restoration identifier), so that the others keep their places.
        static var unsaved: Node { Node(scene: "", restorationIdentifier: "", state: [:]) }
    }

    /// What a container holds, in its own encoding: its kind (the container's
    /// `restorationKind`, which must match for the contents to be restored), the controllers
    /// it holds under names it chose (a stack's `stack`, a split view's columns by name), and
    /// the rest of its state as keyed values (a tab bar's `selectedTab`).
    struct Contents: Codable {
        var kind: String
        var children: [String: [Node]] = [:]
        var values: [String: RestorationValue] = [:]

        init(kind: String) { self.kind = kind }

        /// Every node it holds, by name, then in each name's order.
        var allNodes: [Node] {
            children.keys.sorted().flatMap { children[$0] ?? [] }
        }

        /// The controllers saved under `key`.
        func nodes(_ key: String) -> [Node]? { children[key] }
        /// The one controller saved under `key`.
        func node(_ key: String) -> Node? { children[key]?.first }
        mutating func set(_ nodes: [Node], forKey key: String) { children[key] = nodes }
        mutating func set(_ node: Node?, forKey key: String) { children[key] = node.map { [$0] } }

        func int(_ key: String) -> Int? { RestorationCoder(values: values).decodeInt(forKey: key) }
        func string(_ key: String) -> String? { RestorationCoder(values: values).decodeString(forKey: key) }
        func bool(_ key: String) -> Bool? { RestorationCoder(values: values).decodeBool(forKey: key) }
        mutating func set(_ value: Int, forKey key: String) { values[key] = .number(Double(value)) }
        mutating func set(_ value: String, forKey key: String) { values[key] = .string(value) }
        mutating func set(_ value: Bool, forKey key: String) { values[key] = .bool(value) }
    }
}
