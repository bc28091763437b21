extension StoryboardDiff {
    /// The changes as Markdown, for a pull request comment: a heading per storyboard, a
    /// sub-heading per changed scene, a list item per change, and, where `screenshots` names
    /// the before and after pictures of a scene (paths relative to the comment), both side by
    /// side in a table.
    public static func markdown(
        _ changes: [StoryboardChange], screenshots: [String: (before: String?, after: String?)] = [:]
    ) -> String {
        guard !changes.isEmpty else { return "No storyboard changes.\n" }
        var output = ""
        var storyboard: String?
        var scene: String??
        var listOpen = false
        for change in changes {
            if change.storyboard != storyboard {
                storyboard = change.storyboard
                scene = .none
                output += (output.isEmpty ? "" : "\n") + "### " + inline(change.storyboard) + "\n\n"
                listOpen = false
            }
            let standsAlone = change.scene == nil || ((change.kind == .scene || change.kind == .reference) && change.id == change.scene && change.change != .changed)
            if !standsAlone, scene != .some(change.scene) {
                scene = .some(change.scene)
                output += (listOpen ? "\n" : "") + "#### " + inline(change.sceneName ?? "") + " `" + code(change.scene ?? "") + "`\n\n"
                if let key = change.scene, let pictures = screenshots[key] {
                    output += "| Before | After |\n| --- | --- |\n"
                    output += "| " + (pictures.before.map { "![before](\(link($0)))" } ?? "(none)") + " | "
                        + (pictures.after.map { "![after](\(link($0)))" } ?? "(none)") + " |\n\n"
                }
            }
            if standsAlone, scene != .none {
                // A scene added or removed after a scene's list: out of that scene's list.
                output += "\n"
                scene = .none
            }
            output += "- " + inline(markSymbol(change.change) + " " + sentence(change)) + "\n"
            for segue in change.segues {
                output += "  - " + inline(markSymbol(change.change) + " " + sentence(segueChange(segue, of: change))) + "\n"
            }
            listOpen = true
        }
        return output
    }

    private static func markSymbol(_ change: StoryboardChange.Change) -> String {
        switch change {
        case .added: "➕"
        case .removed: "➖"
        case .changed: "✏️"
        case .moved: "↪️"
        }
    }

    /// Text made safe for Markdown outside code: characters Markdown or HTML would act on
    /// are escaped with a backslash.
    static func inline(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_{}[]<>()#|!~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func code(_ text: String) -> String {
        text.filter { $0 != "`" && $0 != "\n" }
    }

    private static func link(_ path: String) -> String {
        path.unicodeScalars.map { scalar in
            scalar == " " ? "%20" : scalar == "(" ? "%28" : scalar == ")" ? "%29" : String(scalar)
        }.joined()
    }
}
