extension StoryboardDiff {
    /// The changes as a reader sees them in a terminal or a pull request: a heading per
    /// storyboard, then a heading per changed scene with a line per change below it, marked
    /// `+` added, `-` removed, `~` changed and `>` moved. Everything from the files is
    /// escaped to one printable line. `colored` adds ANSI colours (green added, red removed).
    public static func text(_ changes: [StoryboardChange], colored: Bool = false) -> String {
        var output = ""
        var storyboard: String?
        var scene: String??
        for change in changes {
            if change.storyboard != storyboard {
                storyboard = change.storyboard
                scene = .none
                output += paint(escaped(change.storyboard), "1", colored) + "\n"
            }
            let standsAlone = change.scene == nil || ((change.kind == .scene || change.kind == .reference) && change.id == change.scene && change.change != .changed)
            if standsAlone {
                output += "  " + line(change, colored: colored) + "\n"
                for segue in change.segues { output += "    " + line(segueChange(segue, of: change), colored: colored) + "\n" }
                continue
            }
            if scene != .some(change.scene) {
                scene = .some(change.scene)
                output += "  " + paint("scene " + escaped(change.sceneName ?? "") + " [" + escaped(change.scene ?? "") + "]", "1", colored) + "\n"
            }
            output += "    " + line(change, colored: colored) + "\n"
        }
        return output
    }

    /// A segue of a scene added or removed, as the change of a segue added or removed with it.
    static func segueChange(_ segue: SceneSegue, of scene: StoryboardChange) -> StoryboardChange {
        let isUnwind = segue.unwindAction != nil
        let value = isUnwind ? segue.unwindAction : segue.destination
        let added = scene.change == .added
        return StoryboardChange(
            kind: .segue, change: scene.change, storyboard: scene.storyboard, scene: scene.scene, sceneName: scene.sceneName, id: segue.id,
            object: segue.name, property: isUnwind ? "unwindAction" : "destination", old: added ? nil : value, new: added ? value : nil,
            oldName: added ? nil : segue.destinationName, newName: added ? segue.destinationName : nil, line: segue.line)
    }

    /// One change on one line, without colour: `~ button "Sign in" [x1y] title: "Log in" → "Sign in"`.
    public static func line(_ change: StoryboardChange) -> String {
        line(change, colored: false)
    }

    /// One change on one line.
    static func line(_ change: StoryboardChange, colored: Bool) -> String {
        let (mark, colour) =
            switch change.change {
            case .added: ("+", "32")
            case .removed: ("-", "31")
            case .changed: ("~", "33")
            case .moved: (">", "36")
            }
        return paint(mark + " " + sentence(change), colour, colored)
    }

    /// What a change says, without its mark.
    static func sentence(_ change: StoryboardChange) -> String {
        let object = escaped(change.object ?? change.kind.rawValue) + (change.id.map { " [" + escaped($0) + "]" } ?? "")
        let property = change.property.map(escaped) ?? ""
        switch (change.kind, change.change) {
        case (.initial, _):
            return "initial scene: " + scene(change.oldName, change.old) + " → " + scene(change.newName, change.new)
        case (.scene, .added), (.scene, .removed), (.reference, .added), (.reference, .removed):
            let what = change.kind == .reference ? "reference " : "scene "
            return what + object + (change.count.map { $0 > 0 ? " (\($0) \($0 == 1 ? "object" : "objects"))" : "" } ?? "")
        case (.segue, .added), (.segue, .removed):
            let value = change.change == .added ? change.new : change.old
            let name = change.change == .added ? change.newName : change.oldName
            if property == "unwindAction" { return object + " unwinding to " + escaped(value ?? "?") }
            return object + " → " + scene(name, value)
        case (.segue, .changed) where property == "destination":
            return object + " retargeted: " + scene(change.oldName, change.old) + " → " + scene(change.newName, change.new)
        case (.segue, .moved) where property == "order":
            return "tab order: " + escaped(change.oldName ?? "") + " → " + escaped(change.newName ?? "")
        case (.view, .added):
            return object + (change.new.map { " in " + escaped($0) } ?? "") + inside(change.count)
        case (.view, .removed):
            return object + (change.old.map { " from " + escaped($0) } ?? "") + inside(change.count)
        case (.connection, .added), (.connection, .removed):
            return listed(change)
        case (.constraint, _) where change.count == nil:
            return listed(change)
        case (.constraint, _):
            let count = change.count ?? 0
            let noun = count == 1 ? "constraint" : "constraints"
            return "\(count) \(noun) \(change.change.rawValue) on " + object
        case (.layout, _) where change.count != nil:
            let count = change.count ?? 0
            return "layout: \(count) \(count == 1 ? "frame" : "frames") moved"
        case (.translation, _) where property == StoryboardChange.staleTranslationKeys:
            let count = change.count ?? 0
            return "translations \(escaped(change.object ?? "?")): \(count) \(count == 1 ? "key" : "keys") now naming no object"
        case (.translation, _):
            let texts =
                switch change.change {
                case .added: quoted(change.new)
                case .removed: quoted(change.old)
                case .changed, .moved: quoted(change.old) + " → " + quoted(change.new)
                }
            return "translation \(escaped(change.object ?? "?")) " + quoted(change.property) + ": " + texts
        case (.text, _):
            return object + " " + property + ": " + quoted(change.old) + " → " + quoted(change.new)
        default:
            return object + " " + property + ": " + value(change.old) + " → " + value(change.new)
        }
    }

    /// A connection, or a constraint listed with `--layout`: what it joins.
    private static func listed(_ change: StoryboardChange) -> String {
        // An outlet or action by its element; a constraint as itself.
        let kind = (change.kind == .connection ? change.object?.split(separator: " ").first.map(String.init) : nil ?? change.kind.rawValue) ?? change.kind.rawValue
        let prefix = kind + " "
        switch change.change {
        case .added: return prefix + escaped(change.new ?? "")
        case .removed: return prefix + escaped(change.old ?? "")
        case .changed, .moved: return prefix + escaped(change.old ?? "") + " → " + escaped(change.new ?? "")
        }
    }

    private static func inside(_ count: Int?) -> String {
        guard let count, count > 0 else { return "" }
        return " (and \(count) inside)"
    }

    private static func scene(_ name: String?, _ id: String?) -> String {
        guard let id else { return name.map(escaped) ?? "nothing" }
        return escaped(name ?? "?") + " [" + escaped(id) + "]"
    }

    private static func quoted(_ text: String?) -> String {
        guard let text else { return "(none)" }
        return "\"" + escaped(text).replacing("\"", with: "\\\"") + "\""
    }

    private static func value(_ text: String?) -> String {
        text.map(escaped) ?? "(none)"
    }

    static func escaped(_ text: String) -> String {
        DiagnosticText.escaped(text)
    }

    private static func paint(_ text: String, _ code: String, _ colored: Bool) -> String {
        colored ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
    }
}
