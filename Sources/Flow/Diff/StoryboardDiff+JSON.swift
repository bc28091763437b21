extension StoryboardDiff {
    /// The changes as JSON, for bots and CI: `{"old": …, "new": …, "changes": [{…}, …]}`, the
    /// schema of docs/diff-format.md. Keys come in one fixed order and every change has
    /// `kind`, `change`, `storyboard`, `scene` and `id` (null where there is none); the other
    /// fields are present only where they say something. Two runs print the same bytes.
    public static func json(old: String, new: String, changes: [StoryboardChange]) -> String {
        var output = "{\n  \"old\": " + jsonString(old) + ",\n  \"new\": " + jsonString(new) + ",\n  \"changes\": ["
        for (number, change) in changes.enumerated() {
            output += number == 0 ? "\n    " : ",\n    "
            output += jsonObject(change)
        }
        output += changes.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return output
    }

    /// One change as a one-line JSON object.
    static func jsonObject(_ change: StoryboardChange) -> String {
        var fields: [(String, String)] = [
            ("kind", jsonString(change.kind.rawValue)),
            ("change", jsonString(change.change.rawValue)),
            ("storyboard", jsonString(change.storyboard)),
            ("scene", change.scene.map(jsonString) ?? "null"),
            ("id", change.id.map(jsonString) ?? "null"),
        ]
        let optional: [(String, String?)] = [
            ("sceneName", change.sceneName), ("object", change.object), ("property", change.property), ("old", change.old),
            ("new", change.new), ("oldName", change.oldName), ("newName", change.newName),
        ]
        for (key, value) in optional {
            if let value { fields.append((key, jsonString(value))) }
        }
        if let count = change.count { fields.append(("count", String(count))) }
        if let line = change.line { fields.append(("line", String(line))) }
        if !change.segues.isEmpty { fields.append(("segues", "[" + change.segues.map(jsonObject).joined(separator: ", ") + "]")) }
        return "{" + fields.map { jsonString($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// A scene's segue as a JSON object: `id` and `kind` always, the others where they say
    /// something, `line` last.
    static func jsonObject(_ segue: SceneSegue) -> String {
        var fields: [(String, String)] = [("id", jsonString(segue.id)), ("kind", jsonString(segue.kind))]
        let optional: [(String, String?)] = [
            ("relationship", segue.relationship), ("identifier", segue.identifier), ("destination", segue.destination),
            ("destinationName", segue.destinationName), ("unwindAction", segue.unwindAction),
        ]
        for (key, value) in optional {
            if let value { fields.append((key, jsonString(value))) }
        }
        fields.append(("line", String(segue.line)))
        return "{" + fields.map { jsonString($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    /// `text` as a JSON string (see ``DiagnosticText/jsonQuoted(_:)``).
    static func jsonString(_ text: String) -> String {
        DiagnosticText.jsonQuoted(text)
    }
}
