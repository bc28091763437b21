/// A document's scenes as a graph: each segue, relationship and embed is an edge from the
/// scene that owns it to the scene it leads to.
///
/// Unwind segues are left out: their destination is found at run time, not in the file.
/// Edges keep file order, so searches that prefer earlier edges are deterministic.
public struct SceneGraph: Sendable {
    /// One segue of the file, from the scene owning it to a scene of the same file.
    public struct Edge: Sendable {
        /// The id of the controller that owns the segue.
        public var sourceID: String
        /// The segue as written.
        public var segue: SegueSpec
        /// The id of the controller the segue leads to.
        public var destinationID: String { segue.destinationID }

        /// Whether the destination comes into existence with the source (a relationship or
        /// an embed) rather than by a transition.
        public var isContainment: Bool {
            segue.kind == .relationship || segue.kind == .embed
        }
    }

    public let document: StoryboardDocument
    /// Every edge, in file order.
    public let edges: [Edge]
    private let outgoing: [String: [Int]]
    private let incoming: [String: [Int]]

    /// The graph of `document`.
    public init(_ document: StoryboardDocument) {
        self.document = document
        var edges: [Edge] = []
        var outgoing: [String: [Int]] = [:]
        var incoming: [String: [Int]] = [:]
        for controller in document.controllers {
            for segue in controller.segues where segue.kind != .unwind {
                guard document.containsController(id: segue.destinationID) else { continue }
                outgoing[controller.id, default: []].append(edges.count)
                incoming[segue.destinationID, default: []].append(edges.count)
                edges.append(Edge(sourceID: controller.id, segue: segue))
            }
        }
        self.edges = edges
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The edges leaving a scene, in file order.
    public func edges(from id: String) -> [Edge] {
        (outgoing[id] ?? []).map { edges[$0] }
    }

    /// The edges arriving at a scene, in file order.
    public func edges(to id: String) -> [Edge] {
        (incoming[id] ?? []).map { edges[$0] }
    }

    /// Every scene reachable from `start` (itself included) through any edge. Storyboard
    /// references are reached but not gone through: what follows them is in another file.
    public func reachable(from start: String) -> Set<String> {
        var reached = walk(from: start) { current in
            document.controller(id: current)?.kind == .reference ? [] : edges(from: current).map(\.destinationID)
        }
        reached.insert(start)
        return reached
    }

    /// Every scene from which `target` can be reached (through at least one edge).
    public func ancestors(of target: String) -> Set<String> {
        walk(from: target) { current in
            edges(to: current).filter { document.controller(id: $0.sourceID)?.kind != .reference }.map(\.sourceID)
        }
    }

    /// The scenes made together with `id`: its relationship and embed children, and theirs.
    public func containedScenes(of id: String) -> Set<String> {
        var contained = walk(from: id) { current in edges(from: current).filter(\.isContainment).map(\.destinationID) }
        contained.remove(id)
        return contained
    }

    /// The scenes reached from `start` through at least one step, breadth first: `next`
    /// gives the scenes one step from a scene (along its edges or against them).
    private func walk(from start: String, next: (String) -> [String]) -> Set<String> {
        var seen: Set<String> = []
        var queue = [start]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for scene in next(current) where seen.insert(scene).inserted {
                queue.append(scene)
            }
        }
        return seen
    }

    /// The shortest chain of edges from `start` to `target`, breadth first; among chains of
    /// the same length, the one using earlier edges in the file. Empty when `start` is
    /// `target`; `nil` when there is none. References are not gone through.
    public func shortestPath(from start: String, to target: String) -> [Edge]? {
        if start == target { return [] }
        var cameBy: [String: Int] = [:]
        var seen: Set<String> = [start]
        var queue = [start]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            if current != start, document.controller(id: current)?.kind == .reference { continue }
            for edgeIndex in outgoing[current] ?? [] {
                let next = edges[edgeIndex].destinationID
                guard seen.insert(next).inserted else { continue }
                cameBy[next] = edgeIndex
                if next == target {
                    var path: [Edge] = []
                    var node = target
                    while let step = cameBy[node] {
                        path.append(edges[step])
                        node = edges[step].sourceID
                    }
                    return path.reversed()
                }
                queue.append(next)
            }
        }
        return nil
    }
}

extension ControllerSpec {
    /// How analysis output names a scene: its displayed title, else its storyboard
    /// identifier, else its class, else its kind; always with the element id.
    public var sceneName: String {
        let id = DiagnosticText.quoted(self.id)
        if let title = displayTitle, !title.isEmpty { return "\(DiagnosticText.quoted(title)) (id \(id))" }
        if let identifier = storyboardIdentifier, !identifier.isEmpty {
            return "\(DiagnosticText.quoted(identifier)) (id \(id))"
        }
        if let custom = customClass { return "\(DiagnosticText.escaped(custom)) (id \(id))" }
        return "\(kind.rawValue) \(id)"
    }
}
