/// One place the merge could not decide alone.
public struct MergeConflict: Sendable, Equatable {
    /// Which side a choice takes.
    public enum Choice: String, Sendable, CaseIterable {
        case ours, theirs, base
    }

    /// What clashed.
    public enum Kind: Sendable, Equatable {
        /// Both sides changed one attribute (or an element's text) to different values.
        case bothChanged
        /// One side deleted an object the other changed.
        case deletedAndChanged
        /// Both sides added something one name may hold only once (a segue identifier in a
        /// scene, an outlet property on an object, a storyboard identifier, a tag among rows).
        case clash
        /// A reference to an object the other side deleted.
        case missingReference
    }

    public let kind: Kind
    /// Names the conflict across runs of the same merge, for choices (`mergetool`).
    public let key: String
    /// The scene it is in, as a person names it, or nil outside scenes.
    public let scene: String?
    /// The object: `label "Title" (abc-de-fgh)`.
    public let object: String
    /// What of it: `attribute text`, `text`, `segue identifier "show"`.
    public let what: String
    /// The values of each side; nil where a side has none (deleted, or not set).
    public let ours: String?
    public let theirs: String?
    public let base: String?
    /// What the merged file holds until someone chooses.
    public let kept: Choice
    /// Ids of the objects whose scene a picture of it shows, in ours and theirs.
    public let objectID: String?
    /// The id of the controller of its scene in the merged file, to draw the scene by.
    public internal(set) var sceneID: String?
    /// Where it is in the merged file, from 1.
    public internal(set) var line = 0
    public internal(set) var column = 0

    /// One line for standard error, after `FILE:LINE:COL: conflict: `.
    public var summary: String {
        var text = ""
        if let scene { text += "scene \(scene): " }
        text += object + ": " + (what.isEmpty ? "" : what + ": ") + describe()
        // Names come from the files (an element's or attribute's name): never raw controls.
        return DiagnosticText.escaped(text)
    }

    /// Both values, for a message or a comment.
    func describe() -> String {
        switch kind {
        case .bothChanged:
            return "ours \(Self.quoted(ours)), theirs \(Self.quoted(theirs)), base \(Self.quoted(base)); kept \(kept.rawValue)"
        case .deletedAndChanged:
            let deleter = ours == nil ? "ours" : "theirs"
            let changer = ours == nil ? "theirs" : "ours"
            return "\(deleter) deleted it, \(changer) changed it; kept \(changer)'s (delete it to take \(deleter))"
        case .clash:
            return "both sides added \(Self.quoted(ours ?? theirs)); both kept, one must change"
        case .missingReference:
            return kept == .ours && ours == nil
                ? "it points at \(theirs ?? "an object") that ours deleted; left out"
                : "it points at \(ours ?? "an object") that theirs deleted; the object was kept"
        }
    }

    public static func quoted(_ value: String?) -> String {
        guard let value else { return "(none)" }
        return "\"" + DiagnosticText.escaped(value) + "\""
    }

    /// The XML comment the merge leaves at the spot: never two dashes in a row, which would
    /// end an XML comment early.
    var comment: String {
        var text = DiagnosticText.escaped("storyboard merge conflict: " + (what.isEmpty ? "" : what + " of ") + object + ": " + describe())
        text += ". Resolve with `storyboard mergetool` or by hand, then delete this comment."
        var cleaned = ""
        var previous: Character = " "
        for character in text {
            if character == "-" && previous == "-" { cleaned.append(" ") }
            cleaned.append(character)
            previous = character
        }
        if cleaned.hasSuffix("-") { cleaned.append(" ") }
        return "<!--" + cleaned + "-->"
    }
}

/// The result of a merge: the merged bytes and what is left to decide.
public struct MergeResult: Sendable {
    public let bytes: [UInt8]
    public let conflicts: [MergeConflict]
}
