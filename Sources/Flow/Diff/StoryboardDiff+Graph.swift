extension StoryboardDiff {
    /// The graph of the new version with what changed marked, in Graphviz DOT: scenes and
    /// segues added in green, removed in red and dashed, scenes that changed in orange; the
    /// rest as they are. Unwind segues go to one Exit node. Every label is escaped for DOT.
    public static func dot(from old: Version?, to new: Version?, storyboard: String) -> String {
        let before = old?.snapshot.value ?? DiffSnapshot()
        let after = new?.snapshot.value ?? DiffSnapshot()
        let matcher = DiffMatcher(old: before, new: after)
        let changes = StoryboardDiff.changes(from: old, to: new, storyboard: storyboard)
        let changedScenes = Set(changes.filter { $0.change != .added || $0.kind != .scene }.compactMap(\.scene))

        var output = "digraph \"\(label(storyboard))\" {\n  rankdir=LR;\n  node [shape=box, style=rounded];\n"
        var names: [String: String] = [:]  // new controller id (or "old:" + id) → node name
        var hasExit = false
        func node(_ key: String, _ text: String, _ attributes: String) {
            let name = "n\(names.count)"
            names[key] = name
            output += "  \(name) [label=\"\(label(text))\"\(attributes)];\n"
        }
        for (number, scene) in after.scenes.enumerated() {
            let added = matcher.old(for: scene.controllerID) == nil
            let style =
                added ? ", color=green, fontcolor=green" : changedScenes.contains(scene.controllerID) ? ", color=orange" : ""
            node(scene.controllerID, after.sceneName(number), style + (scene.controllerID == after.initialID ? ", peripheries=2" : ""))
        }
        for (number, scene) in before.scenes.enumerated() where matcher.new(for: scene.controllerID) == nil {
            node("old:" + scene.controllerID, before.sceneName(number), ", color=red, fontcolor=red, style=\"rounded,dashed\"")
        }
        func edge(_ segue: DiffSnapshot.Object, in snapshot: DiffSnapshot, key: (String) -> String, _ attributes: String) {
            let source = snapshot.scenes.indices.contains(segue.scene) ? snapshot.scenes[segue.scene].controllerID : ""
            guard let from = names[key(source)] else { return }
            let to: String
            if segue.properties["kind"] == "unwind" {
                hasExit = true
                to = "exit"
            } else if let destination = segue.references["destination"], let found = names[key(destination)] {
                to = found
            } else {
                return
            }
            let text = [segue.properties["kind"], segue.properties["relationship"], segue.properties["identifier"]].compactMap { $0 }.joined(separator: " ")
            output += "  \(from) -> \(to) [label=\"\(label(text))\"\(attributes)];\n"
        }
        for segue in after.objects where segue.role == .segue && after.index[segue.id] != nil {
            let added = matcher.old(for: segue.id) == nil
            edge(segue, in: after, key: { $0 }, added ? ", color=green, fontcolor=green" : "")
        }
        for segue in before.objects where segue.role == .segue && matcher.new(for: segue.id) == nil {
            // A removed segue from a scene that stays starts at that scene's new node.
            edge(segue, in: before, key: { matcher.new(for: $0) ?? "old:" + $0 }, ", color=red, fontcolor=red, style=dashed")
        }
        if hasExit { output += "  exit [label=\"Exit\", shape=circle];\n" }
        return output + "}\n"
    }

    /// Text for a DOT label: escaped to one printable line, quotes and backslashes escaped.
    private static func label(_ text: String) -> String {
        var result = ""
        for character in DiagnosticText.escaped(text) {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// One line of ``segueOutline(from:to:storyboard:)``.
    public struct GraphLine: Hashable, Sendable {
        /// A scene's name and id, or, indented, one of its segues and where it leads.
        public var text: String
        /// Whether the scene or segue was added or removed; nil when it is in both.
        public var change: StoryboardChange.Change?
        public var isScene: Bool
    }

    /// The graph as lines for a terminal: each scene of the new version (and each removed
    /// one), then its segues, added and removed ones marked.
    public static func segueOutline(from old: Version?, to new: Version?) -> [GraphLine] {
        let before = old?.snapshot.value ?? DiffSnapshot()
        let after = new?.snapshot.value ?? DiffSnapshot()
        let matcher = DiffMatcher(old: before, new: after)
        func segueText(_ segue: DiffSnapshot.Object, in snapshot: DiffSnapshot) -> String {
            let kind = [segue.properties["kind"], segue.properties["relationship"], segue.properties["identifier"].map { "\"\($0)\"" }]
                .compactMap { $0 }.joined(separator: " ")
            if segue.properties["kind"] == "unwind" { return kind + " → Exit (" + (segue.properties["unwindAction"] ?? "?") + ")" }
            let destination = segue.references["destination"]
            return kind + " → " + (snapshot.sceneName(ofController: destination) ?? "?") + " [" + (destination ?? "?") + "]"
        }
        var lines: [GraphLine] = []
        var removedFrom: [String: [DiffSnapshot.Object]] = [:]
        for segue in before.objects where segue.role == .segue && matcher.new(for: segue.id) == nil {
            let source = before.scenes[segue.scene].controllerID
            removedFrom[matcher.new(for: source) ?? "old:" + source, default: []].append(segue)
        }
        for (number, scene) in after.scenes.enumerated() {
            let added = matcher.old(for: scene.controllerID) == nil
            lines.append(GraphLine(text: after.sceneName(number) + " [" + scene.controllerID + "]", change: added ? .added : nil, isScene: true))
            for segue in after.objects[scene.objectRange] where segue.role == .segue {
                lines.append(GraphLine(text: segueText(segue, in: after), change: matcher.old(for: segue.id) == nil ? .added : nil, isScene: false))
            }
            for segue in removedFrom[scene.controllerID] ?? [] {
                lines.append(GraphLine(text: segueText(segue, in: before), change: .removed, isScene: false))
            }
        }
        for (number, scene) in before.scenes.enumerated() where matcher.new(for: scene.controllerID) == nil {
            lines.append(GraphLine(text: before.sceneName(number) + " [" + scene.controllerID + "]", change: .removed, isScene: true))
            for segue in removedFrom["old:" + scene.controllerID] ?? [] {
                lines.append(GraphLine(text: segueText(segue, in: before), change: .removed, isScene: false))
            }
        }
        return lines
    }
}
