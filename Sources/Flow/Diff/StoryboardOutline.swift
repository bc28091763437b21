/// A storyboard as a stable, readable outline, one line per object, for git's `textconv`:
/// `git diff`, `git log -p` and any git UI then show a change as a few readable lines.
///
/// Scenes come sorted by their controller's id, and each object's children by kind and id,
/// so an order Xcode changed is no change here; ids are in brackets. What the diff never
/// reports (tool versions, frames, canvas positions) is left out. Each object's line
/// holds what it shows and what changes its behaviour:
///
///     scene LoginViewController "Log in" [BYZ-38-t0r] customClass=LoginViewController
///       view [8bC-Xf-vdC]
///         button "Sign in" [x1y-2z-abc] title="Sign in"
///           action signIn: [Ac1-ab-cde] → LoginViewController "Log in" [BYZ-38-t0r]
///       segue show "toHome" [Sg1-ab-cde] → HomeViewController [Hm1-ab-cde]
public enum StoryboardOutline {
    /// The outline of a checked version.
    public static func outline(of version: StoryboardDiff.Version) -> String {
        outline(version.snapshot.value)
    }

    static func outline(_ snapshot: DiffSnapshot) -> String {
        var output = ""
        if let initial = snapshot.initialID {
            output += "initial scene: " + name(snapshot.sceneName(ofController: initial), initial) + "\n"
        }
        let order = snapshot.scenes.indices.sorted { snapshot.scenes[$0].controllerID < snapshot.scenes[$1].controllerID }
        for number in order {
            let scene = snapshot.scenes[number]
            var children: [String: [Int]] = [:]
            var tops: [Int] = []
            for index in scene.objectRange where snapshot.objects[index].role != .placeholder {
                let object = snapshot.objects[index]
                if let parent = object.parent, snapshot.index[parent] != nil {
                    children[parent, default: []].append(index)
                } else {
                    tops.append(index)
                }
            }
            func sorted(_ indices: [Int]) -> [Int] {
                indices.sorted {
                    let a = snapshot.objects[$0]
                    let b = snapshot.objects[$1]
                    return (rank(a.role), a.id) < (rank(b.role), b.id)
                }
            }
            // Depth first without recursion: a hostile file can nest deeply.
            var stack: [(index: Int, depth: Int)] = sorted(tops).reversed().map { ($0, 0) }
            var visited: Set<Int> = []
            while let (index, depth) = stack.popLast() {
                guard visited.insert(index).inserted else { continue }
                let object = snapshot.objects[index]
                let prefix = depth == 0 && object.role == .controller ? "scene " : String(repeating: "  ", count: max(depth, 1))
                output += prefix + line(object, in: snapshot) + "\n"
                for child in sorted(children[object.id] ?? []).reversed() { stack.append((child, depth + 1)) }
            }
        }
        return output
    }

    private static func rank(_ role: DiffSnapshot.Role) -> Int {
        switch role {
        case .controller: 0
        case .view, .placeholder: 1
        case .connection: 2
        case .segue: 3
        case .constraint: 4
        }
    }

    private static func line(_ object: DiffSnapshot.Object, in snapshot: DiffSnapshot) -> String {
        var text = escaped(snapshot.objectName(object)) + " [" + escaped(object.id) + "]"
        switch object.role {
        case .segue:
            if object.properties["kind"] == "unwind" {
                text += " unwinding to " + escaped(object.properties["unwindAction"] ?? "?")
            } else {
                let destination = object.references["destination"]
                text += " → " + name(snapshot.sceneName(ofController: destination), destination)
            }
            let shown: Set<String> = ["kind", "relationship", "identifier", "unwindAction"]
            text += pairs(object.properties.filter { !shown.contains($0.key) })
        case .connection:
            let destination = object.references["destination"]
            text += " → " + name(snapshot.object(destination).map(snapshot.objectName), destination)
            text += pairs(object.properties.filter { $0.key != "property" && $0.key != "selector" })
        case .constraint:
            var both = object.properties
            for reference in object.references where both[reference.key] == nil { both[reference.key] = reference.value }
            text += pairs(both)
        case .controller, .view, .placeholder:
            text += pairs(object.texts.mapValues { DiagnosticText.quoted($0) }, escapeValues: false)
            text += pairs(object.properties)
        }
        return text
    }

    /// Named values in order of name, as ` key=value` each.
    private static func pairs(_ values: some Sequence<DiffSnapshot.Fields.Entry>, escapeValues: Bool = true) -> String {
        values.map { " " + escaped($0.key).replacing(" ", with: "-") + "=" + (escapeValues ? escaped($0.value) : $0.value) }.joined()
    }

    private static func name(_ name: String?, _ id: String?) -> String {
        guard let id else { return "nothing" }
        return escaped(name ?? "?") + " [" + escaped(id) + "]"
    }

    private static func escaped(_ text: String) -> String { DiagnosticText.escaped(text) }
}
